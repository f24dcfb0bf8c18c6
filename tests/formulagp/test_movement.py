"""Movement rules (FGP 7.3.3.5, 8.1-8.9) on small hand-built tracks."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules.movement import (
    IllegalMove, brake, drs_active, drs_move, end_spaces, ers_charge_room, extension,
    extension_kind,
    free_shadows, lane_change_wear, legal_plays, legal_steps, movement_points,
    pairs_allowed_from, play_pace, push_target, reduce_move, skid_end, slipstream_ot,
    start_gear, tricky_check,
)
from chequered.games.formulagp.track import Library, build_track

E = {}
K = {"kerb": True}
TILES = [
    {"id": "FIN", "kind": "feature", "feature": "finish"},
    {"id": "ON", "kind": "feature", "feature": "drs_start"},
    {"id": "OFF", "kind": "feature", "feature": "drs_end"},
    {"id": "ST", "kind": "straight", "lanes": [[E], [E], [E], [E]]},
    {"id": "ST2", "kind": "straight", "lanes": [[E, E], [E, E], [E, E], [E, E]]},
    {"id": "KERB", "kind": "straight", "lanes": [[E], [K], [E], []]},
    {"id": "SL", "kind": "straight", "lanes": [[E], [{"slipstream": 1}], [E], [E]]},
    {"id": "C6", "kind": "curved", "turn": "right", "gear": 6, "no_pairs": True,
     "lanes": [[E], [E], [E], [E]]},
    {"id": "C2W", "kind": "curved", "turn": "left", "gear": 2, "walls": ["left"],
     "lanes": [[E], [E], [E], [E]]},
    {"id": "TR", "kind": "curved", "turn": "right", "gear": 4, "tricky": True,
     "lanes": [[E], [{"skid": {"lane": 1}}], [E], [E]]},
    {"id": "DBL", "kind": "straight",
     "lanes": [[E], [{"double": True}], [{"double_part": True}], [E]]},
]
LIB = Library.model_validate({"source": "test", "tiles": TILES})
BOARD = load_content().boards[0].side("A")


def build(*ids: str):
    return build_track(["FIN", *ids], LIB)


def at(tr, tile: int, lane: int, index: int = 0) -> int:
    return tr.tiles[tile].lanes[lane - 1][index]


# ---- pace from the cards (FGP 4.3.1, 7.3.3.5, 8.1) ---------------------------------------
def test_fgp_4_3_1_single_cards():
    g, r, b = play_pace(["green"]), play_pace(["red"]), play_pace(["blue"])
    assert (g.pace, g.lane_change_wear, g.stress_relief, g.yellow_die) == ("green", 0, True, False)
    assert (r.pace, r.lane_change_wear, r.stress_relief) == ("red", 1, False)
    assert (b.pace, b.lane_changes, b.ers_cost) == ("blue", False, 1)


def test_fgp_4_3_1_orange_is_wild_but_always_wears_on_lane_changes():
    og = play_pace(["orange"], ["green"])
    assert (og.pace, og.lane_change_wear, og.stress_relief) == ("green", 1, False)  # A49
    assert play_pace(["orange"], ["red"]).pace == "red"
    with pytest.raises(IllegalMove):
        play_pace(["orange"])                        # must be declared
    with pytest.raises(IllegalMove):
        play_pace(["orange"], ["blue"])


def test_fgp_4_3_1_pairs():
    gg = play_pace(["green", "green"])
    assert (gg.pace, gg.pair, gg.yellow_die, gg.lane_change_wear, gg.stress_relief) == \
        ("red", True, True, 0, False)
    rr = play_pace(["red", "red"])
    assert (rr.pace, rr.ers_cost, rr.lane_changes, rr.lane_change_wear) == ("blue", 0, True, 1)
    og = play_pace(["orange", "green"], ["green"])
    assert (og.pace, og.lane_change_wear) == ("red", 1)
    assert play_pace(["orange", "orange"], ["red", "red"]).pace == "blue"
    with pytest.raises(IllegalMove):
        play_pace(["green", "red"])                  # not the same colour
    with pytest.raises(IllegalMove):
        play_pace(["green", "green", "green"])       # no triples


def test_fgp_4_3_1_blue_pairs_only_in_battle():
    with pytest.raises(IllegalMove):
        play_pace(["blue", "blue"])
    bb = play_pace(["blue", "blue"], battle=True)
    assert bb.pair and bb.yellow_die and bb.ers_cost == 2       # A42


def test_fgp_8_4_1_no_paired_cards_tile():
    tr = build("C6", "ST")
    s = at(tr, 0, 2)
    assert not pairs_allowed_from(tr, s) and pairs_allowed_from(tr, at(tr, 1, 2))
    with pytest.raises(IllegalMove):
        play_pace(["green", "green"], no_pairs=not pairs_allowed_from(tr, s))
    plays = legal_plays(["green", "green", "red"], ers=0, no_pairs=True)
    assert all(not p.pair for p in plays)


def test_legal_plays_lists_singles_pairs_and_needs_ers_for_blue():
    plays = legal_plays(["green", "green", "orange", "blue"], ers=0)
    kinds = {(p.cards, p.as_colour) for p in plays}
    assert (("green",), ("green",)) in kinds
    assert (("green", "green"), ("green", "green")) in kinds
    assert (("green", "orange"), ("green", "green")) in kinds
    assert (("orange",), ("red",)) in kinds
    assert not any(p.pace == "blue" for p in plays)              # no ERS charge
    assert any(p.cards == ("blue",) for p in legal_plays(["blue"], ers=1))


# ---- movement points (FGP 7.3.3.2, 7.3.3.5, 8.1) ------------------------------------------
def test_fgp_7_3_3_5_green_in_6th_plus_tyre_bonus_3_is_5_spaces():
    tr = build("C6", "ST")
    gear = start_gear(tr, at(tr, 0, 1))
    assert gear == 6
    mp = movement_points(BOARD.speed, gear, play_pace(["green"]).pace,
                         tyre_bonus=BOARD.tyre_bonus("soft", BOARD.start_position("soft")))
    assert (mp.speed, mp.tyre_bonus, mp.total) == (2, 3, 5)


def test_fgp_7_3_3_5_no_gear_icon_is_8th_and_every_bonus_adds():
    tr = build("ST", "C6")
    assert start_gear(tr, at(tr, 0, 1)) == 8
    mp = movement_points(BOARD.speed, 8, "red", tyre_bonus=2, characteristic=True,
                         focus=True, secondary=1, event=1, malus=2)
    assert mp.total == BOARD.speed.mp(8, "red") + 2 + 1 + 1 + 1 + 1 - 2


def test_fgp_8_1_pair_pace_reads_the_faster_column():
    gg = play_pace(["green", "green"])
    assert movement_points(BOARD.speed, 6, gg.pace).speed == BOARD.speed.mp(6, "red")


# ---- one movement point (FGP 8.3, 8.3.1, 8.5) ---------------------------------------------
def test_fgp_8_3_lateral_onto_kerb_legal_diagonal_never_offered():
    tr = build("ST", "KERB", "ST")
    s = at(tr, 1, 1)
    steps = {st.to: st for st in legal_steps(tr, s)}
    kerb = at(tr, 1, 2)
    assert tr.spaces[kerb].kerb and steps[kerb].lane_change
    assert at(tr, 1, 3) not in steps                 # lane 1 -> 3: not lateral
    assert at(tr, 2, 2) not in steps                 # diagonal to the next tile
    assert steps[at(tr, 2, 1)].lane_change is False  # forward


def test_fgp_8_3_no_going_back_and_blue_cannot_change_lanes():
    tr = build("ST", "ST")
    s = at(tr, 0, 2)
    back = at(tr, 0, 1)
    assert back in {st.to for st in legal_steps(tr, s)}
    assert back not in {st.to for st in legal_steps(tr, s, visited=[back])}
    blue = play_pace(["blue"])
    assert all(not st.lane_change
               for st in legal_steps(tr, s, lane_changes=blue.lane_changes))


def test_fgp_8_3_double_lane_space_choice_is_not_a_lane_change():
    tr = build("DBL", "ST")
    d = at(tr, 0, 2)
    assert at(tr, 0, 3) == d
    fwd = [st for st in legal_steps(tr, d) if not st.lane_change]
    assert {st.to for st in fwd} == {at(tr, 1, 2), at(tr, 1, 3)}


def test_fgp_8_3_1_occupied_spaces_and_pushing():
    tr = build("ST", "ST")
    s, beside, ahead = at(tr, 0, 2), at(tr, 0, 3), at(tr, 1, 2)
    steps = legal_steps(tr, s, occupied=[beside, ahead])
    assert {st.to for st in steps} == {at(tr, 0, 1)}             # never into a car
    pushes = [st for st in legal_steps(tr, s, occupied=[beside], may_push=True) if st.push]
    assert [st.to for st in pushes] == [beside]
    assert push_target(tr, s, beside) == at(tr, 0, 4)
    assert push_target(tr, at(tr, 0, 3), at(tr, 0, 4)) == "off_track"


def test_fgp_8_3_1_push_into_a_wall_is_a_collision():
    tr = build("C2W", "ST")
    assert push_target(tr, at(tr, 0, 2), at(tr, 0, 1)) == "wall"


def test_fgp_8_5_slipstream_space_capacity_and_shadow():
    tr = build("ST", "SL", "ST")
    slip = at(tr, 1, 2)
    assert free_shadows(tr, slip, 1) == 1 and free_shadows(tr, slip, 2) == 0
    assert free_shadows(tr, at(tr, 1, 1), 1) == 0
    (step,) = [st for st in legal_steps(tr, at(tr, 0, 2), occupied={slip: 1})
               if st.to == slip]
    assert step.shadow and not step.push
    assert slip not in {st.to for st in legal_steps(tr, at(tr, 0, 2), occupied={slip: 2})}
    full = [st for st in legal_steps(tr, at(tr, 1, 1), occupied={slip: 2}, may_push=True)
            if st.to == slip]
    assert full[0].push and full[0].white_roll      # FGP 8.3.1: everyone there rolls


def test_fgp_8_5_slipstream_ot_bonus():
    assert slipstream_ot(1, 3, round_no=5, behind_opponent=True) == 3
    assert slipstream_ot(2, 3, round_no=5, behind_opponent=True) == 3   # capped at max
    assert slipstream_ot(0, 2, round_no=5, behind_opponent=True) == 2   # even from 0
    assert slipstream_ot(0, 2, round_no=2, behind_opponent=True) == 0   # rounds 1-2


def test_fgp_4_3_1_lane_change_wear_by_colour():
    assert lane_change_wear(play_pace(["green"]), 2) == 0
    assert lane_change_wear(play_pace(["red"]), 2) == 2
    assert lane_change_wear(play_pace(["orange"], ["green"]), 1) == 1
    assert lane_change_wear(play_pace(["green", "green"]), 3) == 0
    assert lane_change_wear(play_pace(["red", "red"]), 1) == 1
    with pytest.raises(IllegalMove):
        lane_change_wear(play_pace(["blue"]), 1)


# ---- DRS (FGP 8.6) -------------------------------------------------------------------------
def test_fgp_8_6_drs_pulls_to_the_tile_behind_the_next_car():
    tr = build("ST", "ON", "ST2", "ST2", "ST2", "ST", "OFF", "C6")
    me = at(tr, 1, 2)
    other = {"B": at(tr, 4, 3)}
    assert drs_move(tr, me, other) == at(tr, 3, 2, 1)      # last space of lane 2, tile 3
    assert drs_move(tr, at(tr, 0, 2), other) is None        # not in the zone
    assert drs_move(tr, me, {}) is None
    # a car in the way stops the pull behind it
    assert drs_move(tr, me, {"B": at(tr, 4, 3), "C": at(tr, 3, 2, 0)}) == at(tr, 2, 2, 1)


def test_fgp_8_6_drs_into_the_slipstream_shadow_behind_the_car():
    tr = build("ST", "ON", "ST", "ST", "SL", "OFF", "C6")
    slip = at(tr, 3, 2)
    assert drs_move(tr, at(tr, 1, 2), {"A": slip}) == slip
    assert drs_move(tr, at(tr, 1, 2), {"A": slip, "B": slip}) == at(tr, 2, 2)   # full


def test_fgp_8_6_when_drs_is_off():
    assert drs_active(round_no=3)
    assert not drs_active(round_no=2)
    assert not drs_active(round_no=5, reduced=True)
    assert not drs_active(round_no=5, safety_car=True)
    assert not drs_active(round_no=5, yellow_zone=True)


# ---- tricky corners (FGP 8.7) ---------------------------------------------------------------
def test_fgp_8_7_tricky_corner_trigger_and_skid_end():
    tr = build("ST", "TR")
    skid = at(tr, 1, 2)
    assert tricky_check(tr, skid) and not tricky_check(tr, at(tr, 1, 3))
    assert not tricky_check(tr, skid, yellow_zone=True)
    assert not tricky_check(tr, skid, safety_car=True)
    assert skid_end(tr, skid) == (1, 1)
    with pytest.raises(IllegalMove):
        skid_end(tr, at(tr, 1, 3))


# ---- reduce (FGP 8.2.1, 8.8.1, 8.9) -------------------------------------------------------
def test_fgp_8_2_1_and_8_8_1_five_mp_drive_three_charge_two():
    r = reduce_move(5, 3, ers=1, ers_max=3)
    assert (r.driven, r.ers_charged, r.braked, r.ers) == (3, 2, 0, 3)


def test_fgp_8_2_1_no_charge_past_max_with_blue_or_drs():
    assert ers_charge_room(2, 3, 3) == 0                          # battery full
    assert ers_charge_room(3, 1, 3) == 2                          # not past the max
    assert ers_charge_room(2, 0, 3, blue=True) == 0
    assert ers_charge_room(2, 0, 3, drs=True) == 0
    with pytest.raises(IllegalMove):
        reduce_move(5, 3, ers=3, ers_max=3)                       # 2 unused, none chargeable
    with pytest.raises(IllegalMove):
        reduce_move(5, 3, ers=0, ers_max=3, blue=True)


def test_fgp_8_9_brake_to_stop_on_the_straight_with_full_ers():
    # not battling (no OT charge) and ERS full: brake the 2 spare points away
    r = reduce_move(5, 3, ers=3, ers_max=3, brake=2)
    assert (r.ers_charged, r.braked, r.tyre_wear, r.ers) == (0, 2, 2, 3)
    assert brake(2, 1) == (1, 1)
    with pytest.raises(IllegalMove):
        brake(2, 1, worn_out=True)
    with pytest.raises(IllegalMove):
        brake(1, 2)


def test_fgp_8_2_1_mixing_charge_and_brake():
    r = reduce_move(6, 2, ers=2, ers_max=3, charge=1, brake=3)
    assert (r.ers_charged, r.tyre_wear, r.ers) == (1, 3, 3)


# ---- extend (FGP 8.2.2) -------------------------------------------------------------------
def test_fgp_8_2_2_car_a_straight_ers_car_b_curve_tyre_wear():
    tr = build("ST", "C6")
    a, b = at(tr, 0, 2), at(tr, 1, 2)
    assert extension_kind(tr, a) == "ers" and extension_kind(tr, b) == "tyre_wear"
    ea = extension(tr, a, "ers", ers=1)
    assert (ea.ers_cost, ea.tyre_wear) == (1, 0)
    eb = extension(tr, b, "tyre_wear")
    assert (eb.ers_cost, eb.tyre_wear) == (0, 1)                  # A4: wear +1


def test_fgp_8_2_2_extension_limits():
    tr = build("ST", "C6")
    a, b = at(tr, 0, 2), at(tr, 1, 2)
    with pytest.raises(IllegalMove):
        extension(tr, a, "tyre_wear")                             # TW only on a curve
    with pytest.raises(IllegalMove):
        extension(tr, b, "ers", ers=2)                            # ERS only on a straight
    with pytest.raises(IllegalMove):
        extension(tr, a, "ers", ers=0)
    with pytest.raises(IllegalMove):
        extension(tr, b, "tyre_wear", worn_out=True)
    with pytest.raises(IllegalMove):
        extension(tr, a, "ers", ers=1, reduced=True)              # FGP 8.2: not both
    with pytest.raises(IllegalMove):
        extension(tr, a, "ers", ers=1, drs_done=True)             # FGP 8.6


def test_fgp_7_3_3_5_end_spaces_of_a_five_point_move():
    tr = build("ST", "ST", "ST", "ST", "ST", "ST", "C6")
    ends = end_spaces(tr, at(tr, 0, 1), 5)
    assert ends[at(tr, 5, 1)] == 0                    # five forward steps in lane 1
    assert ends[at(tr, 4, 2)] == 1                    # four forward + one lane change
    assert ends[at(tr, 3, 3)] == 2                    # three forward + two changes
    assert at(tr, 4, 3) not in ends
    blue = end_spaces(tr, at(tr, 0, 1), 5, lane_changes=False)
    assert blue == {at(tr, 5, 1): 0}
    # a car in the lane blocks the forward path: the move goes round it or stops
    stuck = end_spaces(tr, at(tr, 0, 1), 5, occupied=[at(tr, 1, 1)], lane_changes=False)
    assert stuck == {at(tr, 0, 1): 0}


def test_legal_plays_are_every_single_card_and_pair_of_the_hand():
    # _legal_plays tries each distinct pair once, and legal_plays asks it
    # about two cards of a colour at most; here every pair of cards held
    import itertools

    from chequered.games.formulagp.rules import movement as M

    def every(hand, ers, battle, no_pairs):
        out = {}
        tries = [((c,), o) for c in hand
                 for o in ((("green",), ("red",)) if c == "orange" else ((),))]
        for a, b in itertools.combinations(hand, 2):
            pair = tuple(sorted((a, b)))
            n = pair.count("orange")
            tries += [(pair, d) for d in ([()] if n == 0 else [("green",), ("red",)] if n == 1
                                          else [("green", "green"), ("red", "red")])]
        for cards, decl in tries:
            try:
                p = M.play_pace(cards, decl, battle=battle, no_pairs=no_pairs)
            except M.IllegalMove:
                continue
            if p.ers_cost <= ers:
                out[(p.cards, p.as_colour)] = p
        return sorted(out.values(), key=lambda p: (len(p.cards), p.cards, p.as_colour))

    for k in range(7):
        for hand in itertools.combinations_with_replacement(M.MOVEMENT_COLOURS, k):
            for ers, battle, no_pairs in itertools.product((0, 1, 2), (False, True), (False, True)):
                hand_ = sorted(hand)
                assert M._legal_plays(hand_, ers, battle, no_pairs) == every(hand_, ers, battle, no_pairs)
                # (legal_plays keeps two cards of a colour at most: the same plays)
                assert M.legal_plays(hand[::-1], ers=ers, battle=battle, no_pairs=no_pairs) \
                    == every(hand_, ers, battle, no_pairs)
