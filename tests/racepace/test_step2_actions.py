"""RP Step 2 - Select Action: turn order, the 11 actions, the button lights
and the one-player-per-button rule. (React: test_react.py; EBS: test_ebs.py;
Box Box in detail: test_tyres_pitstops.py.)"""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (AER, AER_B, BOXBOX, CHARGE, DEFEND, EBS, G, MEC, MEC_B, PU, PU_B, REACT, SKI,
                      SKI_B, START, USE_EBS, XP, XP_B, kinds, moved, new_race, now, place,
                      play_round, rp_now, to_decide)


def three(**kw):
    # Drivers whose skills stay quiet here: Bastian (Silverline, RP 1),
    # Bjorn (Polar, RP 1), Jesús (Violet, RP 2). Grid: Bjorn 28, Jesús 21,
    # Bastian 9 (one lap back). Seat 2 holds the Start Player Card.
    return new_race(["bastian", "bjorn", "jesus"],
                    teams=["silverline_gp", "polar_motorsport", "violet_vector"], **kw)


def buttons_now(s):
    """The buttons the seat to act may select (Start aside: seat 2 holds the card)."""
    return {a.button for a in G.legal_actions(s, now(s))} | {START}


def test_step2_start_player_selects_first_then_clockwise():
    s = three()
    assert s.start_player == 2
    assert to_decide(s) == [2, 0, 1]
    assert G.to_act(s) == frozenset({2})
    assert G.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        G.apply(s, 0, Select(MEC_B))


def test_step2_eleven_actions_on_the_board():
    s = three()
    G.apply(s, 2, Select(BOXBOX, "H"))      # shared button: all 11 stay open for seat 0
    legal = G.legal_actions(s, 0)
    buttons = sorted({a.button for a in legal})
    assert buttons == list(range(1, 12))
    assert [a.tyre for a in legal if a.button == BOXBOX] == ["S", "M", "H", "W"]
    # 11 buttons make 14 choices here (Box Box one a compound): the player is
    # asked for a button, not told of "11 actions" over a longer menu
    assert len(legal) == 14 and G.turn(s)["deciding"] == "select an action button"
    for bad in (Select(0), Select(12), Select(MEC_B, "S"), Select(BOXBOX), Select(BOXBOX, "X")):
        with pytest.raises(IllegalAction):
            G.apply(s, 0, bad)


def test_step2_effect_applied_immediately_when_selected():
    s = three()
    G.apply(s, 2, Select(PU_B))
    assert s.cars[2].bars[PU] == 2             # at once, before the others choose
    assert rp_now(s, 2) == 2 + 1
    assert to_decide(s) == [0, 1]


@pytest.mark.parametrize("button,bar", [(MEC_B, MEC), (PU_B, PU), (AER_B, AER), (SKI_B, SKI),
                                        (XP_B, XP)])
def test_step2_upgrade_actions_one_level_up(button, bar):
    s = three()
    before = s.cars[0].bars[bar]
    play_round(s, {0: button, 1: CHARGE, 2: USE_EBS})
    assert s.cars[0].bars[bar] == before + 1


@pytest.mark.parametrize("button,bar", [(PU_B, PU), (AER_B, AER), (SKI_B, SKI)])
def test_step2_green_bar_upgrade_levels_c_plus_1_e_plus_2(button, bar):
    s = three()
    s.cars[0].bars[bar] = 1                    # B: +0
    assert rp_now(s, 0) == 1
    ev = play_round(s, {0: button, 1: CHARGE, 2: USE_EBS})   # -> C: +1
    assert moved(ev)[0] == 2
    s.cars[0].bars[bar] = 3                    # D: +1
    assert rp_now(s, 0) == 2
    ev = play_round(s, {0: button, 1: CHARGE, 2: MEC_B})     # -> E: +2
    assert s.cars[0].bars[bar] == 4 and moved(ev)[0] == 3


def test_step2_upgrade_at_level_E_stays_at_E():
    s = three()
    s.cars[0].bars[PU] = 4
    play_round(s, {0: PU_B, 1: CHARGE, 2: USE_EBS})
    assert s.cars[0].bars[PU] == 4


def test_step2_charge_ebs_one_level_up_no_tyre_degradation():
    s = three()
    assert s.cars[0].bars[EBS] == 1
    ev = play_round(s, {0: CHARGE, 1: MEC_B, 2: USE_EBS})
    assert s.cars[0].bars[EBS] == 2
    assert moved(ev)[0] == 1 and s.cars[0].td == 0
    assert s.cars[1].td == 1


def test_step2_use_ebs_extra_rp_then_two_levels_down():
    s = three()
    s.cars[0].bars[EBS] = 3                    # D: +2
    ev = play_round(s, {0: USE_EBS, 1: MEC_B, 2: CHARGE})
    assert moved(ev)[0] == 1 + 2
    assert s.cars[0].bars[EBS] == 1


def test_step2_defend_plus_one_token_resolved_next_round():
    s = three()
    ev = play_round(s, {0: DEFEND, 1: MEC_B, 2: CHARGE})
    assert moved(ev)[0] == 1                   # not this round
    assert s.cars[0].tokens == [1]
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE})
    assert moved(ev)[0] == 2                   # next round
    assert s.cars[0].tokens == []


def _defend_scenario(attacker):
    # Bastian (RP 1) defends on lap 10; an attacker with RP 4 on lap 8 passes him.
    s = new_race(["bastian", attacker], teams=["polar_motorsport", "orange_motors"])
    place(s, 0, 10)
    place(s, 1, 8)
    return s


def test_step2_defend_overtaker_gets_minus_2_token_next_round():
    s = _defend_scenario("dutch")
    ev = play_round(s, {0: DEFEND, 1: MEC_B})
    assert [c.dist for c in s.cars] == [11, 12]
    assert [e.data for e in kinds(ev, "defend_penalty")] == [{"seat": 1, "defender": 0}]
    assert s.cars[1].tokens == [-2] and s.cars[0].tokens == [1]
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev) == {1: 4 - 2, 0: 1 + 1}


def test_step2_defend_no_penalty_without_overtaking():
    s = _defend_scenario("dutch")
    place(s, 1, 5)                             # 5 + 4 = 9: stays behind
    play_round(s, {0: DEFEND, 1: MEC_B})
    assert s.cars[1].tokens == []


def test_step2_defend_does_not_work_against_jesus():
    s = _defend_scenario("jesus")              # Jesús with Orange Motors: RP 4
    ev = play_round(s, {0: DEFEND, 1: MEC_B})
    assert [c.dist for c in s.cars] == [11, 12]
    assert kinds(ev, "overtake") and not kinds(ev, "defend_penalty")
    assert s.cars[1].tokens == []


def test_step2_start_plus_one_and_start_player_card():
    s = three()
    ev = play_round(s, {0: START, 1: MEC_B, 2: CHARGE})
    assert moved(ev) == {1: 1, 2: 2, 0: 1 + 1}
    assert s.start_player == 0
    assert [e.data for e in kinds(ev, "start_player")] == [{"seat": 0}]
    # next round the new start player selects first, then clockwise
    assert to_decide(s) == [0, 1, 2]
    assert Select(START) not in G.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="Start Player Card"):
        G.apply(s, 0, Select(START))


def test_step2_start_cannot_be_selected_by_holder():
    s = three()
    assert Select(START) not in G.legal_actions(s, 2)
    with pytest.raises(IllegalAction):
        G.apply(s, 2, Select(START))


def test_step2_button_cannot_be_selected_by_two_players():
    s = three()
    G.apply(s, 2, Select(AER_B))
    assert Select(AER_B) not in G.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="already taken"):
        G.apply(s, 0, Select(AER_B))


def test_step2_box_box_can_be_selected_by_multiple_players():
    s = three()
    G.apply(s, 2, Select(BOXBOX, "H"))
    G.apply(s, 0, Select(BOXBOX, "S"))
    G.apply(s, 1, Select(BOXBOX, "M"))
    assert [c.tyre for c in s.cars] == ["S", "M", "H"]


def test_step2_react_button_also_exclusive():
    s = three()
    G.apply(s, 2, Select(REACT))
    assert Select(REACT) not in G.legal_actions(s, 0)


@pytest.mark.parametrize("tyre,missing", [("H", {USE_EBS, DEFEND}), ("S", set()), ("M", set()),
                                          ("W", set())])
def test_step2_tyre_compound_lights(tyre, missing):
    """Hards: Use EBS and Defend cannot be selected (tyre table); the rulebook
    darkens no button for any other compound."""
    s = three(tyres=tyre)
    legal = buttons_now(s)
    assert set(range(1, 12)) - legal == missing
    for n in missing:
        with pytest.raises(IllegalAction, match="tyre lights"):
            G.apply(s, 2, Select(n))


def test_step2_safety_car_light_out_buttons():
    s = three()
    s.safety_car = True
    legal = buttons_now(s)
    assert set(range(1, 12)) - legal == {USE_EBS, DEFEND}
    with pytest.raises(IllegalAction, match="Safety Car"):
        G.apply(s, 2, Select(USE_EBS))
