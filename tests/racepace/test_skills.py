"""RP Steering Wheel note: every driver's special skill, usable each round.
(Dutch: test_tyres_pitstops; Bastian: test_tyres_pitstops; Bjorn:
test_backmarkers; Valentino: test_positions_overtaking; Jesús: test_step2_actions.)"""
from __future__ import annotations

from .helpers import (EBS, MEC_B, T, XP_B, kinds, moved, new_race, place, play_round, seat_order)


def test_skills_eddy_plus_one_when_turn_starts_in_feb_lap():
    # Eddy with Silverline (EBS B: no FEB boost of its own): RP 1
    s = new_race(["eddy", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 0, 13)
    assert 13 in T.feb
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1 + 1
    # starts in lap 15 next: no FEB lap, no extra
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1


def test_skills_eddy_plus_one_also_on_wets_and_with_the_feb_boost():
    s = new_race(["eddy", "bastian"], teams=["silverline_gp", "polar_motorsport"], tyres="W")
    s.cars[0].bars[EBS] = 3
    s.weather = ["rain"] * 4
    place(s, 0, 13)
    # wets in the rain +1, no FEB boost on wets, Eddy +1
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1 + 1 + 1
    s = new_race(["eddy", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    s.cars[0].bars[EBS] = 3
    place(s, 0, 13)
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1 + 2 + 1


def test_skills_kimi_plus_one_when_turn_starts_in_corner_lap():
    s = new_race(["kimi", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 0, 8)
    assert 8 in T.corner and 9 not in T.corner
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1 + 1
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1          # from lap 10


def test_skills_celine_plus_two_with_empty_lap_before_the_car_ahead():
    # Celine with Silverline: RP 1. Bastian (Polar, RP 1) 9 -> 10.
    s = new_race(["celine", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 1, 9)
    place(s, 0, 7)                     # 7 -> 8; lap 9 empty before Bastian in 10: +2
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 1 + 2 and s.cars[0].dist == 10
    assert [e.data["skill"] for e in kinds(ev, "skill")] == ["celine_gap"]
    assert seat_order(s) == [1, 0]


def test_skills_celine_nothing_right_behind_the_car_ahead():
    s = new_race(["celine", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 1, 8)                     # -> 9
    place(s, 0, 7)                     # -> 8: no empty lap between
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1


def test_skills_celine_nothing_when_leading():
    """Our choice: with no car in front of her there is no gap to the car ahead."""
    s = new_race(["celine", "bastian"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 0, 20)
    place(s, 1, 5)
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 1


def test_skills_celine_nothing_when_the_car_in_front_is_in_her_own_lap():
    """'if her turn ends in a lap with an empty space between her and the car
    in front of her': Jesús, in front of her in her own lap, leaves no empty
    space, whatever is further ahead."""
    s = new_race(["celine", "bastian", "jesus"],
                 teams=["silverline_gp", "polar_motorsport", "violet_vector"])
    place(s, 1, 20)                    # Bastian far ahead
    place(s, 2, 6)                     # Jesús stays in lap 6 (cannot pay his token)
    s.cars[2].tokens = [-9]
    place(s, 0, 5)                     # Celine 5 -> 6, behind Jesús in lap 6
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: 6})
    assert s.cars[2].dist == 6
    assert moved(ev)[0] == 1 and s.cars[0].dist == 6
