"""The numbered menu of one decision in the terminal, made to fit the screen.

A menu that fits in at most three columns is shown whole. A longer one (a
whole-move list can hold a hundred moves) shows each space that several
moves end on once, as "drive to tile 21, lane 3 (3 ways)"; choosing it lists those
ways, as the page's chooser does when several moves end on one space.
"""
from __future__ import annotations

from dataclasses import dataclass, field

SCREEN_ROWS, SCREEN_COLS = 40, 100      # one decision fits this terminal
MAX_COLUMNS = 3                         # past this, a line is too short to read


@dataclass
class Menu:
    entries: list[tuple[str, list[int]]]   # (text, indices into the legal list)
    grouped: bool = False
    legal: list = field(default_factory=list)   # the actions the indices are of

    def lines(self, room: int, width: int = SCREEN_COLS) -> list[str]:
        return menu_lines([text for text, _ in self.entries], room, width)


def build_menu(actions: list, texts: list[str], room: int) -> Menu:
    if -(-len(texts) // max(1, room)) <= MAX_COLUMNS:
        return Menu([(t, [i]) for i, t in enumerate(texts)])
    groups: dict = {}
    for i, action in enumerate(actions):
        to = getattr(action, "to", None) if type(action).__name__ == "Route" else None
        groups.setdefault(("to", repr(to)) if to is not None else ("one", i), []).append(i)
    entries = []
    for key, idx in groups.items():
        if len(idx) == 1:
            entries.append((texts[idx[0]], idx))
        else:
            entries.append((f"{shared_head([texts[i] for i in idx])} ({len(idx)} ways)", idx))
    return Menu(entries, grouped=True)


def shared_head(texts: list[str]) -> str:
    """What the texts of moves to one space say alike: the words before the
    first ':' or ' (' they share ("drive to tile 21, lane 3")."""
    first = texts[0]
    cut = min([i for i in (first.find(": "), first.find(" (")) if i > 0] or [len(first)])
    head = first[:cut]
    return head if all(t.startswith(head) for t in texts) else head.split(" ")[0] + "..."


def menu_lines(items: list[str], room: int, width: int = SCREEN_COLS) -> list[str]:
    """The numbered menu: one column while it fits in `room` lines, else as
    many columns as it takes (each item cut to its column's width)."""
    numbered = [f"{i:>3}. {text}" for i, text in enumerate(items, start=1)]
    if len(numbered) <= room:
        return [n if len(n) <= width else n[:width - 1] + "…" for n in numbered]
    cols = min(4, -(-len(numbered) // room))
    rows = -(-len(numbered) // cols)
    colw = width // cols
    out = []
    for r in range(rows):
        cells = [numbered[c * rows + r] for c in range(cols) if c * rows + r < len(numbered)]
        out.append("".join((c if len(c) < colw else c[:colw - 2] + "…").ljust(colw)
                           for c in cells).rstrip())
    return out
