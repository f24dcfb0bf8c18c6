"""Throughput benchmarks: races/s, decisions/s and per-race time, as medians.

Used by `chequered bench` and by benchmarks/run.py. Nothing is written to
disk here; callers decide where results go.

Each measurement plays the same seeds (0 .. races-1) in every repeat, so that
repeats differ only by timing noise, and reports the median over repeats.
"""
from __future__ import annotations

import os
import platform
import statistics
import time

from .engine.play import agents_for, play
from .engine.protocol import BadInput, Game

DEFAULT_REPEATS = 5
DEFAULT_BUDGET_S = 3.0        # aim for a run of about this long when races is not given
MAX_AUTO_RACES = 2000


def machine() -> dict:
    """Where the figures were measured."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        # figures from a loaded machine are not comparable with idle ones
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def in_parallel(fn, jobs: list, workers: int = 2, label: str = "", progress: bool = True):
    """fn(job) for every job, in `workers` processes (1: here), in job order,
    with a progress bar labelled `label` unless `progress` is off. The
    benchmark scripts' races run through it."""
    from concurrent.futures import ProcessPoolExecutor
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        results = pool.map(fn, jobs, chunksize=4) if pool else map(fn, jobs)
        if progress:
            from rich.progress import Progress
            with Progress(transient=False) as bar:
                task = bar.add_task(label, total=len(jobs))
                for r in results:
                    bar.advance(task)
                    yield r
        else:
            yield from results
    finally:
        if pool:
            pool.shutdown()


def bench_seats(game: Game) -> str:
    """The game's benchmark seats: `game.bench_seats`, else its default
    config's seats with human seats played by `random`."""
    seats = getattr(game, "bench_seats", None)
    if seats:
        return seats if isinstance(seats, str) else ",".join(seats)
    try:
        default = game.config().seats
    except BadInput:
        raise BadInput(f"{game.name} has no benchmark seats; give --seats") from None
    return ",".join("random" if k == "human" else k for k in default)


def short_seats(seats: str) -> str:
    """'bot,bot,bot,random' -> 'bot×3,random', for tables."""
    out: list[list] = []
    for kind in seats.split(","):
        if out and out[-1][0] == kind:
            out[-1][1] += 1
        else:
            out.append([kind, 1])
    return ",".join(k if n == 1 else f"{k}×{n}" for k, n in out)


def parse_seats(seats: str) -> list[str]:
    kinds = [s.strip() for s in seats.split(",")]
    if not seats.strip() or any(not k for k in kinds):
        raise BadInput(f"--seats must be a comma-separated list of seat kinds, got {seats!r}")
    return kinds


def play_one(game: Game, config, seed: int) -> tuple[float, int]:
    """Play one full race; return (seconds, decisions)."""
    t0 = time.perf_counter()
    agents = agents_for(game, config, seed)
    played = play(game, config, seed, agents=agents)
    return time.perf_counter() - t0, played.decisions


def auto_races(game: Game, config, repeats: int, budget_s: float = DEFAULT_BUDGET_S) -> int:
    """How many races per repeat make the whole run take about `budget_s`."""
    play_one(game, config, 0)                       # warm caches up (content, tables)
    n, spent = 0, 0.0
    while spent < min(0.25, budget_s / 10) and n < MAX_AUTO_RACES:
        seconds, _ = play_one(game, config, n)
        spent += seconds
        n += 1
    per_race = spent / n
    per_repeat = budget_s / max(1, repeats)
    return max(1, min(MAX_AUTO_RACES, int(per_repeat / max(per_race, 1e-6))))


CLONE_STATES = 200            # mid-race states sampled for clones/s
CLONE_ROUNDS = 5              # each state cloned this many times a repeat


def race_states(game: Game, config, limit: int = CLONE_STATES) -> list:
    """Up to `limit` states a search would clone: copies of the position after
    every few steps of the bench races (seeds 0, 1, ...), over whole races."""
    states: list = []
    for seed in range(50):
        if len(states) >= limit:
            break
        state = game.new(config, seed)
        steps = [0]

        def keep(seat, action, events, step):
            steps[0] += 1
            if steps[0] % 7 == 0 and len(states) < limit and not game.is_over(state):
                states.append(game.clone(state))
        play(game, config, seed, agents=agents_for(game, config, seed), on_step=keep,
             state=state)
    return states


def clones_per_s(game: Game, config, repeats: int = DEFAULT_REPEATS) -> float:
    """Median clones a second over states met in real races (a search bot's
    cost of copying a position)."""
    states = race_states(game, config)
    clone = game.clone
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(CLONE_ROUNDS):
            for st in states:
                clone(st)
        rates.append(CLONE_ROUNDS * len(states) / (time.perf_counter() - t0))
    return round(statistics.median(rates), 1)


def bench_game(game: Game, seats: str | None = None, races: int | None = None,
               repeats: int = DEFAULT_REPEATS, budget_s: float = DEFAULT_BUDGET_S) -> dict:
    """Benchmark one game; returns the JSON-ready summary documented in DESIGN.md."""
    if repeats < 1:
        raise BadInput("--repeats must be at least 1")
    if races is not None and races < 1:
        raise BadInput("--races must be at least 1")
    seats = seats or bench_seats(game)
    kinds = parse_seats(seats)
    if "human" in kinds:
        raise BadInput("benchmark seats cannot include 'human'")
    config = game.config(seats=kinds)
    agents_for(game, config, 0)                     # unknown seat kinds fail here, early
    if races is None:
        races = auto_races(game, config, repeats, budget_s)
    else:
        play_one(game, config, 0)                   # warm-up, not measured
    rates, drates, race_ms, per_race = [], [], [], []
    for _ in range(repeats):
        times, decisions = [], 0
        t0 = time.perf_counter()
        for seed in range(races):
            seconds, n = play_one(game, config, seed)
            times.append(seconds)
            decisions += n
            per_race.append(n)
        total = time.perf_counter() - t0
        rates.append(races / total)
        drates.append(decisions / total)
        race_ms.append(statistics.median(times) * 1000.0)
    return {
        "game": game.name,
        "seats": ",".join(kinds),
        "races": races,
        "races_per_s": round(statistics.median(rates), 3),
        "decisions_per_s": round(statistics.median(drates), 1),
        "median_race_ms": round(statistics.median(race_ms), 3),
        # decisions asked of the seats (whole moves; forced steps not asked)
        "decisions_per_race": statistics.median(per_race),
        "clones_per_s": clones_per_s(game, config, repeats),
        "repeats": repeats,
        "machine": machine(),
    }


def bench(games: list[Game], seats: str | None = None, races: int | None = None,
          repeats: int = DEFAULT_REPEATS, budget_s: float = DEFAULT_BUDGET_S) -> list[dict]:
    """Benchmark several games; the per-game time budget is shared out."""
    each = max(budget_s / max(1, len(games)), min(budget_s, 1.5))
    return [bench_game(g, seats=seats, races=races, repeats=repeats, budget_s=each)
            for g in games]
