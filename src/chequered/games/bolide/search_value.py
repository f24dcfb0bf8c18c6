"""How far each car is from the finish, finer than the running order: the
value a search (agents/mcts.py) reads when a rollout stops before the end.

A car's value is minus its turns to go, read from the exact time-to-go
table of its strategy (the expert bot's, bots.py), plus the turns it must
still skip. Two cars in the same place of the running order then differ by
the line each is on: a car that brakes too late, or too early, loses turns
in the table long before it loses a place. Cars that are out of the race,
finished, or whose point the table does not cover (off the track, in the pit
lane) get no value: the running order ranks them.
"""
from __future__ import annotations

from .bots import FAR, BolideBot
from .rules.setup import circuit_of

_EXPERT = BolideBot("expert")       # only its tables are read
_RANKED_BY_ORDER = frozenset(("crashed", "out", "finished", "garage", "pit", "exit"))


def search_value(s) -> dict[int, float]:
    c = circuit_of(s)
    out = {}
    for car in s.cars:
        if car.mode in _RANKED_BY_ORDER:
            continue
        t = _EXPERT.table(s, c, car)
        ttg = _EXPERT.ttg(t, c, car, car.x, car.y, car.vx, car.vy, car.brakes)
        if ttg < FAR:
            out[car.seat] = -float(ttg + car.penalty)
    return out
