"""State messages built in a process of their own (issue 16): the server's
second core draws the boards, lists the moves and writes the logs, while the
first one acknowledges moves, stores them and runs the bots. Threads cannot
share that work: they take turns at the GIL, and the event loop waits for it.

The worker keeps its own copy of each race, brought up to date by the
actions the race has stored since the last job (the engine replays a race
bit for bit from its config, seed and actions), and builds the messages
with the same code as in the server (built.build_messages): each viewer
still gets only its own view. It keeps nothing that must survive a crash:
a worker that has lost a race (restarted, evicted, or the race was undone)
says so and is sent the whole race again. Each race's flushes are serial
(hub.Hub.flush), so its jobs arrive in order.

Games that live outside chequered.games (a plug-in, a test's game) are not
known to a fresh process: their messages are built in the server's render
thread, as every game's were before.
"""
from __future__ import annotations

import asyncio
import importlib.util
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .built import build_messages
from .live import LiveRace
from .messages import BOARD_MESSAGES

log = logging.getLogger("chequered.web")
RACES_KEPT = 500             # races a worker keeps a copy of (the least recently shown go)


class Resync(Exception):
    """The worker's copy of a race is not the one a job continues."""


# ---- in the worker process ----------------------------------------------------------------
_races: "OrderedDict[str, LiveRace]" = OrderedDict()


def _warm(parent: int) -> None:
    """Import and warm every game at start (Game.warm), not during the first
    race's first state; and end with the server (`parent`), however it ends (a server killed
    outright cannot stop its worker)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="chequered-parent-watch").start()
    from ..engine import registry
    from . import gc_policy
    registry.warm_all(freeze=True)
    gc_policy.install()


def _build(job: tuple) -> dict:
    rid, fresh, base, actions, controllers, wanted, deadlines, have = job
    from ..engine import registry
    try:
        if fresh is not None:
            name, config, seed, kw = fresh
            race = _races[rid] = LiveRace.build(registry.game(name), rid, config, seed,
                                                controllers, [], **kw)
        else:
            race = _races.get(rid)
            if race is None or race.version != base:
                raise Resync(rid)
            _races.move_to_end(rid)
        # the action objects themselves, not their documents: a bot's move
        # or a listed route may carry words its document does not (the log)
        for seat, action, by in actions:
            race.entries.append(race.step(race.state, seat, action, by))
        race.controllers = list(controllers)
        while len(_races) > RACES_KEPT:
            _races.popitem(last=False)
        built = build_messages(race, wanted, deadlines)
        # the people's legal lists, made for their messages: the server
        # parses their next actions against them (LiveRace.listing)
        to_act = race.game.to_act(race.state)
        menus = {v: race.legal(v) for v, fine, _, _ in wanted
                 if not fine and v in to_act and race.controllers[v] == "human"}
    except Exception:
        _races.pop(rid, None)            # whatever it holds now is not the race
        raise
    out = {}
    for key, (msg, board) in built.items():
        if board is not None:
            # a static board crosses only to a server without it (`have`)
            board = (board[0], None if board[0] in have else board[1])
        out[key] = (msg, board)
    return out, menus


# ---- in the server ------------------------------------------------------------------------
class Worker:
    """The server's side: one process, shared by every app in this process
    (tests start many), started on first use and again if it dies."""

    def __init__(self):
        self.pool: ProcessPoolExecutor | None = None
        self.sent: dict[str, tuple[int, object]] = {}   # race id -> (entries sent, last one)
        self.local: dict[str, bool] = {}                # game name -> built here instead

    def builds(self, game) -> bool:
        """Whether the worker can build this game's messages (its package is
        one a fresh process finds)."""
        name = game.name
        if name not in self.local:
            from ..engine import registry
            ours = importlib.util.find_spec(f"chequered.games.{name}") is not None
            self.local[name] = not (ours and registry.game(name) is game)
        return not self.local[name]

    def start(self) -> asyncio.Future:
        """Start the process now (it imports and warms every game, a few
        seconds), not when the first race is shown; the future is done when
        it is ready."""
        return asyncio.wrap_future(self._pool().submit(int))

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=_warm, initargs=(os.getpid(),))
        return self.pool

    def _job(self, snap: LiveRace, wanted, deadlines, fresh: bool) -> tuple:
        rid, entries = snap.race_id, snap.entries
        n, last = self.sent.get(rid, (0, None))
        if fresh or rid not in self.sent or n > len(entries) or (n and entries[n - 1] is not last):
            kw = {"move_timer": snap.move_timer, "season_name": snap.season_name,
                  "seed_chosen": snap.seed_chosen}
            whole = (snap.game.name, snap.config.model_dump(mode="json"), snap.seed, kw)
            n = 0
        else:
            whole = None
        actions = [(e.seat, e.action, e.by) for e in entries[n:]]
        return (rid, whole, n, actions, list(snap.controllers), wanted, deadlines,
                frozenset(BOARD_MESSAGES))

    async def build(self, snap: LiveRace, wanted: set, deadlines: dict) -> dict:
        """build_messages(snap, wanted, deadlines), in the worker."""
        loop = asyncio.get_running_loop()
        rid = snap.race_id
        for fresh in (False, True):
            job = self._job(snap, wanted, deadlines, fresh)
            try:
                out, menus = await loop.run_in_executor(self._pool(), _build, job)
            except Resync:
                continue
            except BrokenProcessPool:
                log.warning("the message worker stopped; starting another")
                self.pool, self.sent = None, {}
                continue
            except BaseException:
                self.sent.pop(rid, None)
                raise
            self.sent[rid] = (len(snap.entries), snap.entries[-1] if snap.entries else None)
            for seat, menu in menus.items():
                snap.remember(snap.state, snap.version, seat, menu)
            return {key: (msg, _board(board)) for key, (msg, board) in out.items()}
        raise RuntimeError(f"the message worker could not follow race {rid}")

    def forget(self, race_id: str) -> None:
        self.sent.pop(race_id, None)


def _board(board):
    if board is None:
        return None
    bid, text = board
    if text is not None:
        BOARD_MESSAGES[bid] = text       # the server keeps every static board, as static_board
    return bid, BOARD_MESSAGES[bid]


WORKER = Worker()
