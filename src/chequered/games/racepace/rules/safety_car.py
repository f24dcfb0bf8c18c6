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
    effects = sc[turned["I"]] + sc[turned["II"]]
    if not effects:
        return                    # neither card can call it: no lap to count
    by_lap: dict[int, list] = {}
    for car in s.cars:
        if car.dist > 0 and not car.finished:
            by_lap.setdefault(car.dist, []).append(car)
    crowded = [cars for cars in by_lap.values() if len(cars) > 1]
    if not crowded:
        return
    for need, limit in effects:             # (cars in a lap, XP limit)
        for cars in crowded:
            count = cars if limit is None else [c for c in cars if c.bars[XP] < limit]
            if len(count) >= need:
                s.safety_car = True
                s.sc_cause.update(c.seat for c in count)
    if s.safety_car:
        events.append(Event("safety_car", {"cause": sorted(s.sc_cause)},
                            "RP Safety Car Situations"))
