"""RP Step 3 - Move Tyre and Car: in leaderboard order, first the TD marker,
then the car; no limit to the cars in one lap."""
from __future__ import annotations

from .helpers import (CHARGE, MEC_B, PU_B, XP_B, kinds, moved, new_race, place, play_round,
                      seat_order)


def four(**kw):
    return new_race(["bastian", "bjorn", "jesus", "valentino"],
                    teams=["silverline_gp", "polar_motorsport", "violet_vector", "ironworks_racing"],
                    **kw)


def test_step3_cars_move_in_leaderboard_order_first_place_first():
    s = four()
    place(s, 0, 20)
    place(s, 2, 12)
    place(s, 1, 9)
    place(s, 3, 3)
    assert seat_order(s) == [0, 2, 1, 3]
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: PU_B})
    assert [e.data["seat"] for e in kinds(ev, "move")] == [0, 2, 1, 3]


def test_step3_tyre_marker_first_then_car():
    # Austin softs: the Box-Box token at 17 laps. TD 16 and RP 3: the marker
    # reaches the token after 1 lap and the car stops there.
    s = new_race(["jesus", "bjorn"], teams=["orange_motors", "polar_motorsport"], tyres="S")
    place(s, 0, 20, td=16)
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 1
    assert (s.cars[0].td, s.cars[0].dist) == (17, 21)
    ev = play_round(s, {0: XP_B, 1: MEC_B})
    assert moved(ev)[0] == 0
    assert kinds(ev, "stopped")[0].data == {"seat": 0, "rp": 5}


def test_step3_td_marker_moves_by_the_laps_raced():
    s = new_race(["jesus", "bjorn"], teams=["orange_motors", "polar_motorsport"], tyres="M")
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev) == {0: 4, 1: 1}
    assert [c.td for c in s.cars] == [4, 1]


def test_step3_no_limit_to_cars_in_one_lap():
    # RP 1, 1, 2, 2: all four end in lap 12 and stack up there
    s = four()
    place(s, 0, 11)
    place(s, 1, 11)
    place(s, 2, 10)
    place(s, 3, 10)
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: PU_B})
    assert moved(ev) == {0: 1, 1: 1, 2: 2, 3: 2}
    assert [c.dist for c in s.cars] == [12, 12, 12, 12]
    # stacked in the order they entered the lap
    assert seat_order(s) == [0, 1, 2, 3]
