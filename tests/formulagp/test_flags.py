"""FGP 13.9-13.11: the Safety Car, the Virtual Safety Car, the Red Flag and its
grid, lapping and blue flags."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules import flags as F
from chequered.games.formulagp.track import Library, build_track

E = {}
TILES = [
    {"id": "FIN", "kind": "feature", "feature": "finish"},
    {"id": "ST", "kind": "straight", "lanes": [[E], [E], [E], [E]]},
    {"id": "SL", "kind": "straight", "lanes": [[E], [{"slipstream": 1}], [E], [E]]},
]
LIB = Library.model_validate({"source": "test", "tiles": TILES})


@pytest.fixture(scope="module")
def tr():
    return build_track(["FIN"] + ["ST"] * 9 + ["SL"], LIB)     # 10 MP tiles


def at(tr, tile: int, lane: int, index: int = 0) -> int:
    return tr.tiles[tile].lanes[lane - 1][index]


# ---- FGP 13.9 deployment --------------------------------------------------------------
def test_fgp_13_9_three_ways_to_deploy_the_safety_car():
    assert F.safety_car_triggered(second_zone=True) == F.SECOND_ZONE
    assert F.safety_car_triggered(panel_reached=True) == F.PANEL
    assert F.safety_car_triggered(card=True) == F.EVENT_CARD
    assert F.safety_car_triggered() is None


def test_fgp_13_10_safety_car_card_white_6_is_a_red_flag_a14():
    assert F.safety_car_card(6) == "red_flag"
    assert [F.safety_car_card(w) for w in range(1, 6)] == ["safety_car"] * 5


def test_fgp_13_9_1_adv_period_from_white_green_face_or_red_flag():
    assert F.sc_period_advanced(3, "green") == 3
    assert F.sc_period_advanced(1, "green") == 1
    assert F.sc_period_advanced(2, "red") == "red_flag"
    assert F.sc_period_advanced(6, "red") == "red_flag"


def test_fgp_13_9_2_deploy_ahead_of_leader_round_ends_tokens_cleared(tr):
    d = F.deploy_safety_car(tr, 4, flag=12, sequence=[3, 1, 0, 2], moved={3, 1},
                            hazards={2: "gravel", 7: "standing_water"})
    assert d.tile == 5
    assert d.until == 14                  # FGP 13.9.1: 2 spaces ahead of the flag on 12
    assert d.lose_turn == (0, 2)
    assert d.keep_hazards == {7: "standing_water"}
    assert "yellow_flags" in d.clear and "w2w" in d.clear
    assert not d.ends_race


def test_fgp_13_9_2_sc_on_the_last_tile_wraps_to_tile_0(tr):
    assert F.deploy_safety_car(tr, 9, flag=10, sequence=[], moved=()).tile == 0


def test_fgp_13_9_2_sc_drives_three_tiles_a_round_a35(tr):
    assert F.advance_safety_car(tr, 5) == 8
    assert F.advance_safety_car(tr, 8) == 1


def test_fgp_13_9_2_step_5_last_round_when_the_flag_reaches_the_sc_token():
    assert F.sc_status(12, 14) == "out"
    assert F.sc_status(13, 14) == "out"
    assert F.sc_status(14, 14) == "last"
    assert F.sc_status(15, 14) == "in"


def test_fgp_13_9_1_sc_still_out_at_round_24_ends_the_race():
    assert F.race_ends_under_sc(24, sc_out=True)
    assert F.race_ends_under_sc(25, sc_out=True)
    assert not F.race_ends_under_sc(23, sc_out=True)
    assert not F.race_ends_under_sc(24, sc_out=False)


# ---- FGP 13.9.2 movement under the SC ---------------------------------------------------
def test_fgp_13_9_2_stop_one_tile_behind_the_car_ahead():
    lim = F.sc_move_limit([F.Ahead(4), F.Ahead(7, safety_car=True)])
    assert lim.max_tiles == 3 and lim.shadow_space is None


def test_fgp_13_9_2_stop_one_tile_behind_the_safety_car():
    assert F.sc_move_limit([F.Ahead(2, safety_car=True)]).max_tiles == 1


def test_fgp_13_9_2_free_slipstream_shadow_behind_the_car_ahead_may_be_taken():
    lim = F.sc_move_limit([F.Ahead(3, free_shadow=42)])
    assert lim.max_tiles == 2 and lim.shadow_space == 42


def test_fgp_13_9_2_car_ahead_on_the_same_tile_stops_it_where_it_is():
    assert F.sc_move_limit([F.Ahead(0)]).max_tiles == 0


def test_fgp_13_9_2_blue_flag_car_passes_non_blue_cars_and_the_sc():
    ahead = [F.Ahead(1), F.Ahead(2, safety_car=True), F.Ahead(6, laps_down=1)]
    assert F.sc_move_limit(ahead, laps_down=1).max_tiles == 5
    assert F.sc_move_limit(ahead[:2], laps_down=1).max_tiles is None
    assert F.sc_move_limit(ahead, laps_down=0).max_tiles == 0


def test_fgp_13_9_2_turn_rules_no_pairs_battles_drs_events_or_wear():
    t = F.SC_TURN
    assert (t.pairs, t.battles, t.overtaking, t.drs, t.tricky_corners, t.events,
            t.tyre_wear) == (False,) * 7
    assert t.tyre_wear_discards == 1 and t.option_discards and t.pit_open
    assert F.sc_benefits(stress_middle=2, ers_max=3) == {"stress": 2, "ers": 3}


def test_fgp_13_9_2_discard_choices_one_tyre_wear_any_options_a36():
    kinds = {"T01": "tyre_wear", "T02": "tyre_wear", "O01": "option", "G01": "movement"}
    hand = ["G01", "T01", "T02", "O01"]
    assert F.sc_discard_choices(hand, kinds, tyre_wear_discarded=False) == [
        ("tyre_wear", "T01"), ("tyre_wear", "T02"), ("option", "O01"), ("done", None)]
    assert F.sc_discard_choices(hand, kinds, tyre_wear_discarded=True) == [
        ("option", "O01"), ("done", None)]


# ---- FGP 13.9.3 Virtual Safety Car -------------------------------------------------------
def test_fgp_13_9_3_followers_move_n_then_earlier_cars_move_again_and_skip():
    p = F.vsc_plan([5, 2, 0, 4, 1], 0, 4)
    assert p.steps == 4
    assert p.movers == (4, 1, 5, 2)
    assert p.skip_next_round == (5, 2)
    assert p.first_next_round == 0 and p.skip_draw and p.stress_to_middle
    assert F.vsc_next_round_order([5, 2, 0, 1, 4], p) == [0, 1, 4]


def test_fgp_13_9_3_drawer_first_in_sequence_nobody_skips():
    p = F.vsc_plan([0, 1, 2], 0, 3)
    assert p.movers == (1, 2) and p.skip_next_round == ()
    assert F.vsc_next_round_order([0, 1, 2], p) == [0, 1, 2]


def test_fgp_13_9_3_vsc_step_may_not_reach_the_car_ahead_a37(tr):
    me = at(tr, 2, 2)
    free = F.vsc_step_choices(tr, me, {})
    assert at(tr, 3, 2) in free and at(tr, 2, 1) in free and at(tr, 2, 3) in free
    ahead = at(tr, 3, 2)
    blocked = F.vsc_step_choices(tr, me, {ahead: 1}, ahead)
    assert ahead not in blocked and at(tr, 3, 1) not in blocked
    assert set(blocked) == {at(tr, 2, 1), at(tr, 2, 3)}


# ---- FGP 13.10 Red Flag --------------------------------------------------------------------
def test_fgp_13_10_example_grid_orange_grey_blue_red_a39():
    seq = [F.GridCar("orange", 0), F.GridCar("grey", 2),
           F.GridCar("red", 5, in_pit=True), F.GridCar("blue", 5)]
    assert F.red_flag_grid(seq) == ["orange", "grey", "blue", "red"]


def test_fgp_13_10_example_with_pit_cars_last_option():
    seq = [F.GridCar("orange", 0), F.GridCar("grey", 2),
           F.GridCar("red", 3, in_pit=True), F.GridCar("blue", 5)]
    assert F.red_flag_grid(seq, pit_cars_last=True) == ["orange", "grey", "blue", "red"]
    assert F.red_flag_grid(seq) == ["orange", "grey", "red", "blue"]


def test_fgp_13_10_procedure_record_a38():
    r = F.red_flag([F.GridCar(1, 0), F.GridCar(0, 1)])
    assert r.grid == (1, 0)
    assert r.tyre_change and r.repair_damage and not r.repair_failures
    assert r.stress_to_middle and r.ers_to_max and r.remove_event == "safety_car"
    assert r.advance_flag == 1 and r.restart == "race_start" and r.draw_first
    assert not F.red_flag([], restart_without_draw=True).draw_first


def test_fgp_13_10_step_2_choices_tyres_and_damage():
    assert F.red_flag_choices(["soft", "hard", "soft"], ["D03"]) == [
        (None, False), (None, True), ("soft", False), ("soft", True),
        ("hard", False), ("hard", True)]
    assert F.red_flag_choices([], []) == [(None, False)]


def test_fgp_13_10_blocked_tile_throws_the_red_flag():
    assert F.red_flag_from_blocked_tile(0, move_left=2)
    assert not F.red_flag_from_blocked_tile(1, move_left=2)
    assert not F.red_flag_from_blocked_tile(0, move_left=0)


# ---- FGP 13.11 lapping -----------------------------------------------------------------------
L = 40     # tiles in a lap


def test_fgp_13_11_example_leader_4_laps_lapped_car_3_at_next_crossing():
    leader, last = 3 * L + 10, 2 * L + 12     # after 3 laps, 2 tiles behind the last car
    assert F.lap_change(0, leader_distance=leader, car_distance=last, lap_tiles=L,
                        has_moved=False).laps_down == 0
    leader += 3                               # ends one tile ahead of it
    c = F.lap_change(0, leader_distance=leader, car_distance=last, lap_tiles=L,
                     has_moved=False)
    assert (c.laps_down, c.token, c.lapped, c.lose_turn, c.leader_token) == \
        (1, "single", True, True, True)
    # both run on to the line: the leader covers 27 tiles, the lapped car 28
    assert F.laps_completed(leader + 27, L) == 4
    assert F.laps_completed(last + 28, L) == 3


def test_fgp_13_11_1_same_tile_is_not_a_completed_lapping():
    c = F.lap_change(0, leader_distance=3 * L + 12, car_distance=2 * L + 12, lap_tiles=L,
                     has_moved=False)
    assert c.laps_down == 0 and not c.lose_turn


def test_fgp_13_11_1_already_moved_car_loses_nothing_a44():
    c = F.lap_change(0, leader_distance=3 * L + 13, car_distance=2 * L + 12, lap_tiles=L,
                     has_moved=True)
    assert c.lapped and not c.lose_turn


def test_fgp_13_11_1_no_lapping_in_a_yellow_zone():
    c = F.lap_change(0, leader_distance=3 * L + 13, car_distance=2 * L + 12, lap_tiles=L,
                     has_moved=False, yellow_zone=True)
    assert c.laps_down == 0 and c.forbidden
    assert not F.lapping_allowed(yellow_zone=True, safety_car=False, unlapping=True)


def test_fgp_13_11_2_lapped_again_flips_to_double():
    c = F.lap_change(1, leader_distance=4 * L + 13, car_distance=2 * L + 12, lap_tiles=L,
                     has_moved=False)
    assert (c.laps_down, c.token) == (2, "double")
    assert F.blue_flag_token(3) == "double" and F.blue_flag_token(0) is None


def test_fgp_13_11_4_unlap_needs_one_tile_ahead_of_the_leader():
    same = F.lap_change(1, leader_distance=3 * L + 20, car_distance=2 * L + 20,
                        lap_tiles=L, has_moved=True)
    assert same.laps_down == 1 and not same.unlapped
    c = F.lap_change(1, leader_distance=3 * L + 20, car_distance=2 * L + 21, lap_tiles=L,
                     has_moved=True)
    assert (c.laps_down, c.token, c.unlapped, c.extra_turn) == (0, None, True, True)
    off = F.lap_change(1, leader_distance=3 * L + 20, car_distance=2 * L + 21,
                       lap_tiles=L, has_moved=True, unlap_extra_turn=False)
    assert not off.extra_turn


def test_fgp_13_11_2_double_blue_back_to_single_on_unlapping():
    c = F.lap_change(2, leader_distance=4 * L + 5, car_distance=2 * L + 6, lap_tiles=L,
                     has_moved=False)
    assert (c.laps_down, c.token, c.unlapped) == (1, "single", True)


def test_fgp_13_11_4_unlapping_allowed_under_sc_lapping_not():
    assert F.lapping_allowed(yellow_zone=False, safety_car=True, unlapping=True)
    assert not F.lapping_allowed(yellow_zone=False, safety_car=True, unlapping=False)
    assert F.lapping_allowed(yellow_zone=False, safety_car=False, unlapping=False)


def test_fgp_13_11_1_car_being_lapped_cannot_defend():
    assert not F.lapping_defence(0, 1)
    assert F.lapping_defence(1, 1)
    assert F.lapping_defence(1, 0)


def test_fgp_13_11_2_double_blue_passed_freely_except_by_double_blue():
    assert F.passes_freely(0, 2) and F.passes_freely(1, 2)
    assert not F.passes_freely(2, 2)
    assert not F.passes_freely(0, 1)


def test_fgp_13_11_3_two_failed_attempts_everyone_passes_then_token_leaves():
    a = F.failed_lapping(0)
    assert a == 1 and not F.passes_freely(0, 1, other_attempts=a)
    a = F.failed_lapping(a)
    assert a == 2 and F.passes_freely(0, 1, other_attempts=a)
    assert F.failed_lapping(2) == 2
    assert F.end_of_round_attempts(2, lapped_this_round=False, free_round_played=True) == 0
    assert F.end_of_round_attempts(2, lapped_this_round=False, free_round_played=False) == 2
    assert F.end_of_round_attempts(1, lapped_this_round=True, free_round_played=False) == 0


def test_fgp_13_9_2_blue_flag_car_passes_lead_lap_cars_freely_under_sc():
    assert F.passes_freely(1, 0, safety_car=True)
    assert not F.passes_freely(1, 0)
    assert not F.passes_freely(0, 0, safety_car=True)


def test_fgp_13_11_drs_only_with_the_same_lapping_status():
    assert F.drs_between(0, 0) and F.drs_between(1, 1) and F.drs_between(2, 3)
    assert not F.drs_between(0, 1) and not F.drs_between(1, 2)


def test_fgp_13_11_laps_down_changes_only_on_a_whole_tile_margin():
    # gap = leader distance - car distance, 40-tile lap
    assert [F.update_laps_down(0, g, L) for g in (39, 40, 41, 80, 81)] == [0, 0, 1, 1, 2]
    assert [F.update_laps_down(1, g, L) for g in (41, 40, 39, 0)] == [1, 1, 0, 0]
    assert [F.update_laps_down(2, g, L) for g in (81, 80, 79)] == [2, 2, 1]
