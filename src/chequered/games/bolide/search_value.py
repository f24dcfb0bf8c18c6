"""How far each car is from the finish, finer than the running order: the
value a search (agents/mcts.py) reads when a rollout stops before the end.

A car's value is minus its turns to go, read from the exact time-to-go
table of its strategy with its top speeds cut by its damage (a Booster's
damage costs turns for the rest of the race, and the search must see that
cost, not only the Booster's extra square), plus the turns it must still
skip. Two cars in the same place of the running order then differ by the
line each is on: a car that brakes too late, or too early, loses turns in
the table long before it loses a place. Cars that are out of the race,
finished, or whose point the table does not cover (off the track, in the
pit lane) get no value: the running order ranks them.
"""
from __future__ import annotations

from .bots import FAR, VMAX, BolideBot, lookup, planned_tops
from .rules.setup import circuit_of
from .solver import time_to_go

_READER = BolideBot("expert")       # its exact-table reading (ttg), nothing else
_RANKED_BY_ORDER = frozenset(("crashed", "out", "finished", "garage", "pit", "exit"))


def _table(c, s, car):
    top, brakes = planned_tops(s, car)
    top = tuple(max(2, t - car.damage) for t in top)
    key = ("search", top, brakes)
    hit = c.bot_tables.get(key)          # kept with the bots' tables, per circuit
    if hit is None:
        hit = c.bot_tables[key] = lookup(time_to_go(c, top_speeds=top, brakes=brakes,
                                                    vmax=VMAX))
    return hit


def search_value(s) -> dict[int, float]:
    c = circuit_of(s)
    out = {}
    for car in s.cars:
        if car.mode in _RANKED_BY_ORDER:
            continue
        ttg = _READER.ttg(_table(c, s, car), c, car, car.x, car.y, car.vx, car.vy, car.brakes)
        if ttg < FAR:
            out[car.seat] = -float(ttg + car.penalty)
    return out
