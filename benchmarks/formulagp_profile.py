"""A pyinstrument profile of FormulaGP bench races (six heuristic drivers,
Standard rules, seeds 0..N-1, one warm-up race first), as text.

    PYTHONPATH=src .venv/bin/python benchmarks/formulagp_profile.py [N] [--lines 40]

Prints the call tree's first lines (the warm-up race and imports left out):
where the race loop spends its time, for before/after summaries in
benchmarks/results/profiles/.
"""
from __future__ import annotations

import argparse
import sys

from pyinstrument import Profiler

from chequered.bench import bench_seats, parse_seats
from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("races", nargs="?", type=int, default=20)
    ap.add_argument("--lines", type=int, default=40)
    args = ap.parse_args(argv)
    config = GAME.config(seats=parse_seats(bench_seats(GAME)))
    play(GAME, config, 0, agents=agents_for(GAME, config, 0))       # warm caches up
    prof = Profiler(interval=0.0005)
    prof.start()
    for seed in range(args.races):
        play(GAME, config, seed, agents=agents_for(GAME, config, seed))
    prof.stop()
    text = prof.output_text(unicode=True, color=False, show_all=False)
    print("\n".join(text.splitlines()[:args.lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
