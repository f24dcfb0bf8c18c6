"""Teams of two cars (FGP 14.4, 11.2.2, 2.1.4) and the Constructors'
Championship: pure functions on seats.

A config's `teams` gives each seat its team's number (`[1, 1, 2, 2, 3]`: seats 0
and 1 drive for one team, 2 and 3 for another, 4 alone). Without it every car is
its own team, as in the Standard set-up.

* A team is one *unit* of the pit lane: its two cars share one Pit Box tile
  (FGP 2.1.4, 11.2.2), so the tiles shuffled at set-up (FGP 3.1) and ordered by
  the standings (FGP 14.1) are the teams'. The unit lists its seats in seat order:
  the first is the team's first car (A112: it takes the team's name and number
  from its board, qualifies first and wins a tie at the box; the book's "the player
  qualifies first, the Pro BOT second" for a player with a BOT teammate).
* Team points (FGP 14.4): a team scores both its cars' points after each race.
* Pit boxes from the second race (FGP 14.1): by the team standings when the
  Constructors' Championship is kept; else by the standings of the team's better
  driver (A113); equal totals by the better finish in the race just run (A75).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .points import standing_order

MAX_TEAM = 2            # FGP 14.4: "both drivers": a team races two cars


def check_teams(teams: Sequence[int] | None, seats: int) -> list[str]:
    """What is wrong with a config's `teams` (empty: nothing)."""
    if teams is None:
        return []
    if len(teams) != seats:
        return [f"teams: one entry per seat ({seats})"]
    counts: dict[int, int] = {}
    for t in teams:
        counts[t] = counts.get(t, 0) + 1
    return [f"teams: team {t} has {n} cars; a team races at most {MAX_TEAM} (FGP 14.4)"
            for t, n in sorted(counts.items()) if n > MAX_TEAM]


def units(teams: Sequence[int] | None, seats: int) -> list[list[int]]:
    """The teams as lists of seats, in the order of their first seats; one seat
    each without `teams`."""
    if teams is None:
        return [[s] for s in range(seats)]
    out: dict[int, list[int]] = {}
    for seat, t in enumerate(teams):
        out.setdefault(t, []).append(seat)
    return list(out.values())


def flatten(box_order: Sequence[Sequence[int]]) -> list[int]:
    """`Race.pit_order` from the units in box order (box 0 nearest the exit):
    teammates side by side, the team's first car first."""
    return [s for unit in box_order for s in unit]


def boxes(box_order: Sequence[Sequence[int]]) -> dict[int, int]:
    """Seat -> the index of its team's pit box (FGP 11.2.2: teammates share one)."""
    return {s: b for b, unit in enumerate(box_order) for s in unit}


def team_order(team_totals: Mapping[str, int], team_of: Mapping[int, str],
               last: Sequence[int]) -> list[str]:
    """FGP 14.4: the teams by points, most first; equal totals by the better
    finish of their cars in `last` (the race just run, A75)."""
    best: dict[str, int] = {}
    for pos, seat in enumerate(last):
        best.setdefault(team_of[seat], pos)
    return sorted(best, key=lambda t: (-team_totals.get(t, 0), best[t]))


def box_order_by_standings(standings: Mapping[int, int], last: Sequence[int],
                           unit_list: Sequence[Sequence[int]], *,
                           constructors: bool) -> list[list[int]]:
    """FGP 14.1 / 14.4: the units (teams) in pit-box order for the next race.
    With the Constructors' Championship, by the team standings; else by their
    better driver's place in the drivers' standings (A113)."""
    rank = {s: i for i, s in enumerate(standing_order(standings, last))}
    finish = {s: i for i, s in enumerate(last)}
    if constructors:
        totals = [sum(standings.get(s, 0) for s in u) for u in unit_list]
        key = {id(u): (-totals[k], min(finish[s] for s in u)) for k, u in enumerate(unit_list)}
    else:
        key = {id(u): (min(rank[s] for s in u),) for u in unit_list}
    return sorted(unit_list, key=lambda u: key[id(u)])
