"""Asking for a decision from inside a rule: the step modules call these, and
the decision machine of rules/steps.py (which imports every step module)
carries them out."""
from __future__ import annotations

from ....engine.steps import Machine

_MACHINE: list = []        # the machine, once rules/steps.py is loaded


def _machine() -> Machine:
    if not _MACHINE:
        from .steps import MACHINE
        _MACHINE.append(MACHINE)
    return _MACHINE[0]


def wait(race, step: str, seats, **context) -> None:
    """Ask `seats` for the decision `step`."""
    _machine().wait(race, step, seats, **context)


def remember(race, seat: int, options: list) -> None:
    """Keep a legal list computed while deciding to wait (valid until the
    next action)."""
    Machine.remember(race, seat, options)


def keep_deciding(race) -> None:
    """A seat of a concurrent step that has more to decide (another card to
    return, FGP 7.3.1) stays on the pending list: the machine only takes a
    seat off when its step asks nothing new."""
    p = race.turn.pending
    _machine().wait(race, p.step, p.seats, **p.context)
