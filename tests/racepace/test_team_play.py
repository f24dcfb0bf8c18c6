"""RP Game Play Variants, Team Play Mode: setup, A/B lights, shared buttons,
double pit stops, Defend between team mates, winning by team points."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import PickDriver, PickTeam, Select

from .helpers import (AER, AER_B, BOXBOX, CHARGE, DEFEND, G, MEC, MEC_B, PU, PU_B, START, T, XP_B,
                      kinds, moved, new_race, now, phase, place, play_round, to_decide)


def teams4(**kw):
    """Silverline GP: Jesús (seat 0, RP 2) and Bjorn (seat 1, RP 1);
    Polar Motorsport: Bastian (seat 2, RP 1) and Dutch (seat 3, RP 2).
    Start player seat 2: selection order 2, 3, 0, 1."""
    return new_race(["jesus", "bjorn", "bastian", "dutch"], options=["team"], **kw)


def test_team_play_setup_two_boards_of_a_team_and_driver_order():
    s = G.new(G.config(seats=["human"] * 4, options=["team"]), 5)
    assert to_decide(s) == [0, 2]                         # one pick per team
    G.apply(s, 0, PickTeam("orange_motors"))
    assert [c.team for c in s.cars[:2]] == ["orange_motors", "orange_motors"]
    G.apply(s, 2, PickTeam("azure_dynamics"))
    # the last team picker picks a first driver first (and gets the Start card),
    # counter-clockwise; the last to pick a first driver picks a second one first,
    # then clockwise
    assert to_decide(s) == [2, 0, 1, 3]
    assert s.start_player == 2
    for seat, d in zip([2, 0, 1, 3], ["kimi", "eddy", "dutch", "bjorn"]):
        G.apply(s, seat, PickDriver(d))
    assert [c.driver for c in s.cars] == ["eddy", "dutch", "kimi", "bjorn"]
    assert phase(s) == "tyre" and now(s) == 2


def test_team_play_turns_per_driver_clockwise_from_start_driver():
    s = teams4()
    assert to_decide(s) == [2, 3, 0, 1]


def test_team_play_one_A_and_one_B_button_per_team():
    s = teams4()
    assert {n for n in range(1, 12) if n in T.lit_a} == {MEC_B, PU_B, XP_B, 7, START, 10, BOXBOX}
    assert {n for n in range(1, 12) if n in T.lit_b} == {AER_B, 4, XP_B, CHARGE, DEFEND, 10, BOXBOX}
    G.apply(s, 2, Select(MEC_B))                     # A
    legal = {a.button for a in G.legal_actions(s, 3)}
    assert PU_B not in legal and START not in legal  # A again: no
    assert AER_B in legal and CHARGE in legal       # B: yes
    with pytest.raises(IllegalAction, match="Team Play"):
        G.apply(s, 3, Select(PU_B))
    G.apply(s, 3, Select(AER_B))
    assert s.cars[3].bars[AER] == 2


def test_team_play_team_mates_may_select_the_same_action():
    s = teams4()
    G.apply(s, 2, Select(XP_B))                      # lit A and B
    G.apply(s, 3, Select(XP_B))                      # the team mate may share it ...
    with pytest.raises(IllegalAction, match="already taken"):
        G.apply(s, 0, Select(XP_B))                  # ... another team may not
    G.apply(s, 0, Select(BOXBOX, "H"))
    G.apply(s, 1, Select(BOXBOX, "H"))
    assert s.round == 2


def test_team_play_double_box_box_penalty_to_higher_placed_mate():
    s = teams4()
    for seat in (2, 3):
        s.cars[seat].bars[PU] = s.cars[seat].bars[AER] = 4
        s.cars[seat].bars[MEC] = 2                   # pit -2
    # Dutch (seat 3) is on pole; Bastian (seat 2) one lap back
    assert s.cars[3].dist == 0 and s.cars[2].dist == -1
    ev = play_round(s, {2: (BOXBOX, "H"), 3: (BOXBOX, "H"), 0: MEC_B, 1: AER_B})
    assert [e.data for e in kinds(ev, "double_pit")] == [{"seat": 3}]
    # Dutch 1 + 2 + 2 + 1 - 2 - 1 = 3; Bastian 1 + 2 + 2 + 0 - 2 = 3
    assert moved(ev)[3] == 3 and moved(ev)[2] == 3


def test_team_play_single_box_box_no_penalty():
    s = teams4()
    for seat in (2, 3):
        s.cars[seat].bars[PU] = s.cars[seat].bars[AER] = 4
        s.cars[seat].bars[MEC] = 2
    ev = play_round(s, {2: CHARGE, 3: (BOXBOX, "H"), 0: MEC_B, 1: AER_B})
    assert not kinds(ev, "double_pit") and moved(ev)[3] == 4


def test_team_play_team_mates_not_affected_by_each_others_defend():
    s = teams4()
    place(s, 0, 10)                                  # Jesús defends on lap 10 (RP 2)
    place(s, 1, 8)                                   # team mate Bjorn, RP 1 + 4 = 5
    s.cars[1].bars[PU] = s.cars[1].bars[AER] = 4
    place(s, 2, 1)
    place(s, 3, 1)
    ev = play_round(s, {2: CHARGE, 3: PU_B, 0: DEFEND, 1: MEC_B})
    assert [e.data for e in kinds(ev, "overtake") if e.data["seat"] == 1] == \
        [{"seat": 1, "passed": 0}]
    assert not kinds(ev, "defend_penalty") and s.cars[1].tokens == []


def test_team_play_ends_when_last_car_finished_team_points():
    s = teams4()
    for c in s.cars:
        c.used = ["S", "M"]
    place(s, 1, 55)                                  # Bjorn 55 -> 56
    place(s, 3, 54)                                  # Dutch 54 -> 57 (PU B -> C)
    place(s, 0, 40)
    place(s, 2, 40)
    ev = play_round(s, {2: CHARGE, 3: PU_B, 0: XP_B, 1: MEC_B})
    assert {e.data["seat"] for e in kinds(ev, "finish")} == {1, 3}
    assert not G.is_over(s)
    assert to_decide(s) == [2, 0]                         # finished cars do not select
    place(s, 0, 55)                                  # Jesús 55 -> 57
    place(s, 2, 54)                                  # Bastian 54 -> 56 (+1 token)
    s.cars[2].tokens = [1]
    play_round(s, {2: CHARGE, 0: XP_B})
    assert G.is_over(s)
    r = G.result(s)
    assert r.classification == [3, 1, 0, 2]
    assert r.points == {3: 25, 1: 18, 0: 15, 2: 12}
    assert r.extra["teams"] == {"polar_motorsport": 37, "silverline_gp": 33}


def test_team_play_needs_pairs():
    from chequered.engine.protocol import BadInput
    with pytest.raises(BadInput, match="even"):
        G.config(seats=["human"] * 3, options=["team"])
