"""Positions from whole seeded bot races, for the tests that check what
every kind of moment looks like (the board, its tooltips, the legend, the
running order): the start, packs, pit stops, yellow flags, lapped and
retired cars, the finish."""
from __future__ import annotations

from functools import lru_cache

from chequered.engine.play import agents_for
from chequered.games.stockcar import GAME

RACES = (({"seats": ["bot"] * 4, "track": "speedway"}, 1),
         ({"seats": ["bot", "bot"], "track": "road"}, 3),
         ({"seats": ["bot"] * 7, "track": "short", "laps": 1}, 5),
         ({"seats": ["bot", "random", "bot"], "track": "triangle", "laps": 2}, 2))


@lru_cache(maxsize=8)
def _states(every: int) -> tuple:
    out = []
    for cfg, seed in RACES:
        config = GAME.config(**cfg)
        st = GAME.new(config, seed)
        agents = agents_for(GAME, config, seed)
        k = 0
        while not GAME.is_over(st):
            seat = min(GAME.to_act(st))
            if k % every == 0:
                out.append((st.clone(), seat))
            GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
            k += 1
        out.append((st.clone(), 0))
    return tuple(out)


def race_states(every: int = 30):
    """(state, the seat to act) every `every` decisions of each race, and
    each race's end; copies, so a test may change them."""
    return [(st.clone(), seat) for st, seat in _states(every)]
