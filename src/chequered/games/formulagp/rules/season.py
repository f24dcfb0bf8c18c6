"""A FormulaGP championship (FGP 14.1, 14.3): the races of a series one
after the other in one game, the drivers' standings carried over, and from
the second race the pit boxes ordered by the standings (the leader nearest
the pit exit)."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event, Result
from ..state import RACE_FIELDS, Race
from . import cards as C
from . import teams as T
from .compounds import disqualified
from .points import add_race, race_points, standing_order, team_points
from .setup import new_race

CARRIED = ("season", "results", "standings")


def race_over(race: Race) -> list[Event]:
    """The race just classified scores (FGP 14.2); the championship goes on
    with the next track, or it is over."""
    pts = race_points(C.content_of(race).control.points, race.classification)
    race.standings = add_race(race.standings, pts)
    last = list(race.classification)
    # FGP 17: the chart's columns for this race: position, points, total, standing
    race.results.append({"track": race.track, "classification": last,
                         "points": {str(k): v for k, v in pts.items()},
                         "totals": {str(k): v for k, v in race.standings.items()},
                         "standing": [int(s) for s in standing_order(race.standings, last)]})
    ev = [Event("race_points", {"track": race.track,
                                "points": {str(k): v for k, v in pts.items()}}, "FGP 14.2")]
    if "constructors" in race.config.options:         # FGP 14.4: both cars' points
        race.results[-1]["team_points"] = team_points(pts, _team_of(race))
        ev.append(Event("team_points", {"points": {r["team"]: r["points"] for r in
                                                   constructors(race, pts, last)}}, "FGP 14.4"))
    if not race.season:
        return ev
    nxt = race.season[0]
    cfg = race.config
    fresh = new_race(nxt, len(race.cars), boards=[c.board for c in race.cars],
                     sides=[c.side for c in race.cars], tyres=cfg.tyres,
                     drivers=[c.driver for c in race.cars],
                     controllers=[c.controller for c in race.cars],
                     seed=_next_seed(race, ev),
                     content_dir=race.content_dir, rules=cfg.rules, config=cfg,
                     teams=cfg.teams)
    keep = {f: getattr(race, f) for f in CARRIED}
    for f in RACE_FIELDS:
        setattr(race, f, getattr(fresh, f))
    for f, v in keep.items():
        setattr(race, f, v)
    race.season = race.season[1:]
    # FGP 14.1 / 14.3: pit boxes by the standings from the second race on, the
    # leader's nearest the exit; equal totals by the race just run (our choice);
    # FGP 14.1 / 14.4: teams' boxes by the team standings (rules/teams.py)
    in_boxes = T.box_order_by_standings(race.standings, last, T.units(cfg.teams, len(race.cars)),
                                        constructors="constructors" in cfg.options)
    race.pit_order = T.flatten(in_boxes)
    box_of = T.boxes(in_boxes)
    for car in race.cars:
        car.box = box_of[car.seat]
    return ev + [Event("next_race", {"track": nxt, "pit_order": list(race.pit_order)},
                       "FGP 14.3")]


def _next_seed(race: Race, ev: list) -> int:
    """The next race's own seed, from this race's chance: one 64-bit draw
    (`below(2**64)` is the generator's next number) cut to 62 bits."""
    return chance.below(race.chance, ev, 2 ** 64, rule="FGP 14.1",
                        what="the next race") & (2 ** 62 - 1)


def _team_of(race: Race) -> dict[int, str]:
    return {c.seat: c.team for c in race.cars}


def team_standings(race: Race) -> dict[str, int]:
    """The constructors' standings: a team scores its cars' points (FGP 14.4)."""
    return team_points(race.standings, _team_of(race))


def constructors(race: Race, scored: dict[int, int], last: list[int]) -> list[dict]:
    """FGP 14.4: the Constructors' classification from `scored` (a race's points
    or the season's totals), most points first, ties by the better finish in
    `last` (A75): each team with its number (FGP 16.5), points and cars."""
    team_of = _team_of(race)
    totals = team_points(scored, team_of)
    number = {c.team: c.number for c in race.cars}
    return [{"team": t, "number": number[t], "points": totals.get(t, 0),
             "cars": [c.seat for c in race.cars if c.team == t]}
            for t in T.team_order(totals, team_of, last)]


def result(race: Race) -> Result:
    """The classification with its points (FGP 12.2, 14.2); a championship
    is classified by its standings, ties by the last race (FGP 14.3)."""
    from ..text import seat_names
    names = seat_names(race)
    laps = {c.seat: max(0, c.laps) for c in race.cars}
    kept = "constructors" in race.config.options        # FGP 14.4
    if "championship" in race.config.options:
        last = race.results[-1]["classification"]
        order = standing_order(race.standings, last)
        extra = {"races": race.results, "teams": team_standings(race),
                 "team_of": {str(c.seat): c.team for c in race.cars}}
        if kept:
            table = constructors(race, race.standings, last)
            extra["teams"] = {r["team"]: r["points"] for r in table}     # in standings order
            extra["constructors"] = table
        return Result(classification=order, points=dict(race.standings), laps=laps,
                      names=names, extra=extra)
    pts = race_points(C.content_of(race).control.points, race.classification)
    extra = {"teams": {str(c.seat): c.team for c in race.cars}}
    if kept:
        extra["constructors"] = constructors(race, pts, list(race.classification))
    notes = {c.seat: f"{c.penalties} penalty token(s)" for c in race.cars if c.penalties}
    for s in disqualified(race):                        # [ADV] FGP 5.1.3
        notes[s] = "; ".join(filter(None, [notes.get(s), "disqualified: one tyre type"]))
    return Result(classification=list(race.classification), points=pts, laps=laps, names=names,
                  notes=notes, extra=extra)
