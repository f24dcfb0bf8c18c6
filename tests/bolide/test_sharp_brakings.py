"""BOLIDE 4 Sharp Brakings: from any speed to speed 2 in one turn, ignoring
the pawn's square, at an angle of less than 90 degrees to the car-pawn
segment; 3 for the race in the basic rules (per tyre set); then the Brake
request. The pawn rule applies again after the braking."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.bolide.actions import Request

from .helpers import begin, kinds, legal, move, new_race, points, put, retire, speed


def _car(x, y, vx, vy, **fields):
    s = new_race(2)
    retire(s, 1)
    put(s, 0, x, y, vx, vy, **fields)
    begin(s)
    return s


PAWN_6_EAST = {(x, y) for x in range(18, 22) for y in range(2, 7)}      # speeds 4..7 (top 7)


def test_sharp_braking_to_speed_2_ignoring_the_pawn():
    s = _car(14, 4, 6, 0)
    brakings = points(s) - PAWN_6_EAST
    # 2 squares, forward of the 90-degree line through the car (East = 0 deg)
    assert brakings == {(15, 2), (16, 2), (16, 3), (16, 4), (16, 5), (16, 6), (15, 6)}
    assert all(speed(x - 14, y - 4) == 2 for x, y in brakings)


def test_sharp_braking_at_90_degrees_or_more_is_refused():
    s = _car(14, 4, 6, 0)
    for p in [(14, 2), (14, 6), (13, 2), (12, 4), (12, 2)]:   # at 90 degrees, or backwards
        assert p not in points(s)
        with pytest.raises(IllegalAction):
            move(s, *p)


def test_sharp_braking_diagonal_direction():
    # car-pawn segment (3, 3) south-east: the ruler at 90 degrees is the line
    # through (22, 2) and (18, 6); the points on it are forbidden
    s = _car(20, 4, 3, 3)
    pts = points(s)
    assert (22, 2) not in pts and (18, 6) not in pts
    assert {(22, 3), (22, 4), (19, 6), (22, 6), (20, 6)} <= pts
    assert (21, 2) not in pts                                  # 1 E, 2 N: more than 90 degrees
    assert (18, 4) not in pts and (20, 2) not in pts         # backwards


def test_sharp_braking_uses_one_and_pawn_rule_after():
    s = _car(14, 4, 6, 0)
    ev = move(s, 16, 3)
    car = s.cars[0]
    assert car.brakes == 2
    assert kinds(ev, "sharp_braking")[0].data == {"seat": 0, "left": 2}
    assert kinds(ev, "sharp_braking")[0].rule == "BOLIDE 4"
    assert (car.vx, car.vy) == (2, -1)          # the pawn replicates the braking
    begin(s)
    assert max(speed(x - 16, y - 3) for x, y in points(s) if (x, y) != (16, 3)) == 4


def test_sharp_braking_speed_2_pawn_point_is_not_a_braking():
    # from speed 4 the pawn's own square reaches speed 2: no braking used
    s = _car(12, 4, 4, 0)
    move(s, 14, 4)
    assert s.cars[0].brakes == 3


def test_sharp_braking_three_for_the_race_then_the_brake_request():
    s = _car(14, 4, 6, 0)
    assert s.cars[0].brakes == 3
    for n in (2, 1, 0):
        put(s, 0, 14, 4, 6, 0)
        begin(s)
        assert Request("brake") not in legal(s)
        move(s, 16, 4)
        assert s.cars[0].brakes == n
    put(s, 0, 14, 4, 6, 0)
    begin(s)
    assert points(s) == PAWN_6_EAST                 # no sharp braking left
    assert Request("brake") in legal(s)             # but the Brake request
    with pytest.raises(IllegalAction):
        move(s, 16, 4)


def test_sharp_braking_slow_down_progressively_with_none_left():
    s = _car(14, 4, 6, 0, brakes=0)
    assert {speed(x - 14, y - 4) for x, y in points(s)} == {4, 5, 6, 7}
