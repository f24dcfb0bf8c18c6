"""RP Step 2, React: after everyone selected, copy one action of a driver in
front of you on the leaderboard."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Copy, Select

from .helpers import (AER, AER_B, BOXBOX, CHARGE, DEFEND, EBS, G, MEC_B, PU, PU_B, REACT, START,
                      USE_EBS, XP_B, kinds, moved, new_race, phase, play_round, seat_order,
                      set_card, to_decide)


def three(**kw):
    # Bjorn (seat 1) leads, Jesús (seat 2) second, Bastian (seat 0) last;
    # selection order 2, 0, 1.
    return new_race(["bastian", "bjorn", "jesus"],
                    teams=["silverline_gp", "polar_motorsport", "violet_vector"], **kw)


def test_react_copy_an_action_of_a_driver_ahead():
    s = three()
    assert seat_order(s) == [1, 2, 0]
    G.apply(s, 2, Select(AER_B))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(PU_B))
    # after everyone selected, the reactor copies
    assert phase(s) == "react" and to_decide(s) == [0]
    assert G.legal_actions(s, 0) == [Copy(None), Copy(PU_B), Copy(AER_B)]
    pu = s.cars[0].bars[PU]
    ev = G.apply(s, 0, Copy(PU_B))
    assert s.cars[0].bars[PU] == pu + 1
    assert moved(ev)[0] == 2                   # Silverline PU B -> C: RP 2 this round


def test_react_cannot_copy_a_driver_behind():
    s = three()
    G.apply(s, 2, Select(AER_B))
    G.apply(s, 0, Select(PU_B))
    G.apply(s, 1, Select(REACT))               # the leader: nobody in front of him
    assert G.legal_actions(s, 1) == [Copy(None)]
    with pytest.raises(IllegalAction, match="React"):
        G.apply(s, 1, Copy(PU_B))
    G.apply(s, 1, Copy(None))
    assert s.round == 2


def test_react_middle_car_copies_only_the_leader():
    s = three()
    G.apply(s, 2, Select(REACT))
    G.apply(s, 0, Select(AER_B))
    G.apply(s, 1, Select(PU_B))
    assert G.legal_actions(s, 2) == [Copy(None), Copy(PU_B)]


def test_react_copy_box_box_with_own_compound():
    s = three(tyres="S")
    G.apply(s, 2, Select(MEC_B))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(BOXBOX, "H"))
    copies = G.legal_actions(s, 0)
    assert [c for c in copies if c.button == BOXBOX] == [Copy(BOXBOX, t) for t in "SMHW"]
    G.apply(s, 0, Copy(BOXBOX, "W"))
    assert (s.cars[0].tyre, s.cars[0].used, s.cars[0].td) == ("W", ["S", "W"], 0)
    assert s.cars[1].tyre == "H"


def test_react_copy_follows_own_tyre_lights():
    # Jesús defends on softs; Bastian on hards may not copy Defend (hard tyres)
    s = three(tyres={0: "H", 1: "S", 2: "S"})
    G.apply(s, 2, Select(DEFEND))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(USE_EBS))
    assert G.legal_actions(s, 0) == [Copy(None)]


def test_react_copy_start_plus_one_but_no_start_card():
    s = three()
    G.apply(s, 2, Select(MEC_B))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(START))
    assert s.start_player == 1
    ev = G.apply(s, 0, Copy(START))
    assert s.start_player == 1
    assert moved(ev)[0] == 1 + 1


def test_react_copy_defend_gets_token():
    s = three()
    G.apply(s, 2, Select(MEC_B))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(DEFEND))
    G.apply(s, 0, Copy(DEFEND))
    assert s.cars[0].tokens == [1] and s.cars[1].tokens == [1]


def test_react_copy_charge_and_use_ebs():
    s = three()
    s.cars[2].bars[EBS] = 3
    s.cars[0].bars[EBS] = 3                    # D: +2, then down to B
    G.apply(s, 2, Select(USE_EBS))
    G.apply(s, 0, Select(REACT))
    G.apply(s, 1, Select(CHARGE))
    assert G.legal_actions(s, 0) == [Copy(None), Copy(CHARGE), Copy(USE_EBS)]
    ev = G.apply(s, 0, Copy(USE_EBS))
    assert moved(ev)[0] == 1 + 2
    assert s.cars[0].bars[EBS] == 1


def test_react_does_not_copy_another_react():
    s = new_race(["bastian", "bjorn", "jesus", "valentino"],
                 teams=["silverline_gp", "polar_motorsport", "violet_vector", "ironworks_racing"])
    order = seat_order(s)
    last = order[-1]
    picks = {order[0]: REACT, order[1]: AER_B, order[2]: PU_B, last: XP_B}
    # only one player may select React, so the last car copies the others only
    for seat in to_decide(s):
        G.apply(s, seat, Select(picks[seat]))
    assert to_decide(s) == [order[0]]
    assert G.legal_actions(s, order[0]) == [Copy(None)]


def test_react_choosers_hit_by_radio_interference_card():
    s = three()
    set_card(s, "II", "sii_10")                 # React this round: -2 unless XP E
    ev = play_round(s, {2: MEC_B, 0: REACT, 1: PU_B}, copies={0: PU_B})
    assert [e.data["seat"] for e in kinds(ev, "card_rp")] == [0]
    assert moved(ev)[0] == 0                    # 2 - 2
    assert s.cars[0].bars[AER] == 1
