"""One WebSocket's side of the hub: what it has been sent, and its queue of
messages (each socket's writer, web/ws.py, sends them in order)."""
from __future__ import annotations

import asyncio
import json

from ..engine.protocol import Seat
from .built import Built

QUEUE_LIMIT = 256            # messages waiting for one slow client before we drop it


class Subscriber:
    """One WebSocket: the seat it speaks for (None: a spectator), what
    part of the log it already has, whether its person wants moves space
    by space (`fine`) rather than whole routes and the race as text (`text`)."""

    def __init__(self, race_id: str, viewer: Seat | None, fine: bool = False,
                 text: bool = True):
        self.race_id = race_id
        self.viewer = viewer
        self.fine = fine
        self.text = text
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.sent_log = 0
        self.closed = False
        self.boards: set[str] = set()      # static boards this socket has been sent
        self.greeted = False               # has had its first state
        self.kept: dict[str, str] = {}     # KEPT_FIELDS as last sent, as JSON
        self.parts: tuple[str | None, tuple[str, ...]] = (None, ())   # board id, its parts

    def push_state(self, msg: Built, board: tuple[str, str] | None) -> None:
        """Queue a state, after the static board it is drawn over (`board`:
        its id and message) when this socket does not have it yet, with only
        the KEPT_FIELDS that changed since its last state, and `false` for
        each part of the board's layer the same as in its last state."""
        if board is not None and board[0] not in self.boards:
            self.boards.add(board[0])
            self.push(board[1])
        changed = [(k, text) for k, text in msg.kept.items() if self.kept.get(k) != text]
        self.kept.update(changed)
        extra = "".join(f', "{k}": {text}' for k, text in changed)
        if msg.board is not None:
            bid, attrs, parts = msg.board
            last = self.parts[1] if self.parts[0] == bid else ()
            sent = ["false" if i < len(last) and last[i] == p else p for i, p in enumerate(parts)]
            self.parts = (bid, parts)
            extra += f', "board": {{"id": "{bid}", "attrs": {attrs}, "parts": [{", ".join(sent)}]}}'
        self.push(msg.text[:-1] + extra + "}")

    def push(self, doc: dict | str) -> None:
        """Queue a message (a dict, or JSON text already made for several
        subscribers at once)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(doc if isinstance(doc, str) else json.dumps(doc))
        except asyncio.QueueFull:
            # A client this far behind is dropped: the None tells its writer to
            # close the socket, and it gets a fresh full state when it reconnects.
            self.closed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
