"""What the race page keeps of a socket's messages (static/race.js), in
Python: the static boards, each slot's pieces and the last running order and
legend, so that a test can rebuild each state as the page draws it."""
from __future__ import annotations

from chequered.engine.spec import Layer, compose
from chequered.web.built import KEPT_FIELDS


def from_last(items: list, last: list) -> list:
    """race.js fromLast: an int is the item at that index of the last copy."""
    return [last[x] if isinstance(x, int) and not isinstance(x, bool) else x for x in items]


def split(text: str) -> tuple[str, ...]:
    """A static board's SVG as (text, slot default, text, ..., text)."""
    out = []
    for i in range(text.count("data-layer=")):
        head, text = text.split(f'<g data-layer="{i}">', 1)
        out.append(head)
        default, text = _slot_body(text)
        out.append(default)
    out.append(text)
    return tuple(out)


def _slot_body(text: str) -> tuple[str, str]:
    """The content of a slot up to its own closing </g>, and what follows."""
    depth, i = 1, 0
    while True:
        o, c = text.find("<g", i), text.find("</g>", i)
        if o != -1 and o < c:
            depth += text[o + 2] in " >"
            i = o + 2
            continue
        depth -= 1
        if depth == 0:
            return text[:c], text[c + 4:]
        i = c + 4


class PageCopy:
    def __init__(self):
        self.boards: dict[str, tuple[str, ...]] = {}
        self.board_id = None
        self.parts: list = []
        self.pieces: dict[int, list[str]] = {}
        self.kept: dict[str, list] = {}

    def take(self, msg: dict) -> dict | None:
        """A state as the page draws it (`whole`: its picture, the KEPT_FIELDS
        filled in); a static board is kept (None)."""
        if msg["type"] == "board":
            assert msg["id"] not in self.boards, "a static board sent twice to one socket"
            self.boards[msg["id"]] = split(msg["svg"])
            return None
        assert msg["type"] == "state"
        msg = dict(msg)
        for k in KEPT_FIELDS:
            if k not in msg:
                assert k in self.kept, f"{k} left out of a socket's first state"
                msg[k] = self.kept[k]
            else:
                msg[k] = from_last(msg[k], self.kept.get(k, []))
            self.kept[k] = msg[k]
        b = msg["board"]
        same = b["id"] == self.board_id
        if not same:
            self.pieces = {}
        parts = []
        for i, part in enumerate(b["parts"]):
            if part is False:
                assert same, "a part sent as false after another static board"
                parts.append(self.parts[i])
            elif part is None:
                parts.append(None)
            else:
                self.pieces[i] = from_last(part, self.pieces.get(i, []))
                parts.append("".join(self.pieces[i]))
        self.board_id, self.parts = b["id"], parts
        msg["whole"] = compose(self.boards[b["id"]], Layer(None, tuple(b["attrs"].items()),
                                                           tuple(parts)), slots=False)
        return msg
