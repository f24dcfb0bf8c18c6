"""The two car values every rule touches: tyre wear (FGP 10.1) and driver
stress (FGP 13.3), applied to a Race with their side effects (icons, the
Safety Car's freeze, focus, the race leader, RED rolls beyond STRESSED)."""
from __future__ import annotations

from ....engine.protocol import Event
from ..bot.stress import reset_at
from ..state import Car, Race
from . import cards as C
from .hazards import MIDDLE_SPACE, change_stress
from .tyres import apply_wear


def driver(race: Race, car: Car):
    by_id = _DRIVERS.get(race.content_dir)
    if by_id is None:
        # asked at every battle boost and result: the content's drivers by
        # id, once per content (one store: key and answer)
        by_id = {}
        for d in C.content_of(race).drivers():
            by_id.setdefault(d.id, d)               # the first card of an id, as a scan finds
        _DRIVERS[race.content_dir] = by_id
    return by_id[car.driver]


_DRIVERS: dict = {}     # content dir -> {driver id: DRIVER card}


def wear(race: Race, car: Car, n: int, rule: str = "FGP 10.1", *,
         movement: bool = False) -> list[Event]:
    """Move the tyre-wear marker (icons follow, FGP 10.1). Under the Safety
    Car the wear of the movement itself (lane changes, `movement`) is not
    added (FGP 13.9.2); spins, dice, cards and Tyre Wear cards still wear."""
    if n == 0:
        return []
    return apply_wear(C.board_side(race, car), car, n, rule=rule,
                      safety_car=movement and race.safety_car is not None)


def stress(race: Race, car: Car, delta: int, rule: str = "FGP 13.3") -> tuple[list[Event], int]:
    """Move the stress token (FGP 13.3). Returns the events and the number of
    RED dice the gain beyond STRESSED asks for at once. Under the Safety Car
    stress is held on the middle space (FGP 13.9.2)."""
    if race.safety_car is not None and delta != 0:
        return [], 0
    ch = change_stress(car.stress, delta, focus=car.focus, leader=car.leader)
    car.stress, car.focus = ch.stress, ch.focus
    ev = [Event("stress", {"seat": car.seat, "stress": car.stress, "focus": car.focus,
                           "stressed": ch.stressed}, rule)] if ch.moved or ch.red_rolls else []
    return ev, ch.red_rolls


def reset_stress(race: Race, car: Car, rule: str) -> list[Event]:
    """Back to the middle space (pit stop, SC, VSC, red flag: FGP 11.2, 13.9)."""
    car.stress = MIDDLE_SPACE
    car.focus = False
    return [Event("stress", {"seat": car.seat, "stress": car.stress, "focus": False,
                             "stressed": False}, rule)] + reset_at(race, car.seat, rule)


def spend_ers(race: Race, car: Car, n: int, rule: str) -> list[Event]:
    """Spend ERS; a hand now over the lower limit is cut down at once
    (FGP 8.8): the round machine asks the player (the 'now' queue)."""
    ev = C.spend_ers(race, car, n, rule)
    over = C.overflow(race, car)
    if over and race.move is not None:
        race.move.setdefault("now", []).append(
            {"kind": "discard", "seat": car.seat, "data": {"count": over, "reason": "hand_limit"}})
    return ev
