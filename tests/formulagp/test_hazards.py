"""FGP 13.2-13.8 and 13.13.1: hazard checks, stress, loss of control, off track,
walls, rejoining, collisions, damage, failures, yellow flags, gravel."""
from __future__ import annotations

import pytest

from chequered.engine.deck import Deck
from chequered.engine.protocol import IllegalAction
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import hazards as H
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import Library, build_track

E = {}
K = {"kerb": True}
TILES = [
    {"id": "FIN", "kind": "feature", "feature": "finish"},
    {"id": "ST", "kind": "straight", "lanes": [[E], [E], [E], [E]]},
    {"id": "KERB", "kind": "straight", "lanes": [[E], [K], [E], []]},
    {"id": "C2W", "kind": "curved", "turn": "left", "gear": 2, "walls": ["left"],
     "lanes": [[E], [E], [E], [E]]},
    {"id": "SL", "kind": "straight", "lanes": [[E], [{"slipstream": 1}], [E], [E]]},
    {"id": "TR", "kind": "curved", "turn": "right", "gear": 4, "tricky": True,
     "lanes": [[E], [{"skid": {"lane": 1}}], [E], [E]]},
    {"id": "NAR", "kind": "straight", "lanes": [[K], [K], [], []]},
]
LIB = Library.model_validate({"source": "test", "tiles": TILES})
ST, KERB, C2W, SL, TR, ST2 = range(6)


@pytest.fixture(scope="module")
def tr():
    return build_track(["FIN", "ST", "KERB", "C2W", "SL", "TR", "ST"], LIB)


def at(tr, tile: int, lane: int, index: int = 0) -> int:
    return tr.tiles[tile].lanes[lane - 1][index]


# ---- FGP 13.2 / 4.11 hazard checks -----------------------------------------------------
def test_fgp_13_2_worked_example_tricky_corner_and_red_icon_tyres_roll_red_twice():
    ev = H.end_of_move_checks(on_skid_start=True, tyres_on_red_icon=True)
    assert ev == (H.TRICKY_CORNER, H.WORN_TYRES)
    assert H.dice_for(ev) == (("red", H.TRICKY_CORNER), ("red", H.WORN_TYRES))


def test_fgp_13_2_tricky_corner_is_silent_in_a_yellow_zone_and_under_the_sc():
    assert H.end_of_move_checks(on_skid_start=True, tyres_on_red_icon=False,
                                yellow_zone=True) == ()
    assert H.end_of_move_checks(on_skid_start=True, tyres_on_red_icon=True,
                                safety_car=True) == (H.WORN_TYRES,)
    assert H.end_of_move_checks(on_skid_start=False, tyres_on_red_icon=False) == ()


def test_fgp_4_11_3_the_same_event_again_rolls_yellow_after_the_first_red():
    ev = [H.SPEED_LIMIT, H.SPEED_LIMIT, H.SPEED_LIMIT, H.WORN_TYRES]
    assert [d for d, _ in H.dice_for(ev)] == ["red", "yellow", "yellow", "red"]


def test_fgp_4_11_3_dice_resolve_after_the_move_except_before_pit_or_battle():
    assert H.roll_timing() == "end_of_move"
    assert H.roll_timing(entering_pit=True) == "now"
    assert H.roll_timing(starting_battle=True) == "now"


def test_fgp_4_11_die_faces():
    assert H.red_face("tyre_wear") == H.DieResult(wear=1)
    assert H.red_face("risk").risk == 1
    assert H.red_face("loss_of_control").loss_of_control
    assert H.yellow_face("stress").stress == 1
    assert H.yellow_face("tyre_wear").wear == 1 and H.yellow_face("risk").risk == 1


# ---- FGP 13.3 stress ------------------------------------------------------------------
def test_fgp_13_3_focus_space_gives_the_bonus_and_the_middle_takes_it_away():
    down = H.change_stress(2, -1)
    assert (down.stress, down.focus, down.stressed) == (1, True, False)
    back = H.change_stress(1, +1, focus=True)
    assert (back.stress, back.focus) == (2, False)
    assert H.change_stress(1, -1, focus=True).stress == 1        # cannot go below


def test_fgp_13_3_stressed_at_the_top_and_a_further_gain_rolls_red_at_once():
    mid, top = H.stress_bounds()
    assert (mid, top) == (2, 3)                     # FGP 13.3: STRESSED is the 3rd space
    s = H.change_stress(top - 1, +1)
    assert (s.stress, s.stressed, s.red_rolls) == (top, True, 0)
    over = H.change_stress(top, +1)
    assert (over.stress, over.stressed, over.red_rolls, over.moved) == (top, True, 1, 0)
    assert H.dice_for([H.OVER_STRESS]) == (("red", H.OVER_STRESS),)


def test_fgp_13_3_the_race_leader_cannot_use_the_focus_space():
    s = H.change_stress(2, -1, leader=True)
    assert (s.stress, s.focus) == (2, False)
    flipped = H.become_leader(1)                                   # digest A32
    assert (flipped.stress, flipped.focus) == (2, False)


def test_fgp_13_3_leader_token_changes_only_for_a_car_a_tile_ahead():
    assert H.race_leader(0, {0: 30, 1: 30, 2: 29}) == 0          # same tile: keeps it
    assert H.race_leader(0, {0: 30, 1: 31}) == 1
    assert H.race_leader(None, {0: 5, 1: 7}) == 1


# ---- FGP 13.4 loss of control ------------------------------------------------------------
def test_fgp_13_4_choices_are_each_counter_steer_card_or_spin():
    spends = [("counter_steer", "G01"), ("ot_plus1", "R05"), ("counter_steer", "P01")]
    assert H.counter_steer_choices(spends) == ["G01", "P01", None]
    assert H.counter_steer_choices([]) == [None]


def test_fgp_13_4_1_white_colour_gives_the_direction():
    assert H.shift_side("green") == "right" and H.shift_side("red") == "left"
    with pytest.raises(ValueError):
        H.shift_side("blue")


def test_fgp_13_4_1_counter_steer_on_track(tr):
    o = H.counter_steer(tr, at(tr, ST, 2), "green")
    assert (o.result, o.space, o.wear, o.spun, o.yellow_flag, o.damage) == \
        ("on_track", at(tr, ST, 3), 1, False, False, 0)
    assert H.counter_steer(tr, at(tr, ST, 2), "red").space == at(tr, ST, 1)


def test_fgp_13_4_3_a_counter_steer_off_track_then_second_card(tr):
    o = H.counter_steer(tr, at(tr, KERB, 3), "green")              # lane 4 is grass
    assert (o.result, o.off_spot, o.pending, o.wear) == ("off_track", (KERB, 4),
                                                          "second_counter_steer", 1)
    saved = H.off_track_attempt(o.off_spot, "G02")
    assert (saved.spun, saved.yellow_flag, saved.damage, saved.rejoin) == (False, False, 0, "b")


def test_fgp_13_4_3_b_no_second_card_spins_off_track(tr):
    o = H.off_track_attempt((KERB, 4), None)
    assert (o.spun, o.wear, o.stress, o.damage, o.yellow_flag, o.rejoin) == \
        (True, 1, 1, 1, True, "b")


def test_fgp_13_4_3_pushed_off_spot(tr):
    assert H.pushed_off_spot(tr, at(tr, KERB, 3), "right") == (KERB, 4)
    assert H.pushed_off_spot(tr, at(tr, ST, 1), "left") == (ST, 0)
    assert H.pushed_off_spot(tr, at(tr, ST, 1), "right") is None
    assert H.pushed_off_spot(tr, at(tr, C2W, 1), "left") is None       # a wall


def test_fgp_13_4_dispatch_by_choice(tr):
    s = at(tr, ST, 2)
    assert H.loss_of_control(tr, s, "G01", "green") == H.counter_steer(tr, s, "green")
    assert H.loss_of_control(tr, s, None, "green") == H.spin(tr, s, "green")
    t = at(tr, TR, 2)
    assert H.loss_of_control(tr, t, None, "green", tricky=True) == H.tricky_spin(tr, t)
    assert H.loss_of_control(tr, t, "G01", "green", tricky=True).rule == "FGP 13.4.1"


def test_fgp_13_4_4_a_counter_steer_into_a_wall(tr):
    o = H.counter_steer(tr, at(tr, C2W, 1), "red")
    assert (o.result, o.space, o.damage, o.debris, o.rejoin, o.spun, o.yellow_flag) == \
        ("wall", at(tr, C2W, 1), 1, True, "c", False, False)
    assert o.pending is None                                       # no loss-of-control chain


def test_fgp_13_4_2_spin_on_track(tr):
    o = H.spin(tr, at(tr, ST, 2), "green")
    assert (o.result, o.space, o.spun, o.wear, o.stress, o.yellow_flag, o.rejoin, o.damage) \
        == ("on_track", at(tr, ST, 3), True, 1, 1, True, "a", 0)


def test_fgp_13_4_3_b_spin_off_track(tr):
    o = H.spin(tr, at(tr, ST, 1), "red")                           # beyond lane 1: grass
    assert (o.result, o.off_spot, o.spun, o.damage, o.yellow_flag, o.rejoin) == \
        ("off_track", (ST, 0), True, 1, True, "b")


def test_fgp_13_4_4_b_spin_into_a_wall(tr):
    o = H.spin(tr, at(tr, C2W, 1), "red")
    assert (o.result, o.space, o.spun, o.wear, o.stress, o.damage, o.debris, o.yellow_flag,
            o.rejoin) == ("wall", at(tr, C2W, 1), True, 1, 1, 1, True, True, "c")


def test_fgp_13_5_spin_or_counter_steer_into_a_car_is_a_collision(tr):
    there = at(tr, ST, 3)
    o = H.spin(tr, at(tr, ST, 2), "green", {there: 1})
    assert (o.result, o.space, o.hit, o.pending) == ("collision", at(tr, ST, 2), there,
                                                     "collision")
    c = H.counter_steer(tr, at(tr, ST, 2), "green", {there: 1})
    assert (c.result, c.hit, c.wear) == ("collision", there, 1)


def test_fgp_13_5_slipstream_space_takes_the_car_while_a_shadow_is_free(tr):
    sl = at(tr, SL, 2)
    assert tr.spaces[sl].capacity == 2
    assert H.forced_shift(tr, at(tr, SL, 1), "green", {sl: 1}) == H.Shift("on_track", sl)
    full = H.forced_shift(tr, at(tr, SL, 1), "green", {sl: 2})
    assert (full.result, full.full_slipstream) == ("collision", True)


def test_fgp_8_7_tricky_spin_lands_on_the_skid_shadow(tr):
    s = at(tr, TR, 2)
    o = H.tricky_spin(tr, s)
    assert o.off_spot == tr.spaces[s].skid_to and o.rejoin == "b" and o.damage == 1
    with pytest.raises(IllegalAction):
        H.tricky_spin(tr, at(tr, TR, 1))


# ---- FGP 13.4.5 rejoining ------------------------------------------------------------
def test_fgp_13_4_5_rejoin_costs():
    assert H.rejoin_plan("a", spun=True) == H.RejoinPlan("a", 1, 0, False)
    assert H.rejoin_plan("b", spun=False) == H.RejoinPlan("b", 0, 1, False)
    assert H.rejoin_plan("b", spun=True) == H.RejoinPlan("b", 1, 1, False)
    assert H.rejoin_plan("c", spun=False) == H.RejoinPlan("c", 0, 0, True)
    assert H.rejoin_plan("c", spun=True) == H.RejoinPlan("c", 1, 0, False)


def test_fgp_13_4_5_worked_example_blue_pushes_red_from_the_closest_space(tr):
    red = at(tr, KERB, 3)
    [opt] = H.rejoin_options(tr, (KERB, 4), {red: 1})
    assert (opt.space, opt.push, opt.penalty) == (red, at(tr, KERB, 2), False)
    # if Red would collide (the next lane is taken), Blue gets the Penalty token
    [bad] = H.rejoin_options(tr, (KERB, 4), {red: 1, at(tr, KERB, 2): 1})
    assert bad.penalty


def test_fgp_13_4_5_push_off_track_gives_a_penalty():
    nar = build_track(["FIN", "ST", "NAR", "ST"], LIB)
    s = nar.tiles[1].lanes[1][0]
    assert [o.space for o in H.rejoin_options(nar, (1, 1), {})] == [nar.tiles[1].lanes[0][0]]
    # off beyond lane 3's grass: nearest is lane 2; pushing its car left lands on lane 1
    [o] = H.rejoin_options(nar, (1, 3), {s: 1})
    assert (o.space, o.push, o.penalty) == (s, nar.tiles[1].lanes[0][0], False)
    [o] = H.rejoin_options(nar, (1, 0), {nar.tiles[1].lanes[0][0]: 1, s: 1})
    assert o.penalty


def test_fgp_13_4_5_empty_or_free_shadow_is_simply_entered(tr):
    assert H.rejoin_options(tr, (ST, 0), {}) == [H.RejoinOption(at(tr, ST, 1))]


def test_fgp_13_4_5_rejoining_cars_move_last_in_normal_order():
    assert H.rejoin_order([3, 1, 4, 0, 2], [4, 3]) == [1, 0, 2, 3, 4]


# ---- FGP 13.5 / 13.6 collisions and damage ------------------------------------------------
def test_fgp_13_5_collision_effects():
    c = H.collision()
    assert (c.initiator_damage, c.hit_damage, c.initiator_penalty, c.hit_loses_control) == \
        (1, 1, 1, True)
    c = H.collision(hit_damaged=True, hit_already_lost_control=True)
    assert (c.hit_damage, c.hit_loses_control) == (0, False)       # A50, once per collision


def test_fgp_13_5_full_slipstream_lowest_white_is_involved_ties_reroll():
    assert H.slipstream_victims({0: 4, 1: 2, 2: 5}) == (1,)
    assert H.slipstream_victims({0: 2, 1: 2, 2: 5}) == (0, 1)      # A24


def test_fgp_13_6_damage_once_per_round():
    assert H.damage_draws(1, damaged_this_round=False) == 1
    assert H.damage_draws(2, damaged_this_round=False) == 1
    assert H.damage_draws(1, damaged_this_round=True) == 0


def test_fgp_13_6_draw_damage_on_the_race():
    race = new_race("fast", 2, seed=3)
    car = race.cars[0]
    ev = []
    did = H.draw_damage(race, car, ev)
    assert did is not None and car.damaged_this_round
    assert [e.kind for e in ev] == ["draw", "damage_drawn"] and ev[0].to is None   # face up
    assert H.draw_damage(race, car, ev) is None and len(ev) == 2    # once per round


def arrange(race, seat, hand):
    """Give a car exactly this hand, the rest of its 45 cards in the deck."""
    car = race.cars[seat]
    ids = C.action_ids(C.content_of(race))
    car.deck = Deck([c for c in ids if c not in hand], [])
    car.hand = list(hand)
    assert C.deck_conserved(car)
    return car


# ---- FGP 13.7.1 quick repair ---------------------------------------------------------------
def test_fgp_13_7_1_quick_repair_choices_and_payment():
    race = new_race("fast", 2, seed=3)
    car = race.cars[0]
    car.failures = ["X07"]                                         # 2 movement cards
    arrange(race, 0, ["G01", "R01", "T01", "P01"])
    assert H.quick_repair_choices(race, car, "X07") == [("G01", "R01")]
    H.quick_repair(race, car, "X07", ["R01", "G01"])
    assert car.failures == [] and car.hand == ["T01", "P01"]
    assert "X07" in race.decks["failure"].discards and C.deck_conserved(car)
    assert H.quick_repair_choices(race, car, "X07") == []


def test_fgp_13_7_1_parameter_cost_needs_the_unused_token():
    race = new_race("fast", 2, seed=3)
    car = race.cars[0]
    car.failures = ["X05"]                                         # the YELLOW parameter
    assert H.quick_repair_choices(race, car, "X05") == [()]
    car.params["yellow"] = False
    assert H.quick_repair_choices(race, car, "X05") == []
    with pytest.raises(IllegalAction):
        H.quick_repair(race, car, "X05", [])


# ---- FGP 13.8 yellow flags ---------------------------------------------------------------
def test_fgp_13_8_1_a_spin_places_a_zone_for_two_rounds(tr):
    r = H.yellow_flag(tr, [], ST, 3, radar=10, panel=0, sc_space=6)
    assert r.new_zone and r.panel == 1 and not r.safety_car
    assert r.zones == (H.YellowZone(ST, ST + 3, 12),)
    assert H.in_zone(tr, r.zones[0], ST + 2) and not H.in_zone(tr, r.zones[0], ST + 3)


def test_fgp_13_8_worked_example_second_incident_in_the_zone_extends_it(tr):
    z = H.YellowZone(ST, SL, 12)
    r = H.yellow_flag(tr, [z], KERB, 5, radar=11, panel=1, sc_space=6)
    assert (r.new_zone, r.panel, r.zones) == (False, 1, (H.YellowZone(ST, SL, 13),))


def test_fgp_13_8_two_separate_zones_deploy_the_safety_car(tr):
    z = H.YellowZone(ST, KERB, 12)
    assert H.yellow_flag(tr, [z], TR, 1, radar=11, panel=1, sc_space=6).safety_car


def test_fgp_13_8_1_flags_leave_when_the_flag_reaches_the_radar_marker():
    z = H.YellowZone(ST, SL, 12)
    assert H.expire_zones([z], 11) == (z,) and H.expire_zones([z], 12) == ()


def test_fgp_13_8_2_panel_advances():
    assert H.panel_advance(2, "track", sc_space=6) == (3, False)
    assert H.panel_advance(2, "incident", white=4, sc_space=6) == (6, True)
    assert H.panel_advance(0, "risk_card", sc_space=6) == (1, False)


def test_fgp_13_8_1_zone_limits():
    assert H.zone_limits(["green"])["stop_on_green_tile"] is False
    assert H.zone_limits(["red"])["stop_on_green_tile"] is True
    assert H.zone_limits(["green"])["pairs"] is False


# ---- FGP 13.13.1 gravel ------------------------------------------------------------------
def test_fgp_13_13_1_gravel():
    assert H.gravel(["red"], stops_on_tile=False) == H.Gravel(1, True, False)
    assert H.gravel(["blue"], stops_on_tile=False).wear == 1
    assert H.gravel(["green", "green"], stops_on_tile=False) == H.Gravel()   # A40
    assert H.gravel(["green"], stops_on_tile=True) == H.Gravel(0, True, True)
    assert H.gravel(["red"], stops_on_tile=True, yellow_zone=True) == H.Gravel()


def test_fgp_13_13_1_colours_count_orange_as_declared():
    race = new_race("fast", 2, seed=3)
    orange = next(c for c in C.action_ids(C.content_of(race)) if C.colour_of(race, c) == "orange")
    assert H.played_colours(race, ["G01", orange], ["red"]) == ["green", "red"]
    assert H.gravel(H.played_colours(race, [orange], ["red"]), stops_on_tile=False).wear == 1


def test_fgp_13_3_change_stress_clamps_as_min_and_max_would():
    """change_stress clamps without min/max calls: the token between the
    focus space (the one after it for the leader) and STRESSED, and the RED
    rolls one a point gained past STRESSED."""
    mid, top = H.stress_bounds()
    for leader in (False, True):
        low = H.FOCUS_SPACE + 1 if leader else H.FOCUS_SPACE
        for stress in range(low, top + 1):
            for delta in range(-4, 5):
                s = H.change_stress(stress, delta, leader=leader)
                assert s.stress == max(low, min(top, stress + delta))
                assert s.red_rolls == (max(0, stress + delta - top) if delta > 0 else 0)
