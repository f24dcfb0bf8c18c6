"""A bot's whole move, applied in place by the bot's own reading of the
game's lists (engine/play.py asks a bot's own drive() for a route step).

Machine.drive plays a route point by point through the machine: for every
fine step it lists the legal actions, asks the bot, searches its answer in
the list and applies it. A bot that picks from the fine legal list itself,
and a game that can play a run of its movement points directly, skip that
round trip here with the same race, route and events.
"""
from __future__ import annotations

from .routes import Route, continues, ticks
from .turn import still_pending


def drive_own(machine, state, seat: int, pick, point_step: str | None = None,
              points=None, arg=None) -> tuple[Route, list]:
    """Apply, in place, the pending route step's whole move for `seat`, as
    the bot picks it step by step (for a bot's own drive(), which
    engine/play.py asks of the bots that have it).

    `pick(state, seat, step_name, legal)` answers each fine step from the
    machine's legal list: found there by identity, it is applied as
    Machine._decide would, else through Machine.apply (matched or refused).
    `points(state, arg, path, events)` plays, when the pending step is
    `point_step`, the run of movement points that follows itself, appending
    its picks to `path` and its events to `events`. After either, as after
    any decision, a decision nobody asked again is over and the automatic
    steps run to the next one. The race, the route and the events are those
    of Machine.drive with the same picks.
    """
    steps = machine.steps
    turn = state.turn
    names = machine.chains[turn.pending.step]
    t0 = ticks(state)
    path: list = []
    events: list = []
    while True:
        asked = turn.pending
        if asked.step == point_step:
            points(state, arg, path, events)
        else:
            legal = machine.fine(state, seat)
            a = pick(state, seat, asked.step, legal)
            path.append(a)
            for x in legal:                   # the list's own object (no __eq__ called)
                if x is a:
                    turn.cache = None         # as Machine._decide: the lists change
                    events += steps[asked.step].apply(state, seat, a)
                    break
            else:
                # matched or refused there, the decision settled and the
                # automatic steps run: the lines below find nothing left to do
                events += machine.apply(state, seat, a)
        # Machine._decide's work after a step's apply, inline: once a step
        turn = state.turn
        if turn.pending is asked:             # nobody asked again: the decision is over
            turn.cache = None
            turn.pending = still_pending(asked, seat) if steps[asked.step].concurrent else None
        if turn.pending is None:
            events += machine.advance(state)
            turn = state.turn
        if not continues(machine, state, seat, names, t0):
            return Route(tuple(path)), events
