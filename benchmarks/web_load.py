"""Load benchmark of the web app on loopback (not a test).

    python benchmarks/web_load.py [--races 100] [--seconds 60] [--db URL] [--out FILE]

Starts `chequered serve` in a subprocess on a fresh SQLite file (or --db)
(--external: use a server already on --port),
then runs, in this process, `--races` tables at once. Each table creates a
race with two human seats and two server-side bots, opens three WebSockets
(the two players and a spectator: 300 clients for 100 tables), and plays:
when a player has a move it thinks (--think, default 1-3 s), sends a random legal
action, and we time the round trip from sending it to its ack (the ack is
sent only after the action is committed to the database and applied). Clients
connect as the race page does with its text panel closed (`?text=0`) and take
what it takes: each static board once, then the changes. A
finished race is replaced by a new one until the time is up. Games alternate
between every registered game.

Errors counted: error replies, sockets closed by the server, acks that take
longer than 10 s, failed race creations. Figures go to --out as JSON, with
the machine (both processes share its CPUs).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from chequered.bench import machine  # noqa: E402
from chequered.engine import registry  # noqa: E402

THINK = (1.0, 3.0)           # seconds a simulated player thinks before moving (--think)
ACK_TIMEOUT = 10.0


class Stats:
    def __init__(self):
        self.rtt: list[float] = []
        self.errors: dict[str, int] = {}
        self.races_started = 0
        self.races_finished = 0
        self.server_actions = 0
        self.clients_peak = 0
        self.clients = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


async def player(ws_url: str, stats: Stats, rng: random.Random, deadline: float,
                 done: asyncio.Event, think: tuple, left: asyncio.Event) -> None:
    """A person at a seat: moves at random after a short think. `left` is
    set when a player of the table stops (at the deadline, or on an error)."""
    async with connect(ws_url, max_size=2**24) as ws:
        stats.clients += 1
        stats.clients_peak = max(stats.clients_peak, stats.clients)
        try:
            msg = None           # the newest state this player has seen
            while time.monotonic() < deadline:
                if msg is None or not msg["legal"]:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=ACK_TIMEOUT * 3)
                    except asyncio.TimeoutError:
                        # Waiting on the other person, who stopped at the
                        # deadline with a move to make, is no server error.
                        if not left.is_set():
                            stats.error("no message for 30 s")
                        return
                    reply = json.loads(raw)
                    if reply["type"] == "error":
                        stats.error("error reply: " + reply["error"][:60])
                    if reply["type"] == "state":
                        msg = reply
                        if msg["over"]:
                            done.set()
                            return
                    continue
                await asyncio.sleep(rng.uniform(*think))
                choice = rng.choice(msg["legal"])
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": json.loads(choice["key"]),
                                          "version": msg["version"], "ref": 1}))
                msg = dict(msg, legal=[])     # acted on: wait for a newer state
                # Read until our ack; states that come first are kept.
                while True:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=ACK_TIMEOUT)
                    except asyncio.TimeoutError:
                        stats.error("ack slower than 10 s")
                        return
                    reply = json.loads(raw)
                    if reply["type"] == "state":
                        msg = reply
                        if msg["over"]:
                            done.set()
                            return
                    elif reply["type"] == "ack":
                        stats.rtt.append(time.perf_counter() - sent)
                        break
                    elif reply["type"] == "error":
                        # A stale version after the other player moved is a
                        # normal race between two people, not a server error.
                        if "moved on" not in reply["error"]:
                            stats.error("error reply: " + reply["error"][:60])
                        break
        finally:
            stats.clients -= 1
            left.set()


async def spectator(ws_url: str, stats: Stats, deadline: float, done: asyncio.Event) -> None:
    async with connect(ws_url, max_size=2**24) as ws:
        stats.clients += 1
        stats.clients_peak = max(stats.clients_peak, stats.clients)
        try:
            last = 0
            while time.monotonic() < deadline and not done.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except asyncio.TimeoutError:
                    continue
                msg = json.loads(raw)
                if msg["type"] == "state":
                    last = max(last, msg["version"])
                    if msg["over"]:
                        break
            stats.server_actions += last
        finally:
            stats.clients -= 1


async def table(base: str, ws_base: str, index: int, stats: Stats, deadline: float,
                names: list[str], think: tuple) -> None:
    rng = random.Random(index)
    round_ = 0
    while time.monotonic() < deadline:
        game = registry.game(names[(index + round_) % len(names)])
        round_ += 1
        bot = [k for k in game.bots() if k != "random"][:1] or ["random"]
        try:
            made = await asyncio.to_thread(post, base, "/api/races", {
                "game": game.name, "seats": ["human", "human", bot[0], bot[0]]})
        except OSError as exc:
            stats.error(f"create failed: {exc}"[:80])
            await asyncio.sleep(1)
            continue
        stats.races_started += 1
        done, left = asyncio.Event(), asyncio.Event()
        tokens = [s["token"] for s in made["seats"] if s["kind"] == "human"]
        try:
            await asyncio.gather(
                *(player(f"{ws_base}/ws/play/{t}?text=0", stats, rng, deadline, done, think,
                         left)
                  for t in tokens),
                spectator(f"{ws_base}/ws/watch/{made['race']}?text=0", stats, deadline, done))
        except Exception as exc:          # a socket the server closed on us
            stats.error(f"socket: {type(exc).__name__}")
        if done.is_set():
            stats.races_finished += 1


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) a process has used so far: the server's, or
    ours when pid is None."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The server's child processes (its message worker)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def server_cpu(pid: int | None) -> tuple[float | None, float | None]:
    """CPU seconds used so far by the server's process, and by it and its
    children together."""
    if pid is None:
        return None, None
    own = cpu_seconds(pid)
    kids = [cpu_seconds(k) for k in children(pid)]
    return own, None if own is None else own + sum(k for k in kids if k is not None)


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def main_async(args) -> dict:
    tmp = tempfile.mkdtemp(prefix="chequered-load-")
    url = args.db or f"sqlite:///{tmp}/load.sqlite3"
    port = args.port
    log = open(Path(tmp) / "server.log", "wb")
    server = None if args.external else subprocess.Popen(
        [sys.executable, "-m", "chequered.cli", "serve", "--port", str(port), "--db", url],
        stdout=log, stderr=subprocess.STDOUT,
        # Every table comes from 127.0.0.1: lift the per-client rate limit.
        env={**os.environ, "CHEQUERED_RATE_LIMITS": "races=1000000"})
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        for _ in range(1800):         # a cold machine compiles the kernels first (Game.warm)
            try:
                urllib.request.urlopen(base + "/api/games", timeout=1)
                break
            except OSError:
                await asyncio.sleep(0.1)
        stats = Stats()
        load_before = os.getloadavg()
        pid = server.pid if server is not None else None
        cpu0 = server_cpu(pid), cpu_seconds(None)
        start = time.monotonic()
        deadline = start + args.seconds
        names = args.games.split(",") if args.games else registry.game_names()
        think = tuple(float(x) for x in args.think.split(","))
        await asyncio.gather(*(table(base, ws_base, i, stats, deadline, names, think)
                               for i in range(args.races)))
        elapsed = time.monotonic() - start
        cpu1 = server_cpu(pid), cpu_seconds(None)
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
        log.close()
    rtt_ms = [x * 1000 for x in stats.rtt]
    return {
        "benchmark": "web_load",
        "tables": args.races, "seconds": round(elapsed, 1),
        "websocket_clients_peak": stats.clients_peak,
        "database": "sqlite (file, WAL, synchronous=FULL)" if not args.db else args.db.split(":")[0],
        "races_started": stats.races_started, "races_finished": stats.races_finished,
        "player_actions": len(rtt_ms),
        "player_actions_per_s": round(len(rtt_ms) / elapsed, 1),
        "race_actions": stats.server_actions,     # people's and bots', as spectators saw them
        "games": args.games or ",".join(registry.game_names()),
        "think_time_s": [float(x) for x in args.think.split(",")],
        "rtt_ms": {"p50": round(statistics.median(rtt_ms), 2) if rtt_ms else None,
                   "p90": round(percentile(rtt_ms, 90), 2) if rtt_ms else None,
                   "p99": round(percentile(rtt_ms, 99), 2) if rtt_ms else None,
                   "max": round(max(rtt_ms), 2) if rtt_ms else None},
        "errors": sum(stats.errors.values()), "error_kinds": stats.errors,
        # CPU seconds used during the run: the server's (when we started it;
        # `server_main` is its own process, `server` that and its message
        # worker) and this process's (the 300 clients)
        "cpu_s": {"server": round(cpu1[0][1] - cpu0[0][1], 1) if pid else None,
                  "server_main": round(cpu1[0][0] - cpu0[0][0], 1) if pid else None,
                  "clients": round(cpu1[1] - cpu0[1], 1)},
        "target": {"rtt_p99_ms": 100, "errors": 0},
        "machine": machine(), "date": date.today().isoformat(),
        # Other jobs on the machine take CPU from both the server and the clients.
        "load_average_1min": {"before": round(load_before[0], 2),
                              "after": round(os.getloadavg()[0], 2)},
        "note": "server and clients on the same machine, sharing its CPUs",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--external", action="store_true", help="use a server already listening on --port")
    ap.add_argument("--races", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--port", type=int, default=8941)
    ap.add_argument("--db", default=None)
    ap.add_argument("--out", default=None)
    ap.add_argument("--games", default=None, help="comma-separated games (default: all)")
    ap.add_argument("--think", default=f"{THINK[0]},{THINK[1]}",
                    help="a player's think time, MIN,MAX seconds")
    args = ap.parse_args()
    doc = asyncio.run(main_async(args))
    text = json.dumps(doc, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
