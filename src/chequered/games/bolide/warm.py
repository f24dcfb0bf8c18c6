"""Warming a process up before it serves races (issue 16, web).

Bolide's options (rules/reach_fast.py) and its bots' time-to-go tables
(solver_fast.py) run numba kernels, compiled on their first call: the first
time on a machine that takes tens of seconds, and later loading them from
numba's cache still takes a second or two, with the GIL held. In a web
server that happened at the first bot's move under load, and every other
race's acknowledgements waited for it (the load benchmark's acks slower
than 10 s). `warm` pays it at start instead, by playing a race of each of
the rulebook's bot kinds on the default circuit (about 2.5 s once the
kernels are on disk), so every kernel a race uses, and each variant numba
made of it, is loaded.
"""
from __future__ import annotations

import time

from ...engine.session import Session
from .config import BOT_KINDS

WARM_SEED = 1
WARM_DECISIONS = 1000        # a whole race of four bots takes about 230


def warm(game) -> float:
    """Play the warm-up races; returns the seconds they took."""
    t0 = time.perf_counter()
    for kind in BOT_KINDS:
        seats = [kind] * 4
        session = Session(game, game.config(seats=seats), WARM_SEED, controllers=seats)
        agents = {seat: game.make_agent(kind, seat, WARM_SEED) for seat in range(len(seats))}
        state = session.state
        for _ in range(WARM_DECISIONS):
            if game.is_over(state):
                break
            seat = min(game.to_act(state))
            session.step(state, seat, agents[seat].choose(game, state, seat), "bot")
            session.forced_steps(state)
    return time.perf_counter() - t0
