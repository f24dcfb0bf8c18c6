"""Race Pace configuration: circuit, rule level, variants and seats."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import Game, GameConfig
from .bots import AGENTS
from .tables import MAX_CARS

SEAT_KINDS = (*Game.base_seat_kinds, *AGENTS)
RULE_LEVELS = ("standard", "academy")      # RP Driver Academy Mode
OPTIONS = ("team", "campaign")             # RP Team Play Mode, RP Campaign Mode
NOTES = {
    "bot": "the rulebook's bot: takes the action its Race Situation card shows (RP Bot Mode)",
    "team": "Team Play: two drivers a team, one player or two (RP Team Play Mode)",
    "campaign": "a championship of up to 14 races (RP Campaign Mode)",
    "standard": "the full game",
    "academy": "Driver Academy: no Race Situation cards, easier to learn",
}


class RacePaceConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human", "bot", "bot", "bot", "bot",
                                                      "bot"], min_length=2, max_length=MAX_CARS)
    track: str = "usa_austin"
    rules: Literal[RULE_LEVELS] = "standard"
    options: list[Literal[OPTIONS]] = Field(default_factory=list)
    # Fixed choices (skip the selection phase for those seats): keys or None.
    teams: list[str | None] | None = None
    drivers: list[str | None] | None = None
    # season (GameConfig): in a Campaign the circuits in order (default: all 14).

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(SEAT_KINDS)
        n = len(self.seats)
        if "team" in self.options and n % 2:
            raise ValueError("Team Play needs an even number of seats (two drivers a team)")
        for name in ("teams", "drivers"):
            fixed = getattr(self, name)
            if fixed is not None and len(fixed) != n:
                raise ValueError(f"{name} must name one entry (or null) per seat")
        self.season_from_track("campaign")
        return self

    @property
    def team_play(self) -> bool:
        return "team" in self.options

    @property
    def campaign(self) -> bool:
        return "campaign" in self.options

    @property
    def academy(self) -> bool:
        return self.rules == "academy"

    @property
    def bot_mode(self) -> bool:
        return "bot" in self.seats
