"""FGP 14.2 points table (content control.toml) and 14.3/14.4 season helpers."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules import points as P


@pytest.fixture(scope="module")
def table():
    return load_content().control.points


def test_14_2_rows_as_printed(table):
    assert P.points_row(table, 10) == [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]
    assert P.points_row(table, 8) == [10, 7, 5, 4, 3, 2, 1, 0, 0, 0]
    assert P.points_row(table, 6) == [6, 4, 3, 2, 1, 0, 0, 0, 0, 0]


def test_14_2_other_field_sizes_a41(table):
    assert P.points_row(table, 12) == P.points_row(table, 10)
    assert P.points_row(table, 9) == P.points_row(table, 8)
    assert P.points_row(table, 7) == P.points_row(table, 6)
    assert P.points_row(table, 2) == P.points_row(table, 6)
    with pytest.raises(ValueError):
        P.points_row(table, 0)


def test_14_2_six_car_race(table):
    assert P.race_points(table, [4, 2, 0, 5, 1, 3]) == {4: 6, 2: 4, 0: 3, 5: 2, 1: 1, 3: 0}


def test_14_2_eight_car_race(table):
    got = P.race_points(table, list(range(8)))
    assert [got[s] for s in range(8)] == [10, 7, 5, 4, 3, 2, 1, 0]


def test_14_2_past_tenth_scores_nothing(table):
    assert P.points_for(table, 12, 1) == 13
    assert P.points_for(table, 12, 11) == 0
    with pytest.raises(ValueError):
        P.points_for(table, 6, 0)


def test_14_3_standings_and_pit_boxes(table):
    s = P.add_race({}, P.race_points(table, [0, 1, 2, 3, 4, 5]))
    s = P.add_race(s, P.race_points(table, [1, 0, 3, 2, 5, 4]))
    assert s == {0: 10, 1: 10, 2: 5, 3: 5, 4: 1, 5: 1}
    # ties keep the previous box order
    assert P.pit_box_order(s, [5, 4, 3, 2, 1, 0]) == [1, 0, 3, 2, 5, 4]


def test_14_4_team_points(table):
    scored = P.race_points(table, [0, 1, 2, 3, 4, 5])
    assert P.team_points(scored, {0: "a", 1: "b", 2: "a", 3: "c", 4: "b", 5: "c"}) == {
        "a": 9, "b": 5, "c": 2}
