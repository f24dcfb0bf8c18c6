"""A bot's whole move, applied in place in one pass (for engine/play.py).

engine/steps.Machine.drive plays a route step by step through the machine:
for every step it lists the legal actions, asks the bot, finds its answer
in the list, applies it and asks the next step. A bot that picks from the
fine legal list itself (bots.TeamBot.pick) and reads the move's options
directly (bots.best_step) can skip most of that round trip:

- a movement point is chosen from movement.options and applied with
  movement.do_step, the options after each worked out once, until the
  activation ends (turn.end_activation);
- any other step of a route (the car, its card, the type, pit stops) is
  picked from the machine's fine legal list and, being a member of it,
  handed to the step's own apply function; an answer that is not in the
  list goes through Machine.apply, which refuses it with its rule.

The race, the route and the events are those of Machine.drive with the
same choices (tests/stockcar/test_drive.py plays races both ways): the same
rule functions run in the same order; only the machine's bookkeeping
around them (its cached legal lists, the membership search, a fresh
pending decision between two points of one move) is left out.
"""
from __future__ import annotations

from ...engine.routes import Route, chain_of, continues, ticks
from .rules import movement
from .rules.turn import end_activation


_CHAINS: dict = {}                    # route step -> the steps its routes run through


def drive(game, state, seat: int, bot, pick_step) -> tuple[Route, list]:
    """Apply the pending route step's whole move for `seat`: `bot.pick(state,
    seat, step, legal)` answers a fine step other than a movement point
    (bots.TeamBot.pick), `pick_step(state, rules, track)` a movement point,
    as its entry of movement.options. Returns (the Route, its events)."""
    machine = game.machine
    steps = machine.steps
    turn = state.turn
    names = _CHAINS.get(turn.pending.step)
    if names is None:
        step = steps[turn.pending.step]
        names = _CHAINS[step.name] = chain_of(step.name, step.route)
    t0 = ticks(state)
    path: list = []
    events: list = []
    while True:
        asked = turn.pending
        if asked.step == "move":
            _points(state, pick_step, path, events)
        else:
            legal = machine.fine(state, seat)
            a = bot.pick(state, seat, asked.step, legal)
            for x in legal:               # the list's own object (no __eq__ called)
                if x is a:
                    turn.cache = None     # as Machine._decide: the lists change
                    events += steps[asked.step].apply(state, seat, a)
                    break
            else:
                events += machine.apply(state, seat, a)     # matched or refused there
                asked = None              # (the machine's work after it done there)
            path.append(a)
        turn = state.turn
        if asked is not None:
            # The machine's work after a step's apply (Machine._decide,
            # .apply): a sequential decision nobody asked again is over, and
            # the automatic steps run until the next one.
            if turn.pending is asked:
                machine.clear(state)
            if turn.pending is None:
                events += machine.advance(state)
                turn = state.turn
        if not continues(machine, state, seat, names, t0):
            return Route(tuple(path)), events


def _points(state, pick_step, path: list, events: list) -> None:
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
