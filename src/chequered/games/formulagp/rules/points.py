"""Championship points (FGP 14.2) and the season bookkeeping around them
(FGP 14.3 drivers' standings and pit-box order, 14.4 constructors).

The table lives in content (control.toml `[control.points]`, rows for 10+,
8 and 6 cars; our copy of the rulebook printed the 6-car row at the end of the
file). Field sizes between the rows (A41): 10 or more cars use the 10+ row,
8 or 9 the 8-car row, 7 or fewer the 6-car row. Places past the tenth score 0.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..content import Points


def points_row(points: Points, cars: int) -> list[int]:
    """FGP 14.2 (A41): the row of the table for a field of `cars` cars."""
    if cars < 1:
        raise ValueError("FGP 14.2: a race needs at least one car")
    return list(points.cars10 if cars >= 10 else points.cars8 if cars >= 8 else points.cars6)


def points_for(points: Points, cars: int, position: int) -> int:
    """FGP 14.2: points for finishing `position` (1 = winner)."""
    if position < 1:
        raise ValueError("FGP 14.2: positions start at 1")
    row = points_row(points, cars)
    return row[position - 1] if position <= len(row) else 0


def race_points(points: Points, classification: Sequence[int]) -> dict[int, int]:
    """FGP 14.2: points per seat from a classification (winner first)."""
    n = len(classification)
    return {seat: points_for(points, n, i + 1) for i, seat in enumerate(classification)}


def add_race(standings: Mapping[int, int], scored: Mapping[int, int]) -> dict[int, int]:
    """FGP 14.3: championship totals after one more race."""
    out = dict(standings)
    for seat, p in scored.items():
        out[seat] = out.get(seat, 0) + p
    return out


def team_points(scored: Mapping[int, int], teams: Mapping[int, str]) -> dict[str, int]:
    """FGP 14.4: a team scores the points of both its cars."""
    out: dict[str, int] = {}
    for seat, p in scored.items():
        out[teams[seat]] = out.get(teams[seat], 0) + p
    return out


def standing_order(standings: Mapping[int, int], last: Sequence[int]) -> list[int]:
    """FGP 14.3 / 17: the seats by championship points, most first; equal
    totals in the order of `last` (the classification of the race just run:
    A75, the rulebook does not say)."""
    rank = {s: i for i, s in enumerate(last)}
    return sorted(last, key=lambda s: (-standings.get(s, 0), rank[s]))


def pit_box_order(standings: Mapping[int, int], last: Sequence[int]) -> list[int]:
    """FGP 14.1 / 14.3: from the second race the pit boxes follow the standings,
    the leader in box 0 (nearest the pit exit, FGP 3.1); equal totals as in
    `standing_order` (by the race just run)."""
    return standing_order(standings, last)
