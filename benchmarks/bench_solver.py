"""Time the Bolide solver: every shipped circuit, and the classic benchmark
maps, pure Python and numba.

    .venv/bin/python benchmarks/bench_solver.py [--repeats 5] [--only circuits|classic]

Circuits: for each circuit and engine, the median over repeats of a cold
`solve` (the circuit's solver cache is cleared first: move table, the race's
and the best first lap's time-to-go tables, the line), the race table alone,
and the whole time-to-go table made dense (what the expert bot reads).
numba's one-off kernel loading is measured separately and not included.
Target (issue 3): every circuit solved exactly in under 2 s.

Classic maps (benchmarks/maps, issue 16): for each map, line rule and engine,
the median in-process solve, and the whole process as a user runs it
(`python -m chequered solve classic MAP --engine E --line L`: interpreter
start, imports, kernel load, solve, report), wall and CPU seconds, the engines
run in turn after one warm-up run each (the first numba run on a machine
builds the kernel; it is not counted). Targets (issue 16), whole process, from
the second run: the 120x114 ring under 1.5 s, the 77x77 square under 5 s.

Writes benchmarks/results/bolide_solver.json with the machine and its load
average (the machine is shared: quote medians, compare within one run).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from chequered.bench import machine
from chequered.games.bolide import solver as S
from chequered.games.bolide.circuit import circuit, circuit_keys

TARGET_S = 2.0
MAPS = Path(__file__).parent / "maps"
CLASSIC_TARGETS_S = {"ring-120x114": 1.5, "square-77x77": 5.0}
SRC = Path(S.__file__).resolve().parents[3]


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


def _whole_process(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run of cmd."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(SRC)})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_classic(path: Path, engines: list[str], repeats: int) -> list[dict]:
    text = path.read_text()
    rows = []
    for line in ("exact", "sampled"):
        cmds = {e: [sys.executable, "-m", "chequered", "solve", "classic", str(path),
                    "--engine", e, "--line", line] for e in engines}
        runs: dict[str, list] = {e: [] for e in engines}
        for e in engines:
            _whole_process(cmds[e])                  # warm-up: builds the kernel once
        for _ in range(repeats):
            for e in engines:                        # in turn, so drift hits both
                runs[e].append(_whole_process(cmds[e]))
        for e in engines:
            solve_s, sol = _median(lambda: S.solve_classic(text, engine=e, line=line), repeats)
            wall = statistics.median(w for w, _ in runs[e])
            target = CLASSIC_TARGETS_S.get(path.stem)
            rows.append({
                "map": path.stem, "line": line, "engine": e, "vmax": sol.details["vmax"],
                "turns": sol.turns, "mean_turns_per_start": sol.details["mean_turns"],
                "starts": len(sol.details["starts"]), "table_states": sol.states,
                "solve_s": round(solve_s, 4), "process_wall_s": round(wall, 3),
                "process_cpu_s": round(statistics.median(c for _, c in runs[e]), 3),
                "target_s": target, "within_target": None if target is None else wall < target,
            })
            print(json.dumps(rows[-1]), flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--only", choices=("circuits", "classic"), default=None)
    ap.add_argument("--out", type=Path,
                    default=Path(__file__).parent / "results" / "bolide_solver.json")
    args = ap.parse_args(argv)
    engines = ["python"]
    warm = None
    if S.resolve_engine("auto") == "numba":
        engines.append("numba")
        warm = S.warm_up("numba")
    old = json.loads(args.out.read_text()) if args.out.exists() else {}
    rows, facts, classic = old.get("results", []), old.get("circuit_facts", {}), \
        old.get("classic", [])
    if args.only != "classic":
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
    if args.only != "circuits":
        classic = [r for path in sorted(MAPS.glob("*.txt"))
                   for r in bench_classic(path, engines, args.repeats)]
    try:
        import numba
        numba_version = numba.__version__
    except ImportError:
        numba_version = None
    kernel = None
    if "numba" in engines:
        from chequered.games.bolide.solver_fast import how_compiled
        kernel = how_compiled()
    doc = {"benchmark": "bolide solver", "date": datetime.date.today().isoformat(),
           "repeats": args.repeats, "statistic": "median", "machine": machine(),
           "load_average": [round(x, 2) for x in os.getloadavg()],
           "numba": numba_version, "numba_kernel": kernel, "numba_warm_up_s": warm,
           "results": rows, "circuit_facts": facts, "classic": classic}
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
