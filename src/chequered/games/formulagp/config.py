"""FormulaGP configuration: track, rule level, seats and their teams."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

RULE_LEVELS = ("standard",)
OPTIONS = (
    "championship",                   # FGP 14: a series of races
    "must_counter_steer",             # FGP 13.4.2: no spin while a counter-steer card is held
    "pit_start_round_3",              # FGP 7.2 (A11): qualifying crashes start in round 3, not 2
    "red_flag_restart_draw",          # FGP 13.10 (A38): a draw phase before the restart
    "safety_car_card_twice",          # FGP 15.11.1: the first 'Safety Car' card goes back
    "fast_virtual_safety_car",        # FGP 15.11.3: one VSC round, every car 4 spaces
    "race_director_penalties",        # FGP 15.9: a WHITE roll decides incident penalties
    "fast_safety_car",                # FGP 15.11.2: no cards under the SC, 6 spaces a turn
    "limited_tyre_sets",              # FGP 15.10: sets A (2S 1M 1H) or B (1S 2M 1H), no more
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
    tyres: list[Literal["soft", "medium", "hard"]] | None = None
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
