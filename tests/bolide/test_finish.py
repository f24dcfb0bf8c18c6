"""BOLIDE Preparation (object of the game): the first to touch or cross the
finish line after 2 laps wins; the race ends once every car still running
has touched or crossed it; the classification. Ours: the turn limit."""
from __future__ import annotations

from .helpers import G, begin, kinds, move, new_race, put, retire


def test_finish_first_to_cross_after_two_laps_wins():
    s = new_race(2)
    put(s, 0, 6, 3, 2, 0, progress=7)       # sector d of lap 2
    put(s, 1, 20, 17, -3, 0, progress=6)
    begin(s)
    assert s.order == [0, 1]
    ev = move(s, 10, 3)                     # across the line (x 8 / 9)
    car = s.cars[0]
    assert car.mode == "finished" and car.progress == 8
    assert kinds(ev, "finish")[0].data == {"seat": 0, "position": 1}
    assert s.finishers == [0] and car.finish_turn == 5
    assert not G.is_over(s)                 # car 1 is still running


def test_finish_touching_the_line_is_enough():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 7, 3, 2, 0, progress=7)
    begin(s)
    move(s, 9, 3)                           # the first point of sector a
    assert s.cars[0].mode == "finished"


def test_finish_not_after_one_lap():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 7, 3, 2, 0, progress=3)
    begin(s)
    move(s, 9, 3)
    assert s.cars[0].mode == "run" and s.cars[0].progress == 4


def test_finish_race_ends_when_every_running_car_has_finished():
    s = new_race(3)
    put(s, 0, 6, 3, 2, 0, progress=7)
    put(s, 1, 5, 5, 2, -2, progress=7)
    s.cars[2].mode = "crashed"              # retired cars do not hold the race up
    begin(s)
    assert s.order == [0, 1]
    move(s, 10, 3)
    assert not G.is_over(s)
    ev = move(s, 9, 2)
    assert kinds(ev, "finish")[0].data == {"seat": 1, "position": 2}
    assert G.is_over(s)
    assert kinds(ev, "race_over")[0].data == {"classification": [0, 1, 2]}
    res = G.result(s)
    assert res.classification == [0, 1, 2]
    assert res.laps == {0: 2, 1: 2, 2: 0}           # car 2 retired on the grid
    assert res.notes == {2: "crashed"}


def test_finish_classification_finishers_in_order_then_the_furthest():
    s = new_race(4)
    put(s, 0, 20, 17, -3, 0, progress=6)    # sector c of lap 2, running
    put(s, 1, 6, 3, 2, 0, progress=7)
    put(s, 2, 30, 4, 0, 0, progress=4, mode="crashed")
    put(s, 3, 5, 5, 2, -2, progress=7)
    begin(s)
    assert s.order == [1, 3, 0]
    move(s, 10, 3)
    move(s, 9, 2)
    move(s, 17, 17)
    from chequered.games.bolide.rules.phases import classification
    assert classification(s) == [1, 3, 0, 2]


def test_finish_turn_limit_calls_the_race():
    # ours: a race still running after `turn_limit` turns is classified by position
    s = new_race(2, turn_limit=5)
    put(s, 0, 30, 4, 2, 0, progress=4)
    put(s, 1, 20, 17, -2, 0, progress=6)
    begin(s, turn_no=5)
    move(s, 17, 17)
    ev = move(s, 32, 4)
    assert kinds(ev, "race_called")[0].data == {"turn": 5}
    assert kinds(ev, "race_called")[0].rule == "chequered turn limit"
    assert G.is_over(s)
    assert G.result(s).classification == [1, 0]     # sector c of lap 2 ahead of sector a


def test_finish_turn_limit_not_before():
    s = new_race(2, turn_limit=6)
    put(s, 0, 30, 4, 2, 0, progress=4)
    put(s, 1, 20, 17, -2, 0, progress=6)
    begin(s, turn_no=5)
    move(s, 17, 17)
    move(s, 32, 4)
    assert not G.is_over(s) and s.turn_no == 6
