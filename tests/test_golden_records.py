"""Golden records: saved races that must replay to the same final hash.

Like OpenSpiel's playthroughs, they catch any change of behaviour. After an
intended rules change, regenerate them with

    REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden_records.py

and say in the commit why the races changed.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import Record, record_of, replay

HERE = Path(__file__).parent / "golden"
GOLDEN = {
    "racepace-bots-seed7": ("racepace", {"seats": ["bot"] * 6}, 7),
    "racepace-random-mexico": ("racepace", {"seats": ["random", "random", "bot", "random"],
                                            "track": "mexico"}, 3),
    "racepace-team": ("racepace", {"seats": ["random", "random", "random", "random"],
                                   "options": ["team"], "track": "spain"}, 5),
    "racepace-academy": ("racepace", {"seats": ["random", "bot", "random"],
                                      "rules": "academy"}, 9),
    "racepace-campaign": ("racepace", {"seats": ["random", "bot", "random"],
                                       "options": ["campaign"], "season": ["japan", "italy"]}, 2),
    "bolide-bots-ring": ("bolide", {"seats": ["expert", "club", "club", "club", "club", "club"],
                                    "track": "ring"}, 3),
    "bolide-advanced-hairpin": ("bolide", {"seats": ["expert", "club", "random"],
                                           "track": "hairpin", "rules": "advanced",
                                           "turn_limit": 80}, 5),
    "formulagp-heuristic-fast": ("formulagp", {"seats": ["heuristic"] * 6, "track": "fast"}, 5),
    "formulagp-mixed-street": ("formulagp", {"seats": ["heuristic", "random", "heuristic",
                                                       "random"], "track": "street"}, 8),
    "formulagp-twisty-tyres": ("formulagp", {"seats": ["heuristic"] * 3, "track": "twisty",
                                             "tyres": ["soft", "medium", "hard"],
                                             "sides": ["B", "A", "B"]}, 2),
    "bolide-qualifying-twisty": ("bolide", {"seats": ["club", "expert"], "track": "twisty",
                                            "rules": "advanced", "options": ["qualifying"]}, 7),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays(name):
    path = HERE / f"{name}.json"
    if os.environ.get("REGEN_GOLDEN"):
        game_name, cfg, seed = GOLDEN[name]
        game = chequered.game(game_name)
        config = game.config(**cfg)
        played = play(game, config, seed)
        record_of(game, config, seed, played.actions, played.state).save(path)
    rec = Record.load(path)
    game = chequered.game(rec.game)
    state = replay(rec)
    assert game.state_hash(state) == rec.final_hash
    assert game.result(state).to_doc() == rec.result
