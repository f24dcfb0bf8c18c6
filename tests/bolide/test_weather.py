"""BOLIDE 10 Weather: before the race one die: above 7 the race is sunny for
good; 7 or less the weather is variable and a second die against the
circuit's Rain Risk Value (devoval: 4) sets the start (equal or lower: rain).
With variable weather a draw at the end of the turn in which the leader
touches or crosses the intermediate line (1/2 GP) in the 1st lap, and again
in the 2nd lap."""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted

from .helpers import (begin, choose_strategies, circ, fresh, kinds, move, new_race, prepare, put,
                      retire)


def _weather_dice(events):
    return [e.data["value"] for e in kinds(events, "roll")
            if e.data["what"] in ("weather die", "rain risk die")]


def _weather(*dice):
    s = fresh(2, rules="advanced")
    grid = (1, 2)                           # the grid dice come first
    with scripted(s.chance, rolls=[*grid, *dice]):
        events = prepare(s)
    assert _weather_dice(events) == list(dice)
    return s


@pytest.mark.parametrize("first", [8, 9, 10, 11, 12])
def test_weather_above_7_sunny_for_good(first):
    s = _weather(first)
    assert (s.weather, s.variable_weather) == ("sun", False)


@pytest.mark.parametrize("first", [1, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("second,weather", [(1, "rain"), (3, "rain"), (4, "rain"), (5, "sun"),
                                            (7, "sun"), (12, "sun")])
def test_weather_7_or_less_variable_second_die_against_rain_risk(first, second, weather):
    assert circ(new_race(2)).meta.rain_risk == 4
    s = _weather(first, second)
    assert (s.weather, s.variable_weather) == (weather, True)


def test_weather_basic_rules_always_sun_no_die():
    s = fresh(2)
    events = prepare(s)
    assert (s.weather, s.variable_weather) == ("sun", False)
    # the grid dice and the pole car's unforeseen start: no weather die
    assert [e.data["what"] for e in kinds(events, "roll")] == ["grid die", "grid die",
                                                               "start die"]


def _variable(weather="sun", draws=1):
    s = new_race(2, rules="advanced")
    choose_strategies(s)
    s.weather, s.variable_weather, s.draws = weather, True, draws
    return s


def test_weather_draw_when_the_leader_crosses_the_intermediate_line_lap_1():
    s = _variable()
    retire(s, 1)
    put(s, 0, 37, 17, -2, 0, progress=1)   # sector b; sector c (the 1/2 GP line) at x 34
    begin(s)
    with scripted(s.chance, rolls=[3]):
        ev = move(s, 33, 17)
    assert s.cars[0].progress == 2
    assert kinds(ev, "weather")[0].data == {"die": 3, "weather": "rain", "draw": 2}
    assert kinds(ev, "weather")[0].rule == "BOLIDE 10"
    assert (s.weather, s.draws) == ("rain", 2)


def test_weather_draw_at_the_end_of_the_turn_after_everybody_moved():
    s = _variable()
    put(s, 0, 37, 17, -2, 0, progress=1)
    put(s, 1, 30, 4, 2, 0, progress=0)
    begin(s)
    with scripted(s.chance, rolls=[2]):
        ev = move(s, 33, 17)
        assert not kinds(ev, "weather") and s.weather == "sun"
        ev = move(s, 32, 4)
    assert kinds(ev, "weather")[0].data["weather"] == "rain"


def test_weather_draw_second_lap_then_no_more():
    s = _variable(weather="rain", draws=2)
    retire(s, 1)
    put(s, 0, 37, 17, -2, 0, progress=5)   # sector b of lap 2
    begin(s)
    with scripted(s.chance, rolls=[9]):
        ev = move(s, 33, 17)
    assert kinds(ev, "weather")[0].data == {"die": 9, "weather": "sun", "draw": 3}
    assert s.weather == "sun"
    put(s, 0, 37, 17, -2, 0, progress=5)   # crossing again: no 4th draw
    begin(s)
    ev = move(s, 33, 17)
    assert not kinds(ev, "weather") and s.draws == 3


def test_weather_no_draw_when_a_car_behind_the_leader_crosses():
    s = _variable(draws=2)                 # the lap-1 draw is done
    put(s, 1, 30, 4, 2, 0, progress=4)     # the leader, in lap 2
    put(s, 0, 37, 17, -2, 0, progress=1)   # crosses the line in lap 1
    begin(s)
    assert s.order == [1, 0]
    move(s, 32, 4)
    ev = move(s, 33, 17)
    assert not kinds(ev, "weather") and s.draws == 2


def test_weather_no_draw_when_sunny_for_good():
    s = _variable()
    s.variable_weather = False
    retire(s, 1)
    put(s, 0, 37, 17, -2, 0, progress=1)
    begin(s)
    ev = move(s, 33, 17)
    assert not kinds(ev, "weather") and s.draws == 1
