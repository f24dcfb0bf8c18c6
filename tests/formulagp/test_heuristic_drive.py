"""The heuristic driver's whole move in one pass (heuristic_drive.py over
engine/drive.drive_own) against the machine's point-by-point drive
(engine/steps.Machine.drive): the same races, records, events and hashes,
Standard and Advanced, on other tracks, with optional rules, beside BOTs
and random drivers; and its moves are legal routes when replayed."""
from __future__ import annotations

import pytest

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.bots import HeuristicBot
from chequered.testing.one_pass import check_both_ways, check_replays_as_routes


H6 = ["heuristic"] * 6
CASES = [
    ({"seats": H6}, 0),
    ({"seats": H6}, 5),
    ({"seats": ["heuristic", "pro", "heuristic", "rookie", "random", "heuristic"]}, 3),
    ({"seats": ["heuristic", "heuristic", "pro", "rookie"], "rules": "advanced",
      "track": "twisty", "options": ["must_counter_steer", "ot_management",
                                     "safety_car_card_twice", "limited_tyre_sets",
                                     "weather_modifier", "defending_position"]}, 1),
    ({"seats": ["heuristic"] * 4, "track": "street",
      "options": ["street_circuit", "overtake_mode", "momentum_sequence"]}, 2),
    ({"seats": H6, "rules": "advanced", "options": ["fast_safety_car"]}, 4),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_one_pass_drive_plays_the_race_the_machine_drives(cfg, seed):
    check_both_ways(GAME, GAME.config(**cfg), seed, HeuristicBot, cfg["seats"].count("heuristic"))


def test_one_pass_moves_replay_as_legal_routes():
    check_replays_as_routes(GAME, GAME.config(seats=H6), 6, HeuristicBot)


def test_observe_notes_nothing_when_the_drive_skips_it(monkeypatch):
    """heuristic_drive calls HeuristicBot._observe only when the car's tyres
    or wear differ from those it saw, or before the start distance is noted:
    otherwise a call changes nothing (HeuristicBot.pick calls it every time)."""
    observe = HeuristicBot._observe
    skipped = []

    def checked(bot, race, seat):
        car, seen = race.cars[seat], bot._seen
        before = dict(vars(bot))
        observe(bot, race, seat)
        if seen and seen[1] == car.wear and seen[0] == car.tyre and before["_start"] is not None:
            skipped.append(seat)
            assert vars(bot) == before
    monkeypatch.setattr(HeuristicBot, "_observe", checked)
    play(GAME, GAME.config(seats=H6, rules="advanced"), 3,
         agents=agents_for(GAME, GAME.config(seats=H6, rules="advanced"), 3))
    assert skipped
