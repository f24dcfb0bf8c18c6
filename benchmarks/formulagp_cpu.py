"""CPU time per FormulaGP bench race (six heuristic drivers, Standard rules):
a figure that a shared, loaded machine disturbs less than wall-clock races/s.

    PYTHONPATH=src .venv/bin/python benchmarks/formulagp_cpu.py [N]

Plays one warm-up race, then seeds 0..N-1 (default 20), and prints the
process CPU milliseconds per race and the steps per race. Run it on two trees
in turn (A B A B) and compare; for a count no other process can disturb,
run the same races under `valgrind --tool=callgrind` (instructions).
"""
from __future__ import annotations

import sys
import time

from chequered.bench import bench_seats, parse_seats
from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 20
    config = GAME.config(seats=parse_seats(bench_seats(GAME)))
    play(GAME, config, 0, agents=agents_for(GAME, config, 0))         # warm caches up
    t0, steps = time.process_time(), 0
    for seed in range(n):
        played = play(GAME, config, seed, agents=agents_for(GAME, config, seed))
        steps += played.decisions + played.forced
    cpu_ms = (time.process_time() - t0) / n * 1000
    print(f"cpu_ms_per_race {cpu_ms:.1f} steps_per_race {steps / n:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
