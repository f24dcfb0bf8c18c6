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


# ---- FGP 15.13 New Overtake Mode ----------------------------------------------------------
def zone_tiles(drs_zones: Sequence[Sequence[int]], zone: int | None) -> frozenset[int]:
    """FGP 15.13: the tiles of the one DRS zone used as the control point
    (1-based `zone`, the track data's `overtake_zone`); empty without one."""
    if zone is None or not 1 <= zone <= len(drs_zones):
        return frozenset()
    return frozenset(drs_zones[zone - 1])


def entered(zone: frozenset[int], start_tile: int | None, tiles_driven: Iterable[int]) -> bool:
    """FGP 15.13 "each time you enter the DRS zone" (A152): the move started
    outside the zone and drove onto one of its tiles."""
    return start_tile not in zone and any(t in zone for t in tiles_driven)


def caught_gap(zone: frozenset[int], my_tile: int, others: Iterable[int], lap_tiles: int
               ) -> int | None:
    """FGP 15.13: the tiles from this car to the nearest car ahead of it in the
    zone, that car's tile counted (the same tile counts 1, A152); None when
    the car is not in the zone or no other car is ahead of it there."""
    if my_tile not in zone:
        return None
    gaps = [max(1, (t - my_tile) % lap_tiles) for t in others if t in zone
            and (t - my_tile) % lap_tiles <= len(zone)]
    return min(gaps) if gaps else None


def overtake_charge(gap: int | None, max_ot: int) -> int:
    """FGP 15.13: the saved OT set at the control point: the gap, up to the
    car's maximum OT; no car caught in the zone sets it to zero."""
    return 0 if gap is None else min(gap, max_ot)


# ---- FGP 15.1 Player Turn Sequence determined by momentum ----------------------------------
def momentum_groups(tiles: dict[int, int]) -> list[list[int]]:
    """FGP 15.1: the cars that start their turn on one tile, two or more
    (`tiles`: seat -> tile of the cars the rule covers), in seat order."""
    by: dict[int, list[int]] = {}
    for seat, tile in sorted(tiles.items()):
        by.setdefault(tile, []).append(seat)
    return [g for _, g in sorted(by.items()) if len(g) > 1]


def momentum_order(order: Sequence[int], groups: Sequence[Sequence[int]],
                   leds: dict[int, int], worn: Iterable[int]) -> list[int]:
    """FGP 15.1: within each group the most LEDs of the movement cards shown
    moves first, a tie keeps the standard order, a car on worn tyres moves
    last (A153: last of its tile; one that showed no card before it). The
    group keeps the places the standard sequence gave its cars."""
    out = list(order)
    worn = set(worn)
    for g in groups:
        slots = sorted(out.index(s) for s in g)
        ranked = sorted(g, key=lambda s: (s in worn, -leds.get(s, -1), order.index(s)))
        for i, s in zip(slots, ranked):
            out[i] = s
    return out
