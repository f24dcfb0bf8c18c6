"""Asking for a decision from inside a rule: the step modules call these, and
the decision machine of rules/steps.py (which imports every step module)
carries them out."""
from __future__ import annotations

from ....engine.steps import Machine, ask, ask_one


def wait(race, step: str, seats, **context) -> None:
    """Ask `seats` for the decision `step` (a step of rules/steps.py)."""
    if type(seats) is list and len(seats) == 1:
        # one seat (every movement point): engine ask_one at once, as ask()
        # would hand it on (a call fewer, some 560 asks a race)
        ask_one(race, step, seats[0], context)
    else:
        ask(race, step, seats, context)


def remember(race, seat: int, options: list) -> None:
    """Keep a legal list computed while deciding to wait (valid until the
    next action)."""
    Machine.remember(race, seat, options)


def keep_deciding(race) -> None:
    """A seat of a concurrent step that has more to decide (another card to
    return, FGP 7.3.1) stays on the pending list: the machine only takes a
    seat off when its step asks nothing new."""
    p = race.turn.pending
    ask(race, p.step, p.seats, dict(p.context))
