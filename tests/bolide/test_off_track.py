"""BOLIDE 2 Moves Off the Track: forced out to a run-off point when every
point of the pawn is outside the track (unless the driver uses a sharp
braking); creeping back 1 square a turn; the dirty-tyres 1-square move; the
crash when only white-row or off-board points are left.

devoval: row 1 is run-off above the top straight (rows 2..6). wall.track: the
same oval with white rows (forbidden) at row 1 for x 16..33.
"""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.engine.protocol import IllegalAction
from chequered.games.bolide.actions import Move, Request, Stay

from .helpers import begin, kinds, legal, move, new_race, points, put, request, retire, speed


def _car(x, y, vx, vy, track="devoval", n=2, **fields):
    s = new_race(n, track=track)
    retire(s, *range(1, n))
    put(s, 0, x, y, vx, vy, **fields)
    begin(s)
    return s


# ---- Move out ---------------------------------------------------------------------------
def test_off_track_forced_to_a_run_off_point_of_the_pawn():
    # speed 4 northwards from (20, 3): the pawn's 25 points are rows -3..1,
    # none on the track; row 1 is run-off. No sharp braking left.
    s = _car(20, 3, 0, -4, brakes=0)
    assert points(s) == {(x, 1) for x in range(18, 23)}
    assert set(legal(s)) == {Move(x, 1) for x in range(18, 23)} | {Request("booster"),
                                                                   Request("brake")}


def test_off_track_move_out_stops_and_removes_the_pawn():
    s = _car(20, 3, 0, -4, brakes=0)
    ev = move(s, 21, 1)
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy, car.mode) == (21, 1, 0, 0, "off")
    assert kinds(ev, "off_track")[0].data == {"seat": 0, "x": 21, "y": 1}
    assert kinds(ev, "off_track")[0].rule == "BOLIDE 2"


def test_off_track_not_allowed_while_a_track_point_is_reachable():
    s = _car(20, 3, 0, -2, brakes=0)     # pawn on (20, 1): row 2 and 3 are reachable
    assert (20, 1) not in points(s) and (20, 2) in points(s)


def test_off_track_unless_he_decides_to_use_a_sharp_braking():
    # "the driver is forced to choose one of these [outside points] ... (unless
    # ... he decides to use a sharp braking)": both are his choice.
    s = _car(20, 3, 0, -4)               # 3 sharp brakings left
    pts = points(s)
    assert {(18, 2), (22, 2)} <= pts                    # the sharp brakings
    assert {(x, 1) for x in range(18, 23)} <= pts       # and going off


# ---- Going back onto the track --------------------------------------------------------------
def test_off_track_creep_one_square_a_turn_any_direction():
    s = _car(21, 1, 0, 0, mode="off")
    # the 8 neighbours but the white rows of row 0 (the 5-points start rule is not valid)
    assert points(s) == {(20, 1), (22, 1), (20, 2), (21, 2), (22, 2)}
    assert len(legal(s)) == 5


def test_off_track_creep_along_the_run_off_stays_off():
    s = _car(21, 1, 0, 0, mode="off")
    move(s, 22, 1)
    car = s.cars[0]
    assert (car.x, car.y, car.mode, car.vx, car.vy) == (22, 1, "off", 0, 0)


def test_off_track_back_on_the_track_then_dirty_one_square_then_speed_3():
    s = _car(21, 1, 0, 0, mode="off")
    ev = move(s, 21, 2)
    car = s.cars[0]
    assert (car.mode, car.vx, car.vy) == ("dirty", 0, 0)
    assert kinds(ev, "move")[0].rule == "BOLIDE 2"
    begin(s)
    # dirty tyres: still one square, only on the track
    assert points(s) == {(20, 2), (22, 2), (20, 3), (21, 3), (22, 3)}
    move(s, 22, 3)
    assert (car.mode, car.vx, car.vy) == ("run", 1, 1)       # the pawn appears again
    begin(s)
    assert max(speed(x - 22, y - 3) for x, y in points(s)) == 3


def test_off_track_creep_cannot_jump_two_squares():
    s = _car(21, 1, 0, 0, mode="off")
    with pytest.raises(IllegalAction):
        move(s, 21, 3)


def test_off_track_creep_blocked_everywhere_stays():
    s = new_race(6)
    put(s, 0, 21, 1, mode="off")
    for seat, p in enumerate([(20, 1), (22, 1), (20, 2), (21, 2), (22, 2)], start=1):
        put(s, seat, *p)
    begin(s, first=0)
    assert legal(s) == [Stay()]


# ---- Crash ------------------------------------------------------------------------------
def test_off_track_crash_when_only_white_rows_or_off_the_board():
    # wall.track: speed 3 northwards from (24, 2); every pawn point is a white
    # row (row 1) or off the board; no sharp braking reaches the track. Only
    # the Booster request is left; when it brings nothing the car crashes.
    s = _car(24, 2, 0, -3, track="wall")
    assert legal(s) == [Request("booster")]
    with scripted(s.chance, rolls=[5]):
        ev = request(s, "booster")
    assert s.cars[0].mode == "crashed"
    assert kinds(ev, "crash")[0].data == {"seat": 0} and kinds(ev, "crash")[0].rule == "BOLIDE 2"


def test_off_track_crash_also_after_a_working_booster():
    s = _car(24, 2, 0, -3, track="wall")
    with scripted(s.chance, rolls=[9]):
        request(s, "booster")
    assert s.cars[0].mode == "crashed"


def test_off_track_run_off_point_chosen_over_white_rows():
    # wall.track at its edge: row 1 is run-off up to x 15, white from x 16
    s = _car(16, 2, 0, -3, track="wall")
    assert points(s) == {(14, 1), (15, 1)}
    move(s, 15, 1)
    assert s.cars[0].mode == "off"
