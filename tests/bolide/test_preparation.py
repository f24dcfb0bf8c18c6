"""BOLIDE Preparation and Object of the Game: the starting grid by the die
(highest on pole, ties rolled again), the cars on the red squares."""
from __future__ import annotations

from chequered.games.bolide.rules import setup

from .helpers import Dice, circ, kinds, new_race


def _grid(monkeypatch, n, *rolls):
    dice = Dice(monkeypatch, "setup", *rolls)
    s = new_race(n, track="devoval")
    assert dice.queue == []
    return s


def test_preparation_grid_highest_roll_on_pole(monkeypatch):
    s = _grid(monkeypatch, 3, 5, 11, 8)
    assert s.qual_order == [1, 2, 0]
    grid = circ(s).meta.grid
    assert (s.cars[1].x, s.cars[1].y) == tuple(grid[0])      # pole: the first red square
    assert (s.cars[2].x, s.cars[2].y) == tuple(grid[1])
    assert (s.cars[0].x, s.cars[0].y) == tuple(grid[2])
    assert [c.rank for c in s.cars] == [2, 0, 1]


def test_preparation_grid_roll_event_shows_every_die(monkeypatch):
    s = new_race(3)
    Dice(monkeypatch, "setup", 5, 11, 8)
    events = []
    assert setup.dice_grid(s, events) == [1, 2, 0]
    (ev,) = kinds(events, "grid_roll")
    assert ev.data == {"rolls": {"0": 5, "1": 11, "2": 8}} and ev.rule == "BOLIDE Preparation"


def test_preparation_grid_ties_rolled_again(monkeypatch):
    # seats 0 and 1 tie on 9: they roll again, 3 and 7: seat 1 ahead
    s = _grid(monkeypatch, 3, 9, 9, 4, 3, 7)
    assert s.qual_order == [1, 0, 2]


def test_preparation_grid_tie_in_the_reroll_rolled_again(monkeypatch):
    # all three on 6; then 2, 2, 5: seat 2 first, seats 0 and 1 again: 10, 1
    s = _grid(monkeypatch, 3, 6, 6, 6, 2, 2, 5, 10, 1)
    assert s.qual_order == [2, 0, 1]


def test_preparation_grid_tie_only_among_the_tied(monkeypatch):
    # 12 for seat 3 alone; seats 0 and 2 tie on 4 below seat 1's 8
    s = _grid(monkeypatch, 4, 4, 8, 4, 12, 6, 5)
    assert s.qual_order == [3, 1, 0, 2]


def test_preparation_pole_moves_first_and_all_on_standing_start(monkeypatch):
    s = _grid(monkeypatch, 3, 5, 11, 8)
    assert s.order == [1, 2, 0] and s.step == {"kind": "move", "seat": 1}
    assert all(c.mode == "start" and (c.vx, c.vy) == (0, 0) for c in s.cars)
    assert all(c.progress == -1 for c in s.cars)       # the grid is before the line
    assert s.turn == 1


def test_preparation_basic_rules_no_strategy_identical_cars():
    s = new_race(3)
    assert s.phase == "race"
    for c in s.cars:
        assert (c.brakes, c.damage, c.fuel, c.tyres, c.wet) == (3, 0, "full", "soft", False)
