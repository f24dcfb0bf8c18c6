"""Race records (chequered-record/1): save, share, replay and verify races.

A record holds everything needed to play the race again: the game, the
engine and content versions, the config, the seed and every [seat, action].
Replaying re-applies the actions to a fresh race and checks the final hash.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from .protocol import BadInput, Game, IllegalAction

FORMAT = "chequered-record/1"


@dataclass
class Record:
    game: str
    config: dict
    seed: int
    actions: list = field(default_factory=list)       # [[seat, action-json], ...]
    result: dict | None = None
    final_hash: str | None = None
    engine_version: str = __version__
    content_version: str = ""

    def to_doc(self) -> dict:
        return {
            "format": FORMAT,
            "game": self.game,
            "engine_version": self.engine_version,
            "content_version": self.content_version,
            "config": self.config,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
            "final_hash": self.final_hash,
        }

    @classmethod
    def from_doc(cls, doc) -> "Record":
        if not isinstance(doc, dict):
            raise BadInput("a record must be a JSON object")
        if doc.get("format") != FORMAT:
            raise BadInput(f"not a {FORMAT} record (format = {doc.get('format')!r})")
        missing = [k for k in ("game", "config", "seed", "actions") if k not in doc]
        if missing:
            raise BadInput(f"record is missing {', '.join(missing)}")
        if not isinstance(doc["actions"], list) or not all(
                isinstance(a, list) and len(a) == 2 and isinstance(a[0], int)
                for a in doc["actions"]):
            raise BadInput("record actions must be a list of [seat, action] pairs")
        if not isinstance(doc["seed"], int):
            raise BadInput("record seed must be an integer")
        return cls(game=doc["game"], config=doc["config"], seed=doc["seed"],
                   actions=doc["actions"], result=doc.get("result"),
                   final_hash=doc.get("final_hash"),
                   engine_version=doc.get("engine_version", ""),
                   content_version=doc.get("content_version", ""))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_doc(), indent=1, ensure_ascii=False) + "\n",
                              encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise BadInput(f"{path}: no such file") from None
        except (IsADirectoryError, UnicodeDecodeError) as exc:
            raise BadInput(f"{path}: cannot read: {exc}") from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadInput(f"{path}: not valid JSON ({exc})") from None
        return cls.from_doc(doc)


def record_of(game: Game, config, seed: int, actions, state=None) -> Record:
    """A record of a race played from config and seed with these actions."""
    rec = Record(game=game.name, config=config.model_dump(mode="json"), seed=seed,
                 actions=[[seat, game.encode_action(a)] for seat, a in actions],
                 content_version=game.content_version(config))
    if state is not None:
        rec.final_hash = game.state_hash(state)
        if game.is_over(state):
            rec.result = game.result(state).to_doc()
    return rec


class ReplayError(Exception):
    """A record that does not replay: an illegal step or a different hash."""

    def __init__(self, message: str, step: int | None = None):
        super().__init__(message)
        self.step = step


def replay(record: Record, game: Game | None = None):
    """Re-apply the record's actions to a fresh race; return the final state.

    Raises ReplayError naming the step (1-based) that failed, or the hash
    mismatch. Raises BadInput if the record cannot be read at all.
    """
    from .registry import game as game_by_name

    game = game or game_by_name(record.game)
    config = game.config(**record.config)
    state = game.new(config, record.seed)
    for step, (seat, doc) in enumerate(record.actions, start=1):
        try:
            action = game.decode_action(doc)
        except BadInput as exc:
            raise ReplayError(f"step {step}: {exc}", step) from None
        if seat not in game.to_act(state):
            raise ReplayError(f"step {step}: seat {seat} is not to act "
                              f"(waiting for {sorted(game.to_act(state))})", step)
        try:
            game.apply(state, seat, action)
        except IllegalAction as exc:
            raise ReplayError(f"step {step}: seat {seat} {doc}: illegal: {exc}", step) from None
    if record.final_hash is not None:
        got = game.state_hash(state)
        if got != record.final_hash:
            raise ReplayError(f"final hash differs: record {record.final_hash[:12]}..., "
                              f"replay {got[:12]}...")
    return state
