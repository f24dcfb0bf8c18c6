"""Qualifying and the race start (FGP 6, 7.2-7.2.3)."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules.battle import CardInfo
from chequered.games.formulagp.rules.movement import IllegalMove
from chequered.games.formulagp.rules.start import (
    PoleChoice, QualiPlay, apply_pole_choice, base_score, check_quali_play,
    counter_steer_cards, grid_order, missed_qualifying, neutral_draw_stops,
    pit_start_moves_in, pit_start_plays, pole_bonus_choices, push_choices, push_order,
    push_outcome, push_roll, push_roll_face, quali_plays, quali_score, round1_mp,
    round1_order, round_rules, start_plays, start_round_order, stuck_in_neutral,
)

G2 = CardInfo("G2", "movement", "green", 2)
G1 = CardInfo("G1", "movement", "green", 1)
R3 = CardInfo("R3", "movement", "red", 3)
B4 = CardInfo("B4", "movement", "blue", 4)
B5 = CardInfo("B5", "movement", "blue", 5)
O2 = CardInfo("O2", "movement", "orange", 2)
TW = CardInfo("TW", "tyre_wear", None, 1)
TW2 = CardInfo("TW2", "tyre_wear", None, 1)
OP = CardInfo("OP", "option", None, 1)
DF = CardInfo("DF", "draw_failure", None, 0)


class Speed:
    """A speed table stub: gear x pace -> MP."""
    T = {2: {"green": 3, "red": 4, "blue": 5}, 4: {"green": 2, "red": 4, "blue": 6},
         6: {"green": 2, "red": 5, "blue": 7}, 8: {"green": 1, "red": 5, "blue": 8}}

    def mp(self, gear, pace):
        return self.T[gear][pace]


def _sets(plays):
    return {tuple(sorted(p.cards)) for p in plays}


# ---- FGP 6.1: legal qualifying choices ------------------------------------------------
def test_6_1_quali_choices_follow_battle_combinations():
    plays = quali_plays([G2, R3, TW, OP, DF])
    assert plays[0] == QualiPlay()                      # play nothing: missed
    assert _sets(plays) == {
        (), ("G2",), ("G2", "TW"), ("G2", "OP"), ("G2", "OP", "TW"),
        ("R3",), ("R3", "TW"), ("OP", "R3"), ("OP", "R3", "TW"),
        ("TW",), ("OP", "TW")}                          # TW may be the primary (A7)
    assert ("G2", "R3") not in _sets(plays)             # mixed colours are no pair
    assert ("OP",) not in _sets(plays)                  # an Option alone is no play
    assert not any("DF" in p.cards for p in plays)


def test_6_1_blue_pair_and_blue_need_no_ers():
    plays = quali_plays([B4, B5])
    assert ("B4", "B5") in _sets(plays)                 # battle rules: BLUE pair allowed
    pair = next(p for p in plays if p.pair)
    assert pair.leds == 9


def test_6_1_orange_pairs_with_green_and_red():
    s = _sets(quali_plays([O2, G2, R3]))
    assert ("G2", "O2") in s and ("O2", "R3") in s and ("G2", "R3") not in s


def test_6_1_no_pairs_option():
    assert all(not p.pair for p in quali_plays([G1, G2], no_pairs=True))


def test_6_1_check_quali_play():
    p = check_quali_play([G2, TW, OP], ["TW", "G2"])
    assert (p.leds, p.tyre_wear) == (3, 1)
    with pytest.raises(IllegalMove, match="FGP 6.1"):
        check_quali_play([G2, OP], ["OP"])


# ---- FGP 6.2: the score ---------------------------------------------------------------
def test_6_2_base_score_is_tyre_bonus_plus_max_ot():
    assert base_score(3, 4) == 7


def test_6_2_score_is_base_plus_leds():
    p = check_quali_play([R3, TW, OP], ["R3", "TW", "OP"])
    s = quali_score(3, 4, p)
    assert (s.base, s.leds, s.total, s.missed) == (7, 5, 12, False)


def test_6_2_score_with_pair_and_blue():
    p = check_quali_play([B4, B5, TW], ["B4", "B5", "TW"])
    assert quali_score(2, 3, p).total == 2 + 3 + 4 + 5 + 1


def test_6_2_no_cards_scores_zero():
    s = quali_score(3, 4, QualiPlay())
    assert (s.total, s.missed) == (0, True)
    assert missed_qualifying(QualiPlay())


def test_6_1_tw_and_option_count_one_led_whatever_printed():
    odd_tw = CardInfo("TWx", "tyre_wear", None, 3)
    odd_op = CardInfo("OPx", "option", None, 2)
    p = check_quali_play([G1, odd_tw, odd_op], ["G1", "TWx", "OPx"])
    assert p.leds == 3


# ---- FGP 6.2: push the limit ----------------------------------------------------------
def test_6_2_push_green_adds_the_roll():
    r = push_roll(5, "green")
    assert (r.bonus, r.counter_steer_needed) == (5, False)
    o = push_outcome(12, r)
    assert (o.score, o.crashed, o.counter_steer) == (17, False, None)


def test_6_2_push_icon_face_counts_one():
    r = push_roll(1, "green", icon=True)
    assert r.bonus == 1
    assert push_outcome(9, r).score == 10


def test_6_2_push_red_with_counter_steer_keeps_score_no_bonus():
    r = push_roll(4, "red")
    assert (r.bonus, r.counter_steer_needed) == (0, True)
    o = push_outcome(12, r, "G2")
    assert (o.score, o.crashed, o.counter_steer, o.tyre_wear) == (12, False, "G2", 0)
    assert push_outcome(12, r, "G2", counter_steer_wear=True).tyre_wear == 1   # A8 option


def test_6_2_push_red_without_counter_steer_crashes():
    o = push_outcome(12, push_roll(6, "red"), None)
    assert (o.score, o.crashed) == (0, True)


def test_6_2_push_choices():
    red, green = push_roll(2, "red"), push_roll(3, "green")
    assert push_choices(red, ["C1", "C2", "C1"]) == ["C1", "C2"]   # a card is required
    assert push_choices(red, []) == [None]                          # crash
    assert push_choices(green, ["C1"]) == [None]
    with pytest.raises(IllegalMove, match="FGP 6.2"):
        push_outcome(5, green, "C1")


def test_6_2_counter_steer_cards_from_spends():
    spends = [("counter_steer", "G1"), ("ot_plus1", "R3"), ("counter_steer", "O2")]
    assert counter_steer_cards(spends) == ["G1", "O2"]


def test_6_2_push_from_content_die():
    faces = {f.value: f for f in load_content().dice.white}
    assert push_roll_face(faces[1]).bonus == 1
    assert push_roll_face(faces[6]).counter_steer_needed          # 6 is red (content)


def test_6_2_push_order_is_pit_box_order_of_scoring_cars():
    assert push_order(["c", "a", "b", "d"], {"a": 9, "b": 0, "c": 7, "d": 11}) == ["c", "a", "d"]


def test_6_2_bad_die_faces():
    with pytest.raises(ValueError):
        push_roll(7, "green")
    with pytest.raises(ValueError):
        push_roll(3, "blue")


# ---- FGP 6.2 / 7.2: the grid ----------------------------------------------------------
def test_6_2_grid_by_score_ties_by_pit_box():
    pit = ["a", "b", "c", "d", "e"]          # box 0 (a) nearest the exit
    scores = {"a": 10, "b": 12, "c": 12, "d": 9, "e": 15}
    assert grid_order(scores, pit) == ["e", "b", "c", "a", "d"]
    assert grid_order(scores, ["c", "b", "a", "d", "e"]) == ["e", "c", "b", "a", "d"]


def test_7_2_zero_scores_back_in_pit_box_order_crashed_off_grid():
    pit = ["z2", "a", "z1", "x", "b"]
    scores = {"a": 8, "b": 11, "z1": 0, "z2": 0, "x": 0}
    assert grid_order(scores, pit, crashed=["x"]) == ["b", "a", "z2", "z1"]


def test_6_2_grid_needs_pit_boxes():
    with pytest.raises(ValueError):
        grid_order({"a": 3}, ["b"])


# ---- FGP 7.2: stuck in neutral ---------------------------------------------------------
def test_7_2_stuck_in_neutral():
    assert stuck_in_neutral([TW, OP, DF])
    assert stuck_in_neutral([])
    assert not stuck_in_neutral([TW, O2])
    assert neutral_draw_stops(B4) and not neutral_draw_stops(TW) and not neutral_draw_stops(DF)


# ---- FGP 7.2.1: the pole bonus card --------------------------------------------------
def test_7_2_1_pole_bonus_choices_enumerated():
    ch = pole_bonus_choices(["a", "b", "c"])
    assert len(ch) == 18
    keep_a = {(c.top, c.bottom) for c in ch if c.keep == "a"}
    assert keep_a == {(("b", "c"), ()), (("c", "b"), ()), ((), ("b", "c")), ((), ("c", "b")),
                      (("b",), ("c",)), (("c",), ("b",))}


def test_7_2_1_pole_choice_applied_to_deck():
    deck = ("x", "y")
    assert apply_pole_choice(deck, PoleChoice("a", ("c",), ("b",))) == ("c", "x", "y", "b")
    assert apply_pole_choice(deck, PoleChoice("a", ("b", "c"))) == ("b", "c", "x", "y")
    assert apply_pole_choice(deck, PoleChoice("a", (), ("c", "b"))) == ("x", "y", "c", "b")


def test_7_2_1_pole_bonus_duplicates_listed_once():
    # keep a: 6 arrangements of (a, b); keep b: a a on top, at the bottom, or split -> 3
    assert len(pole_bonus_choices(["a", "a", "b"])) == 9


# ---- FGP 7.2.1: round 1 -----------------------------------------------------------------
def test_7_2_1_round1_choices():
    plays = start_plays([G2, R3, TW, OP, DF], ers=3)
    s = _sets(plays)
    assert ("TW",) not in s and ("OP", "TW") not in s        # a movement card is required
    assert ("G2", "OP", "TW") in s and ("OP", "R3") in s
    p = next(p for p in plays if sorted(p.cards) == ["G2", "OP", "TW"])
    assert (p.leds, p.tyre_wear, p.options, p.pace.pace) == (4, 1, 1, "green")


def test_7_2_1_round1_pairs_and_blue():
    s = _sets(start_plays([G1, G2, B4, B5], ers=1))
    assert ("G1", "G2") in s                 # paired cards are allowed
    assert ("B4", "B5") not in s             # a BLUE pair is battle-only (FGP 4.3.1)
    assert ("B4",) in s
    assert ("B4",) not in _sets(start_plays([B4], ers=0))    # BLUE needs ERS
    gg = next(p for p in start_plays([G1, G2], ers=0) if p.pace.pair)
    assert (gg.pace.pace, gg.leds) == ("red", 3)


def test_7_2_1_round1_orange_declared():
    plays = start_plays([O2], ers=0)
    assert sorted(p.pace.pace for p in plays) == ["green", "red"]


def test_7_2_1_round1_order_by_leds_ties_by_grid():
    grid = ["p", "q", "r", "s"]
    assert round1_order({"p": 3, "q": 5, "r": 3, "s": 4}, grid) == ["q", "s", "p", "r"]
    assert round1_order({"r": 4, "q": 4}, grid) == ["q", "r"]


def test_7_2_1_round1_stuck_cars_last_in_grid_order():
    grid = ["p", "q", "r", "s"]
    assert round1_order({"p": 2, "r": 6}, grid, stuck=["s", "q"]) == ["r", "p", "q", "s"]


def test_7_2_1_round1_second_gear_no_characteristic():
    p = next(p for p in start_plays([R3], ers=0))
    mp = round1_mp(Speed(), p, tyre_bonus=3, focus=True)
    assert (mp.speed, mp.characteristic, mp.total) == (4, 0, 8)


def test_7_2_1_round1_mp_from_content_board():
    board = load_content().boards[0].side("A")
    p = next(p for p in start_plays([G2], ers=0))
    assert round1_mp(board.speed, p, tyre_bonus=2).total == board.speed.mp(2, "green") + 2


# ---- FGP 7.2 / 7.2.2: pit-lane starters (A11) ------------------------------------------
def test_7_2_pit_start_single_cards_only():
    s = _sets(pit_start_plays([G1, G2, O2, TW, B4], ers=1))
    assert s == {("G1",), ("G2",), ("O2",), ("B4",)}


def test_7_2_2_pit_starters_after_track_cars_round_2():
    order = ["a", "b"]
    assert start_round_order(1, order, ["x", "y"], ["y", "a", "x", "b"]) == ["a", "b"]
    assert start_round_order(2, order, ["x", "y"], ["y", "a", "x", "b"]) == ["a", "b", "y", "x"]
    assert start_round_order(3, order, ["x"], ["x"]) == ["a", "b"]


def test_7_2_pit_start_round_3_option():
    order = ["a", "b"]
    assert start_round_order(2, order, ["x"], ["x"], pit_start_round=3) == ["a", "b"]
    assert start_round_order(3, order, ["x"], ["x"], pit_start_round=3) == ["a", "b", "x"]
    assert pit_start_moves_in(3, pit_start_round=3) and not pit_start_moves_in(2, pit_start_round=3)
    with pytest.raises(ValueError):
        pit_start_moves_in(2, pit_start_round=4)


# ---- FGP 7.2.3: the summary table ------------------------------------------------------
def test_7_2_3_round_1():
    r = round_rules(1)
    assert (r.sequence, r.draw, r.pole_bonus, r.event_draws, r.gear) == ("leds", "none", True,
                                                                         False, 2)
    assert not (r.battles or r.w2w_tokens or r.slipstream_ot or r.drs or r.stress_relief
                or r.characteristic or r.flag_advances or r.pit_starters_move)
    assert r.pairs


def test_7_2_3_round_2():
    r = round_rules(2)
    assert (r.sequence, r.draw, r.pole_bonus, r.event_draws, r.gear) == ("normal", "normal",
                                                                         False, True, None)
    assert not (r.battles or r.w2w_tokens or r.slipstream_ot or r.drs or r.stress_relief)
    assert r.characteristic and r.flag_advances and r.pit_starters_move


def test_7_2_3_round_3_and_later():
    for n in (3, 4, 16):
        r = round_rules(n)
        assert r.battles and r.w2w_tokens and r.slipstream_ot and r.drs and r.stress_relief
        assert (r.sequence, r.draw, r.gear, r.pole_bonus) == ("normal", "normal", None, False)
    assert round_rules(3, pit_start_round=3).pit_starters_move
    assert not round_rules(3).pit_starters_move
    with pytest.raises(ValueError):
        round_rules(0)
