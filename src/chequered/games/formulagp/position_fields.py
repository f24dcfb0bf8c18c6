"""Checked readers for the values of a formulagp-position/1 document
(position.py): each names the key it reads in its error, for a person who
wrote the position by hand.
"""
from __future__ import annotations

import difflib

from ...engine.protocol import BadInput
from .state import PARAMETERS

def _unknown(where: str, keys, allowed) -> None:
    bad = [k for k in keys if k not in allowed]
    if bad:
        k = bad[0]
        near = difflib.get_close_matches(k, allowed, 1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise BadInput(f"{where}: unknown key {k!r}{hint}; allowed: {', '.join(allowed)}")


def _int(where: str, v, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadInput(f"{where}: a whole number, not {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise BadInput(f"{where}: {v} is not in {lo}..{hi}")
    return v


def _choice(where: str, v, allowed):
    if v not in allowed:
        raise BadInput(f"{where}: {v!r} is not one of {', '.join(map(str, allowed))}")
    return v


def _list(where: str, v) -> list:
    if not isinstance(v, list):
        raise BadInput(f"{where}: a list, not {v!r}")
    return v


def _take(where: str, cards, pool: list, what: str) -> list:
    """Cards taken out of `pool` (a deck's draw pile), each once."""
    out = []
    for c in _list(where, cards):
        if c not in pool:
            why = "listed twice" if c in out else f"not in the {what} deck (or already placed)"
            raise BadInput(f"{where}: card {c!r} is {why}")
        pool.remove(c)
        out.append(c)
    return out


def _stack(where: str, top, pool: list, what: str) -> list:
    """`pool` with `top` (listed top first) on top; the rest keeps its order."""
    cards = _take(where, top, pool, what)
    return pool + list(reversed(cards))


def parse_roll(content, text) -> tuple[str, int]:
    """'die:face' -> (die, the face's place 1..n on that die, content/dice.toml)."""
    dice = content.dice
    if not isinstance(text, str) or ":" not in text:
        raise BadInput(f"rolls: {text!r}: write die:face like \"white:3\" or \"yellow:stress\"")
    die, face = (p.strip() for p in text.split(":", 1))
    if die not in PARAMETERS:
        raise BadInput(f"rolls: {text!r}: die {die!r} is not one of {', '.join(PARAMETERS)}")
    faces = getattr(dice, die)
    if die == "white":
        names = [str(f.value) for f in faces]
        hit = [i for i, f in enumerate(faces) if str(f.value) == face or f.colour == face]
    else:
        names = list(dict.fromkeys(faces))
        hit = [i for i, f in enumerate(faces) if f == face]
    if not hit:
        raise BadInput(f"rolls: {text!r}: the {die.upper()} die has faces "
                       f"{', '.join(dict.fromkeys(names))}")
    return die, hit[0] + 1


class Face(int):
    """A scripted die face that remembers its die: rules/dice.py refuses it
    for another die (a scenario's rolls listed in the wrong order)."""
    die: str

    def __new__(cls, value: int, die: str):
        obj = super().__new__(cls, value)
        obj.die = die
        return obj

    def __repr__(self) -> str:
        return f"{self.die}:{int(self)}"
