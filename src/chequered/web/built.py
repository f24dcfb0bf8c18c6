"""State messages built off the event loop (in the hub's worker thread): each
viewer's view rendered once and serialised once, however many sockets share
it; the fields and board a socket already has are kept apart, row by row and
piece by piece, so each socket is sent only what changed for it
(subscriber.Subscriber.push_state, deltas.py)."""
from __future__ import annotations

import json

from .live import LiveRace
from .messages import BOARD_MESSAGES, log_since, state_message

# Fields of a state a socket is sent again only when they change (the page
# keeps the last ones): the legend and the running order are long and
# change seldom.
KEPT_FIELDS = ("legend", "standings")


class Built:
    """A state message as JSON text without its KEPT_FIELDS and board; those
    as JSON texts: each KEPT_FIELD row by row, the board as its id, its
    attributes and each part piece by piece (None: the slot's own). Each
    socket gets what changed for it (Subscriber.push_state)."""
    __slots__ = ("text", "kept", "board")

    def __init__(self, text: str, kept: dict[str, tuple[str, ...]], board):
        self.text, self.kept, self.board = text, kept, board

    @classmethod
    def of(cls, msg: dict, kept: dict[str, tuple[str, ...]] | None = None) -> "Built":
        if kept is None:
            kept = rows_of(msg)
        b = msg.get("board")
        board = None if b is None else (b["id"], json.dumps(b["attrs"]),
                                        tuple(_pieces(p) for p in b["parts"]))
        return cls(json.dumps({k: v for k, v in msg.items()
                               if k not in KEPT_FIELDS and k != "board"}), kept, board)


def rows_of(msg: dict) -> dict[str, tuple[str, ...]]:
    """The KEPT_FIELDS of a message, each row as JSON text."""
    return {k: tuple(json.dumps(row) for row in msg[k]) for k in KEPT_FIELDS}


def _pieces(part) -> tuple[str, ...] | None:
    """A board part as JSON texts, one a piece (a part drawn whole is one)."""
    if part is None:
        return None
    return tuple(json.dumps(p) for p in part) if isinstance(part, list) else (json.dumps(part),)


def build_messages(race: LiveRace, wanted: set, deadlines: dict) -> dict:
    """One message per (viewer, fine, text, log start) with the static board
    it is drawn over (board_of): the view is rendered once per viewer (and
    way of moving) and serialised once however many sockets share it."""
    base = {(v, f, t): state_message(race, v, deadlines.get(v), f, layered=True, text=t)
            for v, f, t in {(v, f, t) for v, f, t, _ in wanted}}
    kept = {key: rows_of(msg) for key, msg in base.items()}
    return {(v, f, t, start): (Built.of({**base[v, f, t], "log_from": start,
                                         "log": log_since(race, start, v)}, kept[v, f, t]),
                               board_of(base[v, f, t]))
            for v, f, t, start in wanted}


def board_of(msg: dict) -> tuple[str, str] | None:
    """The static board (id, message) a state message is drawn over, if any."""
    board = msg.get("board")
    return None if board is None else (board["id"], BOARD_MESSAGES[board["id"]])
