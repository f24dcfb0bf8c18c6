"""How strong the search bot (`mcts`, agents/mcts.py) is against each game's bots.

    PYTHONPATH=src .venv/bin/python benchmarks/mcts_strength.py GAME OPPONENT \\
        --races N --iterations K [--mode observer|ensemble] [--horizon H|auto|none]
        [--depth D|game|none] [--others game|rollout|seats] [--workers 2] [--out PATH]

One search seat against the others all of kind OPPONENT (issue 18's table:
racepace bot, bolide club and expert, formulagp heuristic, stockcar bot),
seeds 1..N; the search seat moves round the grid (seat = seed mod seats) so
that no grid slot is favoured. Budgets are in iterations (deterministic, and
fair on a busy shared machine); the seconds one decision took are reported
beside them. For each run: the share of races the search seat won, with its
95 % Wilson interval, its mean place with a normal 95 % interval, and the
share an opponent seat wins on average (1 / seats in a fair field).

Results are appended to benchmarks/results/mcts-strength.json (one object
per run, keyed by game, opponent, budget, mode, the seat's own bot and how a
rollout stopped short is read, "reading": the running order or the game's
search value; a rerun replaces it).
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import platform
import sys
import statistics
import time
from functools import partial
from pathlib import Path

from chequered.agents.mcts import MctsAgent, Search
from chequered.agents.search_kind import Budget
from chequered.bench import in_parallel, machine
from chequered.engine.play import agents_for, play
from chequered.engine.registry import game as get_game

OUT = Path(__file__).parent / "results" / "mcts-strength.json"
SEATS = {"racepace": 6, "bolide": 6, "formulagp": 6, "stockcar": 4}
# games whose search value came after their first strength rows (2026-12-03):
# their rows files with it end in -value, the earlier ones read the order
VALUE_ADDED = ("formulagp", "stockcar")
Z = 1.96


def wilson(k: int, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p = k / n
    d = 1 + Z * Z / n
    mid = (p + Z * Z / (2 * n)) / d
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return [round(max(0.0, mid - half), 3), round(min(1.0, mid + half), 3)]


def race(seed: int, game_name: str, opponent: str, iterations: int, mode: str, horizon,
         depth="game", others="game") -> dict:
    game = get_game(game_name)
    n = SEATS[game_name]
    seat = seed % n
    seats = [opponent] * n
    seats[seat] = "mcts"
    config = game.config(seats=seats)
    agents = agents_for(game, config, seed)
    agent = MctsAgent(game, seat, seed, Budget(iterations), mode=mode, horizon=horizon,
                      depth=depth, others=others)
    agents[seat] = agent
    spent = []

    class Timed:
        def choose(self, g, state, s):
            t0 = time.process_time()
            a = agent.choose(g, state, s)
            spent.append(time.process_time() - t0)
            return a
    agents[seat] = Timed()
    state = play(game, config, seed, agents=agents).state
    order = game.result(state).classification
    return {"seed": seed, "seat": seat, "place": order.index(seat) + 1,
            "decisions": len(spent), "cpu_s_per_decision": statistics.median(spent) if spent else 0,
            # the interpreter the CPU time was measured on (places do not depend on it)
            "python": f"{platform.python_version()} ({sys.base_prefix})"}


def summarise(rows: list[dict], n_seats: int) -> dict:
    n = len(rows)
    wins = sum(r["place"] == 1 for r in rows)
    places = [r["place"] for r in rows]
    mean = statistics.fmean(places)
    half = Z * statistics.stdev(places) / math.sqrt(n) if n > 1 else float("nan")
    return {"races": n, "wins": wins, "win_share": round(wins / n, 3),
            "win_share_95": wilson(wins, n),
            "mean_place": round(mean, 2), "mean_place_95": [round(mean - half, 2), round(mean + half, 2)],
            "fair_share": round(1 / n_seats, 3),
            "median_cpu_s_per_decision": round(statistics.median(
                r["cpu_s_per_decision"] for r in rows), 3)}


def _number_or(text: str, word: str):
    """A count given on the command line: a number, `word` or none."""
    return word if text == word else None if text == "none" else int(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(SEATS))
    ap.add_argument("opponent")
    ap.add_argument("--races", type=int, default=300)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--mode", default="observer", choices=("observer", "ensemble"))
    ap.add_argument("--horizon", default="auto", help="steps a rollout runs: a number, auto or none")
    ap.add_argument("--depth", default="game",
                    help="the seat's decisions an iteration takes from the tree: a number, "
                         "none, or game (the game's GameSpec.search_depth)")
    ap.add_argument("--others", default="game", choices=("game", "rollout", "seats"),
                    help="how rollouts play the other seats: all by the rollout bot, or each "
                         "by its own kind (game: the game's GameSpec.search_others)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--from-rows", action="store_true",
                    help="no racing: summarise the races a cut-short run wrote (its .jsonl)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the races the .jsonl holds and play only the seeds it lacks "
                         "(a long run spread over several sittings)")
    args = ap.parse_args()
    horizon = _number_or(args.horizon, "auto")
    depth = _number_or(args.depth, "game")
    fn = partial(race, game_name=args.game, opponent=args.opponent,
                 iterations=args.iterations, mode=args.mode, horizon=horizon, depth=depth,
                 others=args.others)
    t0 = time.perf_counter()
    # each race as it ends, one JSON line (a run cut short still has its races)
    # the bot the search plays its own seat with (GameSpec.search_bot), named
    # when it is not the rollout bot: a change of it is another player
    probe = Search(get_game(args.game), 0, depth=depth, others=args.others)
    own = "" if probe.own == probe.rollout else f"-own-{probe.own}"
    # how a rollout stopped short is read (GameSpec.search_value): another
    # search, so its races are kept apart from the running order's
    value = get_game(args.game).spec.search_value
    reading = "order" if value is None else "value"
    tail = "-value" if value is not None and args.game in VALUE_ADDED else ""
    # a horizon or a tree depth other than the defaults is another search
    if args.horizon != "auto":
        tail += f"-h{args.horizon}"
    if probe.depth is not None:
        tail += f"-d{probe.depth}"
    # rollouts playing each seat by its kind are the rollout bot's own when
    # the opponents are of its kind: the same search, the same rows
    others = probe.others if args.opponent != probe.rollout else "rollout"
    if others != "rollout":
        tail += f"-others-{others}"
    rows_file = args.out.with_name(
        f"mcts-strength-{args.game}-{args.opponent}-{args.mode}-{args.iterations}{own}{tail}.jsonl")
    kept = [json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()] \
        if (args.from_rows or args.resume) and rows_file.exists() else []
    if args.from_rows:
        rows = kept
    else:
        rows = [r for r in kept if r["seed"] <= args.races]
        seeds = sorted(set(range(1, args.races + 1)) - {r["seed"] for r in rows})
        with rows_file.open("a" if args.resume else "w") as log:
            for row in in_parallel(fn, seeds, args.workers,
                                   f"{args.game} mcts:{args.iterations} vs {args.opponent}"):
                rows.append(row)
                log.write(json.dumps(row) + "\n")
                log.flush()
    rows.sort(key=lambda r: r["seed"])
    run = {"game": args.game, "opponent": args.opponent, "iterations": args.iterations,
           "mode": args.mode, "horizon": args.horizon, "rollout": probe.rollout,
           "own": probe.own, "reading": reading, "depth": probe.depth,
           "others": others, "races_asked": args.races,
           **summarise(rows, SEATS[args.game]),
           "wall_s": None if args.from_rows or args.resume else round(time.perf_counter() - t0, 1),
           "date": datetime.date.today().isoformat(), "machine": machine(), "rows": rows}
    doc = json.loads(args.out.read_text()) if args.out.exists() else []
    key = ("game", "opponent", "iterations", "mode", "horizon", "own", "reading", "depth", "others")
    # (runs written before a field existed had its default)
    was = {"others": "rollout"}
    doc = [d for d in doc if tuple(d.get(k, was.get(k)) for k in key)
           != tuple(run[k] for k in key)] + [run]
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps({k: v for k, v in run.items() if k not in ("rows", "machine")}))


if __name__ == "__main__":
    main()
