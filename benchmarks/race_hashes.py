"""The final state hash of races, one line per seed: proof that a speed-up
changed no race.

    .venv/bin/python benchmarks/race_hashes.py GAME [--races N] [--seats a,b,...]
        [--rules R] [--track T] [--options a,b]

Plays seeds 0..N-1 (default 200) with the game's bench seats (or those given,
on the given rules, track and options) and prints `seed decisions hash`. Run
it on two trees (or, for Bolide, with CHEQUERED_NUMBA=0 and without) and diff
the outputs.
"""
from __future__ import annotations

import argparse
import sys

import chequered
from chequered.bench import bench_seats, parse_seats
from chequered.engine.play import agents_for, play


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--races", type=int, default=200)
    ap.add_argument("--seats", default=None)
    ap.add_argument("--rules", default=None)
    ap.add_argument("--track", default=None)
    ap.add_argument("--options", default="")
    args = ap.parse_args(argv)
    game = chequered.game(args.game)
    extra = {k: v for k, v in (("rules", args.rules), ("track", args.track)) if v}
    if args.options:
        extra["options"] = args.options.split(",")
    config = game.config(seats=parse_seats(args.seats or bench_seats(game)), **extra)
    for seed in range(args.races):
        played = play(game, config, seed, agents=agents_for(game, config, seed))
        print(seed, played.decisions, game.state_hash(played.state), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
