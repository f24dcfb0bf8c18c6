"""RP Safety Car Situations: when a situation card calls the Safety Car."""
from __future__ import annotations

from ....engine.protocol import Event
from ..state import XP
from ..tables import Tables


def determine(s, T: Tables, events: list[Event]) -> None:
    """RP Safety Car Situations: a card's condition is met when somewhere on
    the board 3 cars share a lap, or 2 cars whose drivers lack the XP.

    Our choice: the starting grid is not a lap, so it never calls the Safety
    Car; cars that have finished are out of the race and do not count.
    """
    s.safety_car = False
    if s.sc_cause:                # (mostly empty already: no new set each round)
        s.sc_cause = set()
    if s.variants.academy:        # RP Driver Academy: no situation cards
        return
    sc, turned = T.sc_effects, s.situation
    first, second = sc[turned["I"]], sc[turned["II"]]
    if not (first or second):
        return                    # neither card can call it: no lap to count
    effects = first + second
    by_lap: dict[int, list] = {}
    crowded = []                  # the laps of two cars or more, each listed once
    for car in s.cars:
        d = car.dist
        if d > 0 and not car.finished:
            cars = by_lap.get(d)
            if cars is None:
                by_lap[d] = [car]
            else:
                if len(cars) == 1:
                    crowded.append(cars)
                cars.append(car)
    if not crowded:
        return
    cause = s.sc_cause
    for need, limit in effects:             # (cars in a lap, XP limit)
        for cars in crowded:
            count = cars if limit is None else [c for c in cars if c.bars[XP] < limit]
            if len(count) >= need:
                s.safety_car = True
                for c in count:
                    cause.add(c.seat)
    if s.safety_car:
        events.append(Event("safety_car", {"cause": sorted(s.sc_cause)},
                            "RP Safety Car Situations"))
