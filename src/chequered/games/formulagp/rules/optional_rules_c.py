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


# ---- FGP 15.8 Photo Finish ----------------------------------------------------------------
PHOTO_ROUNDS = 12       # A151 (ours): photo-finish rounds before the driver sequence decides


def photo_group(finishers: Sequence, placed: Sequence, winner: int) -> list[int]:
    """FGP 15.8: the cars fighting for the win on the winner's tile after the
    penalties (FGP 12.2.1): the winner and every car on its tile and lap that
    crossed the line in the final round, not spun, no lap down. Fewer than
    two: no photo finish. `finishers` / `placed` are rules/finish.py's."""
    at = {p.seat: p.distance for p in placed}
    ok = [f.seat for f in finishers if f.crossed and f.spin == "none" and not f.laps_down]
    if winner not in ok:
        return []
    group = [s for s in ok if at[s] == at[winner]]
    return group if len(group) > 1 else []


def photo_leader(scores: dict[int, int]) -> tuple[int | None, list[int]]:
    """FGP 15.8.1: the car a tile ahead of all the others wins; else the cars
    level at the front go on (the winner None and those cars)."""
    best = max(scores.values())
    front = [s for s, v in scores.items() if v == best]
    return (front[0] if len(front) == 1 else None), front


def photo_classification(classification: Sequence[int], group: Sequence[int],
                         scores: dict[int, int], winner: int | None) -> list[int]:
    """The classification with the photo-finish cars (the top of it) in their
    new order: the winner first, the others by the tiles reached (A151), the
    driver sequence (the old order) breaking ties."""
    old = list(classification)
    ranked = sorted(group, key=lambda s: (s != winner, -scores.get(s, 0), old.index(s)))
    rest = [s for s in old if s not in set(group)]
    return ranked + rest
