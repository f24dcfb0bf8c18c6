"""BOLIDE 13 Rain: slicks in the rain are safe 1 below their top speed; the
top itself needs a roll on the 'Slick in the Rain' table (every row here);
their sharp brakings and Brake requests are frozen until the sun comes out;
rain tyres in the rain are slicks in the sun; rain tyres in the sun: top
speed 2 less, sharp brakings kept; speed 9 falls to 6 when it stops raining.

Scene: car 0 at (14, 4) with the car-pawn vector (6, 0) on devoval's top
straight (sector a, red arrow E: 'left' is North), strategy 8+2 on slicks.
"""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Request, Strategy

from .helpers import (begin, choose_strategies, decision, kinds, legal, move, new_race, points, put,
                      retire, speed)


def _car(weather, x=14, y=4, vx=6, vy=0, fuel="half", tyres="soft", wet=False, n=2,
         track="devoval", **fields):
    s = new_race(n, rules="advanced", track=track)
    choose_strategies(s, *[Strategy(fuel, tyres, "booster", wet)] * n)
    retire(s, *range(1, n))
    s.weather = weather
    put(s, 0, x, y, vx, vy, **fields)
    begin(s)
    return s


def _max(s):
    car = s.cars[0]
    return max(speed(x - car.x, y - car.y) for x, y in points(s))


# ---- the table's columns ------------------------------------------------------------
COLUMNS = [  # fuel, tyres, lap-1 top: slick+sun, slick+rain (safe), rain+sun, rain+rain
    ("half", "soft", 8, 7, 6, 8),
    ("half", "hard", 7, 6, 5, 7),
    ("full", "soft", 6, 5, 4, 6),
    ("full", "hard", 5, 4, 3, 5),
]


@pytest.mark.parametrize("fuel,tyres,slick_sun,slick_rain,rain_sun,rain_rain", COLUMNS)
def test_rain_table_top_speeds(fuel, tyres, slick_sun, slick_rain, rain_sun, rain_rain):
    from chequered.games.bolide.rules.advanced import tops
    from .helpers import circ
    for weather, wet, safe, top in (("sun", False, slick_sun, slick_sun),
                                    ("rain", False, slick_rain, slick_sun),
                                    ("sun", True, rain_sun, rain_sun),
                                    ("rain", True, rain_rain, rain_rain)):
        s = _car(weather, 10, 4, 9, 0, fuel=fuel, tyres=tyres, wet=wet, brakes=0)
        assert tops(s, s.cars[0], circ(s)) == (safe, top)
        assert _max(s) == top                  # the top itself, with a roll for slicks in rain


@pytest.mark.parametrize("wet,weather,top2", [(False, "sun", 7), (False, "rain", 7),
                                              (True, "sun", 5), (True, "rain", 7)])
def test_rain_full_fuel_second_lap(wet, weather, top2):
    s = _car(weather, 10, 4, 9, 0, fuel="full", tyres="hard", wet=wet, progress=4, brakes=0)
    assert _max(s) == top2


# ---- slicks in the rain ------------------------------------------------------------------
def test_rain_slicks_safe_top_no_roll():
    s = _car("rain")
    ev = move(s, 21, 4)                         # speed 7: safe
    assert not kinds(ev, "slick_rain") and not kinds(ev, "roll")
    assert (s.cars[0].x, s.cars[0].y, s.cars[0].mode) == (21, 4, "run")


SLICK = [  # die, kind, where the car ends (declared point (22, 4), arrow E, left = North)
    (1, "spin", (22, 4)),
    (2, "aquaplaning", (22, 2)),            # +2 left
    (3, "aquaplaning", (22, 6)),            # +2 right
    (4, "aquaplaning", (23, 3)),            # +1 forward, +1 left
    (5, "aquaplaning", (23, 5)),            # +1 forward, +1 right
    (6, "skid", (22, 3)),                   # +1 left
    (7, "skid", (22, 5)),                   # +1 right
] + [(d, "ok", (22, 4)) for d in range(8, 13)]


@pytest.mark.parametrize("die,kind,end", SLICK)
def test_rain_slick_in_the_rain_table_row(die, kind, end):
    s = _car("rain")
    with scripted(s.chance, rolls=[die]):
        ev = move(s, 22, 4)                         # speed 8: the top, over the safe 7
    e = kinds(ev, "slick_rain")[0]
    assert e.data == {"seat": 0, "die": die, "result": kind} and e.rule == "BOLIDE 13"
    car = s.cars[0]
    assert (car.x, car.y) == end
    assert (car.vx, car.vy) == (end[0] - 14, end[1] - 4)      # the pawn moved accordingly
    assert car.mode == ("spun" if kind == "spin" else "run")


def test_rain_skid_onto_a_car_is_an_engagement():
    s = new_race(2, rules="advanced")
    choose_strategies(s, *[Strategy("half", "soft", "booster")] * 2)
    s.weather = "rain"
    put(s, 1, 22, 3, 0, 0)
    put(s, 0, 14, 4, 6, 0)
    begin(s, first=0)
    with scripted(s.chance, rolls=[6, 5]):  # skid +1 left onto (22, 3); then the engagement
        ev = move(s, 22, 4)
    e = kinds(ev, "engagement")[0].data
    assert (e["attack"], e["defence"], e["die"], e["conquers"]) == (0, 1, 5, False)
    assert sorted(decision(s)["options"]) == [(21, 2), (21, 3), (21, 4)]


def test_rain_aquaplaning_onto_run_off_goes_off_the_track():
    s = _car("rain", 14, 3)
    with scripted(s.chance, rolls=[2]):  # +2 left: (22, 1), run-off
        ev = move(s, 22, 3)
    car = s.cars[0]
    assert (car.x, car.y, car.mode) == (22, 1, "off")
    assert kinds(ev, "off_track")


def test_rain_aquaplaning_onto_white_rows_crashes():
    s = _car("rain", 14, 3, track="wall")
    with scripted(s.chance, rolls=[2]):  # +2 left: (22, 1), a white row on wall.track
        ev = move(s, 22, 3)
    assert s.cars[0].mode == "crashed" and kinds(ev, "crash")


def test_rain_slick_sharp_brakings_frozen():
    s = _car("rain", brakes=2)
    assert points(s) == {(x, y) for x in range(18, 23) for y in range(2, 7)}   # pawn only
    assert s.cars[0].brakes == 2


def test_rain_slick_no_brake_request_in_the_rain():
    s = _car("rain", brakes=0)
    assert Request("brake") not in legal(s)


def test_rain_sun_back_sharp_brakings_and_top_speed_restored():
    s = _car("sun", brakes=2)
    assert (16, 4) in points(s)                 # a sharp braking
    ev = move(s, 22, 4)
    assert not kinds(ev, "slick_rain") and not kinds(ev, "roll")


# ---- rain tyres ----------------------------------------------------------------------------
def test_rain_tyres_in_the_rain_like_slicks_in_the_sun():
    s = _car("rain", wet=True, brakes=2)
    assert (16, 4) in points(s)                 # sharp brakings kept
    assert _max(s) == 8
    ev = move(s, 22, 4)
    assert not kinds(ev, "slick_rain")


def test_rain_tyres_in_the_sun_two_less_with_sharp_brakings():
    s = _car("sun", wet=True, brakes=2)
    assert _max(s) == 6
    assert (16, 4) in points(s)


def test_rain_tyres_speed_9_falls_to_6_when_it_stops_raining():
    # 8+2 on rain tyres in the 2nd lap, boosted to 9 in the rain; the sun comes
    # out: next turn speed 6 in its main direction
    s = _car("sun", 10, 4, 9, 0, wet=True, progress=4, pitted=True, brakes=0)
    assert {x - 10 for x, _ in points(s)} == {6}
    assert (16, 4) in points(s)
