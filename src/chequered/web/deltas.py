"""Lists a socket already has most of (issue 16): each item the same as an
item of the socket's last copy is sent as that item's index in it, the
others whole, so that a move that changes one car of twenty sends one car.

The items are JSON texts, made once in the message worker (built.Built) for
every socket of a viewer; the copy they are compared with is the one this
socket was sent (subscriber.Subscriber), so an index only ever names what
the same socket, and so the same viewer, already holds. The race page reads
them back (static/race.js, `fromLast`).
"""
from __future__ import annotations


class Kept:
    """A list as a socket last got it: its items (JSON texts) and where each
    distinct one stands."""
    __slots__ = ("items", "where")

    def __init__(self, items: tuple[str, ...] = ()):
        self.items = items
        self.where: dict[str, int] | None = None    # made when first needed

    def index(self, item: str) -> int | None:
        if self.where is None:
            self.where = {}
            for i, known in enumerate(self.items):
                self.where.setdefault(known, i)
        return self.where.get(item)


def against(last: Kept, items: tuple[str, ...]) -> str:
    """`items` as a JSON array in which an item found in `last` is its index
    there."""
    out = []
    for item in items:
        i = last.index(item)
        out.append(item if i is None else str(i))
    return "[" + ", ".join(out) + "]"
