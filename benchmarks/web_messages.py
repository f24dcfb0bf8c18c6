"""The web server's own work per action, offline: what a table of the load
benchmark (benchmarks/web_load.py) costs the server's CPU, without sockets,
database or other processes, so that two trees can be compared on a busy
machine.

    .venv/bin/python benchmarks/web_messages.py [GAME ...] [--races 3] [--repeats 5]
        [--profile FILE]

Each race has two people (random legal actions, parsed and tried as the hub
does) and two of the game's first bot (web/hub.bot_batch); after each person's
action or bot batch the state messages of its three viewers (the two seats
and a spectator) are built as a broadcast builds them (web/hub.build_messages:
on a tree with boards in layers, as the race page asks for them: layered,
without the text). Prints the median CPU milliseconds per action over the
repeats; `--profile` writes pyinstrument's text summary of one more run.
"""
from __future__ import annotations

import argparse
import inspect
import json
import random
import statistics
import time

from chequered.engine import registry
from chequered.web import hub
from chequered.web.live import LiveRace

LAYERED = "text" in inspect.signature(hub.state_message).parameters


def play(game, seed: int) -> int:
    bot = next((k for k in game.bots() if k != "random"), "random")
    kinds = ["human", "human", bot, bot]
    race = LiveRace.build(game, "x", game.config(seats=kinds).model_dump(mode="json"), seed,
                          kinds, [])
    rng = random.Random(seed)
    actions = 0
    for _ in range(80):
        to_act = sorted(game.to_act(race.state))
        if not to_act:
            break
        people = [s for s in to_act if race.controllers[s] == "human"]
        if people:
            seat = people[0]
            doc = json.loads(json.dumps(game.encode_action(rng.choice(race.legal(seat)))))
            state, entry = race.trial(seat, race.parse(seat, doc), "human")
            entries = entry.all()
        else:
            state, entries = hub.bot_batch(race)
        race.state = state
        race.entries.extend(entries)
        actions += len(entries)
        start = race.version - len(entries)
        wanted = {(v, False, False, start) if LAYERED else (v, False, start)
                  for v in (None, 0, 1)}
        hub.build_messages(race, wanted, {})
    return actions


def per_action_ms(game, races: int) -> float:
    t = time.process_time()
    actions = sum(play(game, seed) for seed in range(races))
    return (time.process_time() - t) / actions * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--races", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", default=None)
    args = ap.parse_args()
    out = {}
    for name in args.games or registry.game_names():
        game = registry.game(name)
        play(game, 10_000)                      # warm-up: imports, caches, compiled tables
        out[name] = round(statistics.median(per_action_ms(game, args.races)
                                            for _ in range(args.repeats)), 2)
    print(json.dumps({"layered": LAYERED, "cpu_ms_per_action": out}))
    if args.profile:
        from pyinstrument import Profiler
        profiler = Profiler(interval=0.0005)
        profiler.start()
        for name in args.games or registry.game_names():
            per_action_ms(registry.game(name), args.races)
        profiler.stop()
        text = profiler.output_text(unicode=False, color=False, show_all=False)
        with open(args.profile, "w", encoding="utf-8") as f:
            f.write("\n".join(text.splitlines()[:45]) + "\n")


if __name__ == "__main__":
    main()
