"""One WebSocket's side of the hub: what it has been sent, and its queue of
messages (each socket's writer, web/ws.py, sends them in order)."""
from __future__ import annotations

import asyncio
import json

from ..engine.protocol import Seat
from .built import Built
from .deltas import Kept, against

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
        self.kept: dict[str, Kept] = {}    # KEPT_FIELDS' rows as last sent, as JSON
        # the static board of the last state, each slot's part in it (None:
        # the slot's own), and each slot's pieces last sent (deltas.Kept)
        self.board_id: str | None = None
        self.shown: tuple = ()
        self.pieces: list[Kept] = []

    def push_state(self, msg: Built, board: tuple[str, str] | None) -> None:
        """Queue a state, after the static board it is drawn over (`board`:
        its id and message) when this socket does not have it yet. A KEPT_FIELD
        is left out when it is the same as in this socket's last state, else
        its rows this socket has are their indexes there; a part of the
        board's layer is `false` when the same as in the last state, else its
        pieces this socket has are their indexes among the slot's pieces it
        was last sent (deltas.against)."""
        if board is not None and board[0] not in self.boards:
            self.boards.add(board[0])
            self.push(board[1])
        extra = []
        for k, rows in msg.kept.items():
            last = self.kept.get(k)
            if last is None or last.items != rows:
                extra.append(f', "{k}": ' + (against(last, rows) if last else
                                              "[" + ", ".join(rows) + "]"))
                self.kept[k] = Kept(rows)
        if msg.board is not None:
            extra.append(self._board(*msg.board))
        self.push(msg.text[:-1] + "".join(extra) + "}")

    def _board(self, bid: str, attrs: str, parts: tuple) -> str:
        if bid != self.board_id:
            self.board_id, self.shown, self.pieces = bid, (), []
        sent = []
        for i, part in enumerate(parts):
            if i < len(self.shown) and self.shown[i] == part:
                sent.append("false")
            elif part is None:
                sent.append("null")
            else:
                while len(self.pieces) <= i:
                    self.pieces.append(Kept())
                sent.append(against(self.pieces[i], part))
                self.pieces[i] = Kept(part)
        self.shown = parts
        return f', "board": {{"id": "{bid}", "attrs": {attrs}, "parts": [{", ".join(sent)}]}}'

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
