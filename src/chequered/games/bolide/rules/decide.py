"""Asking a seat for a decision of the step table (rules/steps.py), from
inside a rule module (which the table imports, so it cannot import the
machine): the engine's `ask` and `Machine.clear` need no machine."""
from __future__ import annotations

from ....engine.steps import Machine
from ....engine.steps import ask as _ask


def ask(s, step: str, seat: int, **context) -> None:
    """Wait for `seat`'s decision `step`; `context` is that decision's own
    data (its points, the service asked, a battle under way)."""
    _ask(s, step, (seat,), context)


def done(s) -> None:
    """The decision in hand needs no answer any more (the car's turn ended
    while the machine was setting it up: a crash)."""
    Machine.clear(s)
