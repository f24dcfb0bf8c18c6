"""BOLIDE 7 Superior Performances: every row of the Booster Request and
Brake Request tables; the Booster needs speed 3 and is asked once a turn,
shifts the pawn 1 ahead in the main direction (both axes without one) and
lifts the top speed to 8 / 9; the Brake only once the sharp brakings are
used up; damage added over the race. BOLIDE 11 set-ups: the Booster joker
re-rolls every negative Booster result, the Brake joker once a race."""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.engine.protocol import IllegalAction
from chequered.games.bolide.actions import Joker, Request, Strategy

from .helpers import (act, begin, choose_strategies, kinds, legal, move, new_race, points, put,
                      request, retire, speed)


def _car(x, y, vx, vy, rules="basic", strategy=None, **fields):
    s = new_race(2, rules=rules)
    if rules == "advanced":
        choose_strategies(s, strategy or Strategy("half", "soft", "booster"),
                          Strategy("full", "soft", "booster"))
    retire(s, 1)
    put(s, 0, x, y, vx, vy, **fields)
    begin(s)
    return s


def _speeds(s):
    car = s.cars[0]
    return {speed(x - car.x, y - car.y) for x, y in points(s)}


# ---- Booster -------------------------------------------------------------------------
BOOSTER = [(1, "damage", 2, False, {2, 3, 4, 5}),
           (2, "damage", 1, False, {2, 3, 4, 5, 6}),
           (3, "no_fourth", 0, True, {2, 3, 5, 6}),
           (4, "same_gear", 0, False, {4}),
           (5, "nothing", 0, False, {2, 3, 4, 5, 6}),
           (6, "nothing", 0, False, {2, 3, 4, 5, 6})] + \
          [(d, "boost", 0, False, {3, 4, 5, 6, 7}) for d in range(7, 13)]


@pytest.mark.parametrize("die,result,damage,no_fourth,speeds", BOOSTER)
def test_booster_request_table_row(die, result, damage, no_fourth, speeds):
    s = _car(12, 4, 4, 0, brakes=0)             # speed 4 eastwards, top 7
    with scripted(s.chance, rolls=[die]):
        ev = request(s, "booster")
    e = kinds(ev, "request")[0]
    assert e.data == {"seat": 0, "kind": "booster", "die": die, "result": result}
    assert e.rule == "BOLIDE 7"
    car = s.cars[0]
    assert (car.damage, car.no_fourth) == (damage, no_fourth)
    assert _speeds(s) == speeds


def test_booster_speed_4_east_reaches_7_east():
    s = _car(12, 4, 4, 0, brakes=0)
    with scripted(s.chance, rolls=[9]):
        request(s, "booster")
    # the pawn placed 1 ahead, (17, 4): its 25 points
    assert points(s) == {(x, y) for x in range(15, 20) for y in range(2, 7)}
    move(s, 19, 4)
    assert (s.cars[0].vx, s.cars[0].vy) == (7, 0)


def test_booster_speed_3_south_reaches_6_south():
    s = _car(38, 3, 0, 3, brakes=0)             # sector b, southwards
    with scripted(s.chance, rolls=[12]):
        request(s, "booster")
    assert points(s) == {(x, y) for x in range(36, 41) for y in range(5, 10)}
    assert max(y - 3 for _, y in points(s)) == 6


def test_booster_no_main_direction_both_axes():
    # speed 3 both East and South: the pawn goes 1 ahead on both axes, (38, 6):
    # speed 6 reachable in both directions (our reading of the third example)
    s = _car(34, 2, 3, 3, brakes=0)
    with scripted(s.chance, rolls=[7]):
        request(s, "booster")
    assert points(s) == {(x, y) for x in range(36, 41) for y in range(4, 9)}
    assert (40, 8) in points(s)


def test_booster_top_speed_8_in_the_first_lap():
    s = _car(10, 4, 7, 0, progress=0, brakes=0)
    assert max(_speeds(s)) == 7
    with scripted(s.chance, rolls=[10]):
        request(s, "booster")
    assert max(_speeds(s)) == 8


def test_booster_top_speed_9_in_the_second_lap():
    s = _car(10, 4, 8, 0, progress=4, brakes=0)
    with scripted(s.chance, rolls=[10]):
        request(s, "booster")
    assert max(_speeds(s)) == 9


def test_booster_needed_every_turn_to_keep_speed_8_in_the_first_lap():
    s = _car(10, 4, 8, 0, progress=0, brakes=0)
    assert _speeds(s) == {6, 7}


def test_booster_needs_speed_3():
    s = _car(12, 4, 2, 0)
    assert Request("booster") not in legal(s)
    with pytest.raises(IllegalAction):
        request(s, "booster")
    s = _car(12, 4, 2, 3)                          # speed 3 southwards-east: allowed
    assert Request("booster") in legal(s)


def test_booster_once_a_turn():
    s = _car(12, 4, 4, 0, brakes=0)
    with scripted(s.chance, rolls=[5]):
        request(s, "booster")
    assert Request("booster") not in legal(s)
    with pytest.raises(IllegalAction):
        request(s, "booster")


def test_booster_engine_damage_added_over_the_race():
    s = _car(12, 4, 4, 0, brakes=0, damage=1)
    with scripted(s.chance, rolls=[1]):
        request(s, "booster")
    assert s.cars[0].damage == 3
    assert max(_speeds(s)) == 4                     # 7 - 3


def test_booster_4th_gear_not_accumulative():
    s = _car(12, 4, 5, 0, brakes=0, no_fourth=True)
    with scripted(s.chance, rolls=[3]):
        request(s, "booster")
    assert (s.cars[0].no_fourth, s.cars[0].damage) == (True, 0)
    assert 4 not in _speeds(s)


# ---- Brake ---------------------------------------------------------------------------
PAWN = {(x, y) for x in range(18, 22) for y in range(2, 7)}      # speed 6 east, top 7
BRAKINGS = {(15, 2), (16, 2), (16, 3), (16, 4), (16, 5), (16, 6), (15, 6)}
BRAKE = [(1, "damage", 2, False, {(x, y) for x in (18, 19) for y in range(2, 7)}),
         (2, "damage", 1, False, {(x, y) for x in (18, 19, 20) for y in range(2, 7)}),
         (3, "damage", 1, False, {(x, y) for x in (18, 19, 20) for y in range(2, 7)}),
         (4, "locked", 0, False, PAWN),
         (5, "locked", 0, False, PAWN),
         (6, "spin", 0, True, PAWN | BRAKINGS),
         (7, "spin", 0, True, PAWN | BRAKINGS)] + \
        [(d, "brake", 0, False, PAWN | BRAKINGS) for d in range(8, 13)]


@pytest.mark.parametrize("die,result,damage,spins,pts", BRAKE)
def test_brake_request_table_row(die, result, damage, spins, pts):
    s = _car(14, 4, 6, 0, brakes=0)
    with scripted(s.chance, rolls=[die]):
        ev = request(s, "brake")
    assert kinds(ev, "request")[0].data == {"seat": 0, "kind": "brake", "die": die,
                                            "result": result}
    car = s.cars[0]
    assert car.damage == damage
    assert points(s) == pts
    if pts & BRAKINGS:
        move(s, 16, 4)                          # the requested sharp braking
        assert car.brakes == 0
        assert car.mode == ("spun" if spins else "run")
        assert (car.vx, car.vy) == (2, 0)
    else:
        with pytest.raises(IllegalAction):
            move(s, 16, 4)


def test_brake_request_only_when_sharp_brakings_are_used_up():
    s = _car(14, 4, 6, 0, brakes=1)
    assert Request("brake") not in legal(s)
    s = _car(14, 4, 6, 0, brakes=0)
    assert Request("brake") in legal(s)


def test_brake_request_once_a_turn():
    s = _car(14, 4, 6, 0, brakes=0)
    with scripted(s.chance, rolls=[4]):
        request(s, "brake")
    assert Request("brake") not in legal(s)


def test_brake_request_damage_added_over_the_race():
    s = _car(14, 4, 6, 0, brakes=0, damage=2)
    with scripted(s.chance, rolls=[2]):
        request(s, "brake")
    assert s.cars[0].damage == 3


def test_brake_request_imbalanced_braking_then_half_spun_choices():
    s = _car(14, 4, 6, 0, brakes=0)
    with scripted(s.chance, rolls=[6]):
        request(s, "brake")
    ev = move(s, 16, 3)
    assert kinds(ev, "half_spin")[0].data == {"seat": 0}
    begin(s)
    assert set(points(s)) == {(15, 2), (15, 3), (15, 4), (16, 2), (16, 4)}   # facing West


# ---- set-up jokers (BOLIDE 11) -------------------------------------------------------------
def test_booster_set_up_rerolls_a_negative_booster():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[1, 9]):
        request(s, "booster")
        assert legal(s) == [Joker(True), Joker(False)]
        ev = act(s, Joker(True))
    assert kinds(ev, "reroll")[0].data == {"seat": 0, "kind": "booster", "die": 9,
                                           "result": "boost"}
    assert kinds(ev, "reroll")[0].rule == "BOLIDE 11"
    assert s.cars[0].damage == 0 and max(_speeds(s)) == 7


def test_booster_set_up_declined_keeps_the_first_result():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[1]):
        request(s, "booster")
    act(s, Joker(False))
    assert s.cars[0].damage == 2


def test_booster_set_up_no_third_roll():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[2, 1]):
        request(s, "booster")
        act(s, Joker(True))
    assert s.cars[0].damage == 2                # the second roll stands
    assert Joker(True) not in legal(s)


def test_booster_set_up_every_time():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    for turn in range(3):
        put(s, 0, 12, 4, 4, 0)
        begin(s)
        with scripted(s.chance, rolls=[4, 8]):
            request(s, "booster")
            assert legal(s) == [Joker(True), Joker(False)]
            act(s, Joker(True))
        assert max(_speeds(s)) == 7


def test_booster_set_up_no_reroll_after_a_success():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[7]):
        request(s, "booster")
    assert Joker(True) not in legal(s)


def test_booster_set_up_standard_speed_counts_as_negative():
    # our choice: 5-6, "the engine is not able to provide what was requested",
    # is a negative result for the joker
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[5]):
        request(s, "booster")
    assert legal(s) == [Joker(True), Joker(False)]


def test_booster_set_up_not_for_brake_requests():
    s = _car(14, 4, 6, 0, rules="advanced", brakes=0)
    with scripted(s.chance, rolls=[4]):
        request(s, "brake")
    assert Joker(True) not in legal(s)


BRAKE_SETUP = Strategy("half", "soft", "brake")


def test_brake_set_up_one_reroll_a_race():
    s = _car(14, 4, 6, 0, rules="advanced", strategy=BRAKE_SETUP, brakes=0)
    with scripted(s.chance, rolls=[4, 9]):
        request(s, "brake")
        assert legal(s) == [Joker(True), Joker(False)]
        act(s, Joker(True))
    assert s.cars[0].brake_joker is False
    assert (16, 4) in points(s)                 # the re-roll gave the braking
    move(s, 16, 4)
    put(s, 0, 14, 4, 6, 0)
    begin(s)
    with scripted(s.chance, rolls=[4]):
        request(s, "brake")                         # negative again: no joker left
    assert Joker(True) not in legal(s)
    assert (16, 4) not in points(s)


def test_brake_set_up_declined_keeps_the_joker():
    s = _car(14, 4, 6, 0, rules="advanced", strategy=BRAKE_SETUP, brakes=0)
    with scripted(s.chance, rolls=[2]):
        request(s, "brake")
    act(s, Joker(False))
    assert s.cars[0].brake_joker is True and s.cars[0].damage == 1


def test_brake_set_up_not_for_booster_requests():
    s = _car(12, 4, 4, 0, rules="advanced", strategy=BRAKE_SETUP, brakes=0)
    with scripted(s.chance, rolls=[1]):
        request(s, "booster")
    assert Joker(True) not in legal(s)


def test_brake_set_up_half_spin_counts_as_negative():
    s = _car(14, 4, 6, 0, rules="advanced", strategy=BRAKE_SETUP, brakes=0)
    with scripted(s.chance, rolls=[6]):
        request(s, "brake")
    assert legal(s) == [Joker(True), Joker(False)]


def test_set_up_cancelled_by_a_side_wing_no_joker():
    s = _car(12, 4, 4, 0, rules="advanced", brakes=0, setup_lost=True)
    with scripted(s.chance, rolls=[1]):
        request(s, "booster")
    assert Joker(True) not in legal(s) and s.cars[0].damage == 2


def test_top_speed_drop_forced_slow_down():
    # ours: a car faster than its new top speed + 2 (damage 4 at speed 7: top
    # 3) has its pawn pulled back to top + 2 along each axis, so that the top
    # itself is reachable next turn
    s = _car(10, 4, 7, 0, brakes=0, damage=4)
    assert _speeds(s) == {3}
    assert points(s) == {(13, y) for y in range(2, 7)}


def test_top_speed_never_below_1():
    s = _car(20, 4, 1, 0, brakes=0, damage=9)
    assert _speeds(s) == {0, 1}


def test_booster_and_brake_requests_in_the_same_turn():
    # ours: each request once a turn, both allowed in one turn
    s = _car(14, 4, 6, 0, brakes=0)
    with scripted(s.chance, rolls=[5, 9]):
        request(s, "booster")
        assert Request("brake") in legal(s)
        request(s, "brake")
    assert (16, 4) in points(s)


def test_booster_same_gear_still_allows_a_sharp_braking():
    # ours: Booster 4 (keep the gear) binds the engine, not the brakes
    s = _car(14, 4, 6, 0, brakes=1)
    with scripted(s.chance, rolls=[4]):
        request(s, "booster")
    assert _speeds(s) == {2, 6}
    assert {(16, 4), (20, 4)} <= points(s)
