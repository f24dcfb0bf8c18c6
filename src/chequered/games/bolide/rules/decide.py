"""Asking a seat for a decision of the step table (rules/steps.py).

The rules modules ask; the table imports them, so the machine is looked up
when a decision is asked rather than imported at the top.
"""
from __future__ import annotations


_machine: list = []          # the machine, once looked up (an import per call is slow)


def ask(s, step: str, seat: int, **context) -> None:
    """Wait for `seat`'s decision `step`; `context` is that decision's own
    data (its points, the service asked, a battle under way)."""
    if not _machine:
        from .steps import MACHINE
        _machine.append(MACHINE)
    _machine[0].wait(s, step, (seat,), **context)


def done(s) -> None:
    """The decision in hand needs no answer any more (the car's turn ended
    while the machine was setting it up: a crash)."""
    s.turn.pending = None
    s.turn.cache = None
