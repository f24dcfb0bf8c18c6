"""RP Circuit, Backmarkers: the first three cars to enter a backmarker lap
incur -3, -2 and -1 RP (as RP tokens, resolved in the next round)."""
from __future__ import annotations

from .helpers import (CHARGE, MEC_B, PU, T, USE_EBS, XP_B, kinds, moved, new_race, place,
                      play_round)

PICKS = {0: MEC_B, 1: XP_B, 2: CHARGE, 3: USE_EBS}


def four(drivers=("bastian", "jesus", "dutch", "eddy")):
    s = new_race(list(drivers),
                 teams=["silverline_gp", "polar_motorsport", "violet_vector", "ironworks_racing"])
    for c in s.cars:
        c.bars[PU] = 4                           # +2
    return s


def test_backmarkers_three_laps_on_the_board():
    assert T.backmarkers == {16: (-3, -2, -1), 33: (-3, -2, -1), 49: (-3, -2, -1)}


def test_backmarkers_first_three_cars_minus_3_2_1_fourth_nothing():
    s = four()
    # RP: Bastian 3, Jesús 4, Dutch 4, Eddy 3
    place(s, 0, 14)
    place(s, 1, 13)
    place(s, 2, 13)
    place(s, 3, 12)
    ev = play_round(s, PICKS)
    assert [c.dist for c in s.cars] == [17, 17, 17, 15]
    assert [(e.data["seat"], e.data["rp"]) for e in kinds(ev, "backmarker")] == \
        [(0, -3), (1, -2), (2, -1)]
    assert [c.tokens for c in s.cars] == [[-3], [-2], [-1], []]
    assert s.backmarkers[16] == []
    # resolved in the next round; the fourth car enters lap 16 without penalty
    ev = play_round(s, PICKS)
    assert moved(ev) == {0: 3 - 3, 1: 4 - 2, 2: 4 - 1, 3: 3}
    assert s.cars[3].dist == 18 and s.cars[3].tokens == []
    assert not kinds(ev, "backmarker")


def test_backmarkers_passing_through_the_lap_counts_as_entering():
    s = four()
    place(s, 1, 14)                               # Jesús RP 4: 14 -> 18, through 16
    place(s, 0, 2)
    place(s, 2, 1)
    place(s, 3, 0)
    play_round(s, PICKS)
    assert s.cars[1].dist == 18 and s.cars[1].tokens == [-3]


def test_backmarkers_each_lap_has_its_own_tokens():
    s = four()
    place(s, 0, 31)                               # Bastian 31 -> 34 through lap 33
    place(s, 1, 14)                               # Jesús 14 -> 18 through lap 16
    place(s, 2, 2)
    place(s, 3, 1)
    play_round(s, PICKS)
    assert s.cars[0].tokens == [-3] and s.cars[1].tokens == [-3]
    assert s.backmarkers == {16: [-2, -1], 33: [-2, -1], 49: [-3, -2, -1]}


def test_backmarkers_bjorn_two_penalties_less():
    s = four(("bjorn", "jesus", "dutch", "eddy"))
    place(s, 0, 14)                               # Bjorn RP 3: first in: -3 + 2 = -1
    place(s, 1, 13)
    place(s, 2, 2)
    place(s, 3, 1)
    play_round(s, PICKS)
    assert s.cars[0].tokens == [-1] and s.cars[1].tokens == [-2]
    s = four(("jesus", "bjorn", "dutch", "eddy"))
    place(s, 0, 14)
    place(s, 1, 13)                               # Bjorn second: -2 + 2 = 0
    place(s, 2, 13)
    place(s, 3, 1)
    play_round(s, PICKS)
    assert [c.tokens for c in s.cars[:3]] == [[-3], [], [-1]]
