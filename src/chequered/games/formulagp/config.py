"""FormulaGP configuration: track, rule level, seats and their teams."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

RULE_LEVELS = ("standard", "advanced")
OPTIONS = (
    "championship",                   # FGP 14: a series of races
    "must_counter_steer",             # FGP 13.4.2: no spin while a counter-steer card is held
    "pit_start_round_3",              # FGP 7.2 (A11): qualifying crashes start in round 3, not 2
    "red_flag_restart_draw",          # FGP 13.10 (A38): a draw phase before the restart
    "weather_modifier",               # FGP 15.14 (A89): two WHITE rolls move the Weather token
)


def seat_kinds() -> tuple[str, ...]:
    """human, random and the game's own agents (declared once, in SPEC.agents)."""
    from . import SPEC
    return ("human", "random", *SPEC.agents)


class FormulaGPConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human"] + ["heuristic"] * 5,
                             min_length=1, max_length=10)
    track: str = "fast"
    rules: Literal[RULE_LEVELS] = "standard"
    options: list[Literal[OPTIONS]] = Field(default_factory=list)
    boards: list[str] | None = None       # team board per seat (default: boards.toml order)
    sides: list[Literal["A", "B"]] | None = None
    tyres: list[Literal["soft", "medium", "hard", "wet"]] | None = None   # wet: [ADV] 10.2
    drivers: list[str | None] | None = None   # DRIVER or CHAMPIONS card ids (FGP 5.1.2)

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(seat_kinds())
        self.season_from_track("championship")        # FGP 14.1: the circuits of the series
        for name in ("boards", "sides", "tyres", "drivers"):
            v = getattr(self, name)
            if v is not None and len(v) != len(self.seats):
                raise ValueError(f"{name}: one entry per seat ({len(self.seats)})")
        return self
