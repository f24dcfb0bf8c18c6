"""Race Pace's numbers for studies (chequered simulate), read from a race's
final state: each car's team and driver, its final bar levels, its tyres,
and the weather the race saw."""
from __future__ import annotations

from .state import AER, EBS, MEC, PU, SKI, XP, RaceState
from .tables import tables

_BARS = (("mechanics", MEC), ("power_unit", PU), ("aero", AER), ("skill", SKI),
         ("experience", XP), ("ebs", EBS))
_SETS = 2          # RP Tyres and Pit Stops: two soft and two medium sets a race


def metrics(s: RaceState) -> dict[int, dict]:
    T = tables(s.config.content)
    turned = [*s.decks["weather"].discards, s.weather_card]
    rain_cards = sum(1 for k in turned if k in T.weather and T.weather[k].kind == "rain")
    out = {}
    for car in s.cars:
        m = {"team": car.team, "driver": car.driver, "rounds": s.round,
             "rain_cards": rain_cards, "finished": car.finished, "dsq": car.dsq is not None}
        # Bar levels A..E as 0..4 at the finish (upgrades taken show here).
        m.update({name: car.bars[i] for name, i in _BARS})
        # RP Bot rules: bots have no tyres; the tyre numbers are for the others.
        tyred = not car.bot
        m["compounds"] = "-".join(car.used) if tyred else None
        m["compound_count"] = len(set(car.used)) if tyred else None
        m["soft_sets"] = _SETS - car.sets.get("S", _SETS) if tyred else None
        m["medium_sets"] = _SETS - car.sets.get("M", _SETS) if tyred else None
        out[car.seat] = m
    return out
