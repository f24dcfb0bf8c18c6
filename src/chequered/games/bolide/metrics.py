"""Bolide's numbers for studies (chequered simulate), read from a race's final
state: each car's strategy (BOLIDE 11: fuel and tyres, advanced rules), its
set-up, whether it pitted, crashed or ran dry, and what was left of it."""
from __future__ import annotations

from .state import BolideState


def metrics(s: BolideState) -> dict[int, dict]:
    out = {}
    for car in s.cars:
        out[car.seat] = {
            # BOLIDE 11 (advanced): the fuel and tyres at the finish (the
            # strategy chosen at the start is the tally's chosen_strategy)
            "strategy": f"{car.fuel} fuel, {car.tyres}" if s.config.advanced else None,
            "setup": car.setup,
            "wet_tyres": car.wet,
            "pitted": car.pitted,
            "crashed": car.mode == "crashed",
            "out_of_fuel": car.mode == "out",
            "finished": car.mode == "finished",
            "finish_turn": car.finish_turn or None,
            "brakes_left": car.brakes,
            "damage": car.damage,
            "turns": s.turn_no,
            "weather": s.weather,
        }
    return out


class Tally:
    """What a race's steps show and its final state forgets: the strategy each
    car chose before the start (BOLIDE 11: its tyres may change at a pit
    stop), its off-track excursions (BOLIDE 2), half spins (BOLIDE 8),
    slipstreams (BOLIDE 5), sharp brakings (BOLIDE 4) and engagements it
    took part in (BOLIDE 6)."""

    __slots__ = ("counts",)
    COUNTED = {"off_track": "off_tracks", "half_spin": "half_spins",
               "slipstream": "slipstreams", "sharp_braking": "sharp_brakings"}

    def __init__(self, s: BolideState):
        self.counts = {car.seat: {"chosen_strategy": None, "off_tracks": 0, "half_spins": 0,
                                  "slipstreams": 0, "sharp_brakings": 0, "engagements": 0}
                       for car in s.cars}

    def step(self, s: BolideState, seat: int, action, events) -> None:
        for e in events:
            kind, d = e.kind, e.data
            name = self.COUNTED.get(kind)
            if name is not None:
                self.counts[d["seat"]][name] += 1
            elif kind == "strategy" and "name" in d:      # the choice, not a pit refit
                self.counts[d["seat"]]["chosen_strategy"] = d["name"]
            elif kind == "engagement":
                for who in (d["attack"], d["defence"]):
                    self.counts[who]["engagements"] += 1

    def values(self) -> dict[int, dict]:
        return self.counts
