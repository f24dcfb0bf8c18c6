"""Time the Bolide solver on every shipped circuit, pure Python and numba.

    .venv/bin/python benchmarks/bench_solver.py [--repeats 5]

For each circuit and engine: the median over repeats of a cold `solve` (the
circuit's solver cache is cleared first: move table, the race's and the best
first lap's time-to-go tables, the line), the race table alone, and the whole
time-to-go table made dense (what the expert bot reads). numba's one-off
kernel loading/compiling is measured separately and not included. Writes
benchmarks/results/bolide_solver.json with the machine. Target (issue 3): every
circuit solved exactly in under 2 s.
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path

from chequered.bench import machine
from chequered.games.bolide import solver as S
from chequered.games.bolide.circuit import circuit, circuit_keys

TARGET_S = 2.0


def _median(fn, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def bench_circuit(key: str, engine: str, repeats: int) -> dict:
    c = circuit(key)

    def cold_solve():
        S.clear_cache(c)
        return S.solve(c, engine=engine)

    def race_table():
        S.clear_cache(c)
        return S.time_to_go(c, engine=engine)

    def dense_table():
        S.clear_cache(c)
        t = S.time_to_go(c, engine=engine)
        if hasattr(t, "expand_all"):
            t.expand_all()
        return t

    solve_s, sol = _median(cold_solve, repeats)
    table_s, table = _median(race_table, repeats)
    dense_s, _ = _median(dense_table, repeats)
    return {
        "circuit": key, "engine": engine, "width": c.width, "height": c.height,
        "drivable_points": sum(map(sum, c.surface.ok)), "sectors": c.n_sectors,
        "race_turns": sol.turns, "first_lap_turns": sol.first_lap_turns,
        "lap_turns": sol.lap_turns, "sharp_brakings": sol.sharp_brakings,
        "top_speed_turns": sol.top_speed_turns,
        "solve_s": round(solve_s, 4), "race_table_s": round(table_s, 4),
        "dense_table_s": round(dense_s, 4),
        "table_states": table.states, "table_layers": table.layers,
        "table_bytes": table.nbytes, "target_s": TARGET_S, "within_target": solve_s < TARGET_S,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", type=Path,
                    default=Path(__file__).parent / "results" / "bolide_solver.json")
    args = ap.parse_args(argv)
    engines = ["python"]
    warm = None
    if S.resolve_engine("auto") == "numba":
        engines.append("numba")
        warm = S.warm_up("numba")
    rows = []
    for key in circuit_keys():
        for engine in engines:
            row = bench_circuit(key, engine, args.repeats)
            rows.append(row)
            print(json.dumps(row), flush=True)
    facts = {}
    for key in circuit_keys():
        c = circuit(key)
        S.clear_cache(c)
        t0 = time.perf_counter()
        facts[key] = {**S.circuit_facts(c), "seconds": round(time.perf_counter() - t0, 3)}
    try:
        import numba
        numba_version = numba.__version__
    except ImportError:
        numba_version = None
    doc = {"benchmark": "bolide solver", "date": datetime.date.today().isoformat(),
           "repeats": args.repeats, "statistic": "median", "machine": machine(),
           "numba": numba_version, "numba_warm_up_s": warm, "results": rows,
           "circuit_facts": facts}
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
