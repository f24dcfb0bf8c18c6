"""BOLIDE Preparation and Object of the Game: the starting grid by the die
(highest on pole, ties rolled again), the cars on the red squares."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.bolide.rules import setup

from .helpers import circ, decision, fresh, kinds, new_race, prepare


def _grid(n, *rolls):
    s = fresh(n, track="devoval")
    with scripted(s.chance, rolls=rolls):
        events = prepare(s)
    # the grid dice, then the pole car's start die (a real roll)
    grid = [e.data["value"] for e in kinds(events, "roll") if e.data["what"] == "grid die"]
    assert grid == list(rolls)
    return s


def test_preparation_grid_highest_roll_on_pole():
    s = _grid(3, 5, 11, 8)
    assert s.qual_order == [1, 2, 0]
    grid = circ(s).meta.grid
    assert (s.cars[1].x, s.cars[1].y) == tuple(grid[0])      # pole: the first red square
    assert (s.cars[2].x, s.cars[2].y) == tuple(grid[1])
    assert (s.cars[0].x, s.cars[0].y) == tuple(grid[2])
    assert [c.rank for c in s.cars] == [2, 0, 1]


def test_preparation_grid_roll_event_shows_every_die():
    s = new_race(3)
    events = []
    with scripted(s.chance, rolls=[5, 11, 8]):
        assert setup.dice_grid(s, events) == [1, 2, 0]
    (ev,) = kinds(events, "grid_roll")
    assert ev.data == {"rolls": {"0": 5, "1": 11, "2": 8}} and ev.rule == "BOLIDE Preparation"
    dice = kinds(events, "roll")
    assert [(e.data["seat"], e.data["value"], e.data["what"]) for e in dice] == [
        (0, 5, "grid die"), (1, 11, "grid die"), (2, 8, "grid die")]
    assert all(e.reveal and e.to is None for e in dice)        # dice on the table


def test_preparation_grid_ties_rolled_again():
    # seats 0 and 1 tie on 9: they roll again, 3 and 7: seat 1 ahead
    s = _grid(3, 9, 9, 4, 3, 7)
    assert s.qual_order == [1, 0, 2]


def test_preparation_grid_tie_in_the_reroll_rolled_again():
    # all three on 6; then 2, 2, 5: seat 2 first, seats 0 and 1 again: 10, 1
    s = _grid(3, 6, 6, 6, 2, 2, 5, 10, 1)
    assert s.qual_order == [2, 0, 1]


def test_preparation_grid_tie_only_among_the_tied():
    # 12 for seat 3 alone; seats 0 and 2 tie on 4 below seat 1's 8
    s = _grid(4, 4, 8, 4, 12, 6, 5)
    assert s.qual_order == [3, 1, 0, 2]


def test_preparation_pole_moves_first_and_all_on_standing_start():
    s = _grid(3, 5, 11, 8)
    assert s.order == [1, 2, 0] and decision(s) == {"kind": "move", "seat": 1}
    assert all(c.mode == "start" and (c.vx, c.vy) == (0, 0) for c in s.cars)
    assert all(c.progress == -1 for c in s.cars)       # the grid is before the line
    assert s.turn_no == 1


def test_preparation_basic_rules_no_strategy_identical_cars():
    s = new_race(3)
    assert s.phase == "race"
    for c in s.cars:
        assert (c.brakes, c.damage, c.fuel, c.tyres, c.wet) == (3, 0, "full", "soft", False)
