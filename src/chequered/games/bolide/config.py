"""Bolide configuration: circuit, rule level, options and seats."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine.protocol import GameConfig

BOT_KINDS = ("club", "expert")      # the spec's agents (bots.py), one per kind
# For studies: the expert held to one BOLIDE 11 strategy (8+2, 7+3, 6/7+2, 5/7+3)
# instead of choosing the one its solver likes best.
STRATEGY_KINDS = {"expert_82": ("half", "soft"), "expert_73": ("half", "hard"),
                  "expert_672": ("full", "soft"), "expert_573": ("full", "hard")}
SEAT_KINDS = ("human", "random", *BOT_KINDS, *STRATEGY_KINDS)
RULE_LEVELS = ("basic", "advanced")
OPTIONS = ("qualifying", "championship", "timer")
NOTES = {
    "club": "a club driver: a safe line, one below top speed, sharp brakings kept in reserve",
    "expert": "an expert: the exact fastest line, slipstreams, attacks and the best strategy",
    "expert_82": "the expert held to the 8+2 strategy (half fuel, soft tyres)",
    "expert_73": "the expert held to the 7+3 strategy (half fuel, hard tyres)",
    "expert_672": "the expert held to the 6/7+2 strategy (full fuel, soft tyres)",
    "expert_573": "the expert held to the 5/7+3 strategy (full fuel, hard tyres)",
    "qualifying": "a qualifying session sets the grid (advanced rules)",
    "championship": "a season: one race on each circuit given (--track a,b,c)",
    "timer": "a sand timer on each move (timer seconds)",
    "basic": "the basic race",
    "advanced": "each car's strategy (fuel, tyres, set-up), the weather, pit stops, damage",
}


class BolideConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human", "club", "club", "club", "club",
                                                      "club"], min_length=1, max_length=8)
    track: str = "ring"
    rules: Literal["basic", "advanced"] = "basic"
    options: list[Literal["qualifying", "championship", "timer"]] = Field(default_factory=list)
    season: list[str] | None = None     # championship circuits, in order
    timer: int = Field(default=30, ge=3, le=600)   # sand timer, seconds a move
    # Ours, like a real race's time limit: a race still running after this
    # many turns is stopped and classified by position (a good race takes
    # 30-60 turns; random drivers would otherwise wander for ever).
    turn_limit: int = Field(default=200, ge=5, le=100_000)
    content: str | None = None           # a directory of .track files

    @model_validator(mode="after")
    def _check(self):
        self.check_seat_kinds(SEAT_KINDS)
        if "qualifying" in self.options and self.rules != "advanced":
            raise ValueError("the qualifying session is an advanced rule: add --rules advanced")
        self.season_from_track("championship")
        return self

    @property
    def advanced(self) -> bool:
        return self.rules == "advanced"
