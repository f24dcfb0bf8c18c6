"""BOLIDE 9 Pit Lane and 15 Repairs: entering by touching or crossing the
Pit Lane In line between the 1st and the 2nd lap; one numbered square a turn
to the chosen cell; the Pit Lane Unforeseen Event rolled on the last turn in
the lane; the standing start from the Pit Lane Out points; several cars in
the lane; the speed-limit penalty of 2 turns per unit over; what each cell
services.

devoval's pit lane: In is the line x = 7, y 4..6 (sector d, the lap's last
sector); Out are (12, 3) and (12, 5) (sector a, arrow E); squares 1..6;
Full Fuel (repairs) 2, Pit Stop (tyres) 3, 1/2 Fuel 5; speed limit 4.
"""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Place, Service, Strategy

from .helpers import (act, begin, choose_strategies, decision, kinds, legal, move, new_race, points,
                      put, retire, to_act)

OUT = [(12, 3), (12, 5)]
START_FROM_12_5 = {(12, 4), (13, 4), (13, 5), (13, 6), (12, 6)}      # facing E


def _approach(x=6, y=9, vx=0, vy=-3, progress=3, rules="basic", strategy=None, n=2, **fields):
    s = new_race(n, rules=rules)
    if rules == "advanced":
        choose_strategies(s, *(strategy or [Strategy("full", "soft", "booster")] * n))
    retire(s, *range(1, n))
    put(s, 0, x, y, vx, vy, progress=progress, **fields)
    begin(s)
    return s


def _in_lane(goal, square=None, rules="basic", strategy=None, mode="pit", **fields):
    """Car 0 in the lane, one square before its goal (it reaches it this turn)."""
    s = new_race(2, rules=rules)
    if rules == "advanced":
        choose_strategies(s, strategy or Strategy("full", "soft", "booster"))
    retire(s, 1)
    put(s, 0, 7, 5, 0, 0, mode=mode, progress=3, pit_goal=goal,
        pit_square=goal - 1 if square is None else square, **fields)
    return s


def _drive_to_exit(s, events, service="tyres"):
    """Answer the pit decisions (the service, the tyres) until the car is to
    be placed on the Pit Lane Out line; collect the events."""
    while decision(s).get("kind") != "exit":
        kind = decision(s).get("kind")
        action = Service(service) if kind == "service" else legal(s)[0]
        events += act(s, action)


def _turn_of(events, kind):
    """The turn in which each event of `kind` happened (from turn_end markers)."""
    ends = [e.data["turn"] for e in events if e.kind == "turn_end"]
    out, t = [], ends[0] if ends else None
    for e in events:
        if e.kind == "turn_end":
            t = e.data["turn"] + 1
        elif e.kind == kind:
            out.append(t)
    return out


# ---- entering ---------------------------------------------------------------------------
def test_pit_lane_entered_by_touching_the_line():
    s = _approach()
    ev = move(s, 7, 5)                          # arrives on the Pit Lane In line
    assert kinds(ev, "pit_in")[0].data == {"seat": 0, "speed": 4}
    assert kinds(ev, "pit_in")[0].rule == "BOLIDE 9"
    assert s.cars[0].mode in ("pit", "exit") or decision(s).get("kind") == "service"


def test_pit_lane_entered_by_crossing_the_line():
    s = _approach(6, 6, 1, -1)
    ev = move(s, 8, 4)                          # the line x = 7 is crossed at (7, 5)
    assert kinds(ev, "pit_in")


def test_pit_lane_not_entered_alongside_the_line():
    s = _approach()
    ev = move(s, 6, 5)
    assert not kinds(ev, "pit_in") and s.cars[0].mode == "run"


def test_pit_lane_entering_the_driver_says_what_for():
    # BOLIDE 9: tyres at the Pit Stop cell, repairs at the Full Fuel cell
    s = _approach()
    move(s, 7, 5)
    assert decision(s).get("kind") == "service" and to_act(s) == 0
    assert set(legal(s)) == {Service("tyres"), Service("repair"), Service("both")}


def test_pit_lane_one_square_a_turn_to_the_pit_stop_cell():
    s = _approach()
    move(s, 7, 5)                               # turn 5: into the lane
    with scripted(s.chance, rolls=[6]):
        ev = act(s, Service("tyres"))
    squares = [(e.data["square"]) for e in kinds(ev, "pit_square")]
    assert squares == [1, 2, 3]                 # turns 6, 7, 8: the Pit Stop is square 3
    assert kinds(ev, "pit_event")[0].data == {"seat": 0, "die": 6, "start": "normal"}
    assert s.turn_no == 9 and decision(s)["kind"] == "exit"      # out in the turn after


def test_pit_lane_only_between_the_first_and_the_second_lap():
    s = _approach(progress=7)                   # sector d of the 2nd lap
    ev = move(s, 7, 5)
    assert not kinds(ev, "pit_in") and s.cars[0].mode == "run"


def test_pit_lane_not_from_the_grid_before_the_first_lap():
    # devoval's grid is in sector d below the pit entry: a car still at
    # progress -1 has not done its 1st lap
    s = _approach(progress=-1)
    ev = move(s, 7, 5)
    assert not kinds(ev, "pit_in") and s.cars[0].mode == "run"


def test_pit_lane_once():
    s = _approach(pitted=True)
    ev = move(s, 7, 5)
    assert not kinds(ev, "pit_in")


# ---- the speed limit ----------------------------------------------------------------------
def test_pit_lane_speed_limit_two_turns_a_unit_over():
    s = _approach(6, 11, 0, -6)
    ev = move(s, 7, 5)                          # speed 6, limit 4, in turn 5
    assert kinds(ev, "pit_penalty")[0].data == {"seat": 0, "turns": 4, "speed": 6, "limit": 4}
    _drive_to_exit(s, ev, "repair")
    # turns 6..9 skipped (the penalty), then the normal ones in the lane
    assert [e.data["left"] for e in kinds(ev, "skip")] == [3, 2, 1, 0]
    assert _turn_of(ev, "skip") == [6, 7, 8, 9]
    assert _turn_of(ev, "pit_square")[0] == 10        # then one square a turn
    assert s.cars[0].penalty == 0


def test_pit_lane_speed_limit_respected_no_penalty():
    s = _approach()
    ev = move(s, 7, 5)                          # speed 4
    assert not kinds(ev, "pit_penalty") and s.cars[0].penalty == 0


def test_pit_lane_penalty_turns_skipped_before_the_normal_ones():
    s = _in_lane(2, square=0, penalty=4)
    ev = begin(s)                               # turns 5..8 skipped, squares in 9 and 10
    assert [e.data["left"] for e in kinds(ev, "skip")] == [3, 2, 1, 0]
    turn_of_square = {}
    t = 5
    for e in ev:
        if e.kind == "turn_end":
            t = e.data["turn"] + 1
        if e.kind == "pit_square":
            turn_of_square[e.data["square"]] = t
    assert turn_of_square == {1: 9, 2: 10}
    assert s.turn_no == 11 and decision(s)["kind"] == "exit"


# ---- the Pit Lane Unforeseen Event and the way out ---------------------------------------
PIT_EVENT = [(d, "skid") for d in (1, 2, 3)] + [(d, "normal") for d in range(4, 10)] + \
            [(d, "quick") for d in (10, 11, 12)]


@pytest.mark.parametrize("die,start", PIT_EVENT)
def test_pit_lane_unforeseen_event_table_row(die, start):
    s = _in_lane(3)
    with scripted(s.chance, rolls=[die]):
        ev = begin(s)
    assert kinds(ev, "pit_event")[0].data == {"seat": 0, "die": die, "start": start}
    assert decision(s)["kind"] == "exit" and set(legal(s)) == {Place(*p) for p in OUT}
    act(s, Place(12, 5))
    reach = 2 if start == "quick" else 1
    assert points(s) == {(12 + (x - 12) * reach, 5 + (y - 5) * reach) for x, y in START_FROM_12_5}
    move(s, 12 + reach, 5)
    car = s.cars[0]
    assert car.mode == "run"
    if start == "skid":
        assert (car.vx, car.vy) == (0, 0)       # 1, then 2, then free to reach 4
    else:
        assert (car.vx, car.vy) == (reach, 0)


def test_pit_lane_exit_placed_on_a_pit_lane_out_point_then_standing_start():
    s = _in_lane(3)
    with scripted(s.chance, rolls=[5]):
        begin(s)
    ev = act(s, Place(12, 5))
    assert kinds(ev, "pit_out")[0].data == {"seat": 0, "x": 12, "y": 5}
    car = s.cars[0]
    assert (car.x, car.y, car.mode, car.start) == (12, 5, "start", "normal")
    assert car.progress == 4                    # out in sector a: the 2nd lap
    assert to_act(s) == 0                       # the standing start in the same turn


def test_pit_lane_exit_waits_when_pit_lane_out_is_full():
    # our choice: with every Pit Lane Out point taken the car waits a turn in
    # the lane (the rulebook lets it start from a square behind the line)
    s = new_race(3)
    put(s, 1, 12, 3, 0, 0, progress=4)
    put(s, 2, 12, 5, 0, 0, progress=4)
    put(s, 0, 7, 5, 0, 0, mode="exit", progress=3, pit_event="normal", pitted=True)
    ev = begin(s, first=0)
    assert kinds(ev, "pit_wait")[0].data == {"seat": 0}
    assert s.cars[0].mode == "exit" and s.turn_no == 6


def test_pit_lane_several_cars_first_in_first_out():
    # car 0 is ahead and enters first at (7, 6); car 1 enters after it at
    # (7, 5), further up the line. They move together; car 0 chooses its
    # Pit Lane Out point first.
    s = new_race(2)
    put(s, 0, 6, 8, 0, -2, progress=3)
    put(s, 1, 6, 9, 0, -4, progress=3)
    begin(s)
    assert s.order == [0, 1]
    move(s, 7, 6)
    while decision(s).get("kind") in ("service", "pit_tyres") and decision(s)["seat"] == 0:
        act(s, Service("tyres"))
    move(s, 7, 5)
    while decision(s).get("kind") != "exit":
        act(s, legal(s)[0])
    assert decision(s)["seat"] == 0


def test_pit_lane_cars_in_the_lane_protect_no_track_point():
    s = new_race(2)
    put(s, 1, 7, 5, 0, 0, mode="pit", progress=3, pit_goal=6, pit_square=1)
    put(s, 0, 6, 7, 0, -1, progress=3, pitted=True)
    begin(s, first=0)
    assert (7, 5) in points(s)


# ---- services: what each cell does (BOLIDE 9, 15) ----------------------------------------
def test_pit_lane_basic_pit_stop_cell_new_tyres_three_sharp_brakings():
    s = _in_lane(3, brakes=0)
    ev = begin(s)
    assert s.cars[0].brakes == 3
    assert kinds(ev, "service")[0].rule == "BOLIDE 15"


def test_pit_lane_basic_full_fuel_cell_repairs():
    s = _in_lane(2, brakes=1, damage=3, no_fourth=True)
    begin(s)
    car = s.cars[0]
    assert (car.damage, car.no_fourth, car.brakes) == (0, False, 1)     # no new tyres


def test_pit_lane_advanced_full_fuel_repair_or_pit_stop():
    s = _approach(rules="advanced")
    move(s, 7, 5)
    assert decision(s).get("kind") == "service"
    assert set(legal(s)) == {Service("tyres"), Service("repair")}


def test_pit_lane_advanced_half_fuel_to_the_half_fuel_cell_and_new_tyres():
    s = _approach(rules="advanced", strategy=[Strategy("half", "soft", "brake")] * 2)
    move(s, 7, 5)
    assert set(legal(s)) == {Service("fuel")}
    act(s, Service("fuel"))
    # the tyres to fit: soft or hard, slicks or rain; fuel and set-up unchanged
    assert set(legal(s)) == {Strategy("half", t, "brake", w) for t in ("soft", "hard")
                             for w in (False, True)}
    act(s, Strategy("half", "hard", "brake", False))
    assert s.cars[0].pit_goal == 5


def test_pit_lane_advanced_half_fuel_cell_refuels_repairs_and_fits_tyres():
    s = _in_lane(5, rules="advanced", strategy=Strategy("half", "soft", "booster"),
                 brakes=0, damage=2, setup_lost=True, tyres="hard")
    begin(s)
    car = s.cars[0]
    assert (car.damage, car.setup_lost, car.brakes, car.pitted) == (0, False, 3, True)


def test_pit_lane_advanced_pit_stop_cell_includes_repairs():
    s = _in_lane(3, rules="advanced", strategy=Strategy("full", "soft", "booster"),
                 brakes=0, damage=2)
    begin(s)
    car = s.cars[0]
    assert (car.damage, car.brakes) == (0, 2)                 # soft tyres: 2 sharp brakings


def test_pit_lane_advanced_full_fuel_cell_repairs_only():
    s = _in_lane(2, rules="advanced", strategy=Strategy("full", "hard", "booster"),
                 brakes=1, damage=2)
    begin(s)
    car = s.cars[0]
    assert (car.damage, car.brakes) == (0, 1)


def test_pit_lane_advanced_full_fuel_new_tyres_set_up_kept():
    s = _approach(rules="advanced", strategy=[Strategy("full", "soft", "booster", False)] * 2)
    move(s, 7, 5)
    act(s, Service("tyres"))
    # the tyres (and slicks or rain tyres) may change; the set-up may not
    assert set(legal(s)) == {Strategy("full", t, "booster", w) for t in ("soft", "hard")
                             for w in (False, True)}
    act(s, Strategy("full", "hard", "booster", True))
    car = s.cars[0]
    assert (car.tyres, car.wet, car.setup, car.pit_goal) == ("hard", True, "booster", 3)
