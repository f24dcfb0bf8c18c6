"""FGP 15.1, 15.7.2, 15.8, 15.12, 15.13: the last optional rules, pure
functions. Each rule is a named game option (config.OPTIONS); the step code
that reads `name in race.config.options` is rules/optional_steps_c.py. The
readings where the book is open are the matrix's A150-A159 ("Choices")."""
from __future__ import annotations

from typing import Iterable, Sequence

# ---- FGP 15.7.2 Defending Position -------------------------------------------------------
BLOCK_COLOURS = ("green", "red", "orange")   # FGP 15.7.2: "a GREEN, RED, or ORANGE movement card"
BLOCK_WEAR = 1                               # FGP 15.7.2: "the attacker must then increase tyre wear +1"


def block_cards(hand: Iterable[str], facts: dict) -> list[str]:
    """FGP 15.7.2: the defender's cards that can block: movement cards of the
    three colours (`facts`: card id -> (kind, colour), rules/cards.py)."""
    return [c for c in hand if facts.get(c, ("", None))[0] == "movement"
            and facts[c][1] in BLOCK_COLOURS]


def block_side(defender_lanes: Sequence[int], attacker_lanes: Sequence[int]) -> str | None:
    """FGP 15.7.2 "change lanes and block the attacker" (A150): the defender
    moves one lane toward the attacker's lane; None when it already covers it."""
    if max(attacker_lanes) < min(defender_lanes):
        return "left"
    if min(attacker_lanes) > max(defender_lanes):
        return "right"
    return None
