"""FormulaGP configuration: track, rule level, seats and their teams."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

SEAT_KINDS = ("human", "random", "heuristic")
RULE_LEVELS = ("standard",)
OPTIONS = ("championship",)           # FGP 14: a series of races


class FormulaGPConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human"] + ["heuristic"] * 5,
                             min_length=1, max_length=10)
    track: str = "fast"
    rules: Literal["standard"] = "standard"
    options: list[Literal["championship"]] = Field(default_factory=list)
    season: list[str] | None = None      # championship tracks, in order (FGP 14.1)
    boards: list[str] | None = None       # team board per seat (default: boards.toml order)
    sides: list[Literal["A", "B"]] | None = None
    tyres: list[Literal["soft", "medium", "hard"]] | None = None
    drivers: list[str | None] | None = None   # DRIVER or CHAMPIONS card ids (FGP 5.1.2)
    content: str | None = None

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(SEAT_KINDS)
        self.season_from_track("championship")
        for name in ("boards", "sides", "tyres", "drivers"):
            v = getattr(self, name)
            if v is not None and len(v) != len(self.seats):
                raise ValueError(f"{name}: one entry per seat ({len(self.seats)})")
        return self
