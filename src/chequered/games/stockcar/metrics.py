"""The stock-car game's numbers for studies (chequered simulate), read from a
race's final state, one entry a team (seat): its best car, how many of its
cars finished or dropped out and why (STOCK Losing a car), laps led (Turn
Leader markers) and the permanent wear its cars carry."""
from __future__ import annotations

from .state import FINISHED, LAPPED, RETIRED, WORN, State


def metrics(s: State) -> dict[int, dict]:
    out: dict[int, dict] = {}
    for car in s.cars:
        m = out.setdefault(car.team, {
            "cars": 0, "best_position": None, "cars_finished": 0, "cars_retired": 0,
            "cars_worn": 0, "cars_lapped": 0, "laps_led": 0, "engine_wear": 0,
            "body_wear": 0, "lap_down": 0, "turns": s.turn_number})
        m["cars"] += 1
        if car.position and (m["best_position"] is None or car.position < m["best_position"]):
            m["best_position"] = car.position
        m["cars_finished"] += car.status == FINISHED
        m["cars_retired"] += car.status == RETIRED
        m["cars_worn"] += car.status == WORN
        m["cars_lapped"] += car.status == LAPPED
        m["laps_led"] += car.leads
        m["engine_wear"] += car.perm[0]
        m["body_wear"] += car.perm[1]
        m["lap_down"] += car.lapdown
    return out
