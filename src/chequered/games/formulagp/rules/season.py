"""A FormulaGP championship (FGP 14.1, 14.3): the races of a series one
after the other in one game, the drivers' standings carried over, and from
the second race the pit boxes ordered by the standings (the leader nearest
the pit exit)."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event, Result
from ..state import RACE_FIELDS, Race
from . import cards as C
from .compounds import disqualified
from .points import add_race, pit_box_order, race_points, standing_order, team_points
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
    if not race.season:
        return ev
    nxt = race.season[0]
    cfg = race.config
    fresh = new_race(nxt, len(race.cars), boards=[c.board for c in race.cars],
                     sides=[c.side for c in race.cars], tyres=cfg.tyres,
                     drivers=[c.driver for c in race.cars],
                     controllers=[c.controller for c in race.cars],
                     seed=_next_seed(race, ev),
                     content_dir=race.content_dir, rules=cfg.rules, config=cfg)
    keep = {f: getattr(race, f) for f in CARRIED}
    for f in RACE_FIELDS:
        setattr(race, f, getattr(fresh, f))
    for f, v in keep.items():
        setattr(race, f, v)
    race.season = race.season[1:]
    # FGP 14.1 / 14.3: pit boxes by the standings from the second race on, the
    # leader's nearest the exit; equal totals by the race just run (our choice)
    race.pit_order = pit_box_order(race.standings, last)
    for car in race.cars:
        car.box = race.pit_order.index(car.seat)
    return ev + [Event("next_race", {"track": nxt, "pit_order": list(race.pit_order)},
                       "FGP 14.3")]


def _next_seed(race: Race, ev: list) -> int:
    """The next race's own seed, from this race's chance: one 64-bit draw
    (`below(2**64)` is the generator's next number) cut to 62 bits."""
    return chance.below(race.chance, ev, 2 ** 64, rule="FGP 14.1",
                        what="the next race") & (2 ** 62 - 1)


def team_standings(race: Race) -> dict[str, int]:
    """The constructors' standings: a team scores its cars' points (FGP 14.4)."""
    return team_points(race.standings, {c.seat: c.team for c in race.cars})


def result(race: Race) -> Result:
    """The classification with its points (FGP 12.2, 14.2); a championship
    is classified by its standings, ties by the last race (FGP 14.3)."""
    from ..text import seat_names
    names = seat_names(race)
    laps = {c.seat: max(0, c.laps) for c in race.cars}
    if "championship" in race.config.options:
        order = standing_order(race.standings, race.results[-1]["classification"])
        return Result(classification=order, points=dict(race.standings), laps=laps,
                      names=names,
                      extra={"races": race.results, "teams": team_standings(race),
                             "team_of": {str(c.seat): c.team for c in race.cars}})
    pts = race_points(C.content_of(race).control.points, race.classification)
    notes = {c.seat: f"{c.penalties} penalty token(s)" for c in race.cars if c.penalties}
    for s in disqualified(race):                        # [ADV] FGP 5.1.3
        notes[s] = "; ".join(filter(None, [notes.get(s), "disqualified: one tyre type"]))
    return Result(classification=list(race.classification), points=pts, laps=laps, names=names,
                  notes=notes,
                  extra={"teams": {str(c.seat): c.team for c in race.cars}})
