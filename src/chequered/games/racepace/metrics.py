"""Race Pace's numbers for studies (chequered simulate): from a race's final
state, each car's team and driver, its final bar levels, its tyres and the
weather the race saw (metrics); from its steps, the buttons each car pressed
and its starting tyre (Tally)."""
from __future__ import annotations

from .actions import ChooseTyre, Copy, Select
from .rules.pace import RAIN, is_rain
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


class Tally:
    """What a race's steps show and its final state forgets: the buttons each
    car pressed (RP Step 2, a React copy included: it is the same action) in
    dry and in wet rounds, its starting tyre and the weather it was chosen
    in (RP Setup 3), its pit stops, and the rounds raced in the rain."""

    __slots__ = ("T", "counts", "keys", "rounds", "wet", "raining")

    def __init__(self, s: RaceState):
        self.T = tables(s.config.content)
        self.keys = [f"{w}_{b.key.lower()}" for w in ("dry", "wet")
                     for b in self.T.buttons.values()]
        self.rounds = self.wet = 0
        self.raining = is_rain(s)        # the weather of the round being played
        # RP Bot rules: bots have no tyres, so no pit stops either (None, not 0)
        self.counts: dict[int, dict] = {
            car.seat: {"pit_stops": None if car.bot else 0} for car in s.cars}

    def step(self, s: RaceState, seat: int, action, events) -> None:
        # The action first, in the weather known before this step's events:
        # they may already turn the next round's weather card (RP Step 1).
        kind = type(action)
        if kind is Select or kind is Copy:
            if action.button is not None:
                key = ("wet_" if self.raining else "dry_") + \
                    self.T.buttons[action.button].key.lower()
                mine = self.counts[seat]
                mine[key] = mine.get(key, 0) + 1
                if action.tyre is not None:            # Box Box with a new set
                    mine["pit_stops"] += 1
        elif kind is ChooseTyre:
            # RP Setup 3: chosen before the start, in the weather then showing
            self.counts[seat].update(start_tyre=action.tyre,
                                     start_weather="rain" if self.raining else "dry")
        for e in events:
            if e.kind == "round_end":
                self.rounds += 1
                self.wet += self.raining
            elif e.kind == "forecast":
                self.raining = e.data["weather"][0] == RAIN

    def values(self) -> dict[int, dict]:
        out = {}
        for seat, mine in self.counts.items():
            # Every button gets a count (0 when never pressed): the columns of
            # every race line up, and a count of 0 is a value, not a gap.
            row = dict.fromkeys(self.keys, 0)
            row.update(mine)
            # dry: no round in the rain; wet: half the rounds or more; else mixed
            row["rain_rounds"] = self.wet
            row["race_weather"] = ("dry" if not self.wet else
                                   "wet" if 2 * self.wet >= self.rounds else "mixed")
            out[seat] = row
        return out
