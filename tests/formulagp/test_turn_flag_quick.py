"""FGP 13.6 / 13.7: the turn flags DAMAGE and FAILURE cards leave on a car
(rules/turn_flags.py): the quick answers for a car without any agree with the
full reading."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules import turn_flags as TF
from chequered.games.formulagp.rules.setup import new_race


@pytest.fixture
def race():
    return new_race("fast", 6, seed=11)


def test_modifiers_of_a_plain_car_are_the_full_reading(race):
    """The quick answer for a car with no card by its board and no turn flag
    (turn_flags.modifiers) is what _modifiers works out."""
    car = race.cars[0]
    assert not (car.damage or car.failures or car.no_pairs_next or car.no_tyre_bonus_next)
    assert TF.modifiers(race, car) == TF._modifiers(race, car)
    car.no_pairs_next = 2                           # PENDING only: not this turn's
    assert TF.modifiers(race, car) == TF._modifiers(race, car) == TF.Mods()


def test_clearing_the_turn_effects_of_a_car_without_flags(race):
    """turn_flags.clear_turn_effects leaves False flags False, as the flag
    arithmetic does; a pending flag still becomes active."""
    car = race.cars[0]
    car.mp_event, car.leds_event = 2, 1
    TF.clear_turn_effects(car)
    assert (car.no_pairs_next, car.no_tyre_bonus_next, car.mp_event, car.leds_event) \
        == (False, False, 0, 0) == (TF.flag(0), TF.flag(0), 0, 0)
    TF.restrict_next_turn(car, "no_pairs_next")
    TF.clear_turn_effects(car)
    assert car.no_pairs_next is True and car.no_tyre_bonus_next is False
