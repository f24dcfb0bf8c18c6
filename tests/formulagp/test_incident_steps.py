"""The end of a turn (rules/incident_steps.py): the quick test of the
end-of-turn step agrees with its legal list."""
from __future__ import annotations

from chequered.games.formulagp.actions import Done
from chequered.games.formulagp.rules import incident_steps as IS
from chequered.games.formulagp.rules.setup import new_race


def test_nothing_held_and_nothing_to_repair_leaves_done_alone():
    """FGP 7.3.3.1 / 13.7.1: a car holding no EVENT card and no FAILURE card
    (the case _turn_events passes at once) has only Done at the end of its
    turn, with the Safety Car out or not."""
    race = new_race("fast", 6, seed=3)
    for car in race.cars:
        assert not car.held_events and not car.failures
        assert IS._end_events_legal(race, car.seat) == [Done()]
        race.safety_car = {"tile": 0, "until": 99}
        assert IS._end_events_legal(race, car.seat) == [Done()]
        race.safety_car = None
