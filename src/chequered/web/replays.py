"""Stepping through a finished race or an uploaded record, forwards and
backwards, with the event log in step.

A replayer keeps a snapshot of the state every SNAPSHOT_EVERY steps, so a
jump to any step re-applies at most that many actions.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from ..engine import registry
from ..engine.protocol import Game
from ..engine.records import Record

SNAPSHOT_EVERY = 25
CACHE_SIZE = 32

_cache: OrderedDict[str, "Replayer"] = OrderedDict()
_cache_lock = threading.Lock()


class Replayer:
    def __init__(self, game: Game, config_doc: dict, seed: int, docs: list):
        self.game = game
        config = game.config(**config_doc)
        state = game.new(config, seed)
        names = game.seat_names(state)
        self.snapshots = {0: game.clone(state)}
        self.log: list[dict] = []
        for step, (seat, doc) in enumerate(docs, start=1):
            action = game.decode_action(doc)
            events = game.apply(state, seat, action)
            names = game.seat_names(state) or names
            self.log.append({
                "ply": step - 1, "seat": seat, "who": names.get(seat) or f"seat {seat}",
                "action": game.describe_action(action),
                "events": [{"text": game.describe(ev, state), "rule": ev.rule} for ev in events],
            })
            if step % SNAPSHOT_EVERY == 0:
                self.snapshots[step] = game.clone(state)
        self.docs = docs
        self.total = len(docs)
        self.final = state

    def state_at(self, step: int):
        base = max(k for k in self.snapshots if k <= step)
        state = self.game.clone(self.snapshots[base])
        for seat, doc in self.docs[base:step]:
            self.game.apply(state, seat, self.game.decode_action(doc))
        return state

    def frame(self, step: int) -> dict:
        """The board as a spectator saw it after `step` actions, and the log so far."""
        game = self.game
        state = self.final if step == self.total else self.state_at(step)
        view = game.view(state, None)
        return {"step": step, "total": self.total, "game": game.name, "title": game.title,
                "svg": game.render_svg(view), "text": game.render_text(view),
                "log": self.log[:step],
                "result": game.result(state).to_doc() if game.is_over(state) else None}


def _cached(key: str, make) -> Replayer:
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    rp = make()
    with _cache_lock:
        _cache[key] = rp
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return rp


def replayer_for_race(race) -> Replayer:
    return _cached(f"race:{race.race_id}:{race.version}", lambda: Replayer(
        race.game, race.config.model_dump(mode="json"), race.seed,
        [[e.seat, e.doc] for e in race.entries]))


def replayer_for_upload(upload_id: str, doc: dict) -> Replayer:
    def make():
        rec = Record.from_doc(doc)
        return Replayer(registry.game(rec.game), rec.config, rec.seed, rec.actions)
    return _cached(f"upload:{upload_id}", make)
