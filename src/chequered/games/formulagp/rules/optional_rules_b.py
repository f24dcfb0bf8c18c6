"""FGP 15.8-15.13, optional rules (the second half): pure functions.

Each rule is a named game option (config.OPTIONS); the step code that reads
`name in race.config.options` is in rules/optional_steps_b.py. Readings where
the book is open are the matrix's A105-A109 ("Choices")."""
from __future__ import annotations

from typing import Mapping, Sequence

# ---- FGP 15.11.1 the Safety Car EVENT card, drawn a second time --------------------------
SAFETY_CAR_CARD = "Safety Car"          # FGP 13.9: the card's name (content/event.toml)


def sc_card_goes_back(name: str, already_returned: bool) -> bool:
    """FGP 15.11.1: the first draw of the 'Safety Car' EVENT card goes back
    into the draw pile (which is reshuffled); the second one is played as
    normal. A105: the draw that turned it up is spent (no card in its place)."""
    return name == SAFETY_CAR_CARD and not already_returned


# ---- FGP 15.11.3 faster Virtual Safety Car procedure --------------------------------------
FAST_VSC_SPACES = 4                     # FGP 15.11.3: "All players move 4 spaces"


def fast_vsc_order(sequence: Sequence[int], drawer: int, *, out: Sequence[int] = ()
                   ) -> list[int]:
    """FGP 15.11.3 (A108): the round the flag moves to is the VSC round; it
    "continues with the current player sequence": the cars after the drawer
    first, then those before it, the drawer last, each once. `out`: cars
    that cannot drive (spun, off the track, in the pit box: as A37)."""
    seq = list(sequence)
    i = seq.index(drawer) if drawer in seq else len(seq)
    order = seq[i + 1:] + seq[:i] + ([drawer] if drawer in seq else [])
    return [s for s in order if s not in set(out)]


# ---- FGP 15.9 penalties decided by the race director --------------------------------------
# A106 (ours): the book prints the three WHITE ranges as icons our text lacks; we read
# them as equal thirds of the die (the icon face counts 1, A1): 1-2, 3-4, 5-6.
DIRECTOR_RANGES = {"racing_incident": (1, 2), "warning": (3, 4), "penalty": (5, 6)}


class Verdict:
    """The race director's decision: `kind`, the Penalty tokens it gives and
    the driver's warnings (black & white flags) after it."""
    __slots__ = ("kind", "tokens", "warnings")

    def __init__(self, kind: str, tokens: int, warnings: int):
        self.kind, self.tokens, self.warnings = kind, tokens, warnings


def director(white: int, warnings: int) -> Verdict:
    """FGP 15.9: a racing incident gives nothing; a warning gives a black &
    white flag, and the second and every later one a Penalty token at once; a
    penalty gives 1 token, 2 to a driver already warned (A106: the doubling
    is for the penalty the director hands out, not for a warning)."""
    kind = next(k for k, (lo, hi) in DIRECTOR_RANGES.items() if lo <= white <= hi)
    if kind == "racing_incident":
        return Verdict(kind, 0, warnings)
    if kind == "warning":
        return Verdict(kind, 1 if warnings + 1 >= 2 else 0, warnings + 1)
    return Verdict(kind, 2 if warnings else 1, warnings)


# ---- FGP 15.11.2 faster Safety Car procedure ----------------------------------------------
FAST_SC_SPACES = 6                      # FGP 15.11.2: "each car will drive 6 spaces per turn"


def fast_sc_discards(hand: Sequence[str], kinds: Mapping[str, str], *,
                     tyre_wear_discarded: bool) -> list[str]:
    """FGP 15.11.2: the cards a car may discard in its Safety Car turn: any
    card in hand but the Draw Failure card (A109: the hand's FAILURE card;
    DAMAGE and FAILURE cards lie by the board, not in the hand) and only one
    Tyre Wear card. Each id once."""
    out = []
    for c in dict.fromkeys(hand):
        k = kinds.get(c)
        if k == "draw_failure" or (k == "tyre_wear" and tyre_wear_discarded):
            continue
        out.append(c)
    return out


# ---- FGP 15.10 limited tyre sets for a dry race -------------------------------------------
TYRE_SETS = {"A": ("soft", "soft", "medium", "hard"),     # FGP 15.10 Option A
             "B": ("soft", "medium", "medium", "hard")}   # FGP 15.10 Option B
DRY = ("soft", "medium", "hard")


def sets_after_fitting(sets: Sequence[str], tyre: str) -> list[str]:
    """FGP 15.10 (A107): the sets still in the pit box once `tyre` is fitted from
    them (one set of that compound fewer); a set taken off is not used again.
    [ADV] Wet tyres are no dry set: fitting them leaves the dry sets as they are."""
    left = list(sets)
    if tyre not in DRY:
        return left
    if tyre not in left:
        raise ValueError(f"FGP 15.10: no {tyre} set left")
    left.remove(tyre)
    return left


def tyre_offer(choices: Sequence[str], sets: Sequence[str]) -> list[str]:
    """FGP 15.10: of the pit stop's tyre choices ("keep", compounds), the dry
    compounds with a set left; anything else (keep, wet tyres) stays."""
    return [t for t in choices if t not in DRY or t in sets]
