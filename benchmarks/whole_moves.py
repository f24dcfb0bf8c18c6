"""Moves as one decision (issue 14): decisions per race and races per second,
point by point against whole moves, measured in one run on one machine.

    PYTHONPATH=src .venv/bin/python benchmarks/whole_moves.py [RACES] [--repeats 5]
        [--games formulagp,stockcar] [--out benchmarks/results/whole-moves.json]

"Point by point" is the engine as it was before whole moves: every bot is
asked every fine step (the machine lists fine steps: `turn.fine`), and a
decision with a single legal action is asked too. "Whole moves" is the engine
as the CLI, the web app and `chequered bench` run it: bots answer one Route
per move (agents/whole_moves.py) and forced steps are applied without asking.
The same seeds are played in both modes; each figure is the median over the
repeats, and the two modes alternate within a repeat so that machine noise
falls on both alike.
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path

from chequered import game as game_by_name
from chequered.agents.whole_moves import WholeMoves
from chequered.bench import machine
from chequered.engine.play import agents_for, play

SEATS = {"formulagp": ["heuristic"] * 6, "stockcar": ["bot"] * 4}


def point_by_point(game, config, seed: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    agents = {s: (a.inner if isinstance(a, WholeMoves) else a)
              for s, a in agents_for(game, config, seed).items()}
    state = game.new(config, seed)
    state.turn.fine = True
    n = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        seat = min(seats)
        state.turn.fine = True          # a new race of a season starts a new Turn
        game.apply(state, seat, agents[seat].choose(game, state, seat))
        n += 1
    return time.perf_counter() - t0, n


def whole_moves(game, config, seed: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    played = play(game, config, seed)
    return time.perf_counter() - t0, played.decisions


def measure(name: str, races: int, repeats: int) -> dict:
    game = game_by_name(name)
    config = game.config(seats=SEATS[name])
    whole_moves(game, config, 10_000)                   # warm caches up
    out = {}
    runs = {"point_by_point": point_by_point, "whole_moves": whole_moves}
    rates = {k: [] for k in runs}
    decisions = {k: [] for k in runs}
    for _ in range(repeats):
        for mode, fn in runs.items():
            total = 0.0
            for seed in range(races):
                seconds, n = fn(game, config, seed)
                total += seconds
                decisions[mode].append(n)
            rates[mode].append(races / total)
    for mode in runs:
        out[mode] = {"races_per_s": round(statistics.median(rates[mode]), 3),
                     "decisions_per_race": statistics.median(decisions[mode])}
    return {"game": name, "seats": ",".join(SEATS[name]), "races": races,
            "repeats": repeats, **out}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("races", nargs="?", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", default="formulagp,stockcar")
    ap.add_argument("--out", default="benchmarks/results/whole-moves.json")
    args = ap.parse_args(argv)
    results = [measure(g, args.races, args.repeats) for g in args.games.split(",")]
    doc = {"date": datetime.date.today().isoformat(), "machine": machine(), "results": results}
    Path(args.out).write_text(json.dumps(doc, indent=1) + "\n")
    print("| game | mode | decisions / race (median) | races / s (median) |")
    print("|---|---|---|---|")
    for r in results:
        for mode in ("point_by_point", "whole_moves"):
            print(f"| {r['game']} | {mode.replace('_', ' ')} | {r[mode]['decisions_per_race']} "
                  f"| {r[mode]['races_per_s']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
