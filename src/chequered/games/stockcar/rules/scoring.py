"""Scoring at the end of the race.

STOCK Ending the race, scoring (ours, docs/rules/stockcar.md): every car
scores for its Position marker (cars in the race + 1 - position, plus a
bonus for the winner) and for each Turn Leader marker in its box (the
leader at the end of each turn scores). A team scores the sum of its cars.
Teams level on points are separated by the Team Bar of the next Race card
(STOCK The Team Bar: "to break ties").
"""
from __future__ import annotations

from ....engine.protocol import Event, Result
from ..content import load_content
from .events import read_bar, seat_of_team


def car_points(R, cars: int, car, position: int | None = None) -> int:
    """A car's points on its Position marker (or on `position`: the marker
    it would take now, for a race read before its end)."""
    position = car.position if position is None else position
    pts = cars + 1 - position + car.leads * R.turn_leader_points
    if position == 1:
        pts += R.win_bonus
    return pts


def score(state, C, T, events: list) -> None:
    R = C.rules
    n = len(state.cars)
    points = {seat: 0 for seat in range(len(state.hands))}
    for car in state.cars:
        points[car.team] += car_points(R, n, car)
    rank = {}
    values = sorted(set(points.values()), reverse=True)
    for v in values:
        level = [s for s in points if points[s] == v]
        if len(level) > 1:
            seats = seat_of_team(state, C)
            bar = [seats[t] for t in read_bar(state, C, events) if t in seats]
            level.sort(key=bar.index)
        for s in level:
            rank[s] = len(rank)
    state.scores = {s: points[s] for s in points}
    state.classification = sorted(points, key=rank.get)      # best first
    events.append(Event("scores", {"points": {str(k): v for k, v in points.items()},
                                   "classification": list(state.classification)},
                        "STOCK Scoring"))


def result(state) -> Result:
    """The finished race (GameSpec.result): teams by points, laps of each
    team's best car, and where every car ended."""
    from ..text import seat_names
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    seats = range(len(state.hands))
    laps = {seat: max(max(c.dist, 0) // T.n for c in state.cars if c.team == seat)
            for seat in seats}
    cars = {str(c.number): {"seat": c.team, "position": c.position, "status": c.status,
                            "leads": c.leads} for c in state.cars}
    return Result(classification=list(state.classification), points=dict(state.scores),
                  laps=laps, names=seat_names(state),
                  notes={s: "best car P" + str(min(c.position for c in state.cars
                                                   if c.team == s)) for s in seats},
                  extra={"cars": cars})
