"""Bolide actions: small frozen dataclasses that round-trip through JSON."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """Drive to (x, y): a pawn point, a sharp braking, a standing start, a
    creep back from the run-off, or an engagement when a car stands there.
    `slip` ("N", "E", "S" or "W") adds the slipstream's +1 square."""
    x: int
    y: int
    slip: str | None = None

    # The dataclass's own equality, written out: the engine finds a chosen
    # action in a legal list of ~25 Moves by comparing, and this one builds
    # no tuples (a third of the cost).
    def __eq__(self, other):
        if other.__class__ is not Move:
            return NotImplemented
        return self.x == other.x and self.y == other.y and self.slip == other.slip

    def __hash__(self):
        return hash((self.x, self.y, self.slip))


@dataclass(frozen=True, slots=True)
class Request:
    """BOLIDE 7: roll for a Booster or a Brake before moving."""
    kind: str


@dataclass(frozen=True, slots=True)
class Joker:
    """BOLIDE 11 set-ups: use the set-up's re-roll after a negative result, or not."""
    use: bool


@dataclass(frozen=True, slots=True)
class Stay:
    """BOLIDE 8: after a half spin, stay put and pass (the pawn on the car);
    also, a car that cannot move at all."""


@dataclass(frozen=True, slots=True)
class Expire:
    """BOLIDE 3, sand timer: time ran out; the car takes the pawn's point."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put the car on (x, y): after losing an engagement, at a Safety Car
    re-grid, or on the Pit Lane Out line."""
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Service:
    """BOLIDE 9/15: what the pit lane is for: "tyres", "repair" or "fuel"."""
    kind: str


@dataclass(frozen=True, slots=True)
class Strategy:
    """BOLIDE 11/13: fuel ("full"/"half"), tyres ("soft"/"hard"), set-up
    ("booster"/"brake"; kept at a pit stop) and rain tyres or slicks."""
    fuel: str
    tyres: str
    setup: str
    wet: bool = False


@dataclass(frozen=True, slots=True)
class Refit:
    """BOLIDE 12: after qualifying, repair and/or fit new tyres (back of the grid)."""
    repair: bool
    tyres: bool


ACTION_TYPES = (Move, Request, Joker, Stay, Expire, Place, Service, Strategy, Refit)
