"""BOLIDE 3, Turns of the Game: who moves first, and laps.

Race order: more sectors passed first; in the same sector, the car further
ahead along that sector's red arrow; still level, the car that was ahead in
the previous turn. Progress counts sectors passed in race order, so a lap
only counts when every sector was passed in turn: no car can finish by
cutting back across the line.
"""
from __future__ import annotations

from ..circuit import Circuit


def sector_step(c: Circuit, old_sector: int, new_sector: int) -> int:
    """Signed number of sectors moved: the shortest way round."""
    n = c.n_sectors
    d = (new_sector - old_sector) % n
    return d - n if d > n // 2 else d


def advance_progress(c: Circuit, car, x: int, y: int) -> None:
    """Move the car's progress to the sector of (x, y)."""
    sec = c.sector_at(x, y)
    if sec < 0:
        return
    car.progress += sector_step(c, car.progress % c.n_sectors, sec)


def lap_of(c: Circuit, progress: int) -> int:
    """1 for the first lap (the grid included), 2 for the second, ..."""
    return max(0, progress) // c.n_sectors + 1


def rank_key(c: Circuit, car):
    """Smaller is further ahead."""
    ax, ay = c.arrows[car.progress % c.n_sectors]
    return (-car.progress, -(car.x * ax + car.y * ay), car.rank)


def race_order(c: Circuit, cars) -> list:
    """The cars still running, first to move first."""
    return sorted((car for car in cars if car.running), key=lambda car: rank_key(c, car))


def finished_laps(c: Circuit, car, laps: int) -> bool:
    return car.progress >= laps * c.n_sectors
