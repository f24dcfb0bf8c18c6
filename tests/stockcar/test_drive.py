"""The team bot's whole move in one pass (drive.py) against the machine's
point-by-point drive (engine/steps.Machine.drive): the same races, records,
events and hashes, on every track, with two to seven teams and random
teams among them; and its moves are legal routes when replayed."""
from __future__ import annotations

import pytest

from chequered.games.stockcar import GAME
from chequered.games.stockcar.bots import TeamBot
from chequered.testing.one_pass import check_both_ways, check_replays_as_routes


CASES = [
    ({"seats": ["bot"] * 4, "track": "speedway"}, 0),
    ({"seats": ["bot"] * 4, "track": "speedway"}, 7),
    ({"seats": ["bot", "bot"], "track": "road"}, 3),
    ({"seats": ["bot"] * 7, "track": "short"}, 5),
    ({"seats": ["bot", "random", "bot"], "track": "triangle", "laps": 2}, 2),
    ({"seats": ["random", "bot", "bot", "random", "bot"], "track": "road", "laps": 2}, 9),
    ({"seats": ["bot"] * 3, "track": "triangle"}, 13),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_one_pass_drive_plays_the_race_the_machine_drives(cfg, seed):
    check_both_ways(GAME, GAME.config(**cfg), seed, TeamBot, cfg["seats"].count("bot"))


def test_one_pass_moves_replay_as_legal_routes():
    check_replays_as_routes(GAME, GAME.config(seats=["bot"] * 4, track="short", laps=2), 4, TeamBot)
