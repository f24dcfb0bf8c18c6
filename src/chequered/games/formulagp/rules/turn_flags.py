"""The lasting effects of DAMAGE and FAILURE cards and the turn flags
(FGP 13.6, 13.7, 9.3, 13.13.1), read by the movement, battle and turn code.

Turn flags (`Car.no_pairs_next`, `Car.no_tyre_bonus_next`) hold two bits:
  ACTIVE (1)   applies to the car's current (or coming) turn,
  PENDING (2)  set during the car's own turn, applies from its next one;
False = none, True = ACTIVE only, 2 or 3 otherwise. `clear_turn_effects` (end
of the car's turn) clears ACTIVE and turns PENDING into ACTIVE. Read them
through `modifiers`, never by truthiness.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..state import Car, Race
from . import cards as C

ACTIVE, PENDING = 1, 2              # bits of the turn flags (module notes)


def flag(v: int):
    """Plain booleans where the value is one (the state's default type)."""
    return {0: False, 1: True}.get(v, v)


@dataclass(frozen=True)
class Mods:
    """What the DAMAGE/FAILURE cards by the board (and this turn's flags) change.
    Deltas are negative or 0; `speed` maps gear -> MP delta."""
    max_ot: int = 0
    ers_max: int = 0
    tyre_bonus: int = 0
    hand_limit: int = 0
    speed: dict = field(default_factory=dict)
    disabled: frozenset = frozenset()
    no_pairs: bool = False
    no_tyre_bonus: bool = False

    def speed_delta(self, gear: int) -> int:
        return self.speed.get(gear, 0)


_MODS: dict = {}        # (content dir, cards by the board, flags) -> Mods (read-only)
_NONE = Mods()          # _modifiers of a car with no card by its board and no flag


def modifiers(race: Race, car: Car) -> Mods:
    """FGP 13.6 / 13.7: the lasting effects of the DAMAGE and FAILURE cards by
    the board, plus this turn's ACTIVE no-pairs / no-tyre-bonus flags."""
    if not (car.damage or car.failures or car.no_pairs_next or car.no_tyre_bonus_next):
        return _NONE                    # the usual car: nothing by the board, no flag
    # asked at every movement point: the answer depends on these alone
    key = (race.content_dir, tuple(car.damage), tuple(car.failures),
           int(car.no_pairs_next) & ACTIVE, int(car.no_tyre_bonus_next) & ACTIVE)
    got = _MODS.get(key)
    if got is None:
        got = _MODS[key] = _modifiers(race, car)
    return got


def _modifiers(race: Race, car: Car) -> Mods:
    vals = {"max_ot": 0, "ers_max": 0, "tyre_bonus": 0, "hand_limit": 0}
    speed: dict[int, int] = {}
    disabled: set[str] = set()
    no_pairs = bool(int(car.no_pairs_next) & ACTIVE)
    no_bonus = bool(int(car.no_tyre_bonus_next) & ACTIVE)
    for cid in (*car.damage, *car.failures):
        for e in C.shared_card(race, cid).effects:
            if e.type == "board_value":
                if e.target == "speed":
                    for g in e.gears:
                        speed[g] = speed.get(g, 0) + e.amount
                else:
                    vals[e.target] += e.amount
            elif e.type == "disable":
                disabled.add(e.function)
            elif e.type == "no_pairs" and e.duration == "until_repaired":
                no_pairs = True
            elif e.type == "no_tyre_bonus" and e.duration == "until_repaired":
                no_bonus = True
    return Mods(speed=speed, disabled=frozenset(disabled), no_pairs=no_pairs,
                no_tyre_bonus=no_bonus, **vals)


def clear_turn_effects(car: Car) -> None:
    """End of the car's turn: this turn's MP and LEDs from cards go; a
    next-turn flag used this turn goes; one set during this turn becomes
    active for the next turn."""
    car.mp_event = 0
    car.leds_event = 0
    if car.no_pairs_next is False and car.no_tyre_bonus_next is False:
        return                          # no flag set (the usual turn): both stay False
    car.no_pairs_next = flag(ACTIVE if int(car.no_pairs_next) & PENDING else 0)
    car.no_tyre_bonus_next = flag(ACTIVE if int(car.no_tyre_bonus_next) & PENDING else 0)


def restrict_next_turn(car: Car, attr: str) -> None:
    """Set 'no_pairs_next' / 'no_tyre_bonus_next' during the car's own turn:
    it applies from its next turn (FGP 13.13.1 gravel)."""
    setattr(car, attr, flag(int(getattr(car, attr)) | PENDING))


def clear_battle_effects(car: Car) -> None:
    """End of a battle: LEDs from cards were for that battle only (FGP 9.3);
    for the defender, whose turn it is not."""
    car.leds_event = 0
