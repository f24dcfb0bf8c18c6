"""Scenario tests for the Advanced race core, written from the rulebook: the
race length and the Chequered Flag's start (FGP 1, 3.2 b, 12.1), the
Advanced-only EVENT and RISK cards (FGP 3.4), the second attempt after a tied
battle (FGP 9.3 remark, 9.4.3), the Safety Car period by the WHITE die
(FGP 13.9.1) and the two-compound rule (FGP 5.1.3).

The fast track as in test_ch13_safety_car.py: tiles 11-14 and 17-20 are
straights in 8th gear; with medium tyres a GREEN card moves 5 spaces there."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.content import load_content

from ._flags_help import A, GAME, at, drive, event_id, finish, kinds, play_on, pos

CONTENT = load_content()
ADV = {c.id for d in ("event", "risk") for c in getattr(CONTENT, d).cards if c.mode == "advanced"}


def _race(rules, n=3, seed=1):
    return GAME.new(FormulaGPConfig(seats=["heuristic"] * n, rules=rules,
                                    tyres=["medium"] * n), seed)


# ---- FGP 1, 3.2 b, 12.1: the length of an Advanced race ------------------------------------
def test_fgp_3_2_b_the_chequered_flag_starts_on_space_1_in_an_advanced_race():
    """The flag token goes on radar space 1 for an Advanced race (9 for a
    Standard one); the final lap is still at space 24."""
    assert (_race("advanced").flag, _race("advanced").final_flag) == (1, 24)
    assert _race("standard").flag == 9


def test_fgp_1_an_advanced_race_reaches_the_final_lap_in_round_24():
    """An Advanced race is 24 game rounds: the flag reaches the final-lap space
    in round 24 (a Standard race in round 16)."""
    st = _race("advanced")
    play_on(st, lambda s: s.flag == 24 or s.turn.over, limit=20000)
    assert st.flag == st.round == 24


def test_fgp_1_the_advanced_flag_counts_one_space_a_round():
    """Each round after the first moves the flag one space: round 5 of an
    Advanced race is played on space 5."""
    st = _race("advanced")
    play_on(st, lambda s: s.round == 5 and s.turn.phase == "turns", limit=8000)
    assert st.flag == 5


# ---- FGP 3.4: the Advanced-only cards --------------------------------------------------------
def test_fgp_3_4_a_standard_race_leaves_every_advanced_card_out():
    """The Standard decks hold none of the Advanced-only EVENT and RISK cards."""
    st = _race("standard")
    held = set(st.decks["event"].pile) | set(st.decks["risk"].pile)
    assert not held & ADV and len(st.decks["event"].pile) == 30 - 6


def test_fgp_3_4_an_advanced_race_shuffles_in_every_advanced_card():
    """An Advanced race keeps the Advanced-only cards in its decks: heat, cloud
    cover and aquaplaning, and the oil and debris cards too (FGP 13.13.2-3)."""
    st = _race("advanced")
    held = set(st.decks["event"].pile) | set(st.decks["risk"].pile)
    assert held & ADV == ADV
    assert {"E27", "E28", "K29", "E25", "K26"} <= held


CARD = """
rules = "advanced"
round = 5
forced = ["card:{card}"]
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
wear = 4
[[car]]
name = "halcyon"
at = "10.2.1"
hand = ["G06"]
wear = 4
"""


@pytest.mark.parametrize("card, change", [("E27", 1), ("E28", -1)])
def test_fgp_3_4_heat_haze_and_cloud_cover_change_every_cars_tyre_wear(card, change):
    """'Heat Haze' (+1) and 'Cloud Cover' (-1) change the tyre wear of every
    car the moment the Option card's EVENT draw turns them up."""
    st = pos(CARD.format(card=card))
    GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert [c.wear for c in st.cars] == [4 + change, 4 + change]


def test_fgp_3_4_aquaplaning_is_a_loss_of_control():
    """The 'Aquaplaning' RISK card makes the driver lose control: with no
    counter-steer card the car spins."""
    st = pos("""
rules = "advanced"
round = 5
forced = ["red:risk", "card:K29", "white:3", "white:3"]
[[car]]
name = "vireo"
at = "13.2.1"
wear = 17
hand = ["G05"]
[[car]]
name = "halcyon"
at = "2.2.1"
hand = ["G06"]
""")
    ev = drive(st, 0, ["G05"]) + finish(st, 0)
    assert "loss_of_control" in kinds(ev) or st.cars[0].spun
    assert st.cars[0].spun and "K29" in st.decks["risk"].discards


# ---- FGP 13.9.1 [ADV]: the Safety Car period by the WHITE die ---------------------------------
SC = """
rules = "advanced"
round = 5
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
at = "10.2.1"
hand = ["G06"]
"""


def _sc(*whites, options=()):
    st = pos(SC, options=list(options), forced=[f"card:{event_id('Safety Car')}"]
             + [f"white:{w}" for w in whites])
    return st, GAME.apply(st, 0, A.PlayCard("P03", "play"))


@pytest.mark.parametrize("white, rounds", [(3, 3), (5, 5), (1, 1)])
def test_fgp_13_9_1_a_green_face_gives_that_many_safety_car_rounds(white, rounds):
    """In an Advanced race the period is rolled: a green face puts the SC token
    that many radar spaces ahead of the flag (the icon face counts 1)."""
    st, ev = _sc(3, white)                          # 3: the card deploys; then the period
    sc = next(e for e in ev if e.kind == "safety_car")
    assert sc.data["until"] == 5 + rounds              # deployed on radar space 5
    assert [e.data["face"] for e in ev if e.kind == "roll" and e.rule == "FGP 13.9.1"] == [white]
    assert "red_flag" not in kinds(ev)


@pytest.mark.parametrize("white", [2, 4, 6])
def test_fgp_13_9_1_a_red_face_on_the_period_roll_throws_the_red_flag(white):
    """A red face on the period roll: a major incident, the Red Flag (FGP
    13.10): no Safety Car, the cars line up on the grid."""
    st, ev = _sc(3, white)
    assert "red_flag" in kinds(ev) and "safety_car" not in kinds(ev)
    assert st.safety_car is None and st.red_flag


def test_fgp_13_9_1_a_red_flag_instead_of_the_safety_car_starts_the_count_again():
    """Race control reaches the SC space (an 'Incident on Track' roll of 1 from
    7 on the green side) and the period roll is red: the Red Flag, and the
    Yellow Flag token goes back to its start space (A54), so the next risky
    event does not call the Safety Car again at once."""
    st = pos('panel_side = "green"\npanel = 7\n' + SC,
             forced=[f"card:{event_id('Incident on Track')}", "white:1", "white:2"])
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert "red_flag" in kinds(ev) and "safety_car" not in kinds(ev)
    assert st.red_flag and st.yellow_panel == 0


def test_fgp_13_9_1_option_sc_red_flag_on_6_only_a_six_is_a_red_flag():
    """Option `sc_red_flag_on_6` (FGP 13.10's wording, A81): a 2 or 4 gives
    that many rounds; only a 6 throws the Red Flag."""
    st, ev = _sc(3, 4, options=["sc_red_flag_on_6"])
    assert next(e for e in ev if e.kind == "safety_car").data["until"] == 9
    st, ev = _sc(3, 6, options=["sc_red_flag_on_6"])
    assert "red_flag" in kinds(ev) and st.safety_car is None


def test_fgp_13_9_1_the_standard_period_is_still_two_rounds_without_a_roll():
    """A Standard race rolls no period: two rounds, as before."""
    st = pos(SC.replace('rules = "advanced"\n', ""),
             forced=[f"card:{event_id('Safety Car')}", "white:3"])
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert next(e for e in ev if e.kind == "safety_car").data["until"] == 13 + 2
    assert not [e for e in ev if e.kind == "roll" and e.rule == "FGP 13.9.1"]


# ---- FGP 9.3 remark / 9.4.3 [ADV]: a second attempt after a tie ------------------------------
BATTLE = """
rules = "{rules}"
round = 5
{extra}
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = {attacker}
{params}
[[car]]
name = "halcyon"
at = "3.3.1"
hand = {defender}
"""


def _tie(attacker, defender, *, rules="advanced", params="", extra=""):
    """Vireo (OT 2: 0/1/2 LEDs) stops behind halcyon on 2.2.1 and attacks;
    G05 + 2 OT LEDs against R05 + P01: 4 against 4, a tie."""
    st = pos(BATTLE.format(rules=rules, attacker=["G01", "G05", *attacker],
                           defender=["R05", "P01", *defender], params=params, extra=extra))
    ev = []
    for a in (A.Done(), A.Play(("G01",), (), False)):
        ev += GAME.apply(st, 0, a)
    ev += GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    ev += GAME.apply(st, 0, A.Stop())
    ev += GAME.apply(st, 0, A.Attack(1)) + GAME.apply(st, 0, A.Done())
    ev += GAME.apply(st, 0, A.Cards(("G05",))) + GAME.apply(st, 1, A.Cards(("R05", "P01")))
    ev += _no_boosts(st)
    assert next(e for e in ev if e.kind == "battle_result").data["outcome"] == "tie"
    return st, ev


def _no_boosts(st):
    ev = []
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        s = min(GAME.to_act(st))
        ev += GAME.apply(st, s, A.Boost(False, False, ()))
    return ev


def test_fgp_9_4_3_after_a_tie_the_attacker_attacks_again_with_one_ot_less():
    """In an Advanced race the attacker of a tied battle may attack again: OT
    -1, a new battle with the cards left; here 2 LEDs + 1 OT LED beat 1 LED
    and the car drives its one OT point past."""
    st, ev = _tie(["G06"], ["G03"])
    stress = [c.stress for c in st.cars]
    assert st.turn.pending.step == "second_attempt" and set(GAME.to_act(st)) == {0}
    assert A.Attack(1) in GAME.fine_actions(st, 0)
    ev = GAME.apply(st, 0, A.Attack(1))
    assert "second_attempt" in kinds(ev) and st.cars[0].ot == 1
    ev = GAME.apply(st, 0, A.Done())                           # no OT boost
    ev += GAME.apply(st, 0, A.Cards(("G06",))) + GAME.apply(st, 1, A.Cards(("G03",)))
    ev += _no_boosts(st)
    res = next(e for e in ev if e.kind == "battle_result")
    assert (res.data["outcome"], res.data["attack"], res.data["defence"]) == ("attacker", 3, 1)
    assert at(st, 0) == "3.2.1" and at(st, 1) == "3.3.1"
    assert stress == [c.stress for c in st.cars]                # the tie's stress came before


def test_fgp_9_4_3_the_tie_still_costs_its_stress_and_cards_before_the_second_attempt():
    """Both drivers gain 1 stress and discard the tied battle's cards whether
    or not the attacker goes again."""
    st0 = pos(BATTLE.format(rules="advanced", attacker=["G01", "G05", "G06"],
                            defender=["R05", "P01", "G03"], params="", extra=""))
    before = [c.stress for c in st0.cars]
    st, _ = _tie(["G06"], ["G03"])
    # vireo's single GREEN move took 1 stress off first (FGP 13.3)
    assert [c.stress for c in st.cars] == [before[0] - 1 + 1, before[1] + 1]
    assert st.cars[0].hand == ["G06"] and st.cars[1].hand == ["G03"]


def test_fgp_9_4_3_declining_the_second_attempt_ends_the_attack():
    """The attacker may let the failed overtake stand: OT wasted, both stay."""
    st, _ = _tie(["G06"], ["G03"])
    ev = GAME.apply(st, 0, A.Attack(None))
    assert "no_second_attempt" in kinds(ev) and st.cars[0].ot == 0
    assert at(st, 0) == "2.2.1" and st.battle is None


def test_fgp_9_4_3_one_second_attempt_only():
    """A second tie ends the battle: there is no third attempt (A82)."""
    st, _ = _tie(["G03"], ["R01"])
    GAME.apply(st, 0, A.Attack(1))
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Cards(("G03",))) + GAME.apply(st, 1, A.Cards(("R01",)))
    ev += _no_boosts(st)                                      # 1 + 1 OT LED v 2: a tie
    res = [e for e in ev if e.kind == "battle_result"][-1]
    assert res.data["outcome"] == "tie"
    assert not (st.turn.pending and st.turn.pending.step == "second_attempt")


def test_fgp_9_4_3_no_movement_card_left_no_second_attempt():
    """Without a movement card to play (and the WHITE token spent) the
    attacker cannot attack again."""
    st, _ = _tie([], ["G03"], params="params = []")
    assert not (st.turn.pending and st.turn.pending.step == "second_attempt")
    assert st.battle is None and st.cars[0].ot == 0


def test_fgp_9_4_3_the_white_token_can_refill_the_hand_for_the_second_attempt():
    """The rule's hint: with no movement card left, spending the WHITE token
    draws a new hand, and then the attacker may go again."""
    st, _ = _tie([], ["G03"], extra='forced = ["card:G07"]')
    assert GAME.fine_actions(st, 0) == [A.Parameter("white"), A.Attack(None)]
    GAME.apply(st, 0, A.Parameter("white"))
    GAME.apply(st, 0, A.Done())                               # discard nothing, draw
    while st.turn.pending.step == "returns":
        GAME.apply(st, 0, A.Done())
    assert "G07" in st.cars[0].hand and not st.cars[0].params["white"]
    assert st.turn.pending.step == "second_attempt"
    assert A.Attack(1) in GAME.fine_actions(st, 0)


def test_fgp_9_4_3_a_standard_race_has_no_second_attempt():
    """The second attempt is an Advanced rule: a Standard tie ends the attack."""
    st, _ = _tie(["G06"], ["G03"], rules="standard")
    assert not (st.turn.pending and st.turn.pending.step == "second_attempt")
    assert st.battle is None


# ---- FGP 5.1.3 [ADV]: two tyre types in a dry Advanced race ---------------------------------
BOX = """
rules = "{rules}"
round = 6
[[car]]
name = "vireo"
at = "pit"
tyre = "medium"
[[car]]
name = "halcyon"
at = "10.2.1"
"""


@pytest.mark.parametrize("fit, used", [("soft", ["medium", "soft"]), ("medium", ["medium"])])
def test_fgp_5_1_3_a_pit_stop_records_the_tyre_types_used(fit, used):
    """A stop for another compound is a second tyre type; a new set of the
    same compound is not (A84)."""
    st = pos(BOX.format(rules="advanced"))
    assert GAME.pending_step(st).name == "pit_stop"
    GAME.apply(st, 0, A.PitStop(fit, (), "none"))
    assert st.cars[0].tyres_used == used


def test_fgp_5_1_3_a_standard_race_records_no_tyre_types():
    """The Standard race keeps no record (its state is as it always was)."""
    st = pos(BOX.format(rules="standard"))
    GAME.apply(st, 0, A.PitStop("soft", (), "none"))
    assert st.cars[0].tyres_used == [] and "tyres_used" not in st.cars[0].to_doc()


END = """
rules = "{rules}"
round = 16
flag = 24
[[car]]
name = "vireo"
at = "37.2.1"
laps = 1
tyre = "soft"
tyres_used = ["medium", "soft"]
hand = ["G05", "G06", "G07", "G08"]
[[car]]
name = "halcyon"
at = "39.2.1"
laps = 1
tyre = "medium"
hand = ["R05", "R06", "R07", "R08"]
"""


def _to_the_end(rules):
    st = pos(END.format(rules=rules))
    ev = play_on(st, lambda s: s.turn.over)
    return st, ev


def test_fgp_5_1_3_one_tyre_type_all_race_is_disqualified_and_classified_last():
    """In a dry Advanced race the car that raced on one tyre type is
    disqualified and classified last, ahead on the track or not; the result
    and the log say why."""
    st, ev = _to_the_end("advanced")
    dq = [e for e in ev if e.kind == "disqualified"]
    assert [e.data["seat"] for e in dq] == [1] and dq[0].data["tyres"] == ["medium"]
    assert st.classification == [0, 1]
    assert "disqualified" in GAME.result(st).notes[1]
    assert any("disqualified" in GAME.describe(e, st) for e in dq)


@pytest.mark.parametrize("weather", ['"rainy"', '{ kind = "cloudy", wet_race = true }'])
def test_fgp_5_1_3_a_race_that_was_wet_asks_for_one_tyre_type_only(weather):
    """A race that starts wet, or turns wet at any point (cloudy again now,
    but it has rained), lifts the two-type rule: nobody is disqualified."""
    st = pos(END.format(rules="advanced").replace("flag = 24\n",
                                                  f"flag = 24\nweather = {weather}\n"))
    ev = play_on(st, lambda s: s.turn.over)
    assert "disqualified" not in kinds(ev)
    assert GAME.is_over(st)
    assert not any("disqualified" in n for n in GAME.result(st).notes.values())


def test_fgp_5_1_3_a_rookie_bot_that_never_stops_is_not_disqualified():
    """A159: a Rookie BOT makes no pit stop (BOT 1.4.1 c), so it races on one tyre
    type and is not disqualified for it; a Pro BOT on one type is, as a player."""
    from chequered.games.formulagp.rules.compounds import disqualified
    for kind, dq in (("rookie", []), ("pro", [1])):
        st = pos(END.format(rules="advanced").replace(
            'name = "halcyon"', f'name = "halcyon"\ncontroller = "{kind}"'))
        assert disqualified(st) == dq, kind


def test_fgp_5_1_3_the_two_type_rule_is_advanced_only():
    """A Standard race has no such rule: the same finish keeps its order."""
    st, ev = _to_the_end("standard")
    assert "disqualified" not in kinds(ev)
    assert st.classification[0] == 1
