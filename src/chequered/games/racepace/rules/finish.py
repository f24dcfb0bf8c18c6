"""RP Winning the Game, Team Play points and Campaign standings."""
from __future__ import annotations

from ....engine.protocol import Event, Result
from ..state import RaceState
from ..tables import Tables
from .. import text      # (the module: text imports rules.actions, which imports this one)
from .pace import leaderboard


def race_over(s: RaceState, crossed: bool) -> bool:
    """RP Winning the Game: the race ends at the end of the round in which the
    first driver crosses the line (`crossed`: a car crossed it this round);
    in Team Play when the last car has finished."""
    if s.variants.team_play:
        return all(c.finished for c in s.cars)
    return crossed


def classification(s: RaceState) -> list:
    """Finishers first: earliest round, furthest across the line, then the one
    who used EBS to cross, then the highest RP that round; then the others in
    leaderboard order; disqualified cars last."""
    finishers = sorted((c for c in s.cars if c.finished),
                       key=lambda c: (c.finish_round, -c.dist, not c.ebs_entry, -c.rp, c.stamp))
    others = [c for c in leaderboard(s) if not c.finished]
    order = finishers + others
    return [c for c in order if not c.dsq] + [c for c in order if c.dsq]


def two_compounds(s: RaceState, events: list[Event]) -> None:
    """RP Tyres and Pit Stops: every car must race on two compounds. Our choice:
    a car that did not is disqualified (as in the real sport); bots have no
    tyres (RP Bot rules) and are exempt."""
    for car in s.cars:
        if not car.bot and len(set(car.used)) < 2:
            car.dsq = "raced on one compound only"
            events.append(Event("dsq", {"seat": car.seat, "why": car.dsq},
                                "RP Tyres and Pit Stops"))


def race_points(s: RaceState, T: Tables, order) -> dict[int, int]:
    """RP Team Play: 25-18-15-12-10-6-2-0 by finishing position (Campaign
    uses the same table); disqualified cars score nothing."""
    table = T.content.board.team_points
    return {c.seat: (table[i] if i < len(table) and not c.dsq else 0)
            for i, c in enumerate(order)}


def fastest_lap(s: RaceState, order, events: list[Event]) -> None:
    """RP Campaign: the most laps moved in one round takes the Fastest Lap
    Card; another driver takes it only by moving more."""
    best = s.fastest[1] if s.fastest else 0
    for car in order:
        if car.moved > best:
            best = car.moved
            s.fastest = (car.seat, car.moved)
            events.append(Event("fastest_lap", {"seat": car.seat, "laps": car.moved},
                                "RP Campaign Mode"))


def close_race(s: RaceState, T: Tables, events: list[Event]) -> None:
    """Classify the race and, in a Campaign, add it to the standings."""
    two_compounds(s, events)
    order = classification(s)
    points = race_points(s, T, order)
    fastest = s.fastest[0] if s.fastest and s.variants.campaign else None
    if fastest is not None:
        points[fastest] += T.content.board.fastest_lap_points
    for seat, p in points.items():
        s.standings[seat] += p
    s.race_results.append({"circuit": s.circuit, "classification": [c.seat for c in order],
                           "points": {str(k): v for k, v in points.items()},
                           "fastest": fastest, "rounds": s.round})
    events.append(Event("race_over", {"circuit": s.circuit,
                                      "classification": [c.seat for c in order]},
                        "RP Winning the Game"))


def result(s: RaceState) -> Result:
    """The result of a finished race, or of a Campaign's season."""
    last = s.race_results[-1]
    if s.variants.campaign:
        # RP Campaign Mode: the champion has the most points over the season.
        order = sorted(s.standings, key=lambda seat: (-s.standings[seat],
                                                      last["classification"].index(seat)))
        points = dict(s.standings)
    else:
        order = list(last["classification"])
        points = {int(k): v for k, v in last["points"].items()}
    extra = {"races": s.race_results}
    if s.variants.team_play:
        teams: dict[str, int] = {}
        for car in s.cars:
            teams[car.team] = teams.get(car.team, 0) + points[car.seat]
        extra["teams"] = dict(sorted(teams.items(), key=lambda kv: -kv[1]))
    return Result(
        classification=order,
        points=points,
        laps={c.seat: c.dist for c in s.cars},
        names=text.seat_names(s),
        notes={c.seat: f"DSQ: {c.dsq}" for c in s.cars if c.dsq},
        extra=extra,
    )
