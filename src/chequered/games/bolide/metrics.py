"""Bolide's numbers for studies (chequered simulate), read from a race's final
state: each car's strategy (BOLIDE 11: fuel and tyres, advanced rules), its
set-up, whether it pitted, crashed or ran dry, and what was left of it."""
from __future__ import annotations

from .state import BolideState


def metrics(s: BolideState) -> dict[int, dict]:
    out = {}
    for car in s.cars:
        out[car.seat] = {
            # BOLIDE 11 (advanced): the strategy is the fuel and tyre choice
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
