"""A pyinstrument profile of stock-car bench races (issue 16).

    .venv/bin/python benchmarks/profile_stockcar.py [--races N] [--clones] [--lines 40]

Plays seeds 0..N-1 with the bench seats (four bot teams) under pyinstrument
and prints the text report's first lines; with --clones, profiles
clones of bench-race states instead (chequered.bench.clones_per_s's work).
"""
from __future__ import annotations

import argparse
import sys

from pyinstrument import Profiler

import chequered
from chequered.bench import bench_seats, parse_seats, race_states
from chequered.engine.play import agents_for, play


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--races", type=int, default=60)
    ap.add_argument("--clones", action="store_true")
    ap.add_argument("--lines", type=int, default=40)
    args = ap.parse_args(argv)
    game = chequered.game("stockcar")
    config = game.config(seats=parse_seats(bench_seats(game)))
    play(game, config, 10_000, agents=agents_for(game, config, 10_000))   # warm caches
    states = race_states(game, config) if args.clones else None
    prof = Profiler(interval=0.0005)
    prof.start()
    if states is not None:
        for _ in range(50):
            for st in states:
                st.clone()
    else:
        for seed in range(args.races):
            play(game, config, seed, agents=agents_for(game, config, seed))
    prof.stop()
    text = prof.output_text(unicode=False, color=False, show_all=False)
    print("\n".join(text.splitlines()[:args.lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
