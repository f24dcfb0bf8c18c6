"""Pit stops at the end of the turn.

STOCK Pit Stops (ours, docs/rules/stockcar.md): starting with the First
Player and going left, each player may send racing cars that carry temporary wear to a
pit stop; the stop clears the car's Temporary Wear box. Under green the car
drops onto the Apron `pit_loss` sectors behind where it was, on top of any
stack there (so earlier stops count as ahead). Under a yellow flag the stop
costs no distance: the car lines up behind the cars that stayed out
(STOCK Yellow Flag restart).
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..state import RACING
from .order import leader, lift, place


def eligible(state, seat: int) -> list:
    pitted, cars = state.pitted, state.cars   # pitted: a car or two a turn, a list is fastest
    # (state.cars_of, inline: asked at every pit-lane check, in every turn; a
    # loop, not a comprehension, which is a call of its own)
    out = []
    for i in state.seat_cars[seat]:
        c = cars[i]
        if c.status == RACING and (c.temp[0] or c.temp[1] or c.temp[2]) and i not in pitted:
            out.append(c)
    return out


def start(state, T) -> None:
    """STOCK End of turn 3: the pit stop step begins with the First Player
    (the machine's `pits` phase, rules/turn.py pit_stops, asks each player)."""
    lead = leader(state, T)
    state.pit_leader = None if lead is None else lead.idx
    n = len(state.hands)
    state.queue = [(state.first + k) % n for k in range(n)]
    state.turn.phase = "pits"


def pit(state, T, car, events: list) -> None:
    car.wear -= sum(car.temp)
    car.temp = [0, 0, 0]
    state.pitted.append(car.idx)
    if state.yellow:
        events.append(Event("pit", {"car": car.number, "flag": "yellow"}, "STOCK Pit Stops"))
    else:
        lift(state, T, car)
        place(state, T, car, car.dist - T.pit_loss, 0)
        events.append(Event("pit", {"car": car.number, "flag": "green",
                                    "sector": car.dist % T.n}, "STOCK Pit Stops"))
