"""Stepping through a finished race or an uploaded record, forwards and
backwards, with the event log in step; and the checks an uploaded record
passes before it is kept.

A replayer keeps a snapshot of the state every SNAPSHOT_EVERY steps, so a
jump to any step re-applies at most that many actions. Replayers are cached
(least recently used first out) within CACHE_SIZE replayers and
CACHE_ACTIONS actions in all, so the memory they hold stays bounded.

An upload is a chequered-record/1 document (`UploadedRecord`, at most
MAX_ACTIONS actions). It must replay, every action legal and the final hash
equal, within REPLAY_SECONDS of work, else 413: a record that takes longer
is more than this server takes on for a visitor.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ..analyse import default_seat
from ..engine import registry
from ..engine.board import action_key
from ..engine.protocol import BadInput, Game, IllegalAction
from ..engine.records import FORMAT, Record
from ..engine.session import describe_cited, seat_name
from .errors import WebError, bad, too_large

SNAPSHOT_EVERY = 25
CACHE_SIZE = 16
CACHE_ACTIONS = 100_000        # actions held by all cached replayers together
MAX_ACTIONS = 20_000           # in one uploaded record
REPLAY_SECONDS = 10.0          # of work to check an uploaded record

log = logging.getLogger("chequered.web")

Seat = Annotated[StrictInt, Field(ge=0, le=63)]


class UploadedRecord(BaseModel):
    """A record file as a visitor uploads it: every field of the right type,
    the final hash required (a record cut short cannot pass for a whole one)."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["chequered-record/1"]
    game: StrictStr = Field(min_length=1, max_length=40)
    config: dict
    seed: StrictInt = Field(ge=0, lt=2**64)
    actions: list[tuple[Seat, dict]] = Field(max_length=MAX_ACTIONS)
    final_hash: StrictStr = Field(min_length=1, max_length=128)
    result: dict | None = None
    engine_version: StrictStr = Field(default="", max_length=40)
    content_version: StrictStr = Field(default="", max_length=200)

    @classmethod
    def parse(cls, doc) -> "UploadedRecord":
        if not isinstance(doc, dict):
            raise bad("a record must be a JSON object")
        if doc.get("format") != FORMAT:
            raise bad(f"not a {FORMAT} record (its format field must be {FORMAT})")
        try:
            return cls.model_validate(doc)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err.get("loc", ()))
            raise bad(f"record {where or 'file'}: {err.get('msg', 'invalid')}") from None

    def record(self) -> Record:
        return Record(game=self.game, config=self.config, seed=self.seed,
                      actions=[[seat, doc] for seat, doc in self.actions], result=self.result,
                      final_hash=self.final_hash, engine_version=self.engine_version,
                      content_version=self.content_version)

_cache: OrderedDict[str, "Replayer"] = OrderedDict()
_cache_lock = threading.Lock()


class Replayer:
    def __init__(self, game: Game, config_doc: dict, seed: int, docs: list,
                 deadline: float | None = None):
        """Replay `docs` ([seat, action] pairs). Each is checked (the seat is
        to act, the action legal): a record that does not replay is a 400
        naming its step; past `deadline` (time.monotonic()) a 413."""
        self.game = game
        try:
            config = game.config(**config_doc)
            state = game.new(config, seed)
        except BadInput as exc:
            raise bad(f"the record's config: {exc}") from None
        except Exception:
            log.exception("%s cannot start a replay from %s", game.name, config_doc)
            raise bad(f"the record's config is not valid for {game.name}") from None
        names = game.seat_names(state)
        self.snapshots = {0: game.clone(state)}
        self.log: list[dict] = []
        for step, (seat, doc) in enumerate(docs, start=1):
            if deadline is not None and time.monotonic() > deadline:
                raise too_large(f"the record takes more than {REPLAY_SECONDS:g} s to replay "
                                f"here (stopped at step {step} of {len(docs)})")
            # the seat's name when it chose, as the live log gives it
            who = names.get(seat) or f"player {seat + 1}"
            # a step nobody chose (a single public choice) folds into a run, as live
            forced = game.forced(state)
            action, events = _apply(game, state, step, seat, doc)
            names = game.seat_names(state) or names
            self.log.append({
                "ply": step - 1, "seat": seat, "who": who,
                "action": game.describe_action(action),
                "by": "forced" if forced is not None and forced[0] == seat
                and forced[1] == action else "",
                "events": [{"text": describe_cited(game, state, ev), "rule": ev.rule}
                           for ev in events],
            })
            if step % SNAPSHOT_EVERY == 0:
                self.snapshots[step] = game.clone(state)
        self.docs = docs
        self.total = len(docs)
        self.final = state
        # who sat where, for the review's choice of seat (names as the race
        # ended: Race Pace's drivers are chosen in it)
        self.seats = [{"seat": i, "name": names.get(i) or f"player {i + 1}", "kind": kind}
                      for i, kind in enumerate(config.seats)]
        self.review_seat = default_seat(list(config.seats))

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
                "log": self.log[:step], "seats": self.seats, "review_seat": self.review_seat,
                "result": game.result(state).to_doc() if game.is_over(state) else None}


def _apply(game: Game, state, step: int, seat, doc):
    """One step of a replay, every failure a 400 naming the step and the
    seats as players know them (engine/session.seat_name)."""
    def who(s) -> str:
        return seat_name(game, state, s) if isinstance(s, int) else str(s)
    try:
        action = game.decode_action(doc)
    except BadInput as exc:
        raise bad(f"the record does not replay: step {step}: {exc}") from None
    except Exception:
        raise bad(f"the record does not replay: step {step}: not an action of "
                  f"{game.name}") from None
    if seat not in game.to_act(state):
        waiting = ", ".join(who(s) for s in sorted(game.to_act(state))) or "nobody"
        raise bad(f"the record does not replay: step {step}: {who(seat)} is not to act "
                  f"(waiting for {waiting})")
    try:
        return action, game.apply(state, seat, action)
    except (IllegalAction, BadInput) as exc:
        raise bad(f"the record does not replay: step {step}: {who(seat)} "
                  f"{_short(doc)}: illegal: {exc}") from None
    except Exception:
        log.exception("replay step %d of %s", step, game.name)
        raise bad(f"the record does not replay: step {step}: {who(seat)} "
                  f"{_short(doc)} cannot be applied") from None


def _short(doc) -> str:
    key = action_key(doc)
    return key if len(key) <= 80 else key[:77] + "..."


def _cached(key: str, make) -> Replayer:
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    rp = make()
    _remember(key, rp)
    return rp


def _remember(key: str, rp: Replayer) -> None:
    """Keep `rp`, dropping the least recently used replayers while there are
    over CACHE_SIZE or over CACHE_ACTIONS actions in all (the newest stays)."""
    with _cache_lock:
        _cache[key] = rp
        _cache.move_to_end(key)
        while len(_cache) > 1 and (len(_cache) > CACHE_SIZE or
                                   sum(r.total for r in _cache.values()) > CACHE_ACTIONS):
            _cache.popitem(last=False)


def record_of_race(race) -> Record:
    """The record of a live race as it stands (its seed included: give it
    out only once the race is over, or to whoever chose the seed)."""
    return Record(game=race.game.name, config=race.config.model_dump(mode="json"),
                  seed=race.seed, actions=[[e.seat, e.doc] for e in race.entries],
                  result=race.game.result(race.state).to_doc() if race.over else None,
                  final_hash=race.state_hash(),
                  content_version=getattr(race.game, "content_version", lambda: "")())


def replayer_for_race(race) -> Replayer:
    return _cached(f"race:{race.race_id}:{race.version}", lambda: Replayer(
        race.game, race.config.model_dump(mode="json"), race.seed,
        [[e.seat, e.doc] for e in race.entries]))


def replayer_for_upload(upload_id: str, doc: dict) -> Replayer:
    def make():
        try:
            rec = Record.from_doc(doc)
            return Replayer(registry.game(rec.game), rec.config, rec.seed, rec.actions)
        except WebError:
            raise
        except Exception as exc:          # stored by an older version of chequered
            log.warning("upload %s no longer replays: %s", upload_id, exc)
            raise WebError(422, "this record does not replay with this version of "
                                "chequered") from None
    return _cached(f"upload:{upload_id}", make)


def check_upload(game: Game, rec: UploadedRecord) -> Replayer:
    """Replay an uploaded record within REPLAY_SECONDS; its final hash must
    be the record's. The replayer is returned for the cache."""
    rp = Replayer(game, rec.config, rec.seed, [[s, d] for s, d in rec.actions],
                  deadline=time.monotonic() + REPLAY_SECONDS)
    got = game.state_hash(rp.final)
    if got != rec.final_hash:
        raise bad(f"the record does not replay: final hash differs: record "
                  f"{rec.final_hash[:12]}..., replay {got[:12]}...")
    return rp


def remember_upload(upload_id: str, rp: Replayer) -> None:
    _remember(f"upload:{upload_id}", rp)
