"""The `mcts` seat kind and its budget, written once for every game.

`mcts` searches a fixed number of iterations; `mcts:500` gives the number
of iterations, `mcts:2s` (or `mcts:0.5s`) a time in seconds a decision. An
iteration budget makes the bot deterministic under the race's seed; a time
budget does not (how far it gets depends on the machine).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

KIND = "mcts"
DEFAULT_ITERATIONS = 200
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0

_BUDGET = re.compile(r"^(?:(\d+)|(\d+(?:\.\d+)?)s)$")


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision's search runs: iterations, or seconds."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g} s"
        return f"{self.iterations} iterations"


def is_search_kind(kind) -> bool:
    return isinstance(kind, str) and (kind == KIND or kind.startswith(KIND + ":"))


def parse_budget(kind: str) -> Budget:
    """The budget a seat kind `mcts[:N|:Xs]` asks for; ValueError with a
    line for players when it is malformed."""
    if kind == KIND:
        return Budget()
    text = kind[len(KIND) + 1:] if is_search_kind(kind) else ""
    m = _BUDGET.match(text)
    if m is None:
        raise ValueError(f"bad search budget in seat kind {kind[:40]!r}: write mcts, "
                         "mcts:500 (iterations) or mcts:2s (seconds a decision)")
    if m.group(1) is not None:
        n = int(m.group(1))
        if not 1 <= n <= MAX_ITERATIONS:
            raise ValueError(f"{kind}: iterations must be between 1 and {MAX_ITERATIONS}")
        return Budget(iterations=n)
    s = float(m.group(2))
    if not 0 < s <= MAX_SECONDS:
        raise ValueError(f"{kind}: seconds must be above 0 and at most {MAX_SECONDS:g}")
    return Budget(iterations=None, seconds=s)


def valid_search_kind(kind) -> bool:
    if not is_search_kind(kind):
        return False
    try:
        parse_budget(kind)
    except ValueError:
        return False
    return True


class SeatKinds(list):
    """A game's seat kinds, listed as names (`mcts` among them), whose
    membership test also accepts a budgeted search kind (`mcts:2s`): every
    front end that checks `kind in game.seat_kinds()` accepts budgets
    without knowing about them."""

    def __contains__(self, kind) -> bool:
        return list.__contains__(self, kind) or (KIND in self and valid_search_kind(kind))
