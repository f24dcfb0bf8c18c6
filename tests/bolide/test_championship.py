"""BOLIDE 16 Championship (the `championship` option, a season of circuits):
from the 2nd race the grid is the standings reversed; points only for the
first places (ours: 10-6-4-3); a point for the first to touch or cross the
intermediate line in the 1st and in the 2nd lap (ours: 1 each)."""
from __future__ import annotations

from chequered.games.bolide.rules.setup import CHAMPIONSHIP_POINTS, INTERMEDIATE_POINTS

from .helpers import G, begin, circ, kinds, move, new_race, put, retire


def _season(n=5):
    return new_race(n, track="devoval,wall", options=["championship"])


def _finish_in_order(s, seats):
    """The cars cross the line in lap 2 in the order given."""
    for i, seat in enumerate(seats):
        put(s, seat, 6, 2 + i, 3, 0, progress=7)
    begin(s)
    assert s.order == list(seats)
    ev = []
    for i, seat in enumerate(seats):
        ev += move(s, 9, 2 + i)
    return ev


def test_championship_points_10_6_4_3_not_for_everyone():
    assert CHAMPIONSHIP_POINTS == (10, 6, 4, 3) and INTERMEDIATE_POINTS == 1
    s = _season()
    ev = _finish_in_order(s, [2, 0, 4, 1, 3])
    assert kinds(ev, "race_over")[0].data == {"classification": [2, 0, 4, 1, 3]}
    assert s.results[0]["points"] == {"2": 10, "0": 6, "4": 4, "1": 3, "3": 0}
    assert s.standings == {0: 6, 1: 3, 2: 10, 3: 0, 4: 4}


def test_championship_retired_cars_score_nothing():
    s = _season(3)
    retire(s, 1)
    ev = _finish_in_order(s, [2, 0])
    assert s.standings == {0: 6, 1: 0, 2: 10}


def test_championship_intermediate_line_points():
    s = _season()
    s.firsts = {"1": 3, "2": 4}            # first across the 1/2 GP line in laps 1 and 2
    _finish_in_order(s, [0, 1, 2, 3, 4])
    assert s.standings == {0: 10, 1: 6, 2: 4, 3: 3 + 1, 4: 0 + 1}


def test_championship_first_across_the_intermediate_line_recorded():
    s = _season(2)
    put(s, 1, 37, 17, -2, 0, progress=1)   # sector b; the 1/2 GP line opens sector c
    put(s, 0, 38, 15, -3, 2, progress=1)
    begin(s)
    assert s.order == [1, 0]
    move(s, 34, 17)                        # car 1 across first
    move(s, 33, 16)                        # then car 0
    assert s.firsts == {"1": 1}
    put(s, 0, 37, 17, -2, 0, progress=5)   # lap 2: car 0 first
    put(s, 1, 38, 10, 0, 2, progress=5)
    begin(s)
    move(s, 33, 17)
    assert s.firsts == {"1": 1, "2": 0}


def test_championship_second_race_grid_reversed_by_standings():
    s = _season()
    _finish_in_order(s, [2, 0, 4, 1, 3])   # standings 0: 6, 1: 3, 2: 10, 3: 0, 4: 4
    assert s.race_index == 1 and s.circuit == "wall"
    assert not G.is_over(s)
    assert s.qual_order == [3, 1, 4, 0, 2]   # the last in the standings on pole
    grid = circ(s).meta.grid
    assert [(s.cars[x].x, s.cars[x].y) for x in s.qual_order] == [tuple(p) for p in grid[:5]]


def test_championship_grid_ties_in_the_standings_by_seat():
    # ours: equal standings, the lower seat ahead
    s2 = _season(4)
    retire(s2, 1, 3)
    _finish_in_order(s2, [2, 0])           # 1 and 3 both 0
    assert s2.qual_order == [1, 3, 0, 2]


def test_championship_result_by_standings_after_the_last_race():
    s = _season()
    _finish_in_order(s, [2, 0, 4, 1, 3])
    _finish_in_order(s, [3, 1, 4, 0, 2])
    assert G.is_over(s)
    res = G.result(s)
    # standings 0: 6+3, 1: 3+6, 2: 10+0, 3: 0+10, 4: 4+4
    assert res.points == {0: 9, 1: 9, 2: 10, 3: 10, 4: 8}
    # ours: equal points, the better place in the last race first
    assert res.classification == [3, 2, 1, 0, 4]
    assert len(s.results) == 2
