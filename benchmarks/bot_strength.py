"""How strong FormulaGP's bots are against each other: the strength table.

    PYTHONPATH=src .venv/bin/python benchmarks/bot_strength.py N \\
        [--kinds pro,rookie,heuristic,random] [--rules standard|advanced]
        [--workers 2] [--out PATH]

For every pairing of two seat kinds it plays N six-car races (seeds 1..N, so
a run is reproducible), three cars of each kind, the kinds alternating on the
grid (even seeds start with the first kind, odd ones with the second) and the
tracks in turn (fast, street, twisty, ...). For each kind of each pairing it
reports the mean finishing position of its cars (1 = won) and the share of
races one of its cars won, each with a 95 % interval:

- the position's interval is the normal one over the N races' means (the
  three cars of one race are not independent, so the race is the unit);
- the win share's is the Wilson score interval (a share near 0 or 1 stays
  inside [0, 1]).

Writes a JSON (default benchmarks/results/formulagp-bot-strength.json) and
prints a markdown table. `race(pairing, seed)` and `summarise(...)` are used by
tests/formulagp/test_bot_strength.py.
"""
from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import statistics
import sys
from pathlib import Path

from chequered.bench import in_parallel, machine
from chequered.engine.play import play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.config import RULE_LEVELS
from chequered.games.formulagp.track import track_keys

OUT = Path(__file__).parent / "results" / "formulagp-bot-strength.json"
KINDS = ("pro", "rookie", "heuristic", "random")
Z = 1.96                                  # two-sided 95 %


def seats_for(a: str, b: str, seed: int) -> list[str]:
    """Three cars of each kind, alternating; who starts alternates by seed."""
    first, second = (a, b) if seed % 2 == 0 else (b, a)
    return [first, second] * 3


def race(a: str, b: str, seed: int, rules: str = "standard") -> dict:
    """One race of the pairing: each car's kind and finishing position."""
    tracks = track_keys()
    seats = seats_for(a, b, seed)
    cfg = GAME.config(seats=seats, track=tracks[seed % len(tracks)], rules=rules)
    state = play(GAME, cfg, seed).state
    place = {seat: i + 1 for i, seat in enumerate(state.classification)}
    return {"pair": [a, b], "seed": seed, "track": cfg.track,
            "cars": [[seats[s], place[s]] for s in range(len(seats))]}


def _one(job):
    return race(*job)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson score interval of a share `wins` / `n` (95 %)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its normal 95 % interval."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def summarise(records: list[dict]) -> dict:
    """Per kind of one pairing: races, mean position and win share, each with
    its interval."""
    out = {}
    kinds = records[0]["pair"]
    for kind in dict.fromkeys(kinds):
        per_race = [statistics.fmean(p for k, p in r["cars"] if k == kind) for r in records]
        wins = sum(1 for r in records if any(k == kind and p == 1 for k, p in r["cars"]))
        m, lo, hi = mean_interval(per_race)
        wlo, whi = wilson(wins, len(records))
        out[kind] = {"races": len(records), "position": round(m, 3),
                     "position_95": [round(lo, 3), round(hi, 3)],
                     "wins": wins, "win_share": round(wins / len(records), 4),
                     "win_share_95": [round(wlo, 4), round(whi, 4)]}
    return out


def run(n: int, kinds: list[str], rules: str = "standard", workers: int = 2,
        progress: bool = True) -> dict:
    pairs = list(itertools.combinations(kinds, 2))
    jobs = [(a, b, seed, rules) for a, b in pairs for seed in range(1, n + 1)]
    records: dict[tuple, list[dict]] = {p: [] for p in pairs}
    for rec in in_parallel(_one, jobs, workers, "FormulaGP strength races", progress):
        records[tuple(rec["pair"])].append(rec)
    return {"races_per_pairing": n, "seeds": [1, n], "rules": rules, "cars": 6,
            "tracks": track_keys(),
            "pairings": [{"kinds": list(p), "summary": summarise(records[p])} for p in pairs],
            "machine": machine(), "date": datetime.date.today().isoformat()}


def markdown(doc: dict) -> str:
    lines = [f"{doc['races_per_pairing']} races per pairing, six cars (three of each "
             f"kind), {doc['rules']} rules, tracks in turn: {', '.join(doc['tracks'])}.", "",
             "| pairing | kind | mean position (95 %) | win share (95 %) |",
             "|---|---|---|---|"]
    for p in doc["pairings"]:
        name = " v ".join(p["kinds"])
        for kind, s in p["summary"].items():
            lo, hi = s["position_95"]
            wlo, whi = s["win_share_95"]
            lines.append(f"| {name} | {kind} | {s['position']:.2f} ({lo:.2f}-{hi:.2f}) | "
                         f"{100 * s['win_share']:.1f} % ({100 * wlo:.1f}-{100 * whi:.1f}) |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="races per pairing (seeds 1..N)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--rules", choices=RULE_LEVELS, default="standard")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args(argv)
    kinds = [k.strip() for k in a.kinds.split(",") if k.strip()]
    bad = [k for k in kinds if k not in GAME.seat_kinds() or k == "human"]
    if bad or len(kinds) < 2 or a.n < 1:
        ap.error(f"unknown seat kind(s) {bad}" if bad else
                 "give two kinds or more, and N of 1 or more")
    doc = run(a.n, kinds, a.rules, a.workers, progress=not a.no_progress)
    out = a.out or (OUT if a.rules == "standard" else
                    OUT.with_name(f"formulagp-bot-strength-{a.rules}.json"))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1) + "\n")
    print(markdown(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
