"""The web server's own work per action, offline: what a table of the load
benchmark (benchmarks/web_load.py) costs the server's CPU, without sockets,
database or other processes, so that two trees can be compared on a busy
machine.

    .venv/bin/python benchmarks/web_messages.py [GAME ...] [--races 3] [--repeats 5]
        [--profile FILE]

Each race has two people (random legal actions, parsed and tried as the hub
does) and two of the game's first bot (web/turns.bot_batch); after each person's
action or bot batch the state messages of its three viewers (the two seats
and a spectator) are built as a broadcast builds them (web/hub.build_messages:
on a tree with boards in layers, as the race page asks for them: layered,
without the text). Prints the median CPU milliseconds per action over the
repeats, by part (play's docstring): `total` is loop + messages, all the
server did in one process before messages were built in a worker process
(web/worker.py: since then the loop's process does `loop`, the worker
`messages` + `replay`); `sockets` is what the event loop then spends per
socket, its message (Subscriber.push_state) and its permessage-deflate
compression (zlib as websockets sets it up), and the mean bytes of a state message as the
three sockets are sent them (Subscriber.push_state; the same races, not
timed). `--profile` writes pyinstrument's text summary of one more run.
"""
from __future__ import annotations

import argparse
import inspect
import json
import random
import statistics
import time
import zlib

from chequered.engine import registry
from chequered.web import hub
from chequered.web.live import LiveRace

LAYERED = "text" in inspect.signature(hub.state_message).parameters


def play(game, seed: int, spent: dict, sent: dict | None = None) -> int:
    """One race; adds the CPU seconds of each part of the server's work to
    `spent`: "loop" (what the process holding the race does: parse and try
    a person's action, the bots' batches, the state's hash stored with each
    commit, the time limits of the people to act), "messages" (building
    the state messages) and "replay" (what a process that keeps its own copy
    of the race, web/worker.py, spends to follow it). `sent` (on a tree
    whose sockets get a board in layers) counts the state messages of the
    three viewers' sockets and their bytes, as Subscriber.push_state queues
    them."""
    bot = next((k for k in game.bots() if k != "random"), "random")
    kinds = ["human", "human", bot, bot]
    config = game.config(seats=kinds).model_dump(mode="json")
    race = LiveRace.build(game, "x", config, seed, kinds, [])
    copy = LiveRace.build(game, "x", config, seed, kinds, [])
    rng = random.Random(seed)
    subs = {v: hub.Subscriber("x", v, False, False) for v in (None, 0, 1)}
    # websockets' permessage-deflate as uvicorn sets it up (12-bit window, memLevel 5)
    deflate = {v: zlib.compressobj(wbits=-12, memLevel=5) for v in subs}
    actions = 0
    clock = time.process_time
    for _ in range(80):
        t0 = clock()
        to_act = sorted(game.to_act(race.state))
        if not to_act:
            break
        people = [s for s in to_act if race.controllers[s] == "human"]
        if people:
            seat = people[0]
            t1 = clock()
            # the person's choice, from the legal list its message carried
            doc = json.loads(json.dumps(game.encode_action(rng.choice(race.legal(seat)))))
            t0 += clock() - t1
            state, entry = race.trial(seat, race.parse(seat, doc), "human")
            entries = entry.all()
        else:
            state, entries = hub.bot_batch(race)
        game.state_hash(state)
        for seat in game.to_act(state):
            if kinds[seat] == "human":
                game.time_limit(state, seat)
        t1 = clock()
        spent["loop"] += t1 - t0
        race.state = state
        race.entries.extend(entries)
        actions += len(entries)
        for e in entries:
            copy.entries.append(copy.step(copy.state, e.seat, game.decode_action(e.doc), e.by))
        t2 = clock()
        spent["replay"] += t2 - t1
        start = race.version - len(entries)
        wanted = {(v, False, False, start) if LAYERED else (v, False, start)
                  for v in (None, 0, 1)}
        built = hub.build_messages(race, wanted, {})
        t3 = clock()
        spent["messages"] += t3 - t2
        if LAYERED:
            # what the event loop then does for each socket: its message
            # (push_state) and its compression (permessage-deflate)
            for v, sub in subs.items():
                sub.push_state(*built[(v, False, False, start)])
                while not sub.queue.empty():
                    data = sub.queue.get_nowait().encode()
                    deflate[v].compress(data)
                    deflate[v].flush(zlib.Z_SYNC_FLUSH)
                    if sent is not None and data.startswith(b'{"type": "state"'):
                        sent["states"] += 1
                        sent["bytes"] += len(data)
            spent["sockets"] += clock() - t3
    return actions


def per_action_ms(game, races: int) -> dict:
    spent = {"loop": 0.0, "messages": 0.0, "replay": 0.0, "sockets": 0.0}
    actions = sum(play(game, seed, spent) for seed in range(races))
    out = {k: v / actions * 1000 for k, v in spent.items()}
    out["total"] = out["loop"] + out["messages"]
    return out


def bytes_per_state(game, races: int) -> float | None:
    """Mean bytes of a state message as the three sockets of a table are
    sent them (the same races as per_action_ms; no timing)."""
    if not LAYERED:
        return None
    sent = {"states": 0, "bytes": 0}
    for seed in range(races):
        play(game, seed, {"loop": 0.0, "messages": 0.0, "replay": 0.0, "sockets": 0.0}, sent)
    return round(sent["bytes"] / sent["states"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--races", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", default=None)
    args = ap.parse_args()
    out, sizes = {}, {}
    for name in args.games or registry.game_names():
        game = registry.game(name)
        play(game, 10_000, {"loop": 0.0, "messages": 0.0, "replay": 0.0, "sockets": 0.0})  # warm-up
        runs = [per_action_ms(game, args.races) for _ in range(args.repeats)]
        out[name] = {k: round(statistics.median(r[k] for r in runs), 2) for k in runs[0]}
        sizes[name] = bytes_per_state(game, args.races)
    print(json.dumps({"layered": LAYERED, "cpu_ms_per_action": out,
                      "bytes_per_state_message": sizes}))
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
