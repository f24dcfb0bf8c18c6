"""What each team would score if the race ended now: the value a search
(agents/mcts.py) reads when a rollout stops before the end.

A team is classified by the points of all its cars (STOCK Ending the race,
scoring, rules/scoring.py), not by its best car, so the running order a
spectator sees (one row a car) says little about who is winning: a team
that lets three cars fall back behind its leader can lead the order and
come last. Here every car takes the Position marker it would get now:
cars out of the race or finished keep theirs, the racing cars share the
free markers in running order. Turn Leader markers count as won so far.
The value is those points less every point on the table (the sum over all
teams), so that it is never positive, as the search's own-progress term
expects (higher is better; one unit is a point).
"""
from __future__ import annotations

from .content import load_content
from .rules.order import running_order
from .rules.scoring import car_points


def provisional_points(state) -> dict[int, int]:
    """Each seat's points with the Position markers of the running order."""
    C = load_content(state.config.content)
    T, R = C.tracks[state.track], C.rules
    n = len(state.cars)
    taken = {c.position for c in state.cars if c.position is not None}
    free = iter(p for p in range(1, n + 1) if p not in taken)
    marker = {c.idx: c.position for c in state.cars if c.position is not None}
    for car in running_order(state, T):
        marker[car.idx] = next(free)
    points = {seat: 0 for seat in range(len(state.hands))}
    for car in state.cars:
        points[car.team] += car_points(R, n, car, marker[car.idx])
    return points


def search_value(state) -> dict[int, float]:
    points = provisional_points(state)
    table = sum(points.values())
    return {seat: float(p - table) for seat, p in points.items()}
