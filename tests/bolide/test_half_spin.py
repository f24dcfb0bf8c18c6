"""BOLIDE 8 Half Spin: a standing start facing against the red arrow (the 5
points of the grid start, reversed), or stay put and pass with the pawn on
the car."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.bolide.actions import Move, Stay

from .helpers import act, begin, kinds, legal, move, new_race, points, put, retire, speed


def _spun(x, y, n=2):
    s = new_race(n)
    retire(s, *range(1, n))
    put(s, 0, x, y, 5, 0, mode="spun")
    begin(s)
    return s


def test_half_spin_reverse_standing_start_or_stay():
    s = _spun(20, 4)                            # sector a, arrow E: facing West
    assert set(legal(s)) == {Move(19, 3), Move(19, 4), Move(19, 5), Move(20, 3), Move(20, 5),
                             Stay()}


def test_half_spin_reverse_start_in_another_sector():
    s = _spun(38, 10)                           # sector b, arrow S: facing North
    assert points(s) == {(37, 9), (38, 9), (39, 9), (37, 10), (39, 10)}


def test_half_spin_reverse_start_the_pawn_repeats_it():
    s = _spun(20, 4)
    ev = move(s, 19, 5)
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy, car.mode) == (19, 5, -1, 1, "run")
    assert kinds(ev, "move")[0].rule == "BOLIDE 8"


def test_half_spin_not_forward():
    s = _spun(20, 4)
    with pytest.raises(IllegalAction):
        move(s, 21, 4)


def test_half_spin_stay_pawn_on_the_car():
    s = _spun(20, 4)
    ev = act(s, Stay())
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy, car.mode) == (20, 4, 0, 0, "run")
    assert kinds(ev, "stay")[0].rule == "BOLIDE 8"
    begin(s)
    # then the pawn rule from the car's own point: any direction, up to 2
    assert points(s) == {(x, y) for x in range(18, 23) for y in range(2, 7)}
    assert max(speed(x - 20, y - 4) for x, y in points(s)) == 2


def test_half_spin_reverse_start_points_taken_by_cars():
    s = new_race(3)
    put(s, 0, 20, 4, 5, 0, mode="spun")
    put(s, 1, 19, 4, 0, 0)
    put(s, 2, 19, 3, 0, 0)
    begin(s, first=0)
    assert set(legal(s)) == {Move(19, 5), Move(20, 3), Move(20, 5), Stay()}
