"""Races/s of a Race Pace study (six rulebook bots) with 1 and 2 local
workers and a Dask LocalCluster of 2 workers, from the real command.

    python benchmarks/sim_scaling.py [RACES] [REPEATS] [--out FILE]

Each repeat runs the three set-ups one after the other (alternating, so that
a change in the machine's load hits all three alike) with
`chequered simulate racepace --races RACES ... --json`; the rate is the
command's own `races_per_s` (races played over the time from planning to the
last part written: pool or cluster start-up included, Python start-up not).
Medians over the repeats, with the load average seen before each run.
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SETUPS = {"local-1": ["--workers", "1"], "local-2": ["--workers", "2"],
          "dask-2": ["--workers", "2", "--backend", "dask"]}


def main(argv: list[str]) -> None:
    out = None
    if "--out" in argv:
        i = argv.index("--out")
        out = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    races = int(argv[0]) if argv else 2000
    repeats = int(argv[1]) if len(argv) > 1 else 3
    rates: dict[str, list[float]] = {k: [] for k in SETUPS}
    loads: list[float] = []
    work = Path(tempfile.mkdtemp(prefix="sim-scaling-"))
    try:
        for r in range(repeats):
            for name, args in SETUPS.items():
                folder = work / f"{name}-{r}"
                loads.append(os.getloadavg()[0])
                res = subprocess.run(
                    [sys.executable, "-m", "chequered", "simulate", "racepace", "--races",
                     str(races), *args, "--out", str(folder), "--quiet", "--json"],
                    capture_output=True, text=True, check=True)
                rates[name].append(json.loads(res.stdout)["races_per_s"])
                print(f"{name} repeat {r + 1}: {rates[name][-1]:.1f} races/s "
                      f"(load {loads[-1]:.1f})", flush=True)
                shutil.rmtree(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    from chequered.bench import machine
    doc = {"game": "racepace", "seats": "bot,bot,bot,bot,bot,bot", "races": races,
           "repeats": repeats,
           "races_per_s": {k: round(statistics.median(v), 1) for k, v in rates.items()},
           "all": rates, "load1_median": round(statistics.median(loads), 2),
           "machine": machine()}
    print(json.dumps(doc, indent=1))
    if out is not None:
        out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
