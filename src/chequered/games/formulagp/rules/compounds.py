"""[ADV] FGP 5.1.3 (with 10.2, 11.2, 12.2.2, 13.10): in a dry Advanced race
every car must use at least two tyre types; a car that does not is
disqualified and classified last. A race that starts wet or turns wet at any
point lifts the requirement.

The compounds a car has used are its starting tyre and every set fitted
after it (a pit stop, FGP 11.2; a change during a Red Flag, FGP 13.10):
`Car.tyres_used` records them from the first change on (empty: only the
starting set so far), so a Standard race's state never holds it.

Readings (A84, ours): "tyre types" are compounds (soft, medium, hard; wet
tyres are a type too, FGP 10.2), so two sets of the same compound are one
type; several disqualified cars keep their order among themselves at the
back; a disqualified car scores the points of the place it is classified
in (the book only moves it to last). A race that has been wet at any point
(FGP 3.3 / 13.1: `weather_steps.wet_race`) asks for one type only (`applies`)."""
from __future__ import annotations

from typing import Iterable, Sequence

from ....engine.protocol import Event
from ..state import Race
from .advanced import is_advanced

MIN_TYPES = 2                 # FGP 5.1.3 [ADV]: "at least two types of tyres"


def types_used(start_or_fitted: Iterable[str]) -> int:
    return len(set(start_or_fitted))


def disqualified_seats(used: dict[int, Sequence[str]], *, applies: bool) -> list[int]:
    """FGP 5.1.3: the seats that used fewer than two tyre types."""
    if not applies:
        return []
    return [s for s, tyres in used.items() if types_used(tyres) < MIN_TYPES]


def last_for_disqualified(order: Sequence[int], dq: Iterable[int]) -> list[int]:
    """FGP 5.1.3: disqualified cars are classified last (in their order)."""
    out = set(dq)
    return [s for s in order if s not in out] + [s for s in order if s in out]


def note_change(car, new_tyre: str) -> None:
    """A set of `new_tyre` replaces the fitted one (pit stop, Red Flag)."""
    if not car.tyres_used:
        car.tyres_used = [car.tyre]
    if new_tyre not in car.tyres_used:
        car.tyres_used.append(new_tyre)


def used(car) -> list[str]:
    return list(car.tyres_used) or [car.tyre]


def applies(race: Race) -> bool:
    """FGP 5.1.3: an Advanced race that stayed dry: one that started wet or
    turned wet at any point (10.2, weather_steps.wet_race) lifts the rule."""
    if not is_advanced(race):
        return False
    from .weather_steps import wet_race                 # weather_steps imports widely
    return not wet_race(race)


def disqualified(race: Race) -> list[int]:
    """A159: a Rookie BOT makes no pit stop (BOT 1.4.1 c), so it cannot use two
    tyre types: the rule is not for it."""
    from ..bot.table import kind
    return disqualified_seats({c.seat: used(c) for c in race.cars
                               if kind(race, c.seat) != "rookie"}, applies=applies(race))


def classify(race: Race, order: Sequence[int]) -> tuple[list[int], list[Event]]:
    """The classification with the disqualified cars moved to the back."""
    dq = disqualified(race)
    ev = [Event("disqualified", {"seat": s, "tyres": used(race.cars[s])}, "FGP 5.1.3")
          for s in order if s in dq]
    return last_for_disqualified(order, dq), ev
