"""Golden stock-car records (tests/golden/stockcar-*.json): saved races that
must replay to the same final hash and result. After an intended rules
change, regenerate them with

    REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/stockcar/test_golden.py

and say in the commit why the races changed."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from chequered.engine.play import play
from chequered.engine.records import Record, record_of, replay
from chequered.games.stockcar import GAME

HERE = Path(__file__).parent.parent / "golden"
GOLDEN = {
    "stockcar-bots-speedway": ({"seats": ["bot"] * 4, "track": "speedway"}, 11),
    "stockcar-bots7-short": ({"seats": ["bot"] * 7, "track": "short"}, 3),
    "stockcar-mixed-triangle": ({"seats": ["bot", "random", "bot"], "track": "triangle"}, 5),
    "stockcar-random-road": ({"seats": ["random", "random"], "track": "road"}, 8),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays(name):
    path = HERE / f"{name}.json"
    if os.environ.get("REGEN_GOLDEN"):
        cfg, seed = GOLDEN[name]
        config = GAME.config(**cfg)
        played = play(GAME, config, seed)
        record_of(GAME, config, seed, played.actions, played.state).save(path)
    rec = Record.load(path)
    state = replay(rec)
    assert GAME.state_hash(state) == rec.final_hash
    assert GAME.result(state).to_doc() == rec.result
