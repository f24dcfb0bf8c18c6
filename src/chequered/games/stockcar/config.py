"""Stock-car configuration: track, seats (one team each), and a few knobs."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import Game, GameConfig
from .bots import AGENTS

SEAT_KINDS = (*Game.base_seat_kinds, *AGENTS)
RULE_LEVELS = ("standard",)
NOTES = {
    "bot": "a team bot: moves its cars in packs with its team mates, pits when wear slows them",
    "loner": "the team bot blind to its team: drafts with any car (for studies)",
    "standard": "the standard race",
}


class StockCarConfig(GameConfig):
    # One seat per team: 2 to 7 players (chapter: the seven team colours).
    seats: list[str] = Field(default_factory=lambda: ["human", "bot", "bot", "bot"],
                             min_length=2, max_length=7)
    track: str = "speedway"
    rules: Literal["standard"] = "standard"
    options: list[str] = Field(default_factory=list)
    season: None = None                  # no series of races
    # A shorter (or longer) race than the track's Lap Track; None = the track's.
    laps: int | None = Field(default=None, ge=1, le=30)
    # Team sheet per seat by key (None = the seat's team in content order).
    teams: list[str] | None = None

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(SEAT_KINDS)
        if self.options:
            raise ValueError(f"the stock-car game has no options (got {', '.join(self.options)})")
        if self.teams is not None:
            if len(self.teams) != len(self.seats):
                raise ValueError("teams must name one team per seat")
            if len(set(self.teams)) != len(self.teams):
                raise ValueError("teams must be different")
        return self
