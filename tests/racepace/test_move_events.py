"""The move events (RP Step 3b) are made once per seat, laps and lap reached
and handed to every race (rules/movement._MOVED): each must read as the event
a move makes, and the table must reach the longest move a content allows."""
from __future__ import annotations

from chequered.engine.protocol import Event
from chequered.games.racepace.rules import movement

from .helpers import MEC_B, XP_B, kinds, new_race, place, play_round


def test_move_event_is_the_move_made():
    s = new_race(["jesus", "bjorn"], teams=["orange_motors", "polar_motorsport"])
    place(s, 0, 20)
    place(s, 1, 9)
    before = {car.seat: car.dist for car in s.cars}
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert {e.data["seat"] for e in kinds(ev, "move")} == {0, 1}
    for e in kinds(ev, "move"):
        car = s.cars[e.data["seat"]]
        laps = car.dist - before[car.seat]
        assert e == Event("move", {"seat": car.seat, "laps": laps, "dist": car.dist},
                          "RP Step 3b")
        assert e is movement._MOVED[car.seat][laps][car.dist]


def test_move_events_reach_the_longest_move():
    movement._moves_upto(14)
    for seat, row in enumerate(movement._MOVED):
        assert len(row) >= 15
        assert row[14][33] == Event("move", {"seat": seat, "laps": 14, "dist": 33},
                                    "RP Step 3b")
