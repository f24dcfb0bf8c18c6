"""Final state hashes of Bolide races beyond the bench's: other seats, the
advanced rules, other circuits. Proof that a speed-up changed no race.

    .venv/bin/python benchmarks/bolide_race_hashes.py [--races N] [--seats a,b,...]
        [--rules basic|advanced] [--track T] [--options qualifying,...]

Prints `seed decisions hash` for seeds 0..N-1. Run it on two trees (or with
CHEQUERED_NUMBA=0 and without) and diff the outputs; benchmarks/race_hashes.py
does the same for the bench seats.
"""
from __future__ import annotations

import argparse
import sys

import chequered
from chequered.bench import parse_seats
from chequered.engine.play import agents_for, play


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--races", type=int, default=50)
    ap.add_argument("--seats", default="expert,club,expert,club,random,club")
    ap.add_argument("--rules", default="advanced")
    ap.add_argument("--track", default="twisty")
    ap.add_argument("--options", default="")
    args = ap.parse_args(argv)
    game = chequered.game("bolide")
    config = game.config(seats=parse_seats(args.seats), rules=args.rules, track=args.track,
                         options=[o for o in args.options.split(",") if o])
    for seed in range(args.races):
        played = play(game, config, seed, agents=agents_for(game, config, seed))
        print(seed, played.decisions, game.state_hash(played.state), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
