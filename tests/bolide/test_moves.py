"""BOLIDE 1 Moves: the standing start (5 points, the unforeseen start table),
the pawn rule (25 points, speed = the longer leg, +-2), the top speeds (7 in
the 1st lap, 8 in the 2nd), the trajectory inside the track, kerbs, and cars
protecting their point.

devoval (tests/bolide/tracks): the top straight is sector a (red arrow E),
rows 2..6 are track, row 7 kerb from x 8 to 35; sector d (arrow N) holds the
grid. See helpers.py.
"""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.engine.protocol import IllegalAction
from chequered.games.bolide.actions import Move, Request, Stay, Strategy

from .helpers import (begin, choose_strategies, circ, kinds, legal, move, new_race, points, put,
                      retire, speed)

START_POINTS = {(3, 8), (4, 8), (5, 8), (3, 9), (5, 9)}       # from (4, 9) facing N


def _grid_car(die, rules="basic", fuel="full"):
    """Car 0 on the pole square (4, 9) of devoval, about to roll its start."""
    s = new_race(2, rules=rules)
    if rules == "advanced":
        choose_strategies(s, *[Strategy(fuel, "soft", "booster")] * 2)
    retire(s, 1)
    put(s, 0, 4, 9, mode="start", progress=-1, start=None)
    with scripted(s.chance, rolls=[die]):
        ev = begin(s)
    return s, ev


# ---- Start ---------------------------------------------------------------------------
def test_start_five_points_around_the_car():
    s, ev = _grid_car(5)
    assert kinds(ev, "start_roll")[0].data == {"seat": 0, "die": 5, "start": "normal"}
    assert points(s) == START_POINTS
    assert len(legal(s)) == 5


def test_start_pawn_repeats_the_cars_move():
    s, _ = _grid_car(5)
    move(s, 5, 8)
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy, car.mode) == (5, 8, 1, -1, "run")   # pawn at (6, 7)


def test_start_a_point_not_among_the_five_is_refused():
    s, _ = _grid_car(5)
    for bad in [(4, 10), (4, 7), (6, 9), (3, 10)]:
        with pytest.raises(IllegalAction):
            move(s, *bad)
    assert (s.cars[0].x, s.cars[0].y) == (4, 9)


def test_start_another_car_on_a_start_point_protects_it():
    s = new_race(2)
    put(s, 0, 4, 9, mode="start", progress=-1, start="normal")
    put(s, 1, 4, 8, 0, -1)
    begin(s, first=0)
    assert points(s) == START_POINTS - {(4, 8)}


@pytest.mark.parametrize("die,start", [(d, "skid") for d in (1, 2, 3)]
                         + [(d, "normal") for d in range(4, 11)]
                         + [(d, "quick") for d in (11, 12)])
def test_start_unforeseen_start_table_full_fuel_and_basic_rules(die, start):
    s, ev = _grid_car(die)
    assert kinds(ev, "start_roll")[0].data["start"] == start
    assert kinds(ev, "start_roll")[0].rule == "BOLIDE 1"
    reach = 2 if start == "quick" else 1
    assert points(s) == {(4 + (x - 4) * reach, 9 + (y - 9) * reach) for x, y in START_POINTS}


FULL_TABLE = [(d, "skid") for d in (1, 2, 3)] + [(d, "normal") for d in range(4, 11)] + \
    [(d, "quick") for d in (11, 12)]
HALF_TABLE = [(d, "skid") for d in (1, 2)] + [(d, "normal") for d in range(3, 10)] + \
    [(d, "quick") for d in (10, 11, 12)]


@pytest.mark.parametrize("die,start", HALF_TABLE)
def test_start_14_unforeseen_start_table_half_fuel(die, start):
    s, ev = _grid_car(die, rules="advanced", fuel="half")
    e = kinds(ev, "start_roll")[0]
    assert e.data == {"seat": 0, "die": die, "start": start} and e.rule == "BOLIDE 14"


@pytest.mark.parametrize("die,start", FULL_TABLE)
def test_start_14_full_fuel_uses_the_full_fuel_and_basic_rules_table(die, start):
    s, ev = _grid_car(die, rules="advanced", fuel="full")
    assert kinds(ev, "start_roll")[0].data["start"] == start


def test_start_normal_speed_1_then_up_to_speed_3():
    s, _ = _grid_car(7)
    move(s, 4, 8)
    assert (s.cars[0].vx, s.cars[0].vy) == (0, -1)
    begin(s)
    car = s.cars[0]
    assert max(speed(x - car.x, y - car.y) for x, y in points(s)) == 3
    assert (4, 5) in points(s)


def test_start_skidding_pawn_on_the_car_then_2_then_4():
    s, _ = _grid_car(2)
    move(s, 4, 8)
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy) == (4, 8, 0, 0)      # the pawn placed on the car
    begin(s)
    assert max(speed(x - 4, y - 8) for x, y in points(s)) == 2   # 2 squares at the 2nd turn
    move(s, 4, 6)
    begin(s)
    assert max(speed(x - 4, y - 6) for x, y in points(s)) == 4   # then free to reach 4


def test_start_quick_two_squares_then_up_to_4():
    s, _ = _grid_car(12)
    assert (4, 7) in points(s) and (4, 8) not in points(s)
    move(s, 4, 7)
    assert (s.cars[0].vx, s.cars[0].vy) == (0, -2)
    begin(s)
    assert max(speed(x - 4, y - 7) for x, y in points(s)) == 4


def test_start_blocked_on_every_point_stays():
    s = new_race(6)
    put(s, 0, 20, 4, mode="start", start="normal")
    for seat, p in enumerate([(20, 3), (21, 3), (21, 4), (21, 5), (20, 5)], start=1):
        put(s, seat, *p)
    begin(s, first=0)
    assert legal(s) == [Stay()]


# ---- Next Moves: the pawn rule -------------------------------------------------------------
def _run(x, y, vx, vy, progress=None, n=2, **fields):
    s = new_race(n)
    retire(s, *range(1, n))
    put(s, 0, x, y, vx, vy, progress=progress, **fields)
    begin(s)
    return s


def test_next_moves_the_25_points_around_the_pawn():
    s = _run(12, 4, 4, 0, brakes=0)             # no sharp braking among the moves
    assert points(s) == {(x, y) for x in range(14, 19) for y in range(2, 7)}
    assert set(legal(s)) - {Move(x, y) for x, y in points(s)} == {Request("booster"),
                                                                   Request("brake")}


def test_next_moves_sharp_brakings_are_offered_besides_the_25_points():
    s = _run(12, 4, 4, 0)
    # (13, 2) and (13, 6): 2 squares, less than 90 degrees from East (BOLIDE 4)
    assert points(s) == {(x, y) for x in range(14, 19) for y in range(2, 7)} | {(13, 2), (13, 6)}


def test_next_moves_speed_is_the_longer_leg_and_pawn_repeats():
    s = _run(12, 4, 4, 0)
    ev = move(s, 17, 6)
    assert kinds(ev, "move")[0].data == {"seat": 0, "x": 17, "y": 6, "speed": 5}
    car = s.cars[0]
    assert (car.vx, car.vy) == (5, 2)                     # pawn at (22, 8)


def test_next_moves_keep_reduce_or_increase_speed_by_1_or_2():
    s = _run(12, 4, 4, 0, brakes=0)
    assert {speed(x - 12, y - 4) for x, y in points(s)} == {2, 3, 4, 5, 6}


def test_next_moves_pawn_on_the_car_any_direction_up_to_2():
    s = _run(20, 4, 0, 0)
    assert points(s) == {(x, y) for x in range(18, 23) for y in range(2, 7)}   # staying included
    assert max(speed(x - 20, y - 4) for x, y in points(s)) == 2


def test_next_moves_kerb_points_are_allowed():
    s = _run(20, 5, 0, 1)
    c = circ(s)
    kerbs = {p for p in points(s) if c.kind_at(*p) == ":"}
    assert kerbs == {(x, 7) for x in range(18, 23)}


def test_next_moves_run_off_points_not_allowed_while_track_is_reachable():
    s = _run(20, 6, 0, 1)          # pawn on the kerb (20, 7); row 8 is run-off
    assert all(y <= 7 for _, y in points(s))
    assert (20, 8) not in points(s)


# ---- Top speeds ------------------------------------------------------------------------
def test_top_speed_7_in_the_first_lap():
    s = _run(10, 4, 7, 0, progress=0, brakes=0)
    assert max(speed(x - 10, y - 4) for x, y in points(s)) == 7
    assert points(s) == {(x, y) for x in (15, 16, 17) for y in range(2, 7)}


def test_top_speed_8_in_the_second_lap():
    s = _run(10, 4, 7, 0, progress=4, brakes=0)   # sector a of the 2nd lap
    assert max(speed(x - 10, y - 4) for x, y in points(s)) == 8
    assert points(s) == {(x, y) for x in (15, 16, 17, 18) for y in range(2, 7)}


def test_top_speed_higher_pawn_points_not_reachable():
    s = _run(10, 4, 7, 0, progress=0)
    for x in (18, 19):
        with pytest.raises(IllegalAction):
            move(s, x, 4)


def test_top_speed_second_lap_from_the_turn_after_the_line():
    # sector d of lap 1 (progress 3) to sector a: the lap is finished by
    # touching or crossing the line; from the next turn the top is 8.
    s = _run(6, 3, 1, -1, progress=3)
    move(s, 8, 2)
    assert s.cars[0].progress == 3              # (8, 2) is still sector d
    s2 = _run(7, 3, 2, 0, progress=3)
    move(s2, 9, 3)                              # the first point of sector a
    assert s2.cars[0].progress == 4
    put(s2, 0, 10, 4, 7, 0, progress=4)
    begin(s2)
    assert max(speed(x - 10, y - 4) for x, y in points(s2)) == 8


# ---- Trajectory ------------------------------------------------------------------------
def test_trajectory_must_stay_inside_the_track():
    # from (32, 6) the pawn stands on the kerb (35, 8), but the straight line
    # to it cuts the square whose corner (34, 8) is run-off.
    s = _run(32, 6, 3, 2)
    c = circ(s)
    assert c.kind_at(35, 8) == ":" and c.kind_at(34, 8) == ","
    assert not c.surface.segment(32, 6, 35, 8)
    assert (35, 8) not in points(s)
    assert (35, 7) in points(s)                 # along the track, the kerb is fine
    with pytest.raises(IllegalAction):
        move(s, 35, 8)


def test_trajectory_every_offered_point_has_its_line_inside():
    s = _run(30, 5, 4, 2, brakes=0)
    c = circ(s)
    pts = points(s)
    assert pts
    for x, y in pts:
        assert c.surface.point(x, y) and c.surface.segment(30, 5, x, y)
    inside = {(x, y) for x in range(32, 37) for y in range(5, 10)
              if c.surface.point(x, y) and c.surface.segment(30, 5, x, y)}
    assert pts == inside


# ---- Overtakings: cars protect their point (BOLIDE 5) --------------------------------
def test_cars_protect_their_point_no_trajectory_through_it():
    s = new_race(2)
    put(s, 0, 12, 4, 4, 0)
    put(s, 1, 14, 4, 0, 0)
    begin(s, first=0)
    pts = points(s)
    assert (16, 4) not in pts and (18, 4) not in pts      # lines through (14, 4)
    assert (17, 5) in pts and (18, 5) in pts               # overtaking beside it is allowed
    # (14, 4) itself is a pawn point: driving there is an engagement (BOLIDE 6)
    assert Move(14, 4) in legal(s)
    assert not {(16, 4), (18, 4)} & {(a.x, a.y) for a in legal(s) if isinstance(a, Move)}
