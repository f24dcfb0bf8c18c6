"""The team bot's movement points, applied in place in one pass (the
`points` of engine/drive.drive_own, which bots.TeamBot.drive runs).

A movement point is chosen by the bot (bots.best_step: from the legal
list keep_moving worked out for the first, then from the steps it works
out itself after each) and applied with movement.do_step, until the
activation ends (turn.end_activation); a lone forward step into an empty
space, which the bot takes unweighed (bots.free_steps), do_step applies
straight after the step before, in the same call. The other steps of a
route (the car, its card, the type, pit stops) are picked from the
machine's fine legal list. The race, the route and the events are those
of Machine.drive with the same choices (tests/stockcar/test_drive.py plays
races both ways).
"""
from __future__ import annotations

from .rules import movement
from .rules.turn import end_activation


def points(state, bot: tuple, path: list, events: list) -> None:
    """Every movement point of the move in progress, then the end of the
    activation (STOCK Movement: points are spent while a step is
    possible). `bot`: (bots.best_step, bots.free_steps)."""
    pick_step, free_steps = bot
    C, T = state.tables
    R = C.rules
    state.turn.cache = None           # the legal lists change with the first step
    do_step = movement.do_step
    M = movement.moves(R, T)          # the track's steps, looked up once a move
    # Most points: the head's lane neither narrows nor splits ahead and the
    # space there is empty, which the bot takes (free_steps): do_step goes
    # on to it at once, with no list of steps worked out and none weighed.
    free = free_steps(M)
    m = state.move
    option = pick_step(state, R, T, M)    # from the legal list keep_moving found
    while True:
        do_step(state, T, option, events, free, path)     # clears state.cache
        # turn.keep_moving's test, inline: once a movement point
        if m["mp"] <= 0:
            break
        option = pick_step(state, R, T, M)    # None: no step is legal
        if option is None:
            break
    end_activation(state, C, T, events)
