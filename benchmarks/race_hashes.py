"""The final state hash of races, one line per seed: proof that a speed-up
changed no race.

    .venv/bin/python benchmarks/race_hashes.py GAME [--races N] [--seats a,b,...]
        [--rules R] [--track T] [--options a,b] [--events]

Plays seeds 0..N-1 (default 200) with the game's bench seats (or those given,
on the given rules, track and options) and prints `seed decisions hash`. Run
it on two trees (or, for Bolide, with CHEQUERED_NUMBA=0 and without) and diff
the outputs. With --events each line also carries a hash of every event the
race produced (kind, data, rule, who sees it and what the others see), so a
change that keeps the final state but alters the log shows too.
"""
from __future__ import annotations

import argparse
import hashlib
import json
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
    ap.add_argument("--events", action="store_true", help="also hash every event")
    args = ap.parse_args(argv)
    game = chequered.game(args.game)
    extra = {k: v for k, v in (("rules", args.rules), ("track", args.track)) if v}
    if args.options:
        extra["options"] = args.options.split(",")
    config = game.config(seats=parse_seats(args.seats or bench_seats(game)), **extra)
    for seed in range(args.races):
        log = hashlib.sha256() if args.events else None
        on_step = None
        if log is not None:
            def on_step(seat, action, events, step, log=log):
                for e in events:
                    log.update(json.dumps([e.kind, e.data, e.rule, e.to, e.masked],
                                          sort_keys=True, default=repr).encode())
        played = play(game, config, seed, agents=agents_for(game, config, seed), on_step=on_step)
        tail = f" {log.hexdigest()[:16]}" if log is not None else ""
        print(seed, played.decisions, game.state_hash(played.state) + tail, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
