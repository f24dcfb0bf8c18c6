"""BOLIDE 6 Engages: every row of the Engagements table; the loser put back
(Attack on one of the 3 points behind, Defence on one of the 2 beside, along
the sector's red arrow, never in the next sector); a 2nd engagement when they
are all taken, damage added; the winner moves first; the 7 and an even roll:
the Safety Car, its re-grid and the restart with unforeseen starts.

Scene: Attack (seat 0) at (14, 2) with the car-pawn vector (4, 2) drives at
Defence (seat 1) on (18, 4) (sector a, red arrow E); Defence has moved
already this turn. The die is forced with `scripted`.
"""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Move, Place, Stay

from .helpers import (act, begin, choose_strategies, decision, kinds, legal, move, new_race, points,
                      put, to_act)

BEHIND = [(17, 3), (17, 4), (17, 5)]
BESIDE = [(18, 3), (18, 5)]


def _scene(n=2, rules="basic", **attack):
    s = new_race(n, rules=rules)
    if rules == "advanced":
        choose_strategies(s)
    put(s, 1, 18, 4, 3, 0)
    put(s, 0, 14, 2, 4, 2, **attack)
    for seat in range(2, n):
        put(s, seat, 3, 16 + seat, 0, 0)       # parked in sector d, out of the way
    begin(s, first=0)
    assert to_act(s) == 0
    return s


# (die, attack damage, attack spun, defence damage, defence spun, Attack conquers, SC roll)
TABLE = [
    (1, 2, False, 0, False, False),     # front wing: top speed -2
    (2, 1, False, 0, False, False),     # barge board: -1
    (3, 0, True, 0, False, False),      # basic rules: Attack half spun
    (4, 0, True, 0, False, False),
    (5, 0, False, 0, False, False),
    (6, 0, False, 0, False, False),
    (8, 0, True, 0, True, False),       # both half spun, Defence keeps the point
    (9, 0, False, 0, False, True),
    (10, 0, False, 0, False, True),
    (11, 0, False, 0, True, True),      # Defence half spun
    (12, 0, False, 1, False, True),     # Defence's barge board: -1
]


@pytest.mark.parametrize("die,a_dmg,a_spin,d_dmg,d_spin,conquers", TABLE)
def test_engagement_table_row(die, a_dmg, a_spin, d_dmg, d_spin, conquers):
    s = _scene()
    assert Move(18, 4) in legal(s)
    with scripted(s.chance, rolls=[die]):
        ev = move(s, 18, 4)
    e = kinds(ev, "engagement")[0]
    assert e.rule == "BOLIDE 6"
    assert e.data == {"attack": 0, "defence": 1, "die": die, "conquers": conquers,
                      "attack_damage": a_dmg, "defence_damage": d_dmg, "attack_spun": a_spin,
                      "defence_spun": d_spin, "setup_lost": False}
    att, dfc = s.cars[0], s.cars[1]
    assert (att.damage, dfc.damage) == (a_dmg, d_dmg)
    loser = dfc if conquers else att
    assert decision(s)["kind"] == "reposition" and decision(s)["seat"] == loser.seat
    assert sorted(decision(s)["options"]) == (BESIDE if conquers else BEHIND)
    act(s, Place(*decision(s)["options"][0]))
    if conquers:
        assert (att.x, att.y) == (18, 4) and (dfc.x, dfc.y) == (18, 3)
    else:
        assert (dfc.x, dfc.y) == (18, 4) and (att.x, att.y) == (17, 3)
    assert (att.mode == "spun", dfc.mode == "spun") == (a_spin, d_spin)
    assert kinds(ev, "safety_car_roll") == []


@pytest.mark.parametrize("second,sc", [(1, False), (2, True), (3, False), (4, True), (5, False),
                                       (6, True), (7, False), (8, True), (9, False),
                                       (10, True), (11, False), (12, True)])
def test_engagement_table_row_7_safety_car_on_even(second, sc):
    s = _scene()
    with scripted(s.chance, rolls=[7, second]):
        ev = move(s, 18, 4)
    e = kinds(ev, "engagement")[0].data
    assert (e["conquers"], e["attack_damage"], e["defence_damage"]) == (False, 0, 0)
    assert (e["attack_spun"], e["defence_spun"]) == (False, False)
    assert kinds(ev, "safety_car_roll")[0].data == {"die": second, "safety_car": sc}
    assert s.safety_car is sc
    assert sorted(decision(s)["options"]) == BEHIND          # Defence keeps the point


def test_engagement_table_row_3_advanced_side_wing_set_up_cancelled():
    s = _scene(rules="advanced")
    with scripted(s.chance, rolls=[3]):
        ev = move(s, 18, 4)
    e = kinds(ev, "engagement")[0].data
    assert (e["setup_lost"], e["attack_spun"], e["conquers"], e["attack_damage"]) == \
        (True, False, False, 0)
    assert s.cars[0].setup_lost is True
    act(s, Place(17, 4))
    assert s.cars[0].mode == "run"                       # not half spun in the advanced rules


def test_engagement_half_spun_loser_must_restart_backwards_or_stay():
    s = _scene()
    with scripted(s.chance, rolls=[4]):
        move(s, 18, 4)
    act(s, Place(17, 4))
    put(s, 1, 30, 4, 0, 0)
    begin(s, first=0)
    assert set(legal(s)) == {Move(16, 3), Move(16, 4), Move(16, 5), Move(17, 3), Move(17, 5),
                             Stay()}


# ---- how an engagement comes about ----------------------------------------------------
def test_engagement_when_the_path_crosses_exactly_the_point():
    s = new_race(2)
    put(s, 1, 13, 4, 0, 0)
    put(s, 0, 10, 4, 6, 0)                  # pawn (16, 4): the lines to (14..18, 4) cross (13, 4)
    begin(s, first=0)
    acts = legal(s)
    assert Move(13, 4) in acts              # not a pawn point, but the point on the way
    assert not {(14, 4), (15, 4), (16, 4), (17, 4), (18, 4)} & points(s) - {(13, 4)}
    with scripted(s.chance, rolls=[9]):
        move(s, 13, 4)
    assert (s.cars[0].x, s.cars[0].y) == (13, 4)
    assert decision(s)["seat"] == 1 and sorted(decision(s)["options"]) == [(13, 3), (13, 5)]


def test_engagement_only_at_a_reachable_point():
    s = new_race(2)
    put(s, 1, 24, 4, 0, 0)                  # 10 squares away, beyond the pawn's points
    put(s, 0, 14, 4, 4, 0)
    begin(s, first=0)
    assert Move(24, 4) not in legal(s)


def test_engagement_at_a_sharp_braking_point_uses_a_sharp_braking():
    # (15, 2) can only be reached by a sharp braking from (14, 4) at speed 6:
    # trying to conquer it is that braking, one circle erased (BOLIDE 4).
    s = new_race(2)
    put(s, 1, 15, 2, 0, 0)
    put(s, 0, 14, 4, 6, 0)
    begin(s, first=0)
    assert Move(15, 2) in legal(s)
    with scripted(s.chance, rolls=[5]):
        move(s, 15, 2)
    assert s.cars[0].brakes == 2


def test_engagement_at_a_sharp_braking_point_needs_a_braking_left():
    s = new_race(2)
    put(s, 1, 15, 2, 0, 0)
    put(s, 0, 14, 4, 6, 0, brakes=0)
    begin(s, first=0)
    assert Move(15, 2) not in legal(s)


# ---- re-positioning ---------------------------------------------------------------------
def test_engagement_attack_loses_three_points_behind_its_choice():
    s = _scene()
    with scripted(s.chance, rolls=[5]):
        move(s, 18, 4)
    assert set(legal(s)) == {Place(*p) for p in BEHIND}
    act(s, Place(17, 5))
    assert (s.cars[0].x, s.cars[0].y) == (17, 5)


def test_engagement_defence_loses_two_points_beside():
    s = _scene()
    with scripted(s.chance, rolls=[10]):
        move(s, 18, 4)
    assert to_act(s) == 1 and set(legal(s)) == {Place(*p) for p in BESIDE}
    act(s, Place(18, 5))
    assert (s.cars[1].x, s.cars[1].y) == (18, 5) and (s.cars[0].x, s.cars[0].y) == (18, 4)


def test_engagement_behind_and_beside_for_a_diagonal_arrow():
    # our reading for diagonal arrows: behind = the 3 neighbours with a negative
    # component along the arrow; beside = the 2 square to it
    from chequered.games.bolide.rules.engagements import beside_points, behind_points
    from .helpers import circ
    s = new_race(2, track="ring")
    c = circ(s)
    # a point of ring's sector b (red arrow SE)
    x, y = 72, 8
    assert c.meta.arrows[c.sector_names[c.sector_at(x, y)]] == "SE"
    assert sorted(behind_points(c, x, y)) == [(71, 7), (71, 8), (72, 7)]
    assert sorted(beside_points(c, x, y)) == [(71, 9), (73, 7)]


def test_engagement_never_put_back_into_the_next_sector():
    # at (8, 3), the last column of sector d (arrow N): (9, y) is sector a
    s = new_race(2)
    put(s, 1, 8, 3, 0, 0)
    put(s, 0, 8, 7, 0, -3)
    begin(s, first=0)
    with scripted(s.chance, rolls=[9]):  # Attack conquers: Defence beside, (9, 3) is next sector
        ev = move(s, 8, 3)
    assert (s.cars[1].x, s.cars[1].y) == (7, 3)          # the only point left: placed at once
    assert kinds(ev, "reposition")[0].data == {"seat": 1, "x": 7, "y": 3}
    s = new_race(2)
    put(s, 1, 8, 3, 0, 0)
    put(s, 0, 8, 7, 0, -3)
    begin(s, first=0)
    with scripted(s.chance, rolls=[5]):  # Defence keeps: behind are (7, 4), (8, 4), (9, 4)
        move(s, 8, 3)
    assert sorted(decision(s)["options"]) == [(7, 4), (8, 4)]


def test_engagement_second_engagement_when_all_three_behind_are_taken_damage_added():
    s = _scene(n=5)
    for seat, p in zip((2, 3, 4), BEHIND):
        put(s, seat, *p, 3, 0)
    begin(s, first=0)
    with scripted(s.chance, rolls=[2, 1]):
        ev = move(s, 18, 4)                     # die 2: barge board, Defence keeps the point
        assert decision(s)["kind"] == "reposition" and decision(s)["seat"] == 0
        assert set(legal(s)) == {Place(*p) for p in BEHIND}   # all taken: choose whom to engage
        ev = act(s, Place(17, 4))           # 2nd engagement, against car 3: die 1, front wing
    e = kinds(ev, "engagement")[0].data
    assert (e["attack"], e["defence"], e["die"]) == (0, 3, 1)
    assert s.cars[0].damage == 3                              # 1 + 2, added
    assert sorted(decision(s)["options"]) == [(16, 3), (16, 4), (16, 5)]
    act(s, Place(16, 4))
    assert (s.cars[0].x, s.cars[0].y) == (16, 4) and (s.cars[3].x, s.cars[3].y) == (17, 4)


def test_engagement_second_engagement_for_defence_when_both_beside_are_taken():
    s = _scene(n=4)
    put(s, 2, 18, 3, 3, 0)
    put(s, 3, 18, 5, 3, 0)
    begin(s, first=0)
    with scripted(s.chance, rolls=[12, 9]):
        move(s, 18, 4)                          # 12: Defence's barge board, Attack conquers
        assert decision(s)["seat"] == 1 and set(legal(s)) == {Place(18, 3), Place(18, 5)}
        ev = act(s, Place(18, 5))           # Defence engages car 3 and wins the point (9)
    e = kinds(ev, "engagement")[0].data
    assert (e["attack"], e["defence"], e["conquers"]) == (1, 3, True)
    assert s.cars[1].damage == 1
    # car 3 beside (18, 5): (18, 4) is Attack's now, (18, 6) is free
    assert [(c.x, c.y) for c in s.cars] == [(18, 4), (18, 5), (18, 3), (18, 6)]


def test_engagement_damage_accumulates_over_the_race():
    s = _scene(damage=1)
    with scripted(s.chance, rolls=[1]):
        move(s, 18, 4)
    assert s.cars[0].damage == 3


def test_engagement_winner_moves_first_when_paired():
    # Defence (seat 1) was ahead; Attack conquers and Defence goes beside it:
    # level along the arrow, the winner moves first next turn
    s = _scene()
    assert s.order == [1, 0]
    with scripted(s.chance, rolls=[9]):
        move(s, 18, 4)
    act(s, Place(18, 3))
    assert s.turn_no == 6 and s.order == [0, 1]


def test_engagement_velocity_afterwards_is_the_move_actually_made():
    # our choice: Attack's pawn repeats its move to where it ended (the point
    # conquered, or the point it was put back on); Defence's pawn is unchanged
    s = _scene()
    with scripted(s.chance, rolls=[9]):
        move(s, 18, 4)
    act(s, Place(18, 5))
    assert (s.cars[0].vx, s.cars[0].vy) == (4, 2)
    assert (s.cars[1].vx, s.cars[1].vy) == (3, 0)
    s = _scene()
    with scripted(s.chance, rolls=[5]):
        move(s, 18, 4)
    act(s, Place(17, 3))
    assert (s.cars[0].vx, s.cars[0].vy) == (3, 1)


# ---- the Safety Car ------------------------------------------------------------------
def _safety_car_scene():
    s = new_race(3)
    put(s, 2, 30, 4, 3, 0)                  # the leader, moved already
    put(s, 1, 18, 4, 3, 0)
    put(s, 0, 14, 2, 4, 2)
    begin(s, first=0)
    with scripted(s.chance, rolls=[7, 4]):
        move(s, 18, 4)
    return s


def test_safety_car_after_everybody_moved_second_places_behind_the_leader():
    s = _safety_car_scene()
    ev = act(s, Place(17, 3))               # the engagement ends the turn
    assert kinds(ev, "safety_car")[0].data == {"order": [2, 1, 0]}
    assert decision(s)["kind"] == "regrid" and decision(s)["seat"] == 1
    # behind the leader (30, 4) along the arrow E: our bound, the 3 columns behind
    assert sorted(decision(s)["options"]) == [(x, y) for x in (27, 28, 29) for y in range(2, 8)]
    act(s, Place(29, 4))
    assert decision(s)["seat"] == 0              # the 3rd behind the 2nd
    assert sorted(decision(s)["options"]) == [(x, y) for x in (26, 27, 28) for y in range(2, 8)]
    act(s, Place(28, 5))
    assert [(c.x, c.y) for c in s.cars] == [(28, 5), (29, 4), (30, 4)]   # the leader frozen


def test_safety_car_restart_everybody_rolls_the_unforeseen_start():
    s = _safety_car_scene()
    act(s, Place(17, 3))
    act(s, Place(29, 4))
    with scripted(s.chance, rolls=[2]):  # the leader's start roll comes first
        ev = act(s, Place(28, 5))
    assert all(c.mode == "start" and (c.vx, c.vy) == (0, 0) for c in s.cars)
    assert s.order == [2, 1, 0] and to_act(s) == 2
    assert kinds(ev, "start_roll")[0].data == {"seat": 2, "die": 2, "start": "skid"}
    assert points(s) == {(30, 3), (31, 3), (31, 4), (31, 5), (30, 5)}
    move(s, 31, 4)
    assert (s.cars[2].vx, s.cars[2].vy) == (0, 0)          # skid: pawn on the car
    # the next car rolls too, when its turn comes
    assert decision(s)["seat"] == 1 and s.cars[1].start is not None


def test_safety_car_no_point_behind_first_points_of_the_previous_sector():
    # the leader at (9, 4), the first column of sector a: nothing behind it in
    # a; the 2nd car goes to the first points of sector d (arrow N: rows 2..4)
    s = new_race(3)
    put(s, 2, 9, 4, 1, 0)
    put(s, 1, 22, 17, -3, 0, progress=-2)   # a lap behind, sector c (arrow W)
    put(s, 0, 26, 16, -4, 1, progress=-2)
    begin(s, first=0)
    with scripted(s.chance, rolls=[7, 6]):
        move(s, 22, 17)
    act(s, Place(23, 16))
    assert decision(s)["kind"] == "regrid" and decision(s)["seat"] == 1
    assert sorted(decision(s)["options"]) == sorted((x, y) for x in range(2, 9) for y in (2, 3, 4))


def test_engagement_no_point_beside_at_all_nearest_free_points():
    # ours: narrow.track's top straight is one point wide: nothing beside
    # (6, 1); the loser goes to the nearest free track points around it
    s = new_race(2, track="narrow")
    put(s, 1, 6, 1, 0, 0)
    put(s, 0, 3, 1, 3, 0)
    begin(s, first=0)
    with scripted(s.chance, rolls=[10]):
        move(s, 6, 1)
    assert decision(s)["kind"] == "reposition" and decision(s)["seat"] == 1
    assert sorted(decision(s)["options"]) == [(5, 1), (7, 1)]


def test_safety_car_turn_ends_once():
    # the turn with the Safety Car ends once: the re-grid is part of its end
    s = _safety_car_scene()
    ev = act(s, Place(17, 3))
    ev += act(s, Place(29, 4))
    ev += act(s, Place(28, 5))
    assert [e.data["turn"] for e in kinds(ev, "turn_end")] == [5]
    assert s.turn_no == 6
