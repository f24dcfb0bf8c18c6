"""BOT 3 (battles with BOT cars), written from the BOT rules: a position by
hand, the BATTLE cards and WHITE rolls forced, played through GAME.apply.

The fast track as in test_ch09_overtaking.py: the attacker stops on 2.2.1
(tile 2's last space) beside the defender on 3.3.1; tile 3 has two spaces a
lane, so an OT move of 2 from 2.2.1 ends on 3.2.2, of 1 on 3.2.1. Vireo's
Pro control card (PRO01) has max OT 2, Halcyon's (PRO03) 3, the Rookies' 2.
TACTICS cards: TAC11 attacks and defends always, TAC18 attacks on a green
WHITE die, TAC13 defends on a green die, TAC02 (the Rookies') always, TAC29 is a Failure card (never).
BATTLE cards: BAT22 4 LEDs 2 OT, BAT09 2 LEDs 1 OT, BAT30 6 LEDs 2 OT,
BAT05 1 LED 1 OT (LEDs only); BAT01 a cross, BAT25 4 LEDs + die, BAT24 4
LEDs + a second card, BAT12 2 LEDs 'lose', BAT21 3 LEDs 'best', BAT13 2 LEDs
'worst'. WHITE faces: 1 (icon), 3, 5 green; 2, 4, 6 red."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _bot_moves_by_cards(monkeypatch):
    """These tests bring a BOT to the battle by playing its move with cards, as a
    player's (its move by the BOT rules, BOT 2, has its own tests, test_bot2_*);
    what follows is the BOT rules'."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)

from .common import A, GAME, kinds, name, play, position, space

HEAD = """
round = 5
rolls = {rolls}
bots = {{ battle = {battle}, tactics = {tactics}, rookie_tactics = "TAC02" }}
"""
CAR = """
[[car]]
name = "{name}"
controller = "{kind}"
at = "{at}"
tyre = "hard"
hand = {hand}
{extra}
"""


def car(name, kind, at, hand=(), tactics=None, **extra):
    bot = f'bot = {{ tactics = "{tactics}" }}' if tactics and kind == "pro" else ""
    more = "\n".join(f"{k} = {v}" for k, v in extra.items())
    return CAR.format(name=name, kind=kind, at=at, hand=list(hand), extra=bot + "\n" + more)


def pos(*cars, battle=(), rolls=(), tactics=("TAC16",), head=""):
    """The BATTLE deck's top cards, the WHITE rolls; a Pro drawing a new
    TACTICS card draws TAC16."""
    return position(HEAD.format(rolls=list(rolls), battle=list(battle), tactics=list(tactics))
                    + head + "".join(cars))


def drive_to_2_2_1(st):
    """The mover plays G01 (GREEN, hard tyres: 4 points), one step and stops."""
    play(st, A.Done(), A.Play(("G01",), (), False))
    play(st, A.Step(space(st, "2.2.1")))
    return play(st, A.Stop())


def defend(st, cards, seat=1):
    """The player shows its cards, no boosts."""
    ev = play(st, A.Cards(tuple(cards)), seat=seat)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += play(st, A.Boost(False, False, ()), seat=seat)
    return ev


def scores(ev):
    return [(e.data["seat"], e.data["leds"], e.data["ot"], e.data["aborted"])
            for e in ev if e.kind == "bot_battle_score"]


def outcome(ev):
    return [e.data["outcome"] for e in ev if e.kind == "battle_result"]


def bot_vs_player(battle, rolls=(), tactics="TAC11", kind="pro", defender=("G03",)):
    st = pos(car("vireo", kind, "1.2.1", ["G01"], tactics),
             car("halcyon", "human", "3.3.1", defender), battle=battle, rolls=rolls)
    return st, drive_to_2_2_1(st)


def player_vs_bot(battle, rolls=(), tactics="TAC11", kind="pro", attacker=("G01", "G05")):
    st = pos(car("vireo", "human", "1.2.1", attacker),
             car("halcyon", kind, "3.3.1", [], tactics), battle=battle, rolls=rolls)
    drive_to_2_2_1(st)
    return st, play(st, A.Attack(1), A.Done())


# ---- BOT 3.2.1-3.2.2 ---------------------------------------------------------------------
def test_bot_3_2_1_a_bot_charges_no_ot_and_the_rules_decide_its_attack():
    """A BOT stopping behind a car on the next tile beside it is in position: no OT
    from its points left, the BOT seat is not asked, its TACTICS card attacks."""
    st, ev = bot_vs_player(["BAT22"])
    assert st.cars[0].ot == 0 and "ot_charge" not in kinds(ev)
    d = [e.data for e in ev if e.kind == "bot_battle_decision"]
    assert d == [{"seat": 0, "role": "attack", "card": "TAC11", "yes": True}]
    assert GAME.to_act(st) == {1} and st.turn.pending.step == "battle_cards"


def test_bot_3_2_2_a_red_white_die_aborts_the_attack():
    """TACTICS card with the die: a red result, the BOT stays where it is."""
    st, ev = bot_vs_player(["BAT22"], rolls=["white:2"], tactics="TAC18")
    assert name(st, 0) == "2.2.1" and "bot_battle" not in kinds(ev)
    assert st.battle is None and "BAT22" in st.decks["battle"].pile


def test_bot_3_2_2_a_green_white_die_attacks():
    st, ev = bot_vs_player(["BAT22"], rolls=["white:3"], tactics="TAC18")
    assert "bot_battle" in kinds(ev) and st.turn.pending.step == "battle_cards"


def test_bot_3_2_2_a_failure_card_never_attacks():
    """BOT 5.4: with the TACTICS Failure card on, the BOT cannot attack."""
    st, ev = bot_vs_player(["BAT22"], tactics="TAC29")
    assert name(st, 0) == "2.2.1" and st.battle is None


# ---- BOT 3.2.4.1: a BOT attacks a player -----------------------------------------------
def test_bot_3_2_4_1_the_player_shows_first_then_the_bot_draws_and_wins():
    """The defender's card is shown, then BAT22: 4 LEDs against 1, the BOT
    overtakes with the card's 2 OT; the player's card is discarded."""
    st, _ = bot_vs_player(["BAT22"])
    ev = defend(st, ["G03"])
    assert kinds(ev).index("battle_reveal") < kinds(ev).index("bot_battle_score")
    assert scores(ev) == [(0, 4, 2, False)] and outcome(ev) == ["attacker"]
    assert name(st, 0) == "3.2.2" and "G03" in st.cars[1].deck.discards
    assert st.bots["cars"]["0"]["battle"] == [] and "BAT22" in st.decks["battle"].discards


def test_bot_3_2_4_1_a_lost_attack_a_pro_draws_new_tactics():
    """BAT05 (1 LED) against GREEN G05 (2): both stay; the Pro BOT draws a new
    TACTICS card, the player discards its card."""
    st, _ = bot_vs_player(["BAT05"], defender=["G05"])
    ev = defend(st, ["G05"])
    assert outcome(ev) == ["defender"] and name(st, 0) == "2.2.1"
    assert st.bots["cars"]["0"]["tactics"] == "TAC16" and "G05" in st.cars[1].deck.discards


def test_bot_3_2_4_1_a_rookie_keeps_its_tactics_card_after_a_lost_attack():
    st, _ = bot_vs_player(["BAT05"], defender=["G05"], kind="rookie")
    defend(st, ["G05"])
    assert name(st, 0) == "2.2.1" and st.bots["rookie"]["tactics"] == "TAC02"


def test_bot_3_2_4_1_tie_stress_for_the_player_a_green_die_attacks_again_minus_one_ot():
    """2 LEDs each: the player's stress +1 (the BOT's none); green WHITE: the
    player shows new cards, the BOT a new BATTLE card (BAT30: 6) and wins with
    2 - 1 = 1 OT."""
    st, _ = bot_vs_player(["BAT09", "BAT30"], rolls=["white:3"], defender=["G05", "G06"])
    stress = st.cars[1].stress
    ev = defend(st, ["G05"])
    assert outcome(ev) == ["tie"] and st.cars[1].stress == stress + 1
    assert "bot_second_attempt" in kinds(ev) and st.turn.pending.step == "battle_cards"
    ev = defend(st, ["G06"])
    assert scores(ev) == [(0, 6, 2, False)] and outcome(ev) == ["attacker"]
    assert name(st, 0) == "3.2.1"


def test_bot_3_2_4_1_tie_a_red_die_and_both_stay():
    st, _ = bot_vs_player(["BAT09"], rolls=["white:2"], defender=["G05"])
    ev = defend(st, ["G05"])
    assert outcome(ev) == ["tie"] and "bot_second_attempt" not in kinds(ev)
    assert name(st, 0) == "2.2.1" and st.battle is None


def test_bot_3_2_4_1_a_rookie_never_attacks_a_second_time():
    """No WHITE die is rolled after a Rookie's tie (a scripted roll stays unused)."""
    st, _ = bot_vs_player(["BAT09"], rolls=["white:3"], defender=["G05"], kind="rookie")
    ev = defend(st, ["G05"])
    assert outcome(ev) == ["tie"] and name(st, 0) == "2.2.1" and st.battle is None
    assert st.chance.script


def test_bot_3_2_4_1_no_defence_the_bot_wins_with_its_card_ot():
    st, _ = bot_vs_player(["BAT09"])
    ev = defend(st, [])
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.1"


# ---- BOT 3.2.3.1: aggression ------------------------------------------------------------
def test_bot_3_2_3_1_a_cross_aborts_the_attack():
    st, _ = bot_vs_player(["BAT01"])
    ev = defend(st, ["G03"])
    assert scores(ev) == [(0, 0, 1, True)] and "battle_result" not in kinds(ev)
    assert name(st, 0) == "2.2.1" and st.battle is None and "BAT01" in st.decks["battle"].discards


def test_bot_3_2_3_1_the_die_adds_a_red_result_a_green_face_aborts():
    st, _ = bot_vs_player(["BAT25"], rolls=["white:2"])
    assert scores(defend(st, ["G03"])) == [(0, 4 + 2, 2, False)]
    st, _ = bot_vs_player(["BAT25"], rolls=["white:5"])
    ev = defend(st, ["G03"])
    assert scores(ev) == [(0, 4, 2, True)] and name(st, 0) == "2.2.1"


def test_bot_3_2_3_1_two_cards_joined_add_their_leds_with_the_first_cards_ot():
    st, _ = bot_vs_player(["BAT24", "BAT05"])
    assert scores(defend(st, ["G03"])) == [(0, 4 + 1, 2, False)]


def test_bot_3_2_3_1_lose_symbol_a_losing_card_is_replaced():
    """BAT12 (2 LEDs) would lose to RED R05 (3): BAT30 is used instead."""
    st, _ = bot_vs_player(["BAT12", "BAT30"], defender=["R05"])
    ev = defend(st, ["R05"])
    assert scores(ev)[-1] == (0, 6, 2, False) and outcome(ev) == ["attacker"]
    st, _ = bot_vs_player(["BAT12", "BAT30"], defender=["G03"])    # 2 beats 1: kept
    assert scores(defend(st, ["G03"])) == [(0, 2, 2, False)]


def test_bot_3_2_3_1_best_and_worst_of_two_new_cards():
    """Upward arrow: two new cards, the larger LEDs; downward: the smaller; a tie
    of LEDs takes the higher OT (BOT 3.2.4)."""
    st, _ = bot_vs_player(["BAT21", "BAT05", "BAT22"])
    assert scores(defend(st, ["G03"])) == [(0, 4, 2, False)]
    st, _ = bot_vs_player(["BAT13", "BAT30", "BAT05"])
    assert scores(defend(st, ["G03"])) == [(0, 1, 1, False)]
    st, _ = bot_vs_player(["BAT13", "BAT09", "BAT08"])               # 2 LEDs each
    assert scores(defend(st, ["G03"])) == [(0, 2, 2, False)]


# ---- BOT 3.2.4.2: a player attacks a BOT -------------------------------------------------
def test_bot_3_2_4_2_the_player_shows_first_the_bot_defends_and_loses():
    """RED R05 (3 LEDs) + OT 2 (2 LEDs) against BAT09 (2): the player overtakes;
    the Pro BOT draws a new TACTICS card."""
    st, _ = player_vs_bot(["BAT09"], attacker=["G01", "R05"])
    assert GAME.to_act(st) == {0}
    ev = defend(st, ["R05"], seat=0)
    assert [e.data for e in ev if e.kind == "bot_battle_decision"][0]["role"] == "defend"
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.2"
    assert st.bots["cars"]["1"]["tactics"] == "TAC16"


def test_bot_3_2_4_2_a_red_die_and_the_bot_does_not_defend():
    st, _ = player_vs_bot(["BAT30"], rolls=["white:4"], tactics="TAC13")
    ev = defend(st, ["G05"], seat=0)
    assert "bot_battle_score" not in kinds(ev) and outcome(ev) == ["attacker"]
    assert name(st, 0) == "3.2.2" and "BAT30" in st.decks["battle"].pile


def test_bot_3_2_4_2_the_bot_wins_and_the_player_discards():
    st, _ = player_vs_bot(["BAT30"])
    ev = defend(st, ["G05"], seat=0)
    assert outcome(ev) == ["defender"] and name(st, 0) == "2.2.1"
    assert "G05" in st.cars[0].deck.discards and st.bots["cars"]["1"]["tactics"] == "TAC11"


def test_bot_3_2_4_2_tie_the_player_may_attack_again_a_red_die_no_defence():
    """G05 (2) + OT 2 (2 LEDs) = 4 against BAT26 (4): a tie, the player's stress
    +1; the player attacks again with OT 1; red WHITE: the BOT does not defend
    but the player still plays a card, and overtakes one space."""
    st, _ = player_vs_bot(["BAT26"], rolls=["white:2"], attacker=["G01", "G05", "G06"])
    stress = st.cars[0].stress
    ev = defend(st, ["G05"], seat=0)
    assert outcome(ev) == ["tie"] and st.cars[0].stress == stress + 1
    assert st.turn.pending.step == "second_attempt"
    play(st, A.Attack(1), A.Done())
    ev = defend(st, ["G06"], seat=0)
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.1"
    assert "G06" in st.cars[0].deck.discards


def test_bot_3_2_4_2_a_rookie_never_defends_a_second_time():
    st, _ = player_vs_bot(["BAT26"], rolls=["white:3"], kind="rookie",
                          attacker=["G01", "G05", "G06"])
    defend(st, ["G05"], seat=0)
    play(st, A.Attack(1), A.Done())
    ev = defend(st, ["G06"], seat=0)
    assert "bot_battle_score" not in kinds(ev) and name(st, 0) == "3.2.1"
    assert st.chance.script                                    # no WHITE die rolled


# ---- BOT 3.2.4.3: a BOT attacks a BOT ----------------------------------------------------
def bot_vs_bot(battle, rolls=(), dkind="pro", dtactics="TAC14"):
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", dkind, "3.3.1", [], dtactics), battle=battle, rolls=rolls)
    return st, drive_to_2_2_1(st)


def test_bot_3_2_4_3_the_attacker_draws_first_then_the_defender():
    st, ev = bot_vs_bot(["BAT22", "BAT09"])
    assert scores(ev) == [(0, 4, 2, False), (1, 2, 1, False)]
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.2"


def test_bot_3_2_4_3_a_lost_attack_new_tactics_for_the_pro():
    st0 = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
              car("halcyon", "pro", "3.3.1", [], "TAC14"), battle=["BAT09", "BAT22"])
    ev = drive_to_2_2_1(st0)
    assert outcome(ev) == ["defender"] and name(st0, 0) == "2.2.1"
    assert st0.bots["cars"]["0"]["tactics"] == "TAC16"


def test_bot_3_2_4_3_tie_green_both_draw_again_minus_one_ot():
    st, ev = bot_vs_bot(["BAT09", "BAT10", "BAT22", "BAT05"], rolls=["white:1"])
    assert outcome(ev) == ["tie", "attacker"]
    assert scores(ev)[2:] == [(0, 4, 2, False), (1, 1, 1, False)]
    assert name(st, 0) == "3.2.1"                      # 2 - 1 OT


def test_bot_3_2_4_3_tie_against_a_rookie_it_does_not_defend_again():
    """The Rookie does not defend the second time; the Pro still draws its card (for its OT)."""
    st, ev = bot_vs_bot(["BAT09", "BAT10", "BAT05"], rolls=["white:5"], dkind="rookie")
    assert outcome(ev) == ["tie", "attacker"] and scores(ev)[2:] == [(0, 1, 1, False)]
    assert name(st, 0) == "2.2.1"                      # 1 - 1 = 0 OT: no move


def test_bot_3_2_4_3_the_lose_card_is_checked_against_the_defender():
    """A142: the attacker's BAT12 (2) would lose to BAT15 (3): BAT30 replaces it."""
    st, ev = bot_vs_bot(["BAT12", "BAT15", "BAT30"])
    assert scores(ev)[-1] == (0, 6, 2, False) and outcome(ev) == ["attacker"]


# ---- BOT 3.3: slipstream ------------------------------------------------------------------
def test_bot_3_3_from_a_slipstream_space_at_least_two_ot():
    """BAT05 shows 1 OT: from the slipstream space the BOT overtakes with 2, the
    first a move out to the side of its yellow arrow (right, A140)."""
    st = pos(car("vireo", "pro", "11.2.1", ["G01"], "TAC11"),
             car("corsa_nera", "human", "12.2.1", ["G03"]), battle=["BAT05"])
    play(st, A.Done(), A.Play(("G01",), (), False))
    play(st, A.Step(space(st, "12.2.1")))             # the shadow ends the move
    ev = defend(st, [])
    assert outcome(ev) == ["attacker"] and name(st, 0) == "13.3.1"


def test_bot_6_7_a_bot_always_attacks_a_car_it_laps():
    """The decision die is not rolled when the BOT is lapping the car ahead."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC18", laps=1),
             car("halcyon", "human", "3.3.1", ["G03"]), battle=["BAT22"], rolls=["white:2"])
    ev = drive_to_2_2_1(st)
    assert [e.data["yes"] for e in ev if e.kind == "bot_battle_decision"] == [True]


def test_bot_3_3_a_pro_ending_in_a_shadow_attacks_the_next_car_with_a_new_card():
    """Vireo (Pro) beats halcyon from 11.2.1 with BAT22 (2 OT); its first point
    ends in the slipstream shadow behind corsa_nera on 12.2.1: a new BATTLE card
    (BAT05, 1 OT) and at least 2 OT, corsa_nera cannot defend: out to the right
    (yellow arrow) and on to 13.3.1."""
    st = pos(car("vireo", "pro", "11.2.1", ["G01"], "TAC11"),
             car("halcyon", "human", "12.3.1", ["G03"]),
             car("corsa_nera", "human", "12.2.1"), battle=["BAT22", "BAT05"])
    play(st, A.Done(), A.Play(("G01",), (), False))
    play(st, A.Stop())
    ev = defend(st, ["G03"])
    assert scores(ev) == [(0, 4, 2, False), (0, 1, 1, False)]
    assert [e.data["ot"] for e in ev if e.kind == "bot_slipstream_attack"] == [2]
    assert name(st, 0) == "13.3.1" and name(st, 2) == "12.2.1"
    assert st.bots["cars"]["0"]["battle"] == []


# ---- BOT 3.4: wheel-to-wheel -------------------------------------------------------------
def test_bot_3_4_no_stress_for_a_bot_and_a_new_tactics_card_for_the_second_round():
    """Vireo (Pro) and halcyon end another round side by side on tile 3: the
    VS tokens turn to Stress; halcyon's stress +1, the BOT's none; the Pro
    draws a new TACTICS card (TAC16) for the battle's second round."""
    st = pos(car("vireo", "pro", "3.2.1", ["G05", "T01", "T02"], "TAC11", ers=0, w2w='"vs"'),
             car("halcyon", "human", "3.3.1", [], w2w='"vs"'),
             head='sequence = ["halcyon", "vireo"]\nto_move = "vireo"\n')
    before = [c.stress for c in st.cars]
    play(st, A.Done(), A.Play(("G05",), (), False), A.Reduce(2, ("T01", "T02")))
    assert [c.w2w for c in st.cars] == ["stress", "stress"]
    assert [c.stress - b for c, b in zip(st.cars, before)] == [0, 1]
    assert st.bots["cars"]["0"]["tactics"] == "TAC16"
