"""RP Safety Car Situations (and the SC light of Step 2)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from chequered.engine.positions import load_position_file
from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (AER, AER_B, BOXBOX, CHARGE, DEFEND, EBS, G, MEC_B, PU, SKI, T, USE_EBS, XP,
                      XP_B, kinds, make_calm, moved, new_race, now, place, play_round, seat_order,
                      stack, to_decide)

POSITIONS = Path(__file__).parent / "positions"


# ---- when: the conditions on the situation cards ---------------------------------
def _crowd(drivers, laps, card, teams=None):
    s = new_race(drivers, teams=teams)
    make_calm(s, I="si_03")                        # another card showing now
    for seat, lap in enumerate(laps):
        place(s, seat, lap)
        s.cars[seat].tokens = [-9]                 # nobody moves in round 1
    stack(s, "I", card)
    stack(s, "II", "sii_04")                       # no Safety Car on deck II
    picks = dict(zip(range(len(drivers)), [MEC_B, XP_B, CHARGE, AER_B]))
    ev = play_round(s, picks, calm_after=False)
    assert s.situation["I"] == card
    return s, ev


def test_safety_car_three_cars_in_one_lap():
    s, ev = _crowd(["bastian", "bjorn", "jesus"], [10, 10, 10], "si_01")
    assert s.safety_car is True and s.sc_cause == {0, 1, 2}
    assert kinds(ev, "safety_car")[0].data == {"cause": [0, 1, 2]}


def test_safety_car_not_with_two_cars_in_one_lap():
    s, _ = _crowd(["bastian", "bjorn", "jesus"], [10, 10, 12], "si_01")
    assert s.safety_car is False


def test_safety_car_two_cars_with_insufficient_xp():
    # si_02: 2 cars whose drivers have XP below C. Dutch (A) and Valentino (A)
    s, _ = _crowd(["dutch", "valentino", "bjorn"], [10, 10, 10], "si_02")
    assert s.safety_car is True and s.sc_cause == {0, 1}       # Bjorn (XP C) did not cause it
    # Dutch (A) and Bjorn (C): only one driver lacks the XP
    s, _ = _crowd(["dutch", "bjorn", "jesus"], [10, 10, 12], "si_02")
    assert s.safety_car is False


def test_safety_car_grid_is_not_a_lap():
    # three cars still on the grid (dist 0 / -1): no Safety Car
    s = new_race(["bastian", "bjorn", "jesus", "eddy"])
    make_calm(s, I="si_03")
    for c in s.cars:
        place(s, c.seat, 0)                        # four cars in the grid's "lap 0"
        c.tokens = [-9]
    stack(s, "I", "si_01")
    play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B}, calm_after=False)
    assert [c.dist for c in s.cars] == [0, 0, 0, 0]
    assert s.safety_car is False


# ---- what: the special rules -----------------------------------------------------
def _sc(**kw):
    """Jesús (Orange, RP 4) leads on lap 40; Dutch (Azure, RP 3) and Bjorn
    (Silverline, RP 1) caused the Safety Car on lap 20; Bastian (Polar, PU/AER/SKI
    at E: RP 7) is on lap 37."""
    s = new_race(["jesus", "dutch", "bjorn", "bastian"],
                 teams=["orange_motors", "azure_dynamics", "silverline_gp", "polar_motorsport"],
                 **kw)
    place(s, 0, 40)
    place(s, 3, 37)
    place(s, 1, 20)
    place(s, 2, 20)
    for bar in (PU, AER, SKI):
        s.cars[3].bars[bar] = 4
    s.safety_car = True
    s.sc_cause = {1, 2}
    return s


def test_safety_car_leader_max_3_causers_max_2_others_up_to_the_leader():
    s = _sc()
    assert seat_order(s) == [0, 3, 1, 2]
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B})
    # leader 4 -> 3; Dutch 3 -> 2; Bjorn 1; Bastian 7 but not past the leader (43)
    assert moved(ev) == {0: 3, 3: 6, 1: 2, 2: 1}
    assert [c.dist for c in s.cars] == [43, 22, 21, 43]
    assert seat_order(s)[:2] == [0, 3]              # the leader was not overtaken


def test_safety_car_other_cars_go_as_fast_as_they_can_and_overtake():
    s = _sc()
    place(s, 3, 19)                                  # behind the causers
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B})
    assert moved(ev)[3] == 7
    assert {e.data["passed"] for e in kinds(ev, "overtake") if e.data["seat"] == 3} == {1, 2}


def test_safety_car_leader_can_be_overtaken_when_he_pits():
    s = _sc()
    ev = play_round(s, {0: (BOXBOX, "H"), 1: XP_B, 2: CHARGE, 3: AER_B})
    # pit stops are free under the Safety Car: the leader still moves 3
    assert moved(ev)[0] == 3
    assert moved(ev)[3] == 7 and s.cars[3].dist == 44
    assert seat_order(s)[0] == 3


def test_safety_car_pit_stops_are_free():
    s = _sc()
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: (BOXBOX, "M")})
    assert moved(ev)[3] == 6                         # RP 7 - 0: limited by the leader only
    s = _sc()
    place(s, 3, 10)
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: (BOXBOX, "M")})
    assert moved(ev)[3] == 7
    s = _sc()
    s.safety_car = False
    place(s, 3, 10)
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: (BOXBOX, "M")})
    assert moved(ev)[3] == 7 - 3                     # without the Safety Car: MEC A -3


def test_safety_car_action_buttons_not_active():
    s = _sc()
    G.apply(s, now(s), Select(BOXBOX, "H"))
    seat = now(s)
    legal = {a.button for a in G.legal_actions(s, seat)}
    assert USE_EBS not in legal and DEFEND not in legal
    assert {n for n, ok in T.sc_ok.items() if not ok} == {USE_EBS, DEFEND}
    for n in (USE_EBS, DEFEND):
        with pytest.raises(IllegalAction, match="Safety Car"):
            G.apply(s, seat, Select(n))


def test_safety_car_no_ebs():
    s = _sc()
    s.cars[3].bars[EBS] = 3
    place(s, 3, 22)                                  # a FEB lap: no boost now
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B})
    assert moved(ev)[3] == 7


def test_safety_car_no_negative_effects_from_backmarkers():
    s = _sc()
    place(s, 3, 12)                                  # through backmarker lap 16
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B})
    assert s.cars[3].dist == 19
    assert not kinds(ev, "backmarker")
    assert s.cars[3].tokens == [] and s.backmarkers[16] == [-3, -2, -1]


def test_safety_car_xp_upgrade_this_round_does_not_lift_it():
    """Our choice: the Safety Car is decided when the cards are turned (Step 1)."""
    s = _sc()
    ev = play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE, 3: AER_B})
    assert s.cars[1].bars[XP] == 1
    assert moved(ev)[1] == 2


# ---- a hand-written position file --------------------------------------------------
def test_safety_car_hand_written_position_file():
    s = load_position_file(G, POSITIONS / "safety_car_leader.toml")
    assert s.safety_car and s.sc_cause == {1, 2}
    assert s.cars[3].bars[PU] == 4 and s.cars[1].bars[XP] == 0
    assert seat_order(s) == [0, 3, 1, 2]
    # round-trips through a dumped document (JSON text) to the same state
    again = G.load_position(json.loads(json.dumps(G.dump_position(s))))
    assert G.state_hash(again) == G.state_hash(s)
    ev = []
    for seat, button in zip(to_decide(s), (MEC_B, XP_B, CHARGE, AER_B)):
        ev += G.apply(s, seat, Select(button))
    assert moved(ev) == {0: 3, 3: 6, 1: 2, 2: 1}
    assert [c.dist for c in s.cars] == [43, 22, 21, 43]
