"""How often the Bolide expert beats five club bots, with a 95 % interval.

    .venv/bin/python benchmarks/bolide_bots.py [RACES_PER_CIRCUIT] [--rules advanced]

Six-car races (expert in seat 0, clubs in 1-5; the grid is rolled, so the
expert starts anywhere) on every shipped circuit, seeds 0..N-1. Writes
benchmarks/results/bolide_bots.json with the machine and the date. Also
checks the other target: alone on an empty circuit the expert's race takes
exactly the solver's optimum (for every seed whose start roll is normal).
"""
from __future__ import annotations

import datetime
import json
import math
import sys
from pathlib import Path

import chequered
from chequered.bench import machine
from chequered.engine.play import play
from chequered.games.bolide.circuit import circuit
from chequered.games.bolide.solver import solve


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


def main(argv: list[str]) -> int:
    per = int(argv[0]) if argv and argv[0].isdigit() else 100
    rules = "advanced" if "--rules" in argv and "advanced" in argv else "basic"
    game = chequered.game("bolide")
    rows, wins, total = {}, 0, 0
    for track in game.tracks():
        k = 0
        for seed in range(per):
            config = game.config(seats=["expert"] + ["club"] * 5, track=track, rules=rules)
            result = game.result(play(game, config, seed).state)
            k += result.classification[0] == 0
        lo, hi = wilson(k, per)
        rows[track] = {"wins": k, "races": per, "rate": round(k / per, 3),
                       "ci95": [round(lo, 3), round(hi, 3)]}
        wins += k
        total += per
        print(track, rows[track], flush=True)
    lo, hi = wilson(wins, total)
    alone = {}
    for track in game.tracks():
        optimum = solve(circuit(track)).turns
        checked = exact = 0
        for seed in range(20):
            config = game.config(seats=["expert"], track=track)
            state = game.new(config, seed)
            start = state.cars[0].start        # the unforeseen start, rolled at once
            played = play(game, config, seed, state=state)
            if start == "normal":
                checked += 1
                exact += played.state.cars[0].finish_turn == optimum
        alone[track] = {"optimum": optimum, "normal_starts": checked, "exact": exact}
    doc = {"rules": rules, "per_circuit": rows, "wins": wins, "races": total,
           "rate": round(wins / total, 3), "ci95": [round(lo, 3), round(hi, 3)],
           "alone": alone, "machine": machine(), "date": datetime.date.today().isoformat(),
           "target": "expert wins >= 80 % of six-car races against five club bots"}
    out = Path(__file__).parent / "results" / f"bolide_bots_{rules}.json"
    out.write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps({k: doc[k] for k in ("wins", "races", "rate", "ci95", "alone")}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
