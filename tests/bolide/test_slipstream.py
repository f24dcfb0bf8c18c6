"""BOLIDE 5 Overtakings and Slipstreaming: a car at speed 3 or more offers
the point right behind it along the red arrow of its sector; a car that
occupies it may declare, next turn, +1 square in its main direction after
its move (car and pawn move together: speed unchanged); running into a car
with the +1 is an engagement."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Move

from .helpers import begin, decision, kinds, legal, move, new_race, put, to_act


def _slip_scene(lead_v=(4, 0)):
    """Car 0 ahead at (20, 4) moves first to (24, 4); car 1 follows to (23, 4)."""
    s = new_race(2)
    put(s, 0, 20, 4, *lead_v)
    put(s, 1, 18, 3, 5, 0)
    begin(s)
    assert s.order == [0, 1]
    move(s, 20 + lead_v[0], 4 + lead_v[1])
    return s


def test_slipstream_point_behind_a_car_at_speed_3_along_the_arrow():
    s = _slip_scene()
    move(s, 23, 4)                          # right behind (24, 4), arrow E
    assert s.cars[1].slip is True


def test_slipstream_not_beside_or_diagonally_behind():
    s = _slip_scene()
    move(s, 23, 5)
    assert s.cars[1].slip is False


def test_slipstream_not_behind_a_car_slower_than_3():
    s = new_race(2)
    put(s, 0, 22, 4, 2, 0)                  # will move at speed 2
    put(s, 1, 18, 3, 5, 0)
    begin(s)
    move(s, 24, 4)
    move(s, 23, 4)
    assert s.cars[1].slip is False


def test_slipstream_arrow_of_the_sector_where_the_car_is():
    # sector b, arrow S: the point behind (38, 10) is (38, 9)
    s = new_race(2)
    put(s, 0, 38, 6, 0, 4)
    put(s, 1, 39, 5, -1, 4)
    begin(s)
    move(s, 38, 10)
    move(s, 38, 9)
    assert s.cars[1].slip is True


def _declared(s):
    return [a for a in legal(s) if isinstance(a, Move) and a.slip]


def test_slipstream_declared_plus_1_in_the_main_direction_speed_unchanged():
    s = _slip_scene()
    move(s, 23, 4)                          # car 1 now v = (5, 1), main direction E
    put(s, 0, 30, 2, 0, 0)                  # the car ahead has gone on
    begin(s, first=1)
    assert to_act(s) == 1
    opts = _declared(s)
    assert Move(27, 5, "E") in opts and Move(27, 5, "S") not in opts   # 4 E, 1 S: main E
    ev = move(s, 27, 5, "E")
    car = s.cars[1]
    assert (car.x, car.y) == (28, 5)                    # the +1 square
    assert (car.vx, car.vy) == (4, 1)                   # pawn moved along: speed 4 still
    assert kinds(ev, "slipstream")[0].data == {"seat": 1, "x": 28, "y": 5}


def test_slipstream_not_declared_is_an_ordinary_move():
    s = _slip_scene()
    move(s, 23, 4)
    put(s, 0, 30, 2, 0, 0)
    begin(s, first=1)
    move(s, 27, 5)
    car = s.cars[1]
    assert (car.x, car.y, car.vx, car.vy) == (27, 5, 4, 1)


def test_slipstream_only_for_the_car_on_the_point():
    s = new_race(2)
    put(s, 0, 30, 2, 0, 0)
    put(s, 1, 23, 4, 5, 1)
    begin(s, first=1)
    assert _declared(s) == []


def test_slipstream_plus_1_onto_a_car_is_an_engagement():
    s = _slip_scene()
    move(s, 23, 4)
    put(s, 0, 28, 4, 0, 0)                  # the car ahead stands on (28, 4)
    begin(s, first=1)
    assert Move(27, 4, "E") in legal(s)
    with scripted(s.chance, rolls=[5]):  # Defence keeps the point
        ev = move(s, 27, 4, "E")
    e = kinds(ev, "engagement")[0]
    assert (e.data["attack"], e.data["defence"], e.data["die"]) == (1, 0, 5)
    assert decision(s)["kind"] == "reposition" and decision(s)["seat"] == 1
    # put back behind (28, 4): the point it stands on before the +1 is free for it
    assert sorted(decision(s)["options"]) == [(27, 3), (27, 4), (27, 5)]


def test_slipstream_pure_diagonal_either_axis():
    # our choice: a move with equal legs has both axes as main direction
    s = new_race(2)
    put(s, 0, 34, 2, 0, 0)
    put(s, 1, 20, 3, 3, 1, slip=True)
    begin(s, first=1)
    # to (23, 6): 3 East and 3 South, no longer leg
    dirs = {a.slip for a in _declared(s) if (a.x, a.y) == (23, 6)}
    assert dirs == {"E", "S"}
    # to (24, 5): 4 East, 2 South: East only
    assert {a.slip for a in _declared(s) if (a.x, a.y) == (24, 5)} == {"E"}
