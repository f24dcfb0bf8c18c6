"""Answers of pure functions kept per process (DESIGN.md, performance habits).

The rules ask the same questions many times a race with the same inputs (the
plays a hand allows, a tyre set's worth); `remembered` keeps each answer
under its key and, since keys built from hands and rates are many, forgets
the whole table once it holds `limit` answers. A hot path looks its key up
itself and stores with `keep` instead (the lambda `remembered` takes would make
its cells at every call: docs/architecture.md, Hot paths). The functions
memoised this way return frozen values or tuples: callers get a copy of any list.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

LIMIT = 4096


def remembered(table: dict, key: Hashable, make: Callable[[], object], limit: int = LIMIT):
    """table[key], made by `make()` the first time it is asked."""
    got = table.get(key)
    if got is None:
        got = keep(table, key, make(), limit)
    return got


def keep(table: dict, key: Hashable, value, limit: int = LIMIT):
    """Store `value` under `key` and return it, forgetting the whole table
    first when it is full: remembered's store, for a caller that looks its
    key up itself (no closure made at every call of a hot path)."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value
