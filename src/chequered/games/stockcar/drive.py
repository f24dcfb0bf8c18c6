"""A bot's whole move, applied in place in one pass (for engine/play.py).

engine/steps.Machine.drive plays a route point by point through the
machine: for every movement point it lists the legal steps, asks the bot,
finds its answer in the list, applies it and asks the next point. A bot
whose step choice reads the move's options directly (bots.best_step) can
skip that round trip: here the movement points of a move are chosen from
movement.options and applied with movement.do_step, the step after each
worked out once (turn.can_move), until the activation ends
(turn.end_activation). The other steps of a route (the car, its card, the
type, pit stops) go through the machine as usual.

The race, the route and the events are those of Machine.drive with the
same choices (tests/stockcar/test_drive.py plays races both ways): the same
rule functions run in the same order; only the machine's bookkeeping
between two points of one move (a fresh pending decision, the cached legal
list, its membership check) is left out, since the pending decision stays
"move" for the same seat until the activation ends.
"""
from __future__ import annotations

from ...engine.routes import Route, chain_of, continues, ticks
from .rules import movement
from .rules.turn import can_move, end_activation


_CHAINS: dict = {}                    # route step -> the steps its routes run through


def drive(game, state, seat: int, choose, pick_step) -> tuple[Route, list]:
    """Apply the pending route step's whole move for `seat`: `choose(state)`
    answers a fine step other than a movement point (as asked by
    Machine.drive), `pick_step(state, rules, track)` a movement point, as
    its entry of movement.options. Returns (the Route, its events)."""
    machine = game.machine
    turn = state.turn
    names = _CHAINS.get(turn.pending.step)
    if names is None:
        step = machine.steps[turn.pending.step]
        names = _CHAINS[step.name] = chain_of(step.name, step.route)
    t0 = ticks(state)
    path: list = []
    events: list = []
    while True:
        if turn.pending.step == "move":
            _points(machine, state, seat, pick_step, path, events)
        else:
            turn.fine = True                  # the bot reads single steps, as in Machine.drive
            try:
                a = choose(state)
            finally:
                turn.fine = False
            events += machine.apply(state, seat, a)
            path.append(a)
        turn = state.turn
        if not continues(machine, state, seat, names, t0):
            return Route(tuple(path)), events


def _points(machine, state, seat: int, pick_step, path: list, events: list) -> None:
    """Every movement point of the move in progress, then the end of the
    activation and the automatic steps after it (STOCK Movement: points
    are spent while a step is possible)."""
    C, T = state.tables
    R = C.rules
    turn = state.turn
    asked = turn.pending
    turn.cache = None                 # the legal lists change with the first step
    do_step = movement.do_step
    while True:
        option = pick_step(state, R, T)
        do_step(state, T, option, events)
        path.append(option[0])
        if not can_move(state, C, T):
            break
    end_activation(state, C, T, events)
    if state.turn.pending is asked:
        machine.clear(state)          # no new decision asked: as Machine._decide
    events += machine.advance(state)
