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
from .events import line_up
from .order import leader, lift, place, update_lapped


def eligible(state, seat: int) -> list:
    pitted = set(state.pitted)
    return [c for c in state.cars if c.team == seat and c.status == RACING
            and c.idx not in pitted and (c.temp[0] or c.temp[1] or c.temp[2])]


def start(state, C, T, events: list) -> None:
    """STOCK End of turn 3: the pit stop step begins with the First Player."""
    lead = leader(state, T)
    state.move = {"lead_before": None if lead is None else lead.idx}
    n = len(state.hands)
    state.queue = [(state.first + k) % n for k in range(n)]
    state.phase = "pits"
    _ask(state, C, T, events)


def _ask(state, C, T, events: list) -> None:
    while state.queue and not eligible(state, state.queue[0]):
        state.queue.pop(0)
    if state.queue:
        state.actor = state.queue[0]
        return
    _done(state, C, T, events)


def next_seat(state, C, T, events: list) -> None:
    state.queue.pop(0)
    _ask(state, C, T, events)


def pit(state, C, T, car, events: list) -> None:
    car.temp = [0, 0, 0]
    state.pitted.append(car.idx)
    if state.yellow:
        events.append(Event("pit", {"car": car.number, "flag": "yellow"}, "STOCK Pit Stops"))
    else:
        lift(state, T, car)
        place(state, T, car, car.dist - T.pit_loss, 0)
        events.append(Event("pit", {"car": car.number, "flag": "green",
                                    "sector": car.dist % T.n}, "STOCK Pit Stops"))
    _ask(state, C, T, events)


def _done(state, C, T, events: list) -> None:
    from .turn import after_pits, laps_of       # turn imports this module
    lead_before = state.move.get("lead_before") if state.move else None
    state.move = None
    if state.yellow:
        line_up(state, T, laps_of(state, T), events)
    update_lapped(state, T, events)
    after_pits(state, C, T, lead_before, events)
