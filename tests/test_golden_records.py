"""Golden playthroughs: saved races that must play the same, step by step.

Like OpenSpiel's playthroughs, each file holds a record (config, seed, every
action, the result, the final hash) and, for every step, the seat, the
action, the log text each viewer reads and a short hash of each viewer's
view. A change of behaviour fails at the first step where it shows, naming
the viewer. After an intended rules change, regenerate them with

    REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden_records.py

which keeps each race's recorded actions, refuses when a race's classification or points changed (set
REGEN_GOLDEN=force for an intended change of result), and say in the commit
why the races changed.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import chequered
from chequered.engine.records import Record
from chequered.testing import playthrough

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
    "stockcar-bots-speedway": ("stockcar", {"seats": ["bot"] * 4, "track": "speedway"}, 11),
    "stockcar-bots7-short": ("stockcar", {"seats": ["bot"] * 7, "track": "short"}, 3),
    "stockcar-mixed-triangle": ("stockcar", {"seats": ["bot", "random", "bot"],
                                             "track": "triangle"}, 5),
    "stockcar-random-road": ("stockcar", {"seats": ["random", "random"], "track": "road"}, 8),
    "bolide-qualifying-twisty": ("bolide", {"seats": ["club", "expert"], "track": "twisty",
                                            "rules": "advanced", "options": ["qualifying"]}, 7),
}


def _old_result(path: Path):
    if not path.exists():
        return None
    doc = json.loads(path.read_text(encoding="utf-8"))
    rec = doc.get("record", doc)          # a playthrough, or a plain record
    return rec.get("result")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name):
    path = HERE / f"{name}.json"
    game_name, cfg, seed = GOLDEN[name]
    game = chequered.game(game_name)
    if os.environ.get("REGEN_GOLDEN"):
        # Keep the recorded actions (the bots may have changed since); play
        # anew only a race that has no file yet.
        if path.exists():
            stored = json.loads(path.read_text(encoding="utf-8"))
            doc = playthrough.from_record(game, Record.from_doc(stored.get("record", stored)))
        else:
            doc = playthrough.make(game, game.config(**cfg), seed)
        old = _old_result(path)
        new = doc["record"]["result"]
        if old is not None and os.environ["REGEN_GOLDEN"] != "force":
            assert (old["classification"], old["points"]) == \
                (new["classification"], new["points"]), \
                f"{name}: the race's result changed; REGEN_GOLDEN=force if intended"
        playthrough.save(doc, path)
    doc = playthrough.load(path)
    assert doc.get("format") == playthrough.FORMAT, f"{name} is not a playthrough"
    diffs = playthrough.compare(game, doc)
    assert not diffs, f"{name}: " + "\n".join(diffs)
