"""RP Winning the Game; Circuit Information (finish token side A/B); the
points table (Team Play) used for every classification."""
from __future__ import annotations

import json

import pytest

from chequered.engine.protocol import BadInput, IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (AER_B, BOXBOX, CHARGE, EBS, G, MEC_B, PU, T, USE_EBS, XP_B, kinds, moved,
                      new_race, place, play_round, to_decide)


def duo(drivers=("jesus", "bastian"), teams=("orange_motors", "polar_motorsport"), **kw):
    # Jesús / Orange: RP 4; Bastian / Polar: RP 1. Both have raced two
    # compounds already, so nobody is disqualified at the end.
    s = new_race(list(drivers), teams=list(teams), **kw)
    for c in s.cars:
        c.used = ["S", "M"]
    return s


def test_winning_game_ends_at_end_of_round_first_driver_crosses():
    s = duo()
    place(s, 0, 53)                    # Jesús 53 -> 57: crosses lap 56 (Austin)
    place(s, 1, 40)
    assert not G.is_over(s)
    with pytest.raises(BadInput):
        G.result(s)
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    # the round is completed: Bastian still moves after Jesús finished
    assert moved(ev) == {0: 4, 1: 1}
    assert [e.data["seat"] for e in kinds(ev, "finish")] == [0]
    assert G.is_over(s) and to_decide(s) == [] and G.to_act(s) == frozenset()
    r = G.result(s)
    assert r.classification == [0, 1] and r.points == {0: 25, 1: 18}
    assert r.laps == {0: 57, 1: 41}
    with pytest.raises(IllegalAction):
        G.apply(s, 1, Select(MEC_B))


def test_winning_furthest_across_the_line_wins():
    s = duo(("jesus", "dutch"), ("orange_motors", "azure_dynamics"))   # RP 4 and RP 3
    place(s, 1, 54)                    # Dutch leads: 54 -> 57
    place(s, 0, 54)                    # Jesús 54 -> 58: further
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert [e.data["seat"] for e in kinds(ev, "finish")] == [1, 0]
    assert G.result(s).classification == [0, 1]


def test_winning_tie_driver_who_used_ebs_to_cross_wins():
    s = duo(("jesus", "dutch"), ("orange_motors", "azure_dynamics"))
    s.cars[1].bars[EBS] = 2            # Dutch EBS C: 3 + 1
    place(s, 0, 54)                    # Jesús leads: 54 + 4 = 58
    place(s, 1, 54)                    # Dutch: 54 + 3 + 1 (Use EBS) = 58
    play_round(s, {0: MEC_B, 1: USE_EBS})
    assert [c.dist for c in s.cars] == [58, 58]
    assert G.result(s).classification == [1, 0]


def test_winning_still_tied_highest_rp_this_round_wins():
    s = duo(("jesus", "dutch"), ("orange_motors", "azure_dynamics"))
    place(s, 1, 55)                    # Dutch leads: 55 + 3 = 58, first into lap 58
    place(s, 0, 54)                    # Jesús: 54 + 4 = 58, higher RP
    play_round(s, {0: MEC_B, 1: XP_B})
    assert [c.dist for c in s.cars] == [58, 58]
    assert [s.cars[0].rp, s.cars[1].rp] == [4, 3]
    assert G.result(s).classification == [0, 1]


def test_winning_others_classified_in_leaderboard_order_points_25_18_15_12_10_6_2_0():
    drivers = ["jesus", "dutch", "bastian", "bjorn", "eddy", "kimi", "celine", "valentino"]
    teams = ["orange_motors", "azure_dynamics", "crimson_racing", "silverline_gp",
             "greenleaf_engineering", "polar_motorsport", "violet_vector", "ironworks_racing"]
    s = new_race(drivers, teams=teams)
    place(s, 0, 55)                    # Jesús finishes
    for seat, lap in zip(range(1, 8), (40, 39, 38, 37, 36, 34, 30)):
        place(s, seat, lap)
        s.cars[seat].tokens = [-9]     # the others stay where they are
    s.cars[0].used = ["S", "M"]
    # the others box for hards (two compounds raced: nobody disqualified)
    picks = {seat: (BOXBOX, "H") for seat in range(1, 8)}
    picks[0] = MEC_B
    play_round(s, picks)
    r = G.result(s)
    assert r.classification == [0, 1, 2, 3, 4, 5, 6, 7]
    assert [r.points[i] for i in r.classification] == [25, 18, 15, 12, 10, 6, 2, 0]
    assert list(T.content.board.team_points) == [25, 18, 15, 12, 10, 6, 2, 0]


def test_winning_finish_token_side_b_flipped_after_all_cars_crossed_mexico():
    """Mexico: 71 laps, finish token on lap 11 side B. Crossing it the first
    time does not finish; once every car has crossed, it is flipped to A."""
    assert (T.circuits["mexico"].laps, T.circuits["mexico"].finish_lap,
            T.circuits["mexico"].finish_side) == (71, 11, "B")
    s = duo(track="mexico")
    # set the scenario up through a position document
    doc = json.loads(json.dumps(G.dump_position(s)))
    doc["state"]["cars"][0]["dist"] = 9          # Jesús: 9 -> 13 crosses lap 11
    doc["state"]["cars"][1]["dist"] = 8          # Bastian: 8 -> 9, not yet
    s = G.load_position(doc)
    assert s.finish_side == "B"
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert s.cars[0].dist == 13 and not s.cars[0].finished
    assert s.finish_side == "B" and not kinds(ev, "finish_flip")
    place(s, 1, 10)                              # Bastian 10 -> 11: the last car crosses
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert kinds(ev, "finish_flip") and s.finish_side == "A"
    assert not G.is_over(s)
    # now lap 11 on the board (dist 71) is the real finish
    place(s, 0, 68)
    s.cars[0].tokens = []                        # (the backmarker token of lap 16)
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert s.cars[0].dist == 72 and s.cars[0].finished
    assert G.is_over(s) and G.result(s).classification == [0, 1]
    assert T.board_lap(71) == 11
