"""The team bot's movement points, applied in place in one pass (the
`points` of engine/drive.drive_own, which bots.TeamBot.drive runs).

A movement point is chosen from movement.options and applied with
movement.do_step, the options after each worked out once, until the
activation ends (turn.end_activation); the other steps of a route (the car,
its card, the type, pit stops) are picked from the machine's fine legal
list. The race, the route and the events are those of Machine.drive with
the same choices (tests/stockcar/test_drive.py plays races both ways).
"""
from __future__ import annotations

from .rules import movement
from .rules.turn import end_activation


def points(state, pick_step, path: list, events: list) -> None:
    """Every movement point of the move in progress, then the end of the
    activation (STOCK Movement: points are spent while a step is
    possible)."""
    C, T = state.tables
    R = C.rules
    state.turn.cache = None           # the legal lists change with the first step
    do_step, work_out = movement.do_step, movement.work_out
    M = movement.moves(R, T)          # the track's steps, looked up once a move
    m = state.move
    while True:
        option = pick_step(state, R, T)
        do_step(state, T, option, events)     # clears state.cache
        path.append(option[0])
        # turn.keep_moving's test, inline: once a movement point; the options
        # are kept for the next pick (movement.options, inline)
        if m["mp"] <= 0:
            break
        state.cache = options = work_out(state, T, R, M)
        if not options:
            break
    end_activation(state, C, T, events)
