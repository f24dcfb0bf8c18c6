"""Record benchmark figures with the machine they came from.

    .venv/bin/python benchmarks/run.py [GAME ...]

Runs `chequered.bench` for each game (all by default) and writes
benchmarks/results/<game>.json: the medians over repeats, the machine and
the date. Targets are checked by reading these figures, never by timed tests.
"""
from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

import chequered
from chequered.bench import bench_game, machine

# Issue 16: per core, each game's bench seats.
TARGETS = {"racepace": {"races_per_s": 3000, "clones_per_s": 20000},   # six rulebook bots
           "bolide": {"races_per_s": 200, "clones_per_s": 5000},       # six club bots
           "formulagp": {"races_per_s": 60, "clones_per_s": 5000},     # Standard, heuristic
           "stockcar": {"races_per_s": 150, "clones_per_s": 5000}}     # four bot teams
RACES = {"bolide": 40, "formulagp": 20}                          # enough races for a stable median


def main(names: list[str]) -> int:
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    games = [chequered.game(n) for n in names] if names else chequered.games()
    for game in games:
        row = bench_game(game, races=RACES.get(game.name), repeats=7)
        row["machine"] = machine()
        row["date"] = datetime.date.today().isoformat()
        row["targets"] = TARGETS.get(game.name, {})
        (out / f"{game.name}.json").write_text(json.dumps(row, indent=1) + "\n")
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
