"""BOLIDE 11 Race Strategy: fuel (1/2 or full) x tyres (soft or hard): the
table's top speeds and sharp brakings (8+2, 7+3, 6/7+2, 5/7+3); chosen by
each driver from the first on the grid to the last, with the set-up; half a
tank lasts one lap (pit or run out); at the pit stop new tyres, the set-up
kept. Rain tyres: test_rain.py."""
from __future__ import annotations

import pytest

from chequered.games.bolide.actions import Strategy
from chequered.games.bolide.rules.phases import STRATEGY_CHOICES

from .helpers import (G, begin, choose_strategies, kinds, legal, move, new_race, points, put,
                      retire, speed, to_act)

TABLE = [  # fuel, tyres, top 1st lap, top 2nd lap, sharp brakings, name
    ("half", "soft", 8, 8, 2, "8+2"),      # 2nd lap: the tyres fitted at the pit stop
    ("half", "hard", 7, 7, 3, "7+3"),
    ("full", "soft", 6, 7, 2, "6/7+2"),
    ("full", "hard", 5, 7, 3, "5/7+3"),
]


def _top(s, progress, **fields):
    put(s, 0, 10, 4, 9, 0, progress=progress, brakes=0, **fields)
    begin(s)
    return max(speed(x - 10, y - 4) for x, y in points(s))


@pytest.mark.parametrize("fuel,tyres,top1,top2,brakes,name", TABLE)
def test_strategy_table_top_speeds_and_sharp_brakings(fuel, tyres, top1, top2, brakes, name):
    s = new_race(2, rules="advanced")
    ev = G.apply(s, to_act(s), Strategy(fuel, tyres, "booster"))
    seat = kinds(ev, "strategy")[0].data["seat"]
    assert kinds(ev, "strategy")[0].data["name"] == name
    assert s.cars[seat].brakes == brakes
    choose_strategies(s, *[Strategy(fuel, tyres, "booster")] * 2)
    retire(s, 1)
    s.cars[0].fuel, s.cars[0].tyres = fuel, tyres
    assert _top(s, 0) == top1
    assert _top(s, 4, pitted=True) == top2


@pytest.mark.parametrize("tyres,top2", [("soft", 8), ("hard", 7)])
def test_strategy_half_fuel_second_lap_by_the_tyres_of_the_pit_stop(tyres, top2):
    s = new_race(2, rules="advanced")
    choose_strategies(s, Strategy("half", "hard", "booster"), Strategy("half", "hard", "booster"))
    retire(s, 1)
    assert _top(s, 4, pitted=True, tyres=tyres) == top2


def test_strategy_chosen_first_on_the_grid_first():
    s = new_race(3, rules="advanced")
    assert s.phase == "strategy"
    order = []
    while s.phase == "strategy":
        order.append(to_act(s))
        assert legal(s) == STRATEGY_CHOICES
        G.apply(s, to_act(s), Strategy("full", "hard", "brake"))
    assert order == s.qual_order
    assert len(STRATEGY_CHOICES) == 16      # 4 strategies x 2 set-ups x slicks/rain tyres
    assert all(c.setup == "brake" and c.brakes == 3 for c in s.cars)


def test_strategy_basic_rules_no_strategy_phase():
    s = new_race(2)
    assert s.phase == "race"


def test_strategy_half_fuel_runs_out_after_one_lap_without_a_stop():
    s = new_race(2, rules="advanced")
    choose_strategies(s, Strategy("half", "soft", "booster"), Strategy("full", "soft", "booster"))
    retire(s, 1)
    put(s, 0, 5, 3, 2, 0, progress=3)      # sector d, lap 1, past the pit entry
    begin(s)
    ev = move(s, 9, 3)                     # across the line
    assert s.cars[0].mode == "out"
    assert kinds(ev, "out_of_fuel")[0].data == {"seat": 0}
    assert kinds(ev, "out_of_fuel")[0].rule == "BOLIDE 11"
    assert G.result(s).notes[0] == "out of fuel"


def test_strategy_half_fuel_after_the_pit_stop_runs_the_2nd_lap():
    s = new_race(2, rules="advanced")
    choose_strategies(s, Strategy("half", "soft", "booster"), Strategy("full", "soft", "booster"))
    retire(s, 1)
    put(s, 0, 5, 3, 2, 0, progress=3, pitted=True)
    begin(s)
    move(s, 9, 3)
    assert s.cars[0].mode == "run" and s.cars[0].progress == 4


def test_strategy_full_fuel_runs_two_laps_without_a_stop():
    s = new_race(2, rules="advanced")
    choose_strategies(s, Strategy("full", "hard", "booster"))
    retire(s, 1)
    put(s, 0, 5, 3, 2, 0, progress=7)
    begin(s)
    move(s, 9, 3)
    assert s.cars[0].mode == "finished"
