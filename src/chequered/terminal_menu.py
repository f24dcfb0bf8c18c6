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


def build_menu(actions: list, texts: list[str], room: int, width: int = SCREEN_COLS) -> Menu:
    """The whole list when it fits in three columns and no two of its moves
    read alike once cut to their column; else moves to one space grouped."""
    whole = Menu([(t, [i]) for i, t in enumerate(texts)])
    if -(-len(texts) // max(1, room)) <= MAX_COLUMNS and not _cut_alike(texts, room, width):
        return whole
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
    if len(entries) == len(texts):
        return whole                # no two moves end on one space: nothing to group
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
    cols, rows, fit = _layout(len(numbered), room, width)
    if cols == 1:
        return [_cut(n, fit) for n in numbered]
    out = []
    for r in range(rows):
        cells = [numbered[c * rows + r] for c in range(cols) if c * rows + r < len(numbered)]
        out.append("".join(_cut(c, fit).ljust(fit + 1) for c in cells).rstrip())
    return out


def _layout(n: int, room: int, width: int) -> tuple[int, int, int]:
    """(columns, rows, the characters an item keeps) of a menu of n items."""
    if n <= room:
        return 1, n, width
    cols = min(4, -(-n // room))
    return cols, -(-n // cols), width // cols - 1


def _cut(text: str, fit: int) -> str:
    return text if len(text) <= fit else text[:fit - 1] + "…"


def _cut_alike(texts: list[str], room: int, width: int) -> bool:
    """Whether two different moves would show the same words once cut to
    their column (the part that tells them apart lost)."""
    _, _, fit = _layout(len(texts), room, width)
    fit -= 5                                    # the number in front (" 12. ")
    seen: set[str] = set()
    for t in texts:
        if len(t) > fit:
            cut = t[:fit - 1]
            if cut in seen:
                return True
            seen.add(cut)
    return False
