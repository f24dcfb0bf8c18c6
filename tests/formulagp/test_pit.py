"""FGP 11 pit stops. The 'fast' track: PIT LANE space 183 (tile 40, lane 4),
shadow car 182 (lane 3), pit exit space 3 (tile 0, lane 4)."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules import pit as P
from chequered.games.formulagp.track import Move, track


@pytest.fixture(scope="module")
def fast():
    return track("fast")


def _move(t, a, b):
    return next(m for m in t.moves(a) if m.to == b)


def test_11_1_pit_lane_space_and_shadow_car(fast):
    assert P.is_pit_entry(fast, 183) and not P.is_pit_entry(fast, 182)
    assert not P.may_end_move_on(fast, 183, pitting=False)
    assert P.may_end_move_on(fast, 183, pitting=True)
    assert P.may_end_move_on(fast, 182, pitting=False)
    assert [m.to for m in P.entry_moves(fast, 179)] == [183]
    assert P.entry_moves(fast, 178) == []


def test_11_1_forward_entry_loses_left_over_mp(fast):
    e = P.enter_pit(_move(fast, 179, 183), 3)
    assert e == P.PitEntry(mp_lost=3, penalties=0, speed_check=False, ers_charge=0)


def test_11_1_lateral_entry_across_yellow_line_is_a_penalty(fast):
    m = _move(fast, 182, 183)
    assert m.crosses_yellow_line
    assert P.enter_pit(m, 0).penalties == 1
    assert P.enter_pit(m, 0, unintended=True).penalties == 0   # counter-steer push


def test_11_1_blue_card_or_extension_speed_check(fast):
    m = _move(fast, 179, 183)
    assert P.enter_pit(m, 0, blue_card=True).speed_check
    assert P.enter_pit(m, 0, extended=True).speed_check
    assert P.speeding_penalty(1) == 1
    assert [P.speeding_penalty(n) for n in (2, 3, 4, 5, 6)] == [0] * 5


def test_11_1_spin_shift_into_pit_lane_hits_the_wall(fast):
    assert P.spin_into_pit_lane(fast, 182, "right")
    assert not P.spin_into_pit_lane(fast, 182, "left")


def test_11_2_penalties_held_in_the_box():
    assert [P.penalty_hold(n) for n in (0, 1, 2, 3, 5)] == [0, 1, 1, 2, 2]
    a = P.box_arrival(penalties=2, ers=1, ers_max=3, stress_middle=2, stress=4)
    assert (a.hold_rounds, a.ers, a.stress, a.penalties_after) == (1, 1, 4, 0)


def test_11_2_ers_plus_one_and_stress_to_middle():
    a = P.box_arrival(penalties=0, ers=1, ers_max=3, stress_middle=2, stress=4)
    assert (a.hold_rounds, a.ers, a.stress) == (0, 2, 2)
    assert P.box_arrival(penalties=0, ers=3, ers_max=3, stress_middle=2, stress=1).ers == 3


def test_11_2_choices_in_the_box():
    c = P.stop_choices(["G01", "T03", "F01", "O02"], ["D05"], [],
                       draw_failure={"F01"})
    assert c.tyres == ["keep", "soft", "medium", "hard"]
    assert c.discards == ["G01", "T03", "O02", "done"]         # TW yes, DF no
    assert c.repairs == [("none",), ("one", "D05"), ("all",)]
    assert P.stop_choices([], [], [], draw_failure=set(), second_turn=True) is None
    assert P.tyre_choices(wet_allowed=True)[-1] == "wet"
    assert P.repair_choices([], []) == [("none",)]


def test_11_2_redraw_to_hand_limit():
    assert P.redraw_count(2, 6) == 4
    assert P.redraw_count(7, 6) == 0


def test_11_2_1_single_repair_roll():
    r = P.repair(("one", "D05"), ["D05", "D07"], ["X02"], white=4)
    assert r == P.RepairResult(("D05",), False, True, 4)
    r = P.repair(("one", "D05"), ["D05", "D07"], ["X02"], white=1)  # long repair
    assert r == P.RepairResult(("D05", "D07", "X02"), True, True, 1)
    with pytest.raises(ValueError):
        P.repair(("one", "D05"), ["D05"], [])
    with pytest.raises(ValueError):
        P.repair(("one", "D09"), ["D05"], [], white=3)


def test_11_2_1_repair_all_and_none():
    assert P.repair(("all",), ["D05"], ["X02"]) == P.RepairResult(("D05", "X02"), True, True, None)
    assert P.repair(("none",), ["D05"], []).removed == ()


def test_11_2_exit_order_lowest_roll_first_icon_last_repairs_behind():
    cars = [P.Leaver(0, box=0, roll=5), P.Leaver(1, box=1, roll=1),
            P.Leaver(2, box=2, roll=2), P.Leaver(3, box=3, repaired=True, roll=2),
            P.Leaver(4, box=4, roll=5)]
    assert P.exit_order(cars) == [2, 0, 4, 1, 3]     # 0 beats 4 on the box tie


def test_11_2_2_three_teams_pit_both_cars():
    # the rulebook example: first stoppers roll and line up, then the second
    # stoppers, then the repairing cars
    cars = [P.Leaver(0, 0, roll=4), P.Leaver(1, 0, second=True, roll=2),
            P.Leaver(2, 1, roll=3), P.Leaver(3, 1, second=True, roll=6),
            P.Leaver(4, 2, roll=6), P.Leaver(5, 2, second=True, roll=1),
            P.Leaver(6, 3, repaired=True, roll=5), P.Leaver(7, 4, repaired=True, roll=3)]
    assert P.exit_order(cars) == [2, 0, 4, 1, 3, 5, 7, 6]


def test_11_2_2_teammate_served_second():
    order = P.team_stop_order([4, 1, 2], {1: "a", 2: "b", 4: "a"}, [1, 2, 3, 4])
    assert order == {1: False, 2: False, 4: True}


def test_11_2_exit_roll_only_with_two_or_more():
    one = [P.Leaver(0, 0)]
    assert not P.needs_exit_roll(one, 0)
    two = [P.Leaver(0, 0), P.Leaver(1, 1, repaired=True, roll=3)]
    assert P.needs_exit_roll(two, 0) and not P.needs_exit_roll(two, 1)


def test_11_3_leaving(fast):
    assert P.exit_move_rules() == {"gear": 2, "colours": ("green", "red", "blue", "orange"),
                                   "pairs": False}
    assert P.exit_move_penalty(_move(fast, 3, 2)) == 1
    assert P.exit_move_penalty(_move(fast, 3, 7)) == 0
    assert P.passable_without_battle(fast, 3) and not P.passable_without_battle(fast, 7)


def test_11_3_cold_tyres_this_and_next_round():
    n = P.cold_tyres_token()
    assert n == 2 and P.cold_tyres_leds(n) == -2
    n = P.end_of_round_cold_tyres(n)              # end of the exit round
    assert P.cold_tyres_leds(n) == -2
    n = P.end_of_round_cold_tyres(n)              # end of the next round
    assert n == 0 and P.cold_tyres_leds(n) == 0


def test_move_type_is_the_track_one():
    assert P.enter_pit(Move(to=1, lane_change=False), 0).penalties == 0
