"""Before/after throughput of two source trees, measured in one run.

    python benchmarks/compare_trees.py OLD_SRC NEW_SRC [GAME ...] [--pairs 7] [--races N]
        [--instructions] [--out benchmarks/results/turn-engine.json] [--what TEXT]

OLD_SRC and NEW_SRC are `src` folders (e.g. a `git worktree` of an older
commit). For each game the two trees are run in turn, A B A B ..., each run a
fresh process playing the same seeds with the game's bench seats, and each
run's rate is races per second of *process CPU time* (less sensitive than
wall time to other work on a shared machine). The medians of both and the
median of the pairwise ratios are reported. `--instructions` also counts
instructions per race under valgrind's callgrind, which does not depend on
the machine's load at all (slow: a few races only).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

RUNNER = r"""
import sys, time
import chequered
from chequered.bench import bench_seats, parse_seats
from chequered.engine.play import agents_for, play
game = chequered.game(sys.argv[1]); races = int(sys.argv[2]); first = int(sys.argv[3])
config = game.config(seats=parse_seats(bench_seats(game)))
play(game, config, 10_000, agents=agents_for(game, config, 10_000))   # warm-up
t0 = time.process_time(); decisions = 0
for seed in range(first, first + races):
    decisions += play(game, config, seed, agents=agents_for(game, config, seed)).decisions
print(races / (time.process_time() - t0), decisions / races)
"""

DEFAULT_RACES = {"racepace": 300, "bolide": 12, "formulagp": 12, "stockcar": 40}
CALLGRIND_RACES = {"racepace": (5, 45), "bolide": (1, 4), "formulagp": (1, 4), "stockcar": (2, 8)}


def run(src: str, game: str, races: int, first: int = 0) -> tuple[float, float]:
    env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", RUNNER, game, str(races), str(first)],
                         env=env, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def instructions(src: str, game: str, races: int) -> int:
    env = {**os.environ, "PYTHONPATH": src, "PYTHONHASHSEED": "0"}
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", RUNNER, game, str(races), "0"],
                          env=env, capture_output=True, text=True, check=True)
    for line in proc.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError("callgrind printed no total")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("games", nargs="*", default=["racepace", "bolide", "formulagp", "stockcar"])
    ap.add_argument("--pairs", type=int, default=7)
    ap.add_argument("--races", type=int)
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("--what", default="before/after, one run",
                    help="what the two trees are, written into --out")
    args = ap.parse_args()
    rows = []
    for game in args.games:
        races = args.races or DEFAULT_RACES.get(game, 20)
        old, new, ratio = [], [], []
        for i in range(args.pairs):
            a, per_race = run(args.old, game, races)
            b, _ = run(args.new, game, races)
            old.append(a)
            new.append(b)
            ratio.append(b / a)
            print(f"{game} pair {i + 1}: before {a:.1f}, after {b:.1f} races/s (cpu)",
                  file=sys.stderr)
        row = {"game": game, "races_per_run": races, "pairs": args.pairs,
               "decisions_per_race": round(per_race, 1),
               "before_races_per_cpu_s": round(statistics.median(old), 2),
               "after_races_per_cpu_s": round(statistics.median(new), 2),
               "after_over_before": round(statistics.median(ratio), 3)}
        if args.instructions:
            lo, hi = CALLGRIND_RACES.get(game, (1, 4))
            per = {}
            for name, src in (("before", args.old), ("after", args.new)):
                per[name] = (instructions(src, game, hi) - instructions(src, game, lo)) // (hi - lo)
            row["instructions_per_race"] = per
            row["instructions_after_over_before"] = round(per["after"] / per["before"], 3)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.out:
        doc = {"what": args.what,
               "load_average": os.getloadavg(), "rows": rows}
        Path(args.out).write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
