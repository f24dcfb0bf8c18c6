"""A pyinstrument profile of a game's bench races, as text.

    .venv/bin/python benchmarks/profile_races.py GAME [--races N] [--clones] [--lines K]

Plays seeds 0..N-1 with the game's bench seats (as `chequered bench` does,
agents and setup included) under pyinstrument and prints the top K lines of
its text report (with --clones: copies of states met in those races, the work
of chequered bench's clones/s): where a race's time goes, to keep beside a speed-up
(benchmarks/results/profiles/<name>-before.txt and -after.txt).
"""
from __future__ import annotations

import argparse
import sys

import chequered
from chequered.bench import bench_seats, parse_seats, play_one, race_states


def main(argv: list[str]) -> int:
    from pyinstrument import Profiler

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--races", type=int, default=2000)
    ap.add_argument("--lines", type=int, default=40)
    ap.add_argument("--clones", action="store_true")
    args = ap.parse_args(argv)
    game = chequered.game(args.game)
    config = game.config(seats=parse_seats(bench_seats(game)))
    play_one(game, config, 0)                 # content and tables loaded before
    states = race_states(game, config) if args.clones else None
    profiler = Profiler(interval=0.0005)
    profiler.start()
    if states is not None:
        for _ in range(50):
            for st in states:
                game.clone(st)
    else:
        for seed in range(args.races):
            play_one(game, config, seed)
    profiler.stop()
    text = profiler.output_text(unicode=True, color=False, show_all=False)
    print("\n".join(text.splitlines()[:args.lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
