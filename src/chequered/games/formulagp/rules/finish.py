"""The race finish (FGP 12): the final lap and final round, penalties at the
end (5 tiles back per token), and the classification.

Pure functions over small records; the round machine fills `Finisher` from
the race (laps, tile index of the car's space, penalty tokens, whether it
crossed the line in the final round, its spin state, its blue flags) in the
driver-sequence order of the last round, front car first.

Choices made (see docs/rules/formulagp.md):
- A45: the final round is the round in which a car crosses the line as race
  leader with the flag at (or past) the final-lap space; every car that has
  not moved in it still moves, then the race is over.
- A30: penalties count movement-point tiles only (the track's tile list) and
  distance is continuous, so going back across the line costs a lap.
- Placing a penalised car on a tile with several cars: it goes ahead of the
  first car there (front to back) holding as many tokens or more, else behind
  them all (FGP 12.2.1 for each car it meets).
- A31: classification key = (blue-flag laps down, crossed the line in the final
  round first, among crossers: no spin / spun on track / spun off track,
  distance after penalties, fewer penalty tokens on the same tile, the order
  the penalties left on that tile, which is the driver sequence otherwise:
  FGP 12.2.2, the caller passes the cars in that order).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PENALTY_TILES = 5                     # FGP 12.2.1
SPIN_RANK = {"none": 0, "on_track": 1, "off_track": 2}    # FGP 12.2.2

Spin = Literal["none", "on_track", "off_track"]


# ---- FGP 12.1 ------------------------------------------------------------------
def final_lap(flag: int, final_flag: int = 24) -> bool:
    """FGP 12.1: once the chequered flag reaches radar space 24 the current lap
    is the last."""
    return flag >= final_flag


def final_round(flag: int, *, leader_crossed: bool, final_flag: int = 24) -> bool:
    """FGP 12.1 (A45): the round becomes the final round when the race leader
    crosses the start/finish line during the final lap."""
    return final_lap(flag, final_flag) and leader_crossed


def places_yellow_flag(*, final_round: bool) -> bool:
    """FGP 12.1: a spin or off in the final round places no Yellow Flag and the
    car may be passed."""
    return not final_round


# ---- FGP 12.2.1 penalties ------------------------------------------------------------
def revealed_penalties(held: int, hand_icons: list[int], event_icons: list[int]) -> int:
    """FGP 12.2.1 / 13.12: tokens after the reveal: those gained in the race
    plus one per penalty icon on the cards left in hand and the held EVENT
    cards (the Draw Failure card carries them, FGP 4.3.4)."""
    return held + sum(hand_icons) + sum(event_icons)


@dataclass(slots=True, unsafe_hash=True)
class Finisher:
    seat: int
    laps: int                 # completed laps
    tile: int                 # movement-point tile index (0 = first after the line)
    penalties: int = 0
    crossed: bool = False     # crossed the start/finish line in the final round
    spin: Spin = "none"       # how its final turn ended (FGP 12.2.2)
    laps_down: int = 0        # Blue Flag tokens: 1 single, 2 double (FGP 13.11)


@dataclass(slots=True, unsafe_hash=True)
class Placed:
    seat: int
    distance: int             # tiles from the start: laps * lap tiles + tile
    laps: int
    tile: int


def distance(f: Finisher, lap_tiles: int) -> int:
    return f.laps * lap_tiles + f.tile


def apply_end_penalties(cars: list[Finisher], lap_tiles: int,
                        tiles_per_token: int = PENALTY_TILES) -> list[Placed]:
    """FGP 12.2.1: from the last car forward, every car with Penalty tokens
    goes back 5 tiles a token (tiles only, lanes and spaces ignored). On a tile
    with other cars it goes behind a car holding fewer tokens and ahead of a
    car holding as many or more. Returns every car front to back."""
    tokens = {c.seat: c.penalties for c in cars}
    # front to back; cars on one tile keep the given (driver-sequence) order
    order = sorted(((c.seat, distance(c, lap_tiles)) for c in cars),
                   key=lambda x: -x[1])
    for seat, _ in list(reversed(order)):
        if tokens[seat] <= 0:
            continue
        i = next(k for k, (s, _) in enumerate(order) if s == seat)
        _, d = order.pop(i)
        target = d - tiles_per_token * tokens[seat]
        here = [k for k, (_, dd) in enumerate(order) if dd == target]
        if here:
            ahead_of = [k for k in here if tokens[order[k][0]] >= tokens[seat]]
            at = ahead_of[0] if ahead_of else here[-1] + 1
        else:
            at = next((k for k, (_, dd) in enumerate(order) if dd < target), len(order))
        order.insert(at, (seat, target))
    return [Placed(s, d, d // lap_tiles, d % lap_tiles) for s, d in order]


# ---- FGP 12.2.2 classification -----------------------------------------------------
def classify(cars: list[Finisher], lap_tiles: int,
             tiles_per_token: int = PENALTY_TILES) -> list[int]:
    """FGP 12.2.2 (A31): the finishing order of seats, winner first, after the
    end-of-race penalties."""
    placed = apply_end_penalties(cars, lap_tiles, tiles_per_token)
    where = {p.seat: (i, p.distance) for i, p in enumerate(placed)}
    by_seat = {c.seat: c for c in cars}

    def key(seat: int):
        c = by_seat[seat]
        i, d = where[seat]
        return (c.laps_down, not c.crossed, SPIN_RANK[c.spin] if c.crossed else 0,
                -d, c.penalties, i)
    return sorted(by_seat, key=key)
