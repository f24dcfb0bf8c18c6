"""BOLIDE 3 Turns of the Game: one move each per turn, in race order: the
sector first, then the red arrow of the sector, then the car ahead in the
previous turn; laps counted by sectors, so that no car finishes by cutting
back across the line.

devoval sectors: a (E, top straight), b (S), c (W), d (N); the finish line
is the boundary d -> a at x 8 / 9 on the top left.
"""
from __future__ import annotations

from chequered.games.bolide.rules.order import lap_of

from .helpers import G, begin, circ, move, new_race, points, put, retire, speed, to_act


def test_turns_sector_first():
    s = new_race(3)
    put(s, 0, 30, 4)            # sector a (progress 0)
    put(s, 1, 38, 3)            # sector b (progress 1): further round the lap
    put(s, 2, 20, 17)           # sector c (progress 2)
    begin(s)
    assert s.order == [2, 1, 0]
    assert to_act(s) == 2


def test_turns_more_laps_first():
    s = new_race(2)
    put(s, 0, 10, 4, progress=4)      # sector a of the 2nd lap
    put(s, 1, 5, 5, progress=3)       # sector d of the 1st lap
    begin(s)
    assert s.order == [0, 1]


def test_turns_same_sector_first_ahead_along_the_red_arrow():
    s = new_race(3)
    put(s, 0, 20, 4)
    put(s, 1, 25, 2)            # sector a, arrow E: further east is ahead
    put(s, 2, 22, 6)
    begin(s)
    assert s.order == [1, 2, 0]
    s = new_race(2)
    put(s, 0, 38, 5)            # sector b, arrow S: further south is ahead
    put(s, 1, 40, 9)
    begin(s)
    assert s.order == [1, 0]


def test_turns_paired_cars_the_one_ahead_in_the_previous_turn():
    for ranks, order in (((0, 1), [0, 1]), ((1, 0), [1, 0])):
        s = new_race(2)
        put(s, 0, 20, 3, rank=ranks[0])
        put(s, 1, 20, 5, rank=ranks[1])     # level along the arrow E
        begin(s)
        assert s.order == order


def test_turns_one_move_each_then_the_order_is_recomputed():
    s = new_race(2)
    put(s, 0, 20, 4, 2, 0)
    put(s, 1, 18, 3, 5, 0)
    begin(s)
    assert s.order == [0, 1]
    move(s, 22, 4)
    assert G.to_act(s) == {1} and G.legal_actions(s, 0) == []
    move(s, 24, 3)              # car 1 overtakes
    assert s.turn_no == 6 and s.order == [1, 0]
    assert [c.rank for c in s.cars] == [1, 0]


def test_turns_laps_counted_by_sectors():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 30, 4, 4, 0, progress=0)
    begin(s)
    move(s, 35, 5)              # into sector b
    assert s.cars[0].progress == 1
    c = circ(s)
    assert c.n_sectors == 4
    assert [lap_of(c, p) for p in (-1, 0, 3, 4, 7, 8)] == [1, 1, 1, 2, 2, 3]


def test_turns_grid_is_not_a_lap():
    # from the grid (progress -1, sector d) the first crossing of the line
    # starts the 1st lap; it does not finish one
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 7, 3, 2, 0, progress=-1)
    begin(s)
    move(s, 9, 3)
    car = s.cars[0]
    assert car.progress == 0 and lap_of(circ(s), car.progress) == 1
    put(s, 0, 10, 4, 7, 0, progress=0, brakes=0)
    begin(s)
    assert max(speed(x - 10, y - 4) for x, y in points(s)) == 7      # still the 1st lap's top


def test_turns_no_lap_by_cutting_back_across_the_line():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 9, 3, 0, 0, progress=4)       # just started lap 2, pawn on the car
    begin(s)
    move(s, 7, 3)                           # back across the line into sector d
    assert s.cars[0].progress == 3
    put(s, 0, 7, 3, 1, 0, progress=3)
    begin(s)
    move(s, 9, 3)                           # across again: lap 2 again, not lap 3
    assert s.cars[0].progress == 4 and s.cars[0].mode == "run"


def test_turns_no_finish_by_cutting_back_in_the_last_lap():
    # in lap 2, sector a: back into d and forward again does not finish the race
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 10, 3, -1, 0, progress=4)
    begin(s)
    move(s, 8, 3)
    put(s, 0, 8, 3, 1, 0, progress=s.cars[0].progress)
    begin(s)
    move(s, 10, 3)
    assert s.cars[0].progress == 4 and s.cars[0].mode == "run" and s.finishers == []
