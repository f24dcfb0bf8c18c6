"""Instructions a race costs, counted by valgrind's callgrind: a figure that
load on a shared machine does not move (races/s does).

    .venv/bin/python benchmarks/race_instructions.py GAME [--races N] [--src DIR ...]

For each source tree (default: this one's src/), runs the game's bench races
under `valgrind --tool=callgrind` twice, with 20 and with 20 + N races after
a warm-up, and prints (Ir(20 + N) - Ir(20)) / N: the machine instructions of
one race, start-up and imports left out. Compare two trees by passing both
(`--src /path/to/main/src --src src`). Slow: about 50x a plain run.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BASE = 20

PLAYER = """
import sys
import chequered
from chequered.bench import bench_seats, parse_seats, play_one
game = chequered.game(sys.argv[1])
config = game.config(seats=parse_seats(bench_seats(game)))
play_one(game, config, 0)
for seed in range(int(sys.argv[2])):
    play_one(game, config, seed)
"""


def instructions(src: str, game: str, races: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "races.py"
        script.write_text(PLAYER)
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, str(script), game, str(races)],
            env={**os.environ, "PYTHONPATH": src}, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--races", type=int, default=60)
    ap.add_argument("--src", action="append")
    args = ap.parse_args(argv)
    for src in args.src or [str(Path(__file__).resolve().parents[1] / "src")]:
        low = instructions(src, args.game, BASE)
        high = instructions(src, args.game, BASE + args.races)
        print(f"{src}: {(high - low) // args.races} instructions a race", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
