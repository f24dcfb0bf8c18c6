"""RP Game Play Variants, Campaign Mode: a season of races, the grid in
reverse championship order, points carried, the Fastest Lap card."""
from __future__ import annotations

from .helpers import (AER, CHARGE, G, MEC_B, PU, PU_B, START, T, XP_B, choose_tyres, kinds,
                      make_calm, moved, new_race, phase, place, play_round, seat_order)


def season(**kw):
    # Jesús / Orange (RP 4), Dutch / Azure (RP 3), Bastian / Polar (RP 1)
    s = new_race(["jesus", "dutch", "bastian"],
                 teams=["orange_motors", "azure_dynamics", "polar_motorsport"],
                 options=["campaign"], season=["usa_austin", "italy"], **kw)
    for c in s.cars:
        c.used = ["S", "M"]
    return s


def test_campaign_season_of_selected_races():
    s = season()
    assert s.circuit == "usa_austin" and s.race_index == 0
    full = G.new(G.config(seats=["human", "human"], options=["campaign"],
                          teams=["orange_motors", "azure_dynamics"], drivers=["jesus", "dutch"]), 1)
    choose_tyres(full)
    assert full.circuit == T.circuit_order[0] and len(T.circuit_order) == 14


def _finish_race_one(s):
    place(s, 0, 53)                                   # Jesús 53 -> 57 wins
    place(s, 1, 40)
    place(s, 2, 31)
    ev = play_round(s, {2: CHARGE, 0: MEC_B, 1: PU_B})
    assert moved(ev) == {0: 4, 1: 4, 2: 1}
    return ev


def test_campaign_points_carried_and_fastest_lap_plus_one():
    s = season()
    _finish_race_one(s)
    # race 1: 25 (+1 fastest lap for Jesús' 4 laps: Dutch's 4 did not beat it), 18, 15
    assert s.race_results[0]["points"] == {"0": 26, "1": 18, "2": 15}
    assert s.race_results[0]["fastest"] == 0
    assert s.standings == {0: 26, 1: 18, 2: 15}
    assert not G.is_over(s)


def test_campaign_next_race_lose_upgrades_grid_reversed_by_standings():
    s = season()
    _finish_race_one(s)
    assert s.race_index == 1 and s.circuit == "italy" and phase(s) == "tyre"
    # the championship leader starts last, the lowest ranked from pole
    assert seat_order(s) == [2, 1, 0]
    assert [c.dist for c in s.cars] == [-1, 0, 0]
    # upgrades lost: Dutch's PU back at its base level, tyres and tokens reset
    assert s.cars[1].bars[PU] == 1
    assert all(c.tyre is None and c.td == 0 and c.sets == {"S": 2, "M": 2} for c in s.cars)
    assert s.backmarkers[16] == [-3, -2, -1] and s.fastest is None
    choose_tyres(s, "M")
    make_calm(s)
    for c in s.cars:
        c.used = ["S", "M"]
    place(s, 2, 52)                                   # Bastian wins race 2 (Italy: 53 laps)
    s.cars[2].tokens = [1]
    place(s, 1, 40)
    place(s, 0, 30)
    play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE})
    assert G.is_over(s)
    r = G.result(s)
    # race 2: Bastian wins (25); Dutch 43 laps (18); Jesús 34 laps (15) but his 4
    # laps in one round were the fastest lap (+1)
    assert s.race_results[1]["points"] == {"2": 25, "1": 18, "0": 15 + 1}
    assert r.points == {0: 26 + 16, 1: 18 + 18, 2: 15 + 25}
    assert r.classification == [0, 2, 1]


def test_campaign_fastest_lap_card_4_then_5_or_more():
    s = season()
    place(s, 0, 10)                                   # Jesús moves 4 first
    place(s, 1, 5)
    place(s, 2, 1)
    ev = play_round(s, {2: CHARGE, 0: MEC_B, 1: XP_B})
    assert s.fastest == (0, 4)
    assert [e.data for e in kinds(ev, "fastest_lap")] == [{"seat": 0, "laps": 4}]
    ev = play_round(s, {2: CHARGE, 0: MEC_B, 1: PU_B})   # Dutch 4: only equals it
    assert moved(ev)[1] == 4 and s.fastest == (0, 4)
    ev = play_round(s, {2: CHARGE, 0: MEC_B, 1: START})  # Dutch 5: takes the card
    assert moved(ev)[1] == 5 and s.fastest == (1, 5)


def test_campaign_fastest_lap_point_only_in_campaign():
    s = new_race(["jesus", "dutch"], teams=["orange_motors", "azure_dynamics"])
    for c in s.cars:
        c.used = ["S", "M"]
    place(s, 0, 53)
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev) == {0: 4, 1: 3}
    assert G.result(s).points == {0: 25, 1: 18}
