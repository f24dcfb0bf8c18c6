"""Instructions a race costs, counted by valgrind's callgrind: a figure that
load on a shared machine does not move (races/s does).

    .venv/bin/python benchmarks/race_instructions.py GAME [--races N] [--src DIR ...]

For each source tree (default: this one's src/), runs the game's bench races
under `valgrind --tool=callgrind` and prints the machine instructions of one
race: after two warm-up races, N races (seeds 2 to N + 1) are played inside
itertools.starmap, and callgrind counts only what runs within its C `next`
(--collect-atstart=no --toggle-collect=starmap_next). Start-up, imports and
numba's compilation or cache load (Bolide's kernels, in the warm-up) are
left out, which the difference of two whole runs did not manage: numba's
share of a run varied by hundreds of millions of instructions. Compare two
trees by passing both (`--src /path/to/main/src --src src`). Slow: about 50x
a plain run. String hashing is fixed (PYTHONHASHSEED=0 unless set): a
random seed moves the count by about 0.1 % from run to run.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PLAYER = """
import itertools, sys
import chequered
from chequered.bench import bench_seats, parse_seats, play_one
game = chequered.game(sys.argv[1])
config = game.config(seats=parse_seats(bench_seats(game)))
play_one(game, config, 0)
play_one(game, config, 1)
# counted: only what runs inside starmap's next (the races themselves)
list(itertools.starmap(play_one, [(game, config, s) for s in range(2, 2 + int(sys.argv[2]))]))
"""


def instructions(src: str, game: str, races: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "races.py"
        script.write_text(PLAYER)
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             "--toggle-collect=starmap_next", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, str(script), game, str(races)],
            env={"PYTHONHASHSEED": "0", **os.environ, "PYTHONPATH": src}, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--races", type=int, default=20)
    ap.add_argument("--src", action="append")
    args = ap.parse_args(argv)
    for src in args.src or [str(Path(__file__).resolve().parents[1] / "src")]:
        total = instructions(src, args.game, args.races)
        print(f"{src}: {total // args.races} instructions a race", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
