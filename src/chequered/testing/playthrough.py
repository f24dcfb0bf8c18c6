"""Playthroughs: golden records that say where a race changed.

Like OpenSpiel's playthroughs, a playthrough stores, for each step of a
recorded race, the seat, the action, the log text for each viewer and a short
hash of each viewer's view. Replaying it compares step by step, so a change
of behaviour points at the first step where it happened and at the viewer who
sees it.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..engine.hashing import sha256_of
from ..engine.play import play
from ..engine.records import Record, record_of

FORMAT = "chequered-playthrough/1"


def _viewers(n: int) -> list:
    return [None, *range(n)]


def _key(viewer) -> str:
    return "spectator" if viewer is None else str(viewer)


def steps_of(game, config, seed: int, actions) -> tuple[list[dict], object]:
    """The steps of a race replayed from its actions, and its final state."""
    state = game.new(config, seed)
    n = len(config.seats)
    out = []
    for seat, action in actions:
        step = game.pending_step(state)
        events = game.apply(state, seat, action)
        texts, views = {}, {}
        for v in _viewers(n):
            lines = [game.action_text(step, seat, action, v)]
            lines += [t for t in (game.event_text(e, v, state) for e in events) if t is not None]
            texts[_key(v)] = lines
            views[_key(v)] = sha256_of(game.view(state, v))[:12]
        # One copy of the text when every viewer reads the same.
        if all(t == texts["spectator"] for t in texts.values()):
            texts = {"all": texts["spectator"]}
        out.append({"seat": seat, "action": json.loads(json.dumps(game.encode_action(action))),
                    "step": step.name if step is not None else None,
                    "texts": texts, "views": views})
    return out, state


def make(game, config, seed: int) -> dict:
    """Play a race with the config's own agents and write down every step."""
    played = play(game, config, seed)
    rec = record_of(game, config, seed, played.actions, played.state)
    # the actions as the record gives them back, as `compare` will read them
    # (a whole move played by a bot carries more than its record keeps)
    actions = [(seat, game.decode_action(game.encode_action(a))) for seat, a in played.actions]
    steps, _ = steps_of(game, config, seed, actions)
    return {"format": FORMAT, "record": rec.to_doc(), "steps": steps}


def from_record(game, rec: Record) -> dict:
    """The playthrough of a recorded race (same actions; the steps, the final
    hash and the result as the engine gives them today)."""
    config = game.config(**rec.config)
    actions = [(seat, game.decode_action(a)) for seat, a in rec.actions]
    steps, state = steps_of(game, config, rec.seed, actions)
    new = record_of(game, config, rec.seed, actions, state)
    return {"format": FORMAT, "record": new.to_doc(), "steps": steps}


def save(doc: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n",
                          encoding="utf-8")


def load(path: str | Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def compare(game, doc: dict) -> list[str]:
    """Differences between a stored playthrough and the engine today, first
    step first (empty when the race is unchanged)."""
    rec = Record.from_doc(doc["record"])
    config = game.config(**rec.config)
    actions = [(seat, game.decode_action(a)) for seat, a in rec.actions]
    try:
        steps, state = steps_of(game, config, rec.seed, actions)
    except Exception as exc:           # an action no longer legal: say where
        return [f"the race no longer replays: {exc}"]
    diffs = []
    for i, (old, new) in enumerate(zip(doc["steps"], steps), start=1):
        for field in ("seat", "action", "step", "texts", "views"):
            if old.get(field) != new.get(field):
                diffs.append(f"step {i} ({new.get('step')}): {field} differs:\n"
                             f"  stored: {json.dumps(old.get(field))[:300]}\n"
                             f"  now:    {json.dumps(new.get(field))[:300]}")
        if diffs:
            return diffs
    if len(doc["steps"]) != len(steps):
        return [f"{len(doc['steps'])} steps stored, {len(steps)} now"]
    if rec.final_hash != game.state_hash(state):
        return ["the final state hash differs"]
    if rec.result is not None and game.result(state).to_doc() != rec.result:
        return ["the result differs"]
    return []
