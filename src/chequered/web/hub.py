"""The hub: every live race in memory, its lock, its subscribers, its bots
and its timers. Each change is stored (committed) before anyone hears of it.

One asyncio lock per race orders its changes. The state is never mutated in
place: a step is applied to a clone, the clone becomes the race's state only
after the database commit, so a failed commit leaves the race as it was and
readers outside the lock always see a consistent state.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import logging
import secrets
import time

from sqlalchemy.exc import OperationalError

from ..engine import registry
from ..engine.protocol import BadInput, Game, Overrun, Seat
from ..store.db import Conflict, Store
from .errors import WebError, bad, conflict, forbidden, not_found, unavailable
from .live import Entry, LiveRace
from .built import KEPT_FIELDS, Built, board_of, build_messages  # noqa: F401 (re-exported)
from .messages import state_message
from .subscriber import QUEUE_LIMIT, Subscriber  # noqa: F401 (re-exported)
from .turns import BOT_BATCH_SECONDS, bot_batch  # noqa: F401 (re-exported)
from .turns import bot_steps, person_step, searching, timeout_agent
from .worker import WORKER, Worker
from .writer import GroupWriter

log = logging.getLogger("chequered.web")

# Changes within this many seconds reach clients as one message: a person's
# move and the bots' answer are drawn once, not twice (acks are not delayed).
BROADCAST_DELAY = 0.02
BOT_WAIT_MAX = 0.25          # longest a broadcast waits for bots that are still acting
SEARCH_THREADS = 2           # search seats deciding at once, across all races
DB_RETRY_FIRST = 0.5         # seconds before bots or a timer retry a move the database
DB_RETRY_MAX = 30.0          # could not take (503), doubling up to this


class Hub:
    def __init__(self, store: Store, worker: Worker | None = WORKER):
        self.store = store
        self.worker = worker        # builds the messages in another process (None: here)
        self.races: dict[str, LiveRace] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.subs: dict[str, set[Subscriber]] = {}
        self.deadlines: dict[str, dict[Seat, float]] = {}
        self.drivers: dict[str, asyncio.Task] = {}
        self.timers: dict[str, asyncio.Task] = {}
        self.broken: dict[str, str] = {}
        # The database gets threads of its own: a commit must never queue
        # behind board renderings or bot turns in the default pool. Messages
        # are built in one thread: more would only take turns at the GIL
        # with the event loop, which acknowledges the moves.
        self.db_pool = ThreadPoolExecutor(4, thread_name_prefix="chequered-db")
        # Every write goes through one thread, in turn: SQLite lets one writer
        # in at a time and a second one waits in its busy handler, which the
        # group commits, back to back under load, can starve for seconds (a
        # person's first move, acknowledged after its seat is marked joined,
        # waited more than 10 s in the load benchmark).
        self.write_pool = ThreadPoolExecutor(1, thread_name_prefix="chequered-write")
        self.render_pool = ThreadPoolExecutor(1, thread_name_prefix="chequered-render")
        # People's actions and the bots' batches are worked out (and hashed)
        # off the event loop, each kind in ONE thread: more threads would
        # only be more takers of the GIL, which the loop needs to acknowledge
        # moves, and a person's action never queues behind bot batches.
        self.act_pool = ThreadPoolExecutor(1, thread_name_prefix="chequered-act")
        self.bot_pool = ThreadPoolExecutor(1, thread_name_prefix="chequered-bots")
        # Search seats (`mcts`, seconds a decision) in threads of their own: on
        # the bots' thread one search held up every race's bots (a race of six
        # club bots that ends in under 3 s alone made no move in the 3 s an
        # `mcts:3s` seat of another race thought).
        self.search_pool = ThreadPoolExecutor(SEARCH_THREADS, thread_name_prefix="chequered-search")
        self.writer = GroupWriter(store, self.write_pool)
        self.flush_pending: set[str] = set()
        self.flush_dirty: set[str] = set()
        self.flush_all: set[str] = set()     # races changed since their last flush

    async def db(self, fn, *args, write: bool = False):
        """Run a store call in the database threads (`write`: in the one
        that writes). A locked, read-only or full database is a 503 for the
        client (its transaction changed nothing), never a crash."""
        pool = self.write_pool if write else self.db_pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except OperationalError as exc:
            log.warning("database trouble in %s: %s", getattr(fn, "__name__", fn), exc.orig)
            raise unavailable() from None

    def lock(self, race_id: str) -> asyncio.Lock:
        if race_id not in self.locks:
            self.locks[race_id] = asyncio.Lock()
        return self.locks[race_id]

    # ---- loading ---------------------------------------------------------------------
    async def get(self, race_id: str) -> LiveRace:
        race = self.races.get(race_id)
        if race is not None:
            return race
        if race_id in self.broken:
            raise WebError(500, self.broken[race_id])
        async with self.lock(race_id):
            if race_id not in self.races:
                loaded = await self.db(self.store.load, race_id)
                if loaded is None:
                    raise not_found("race")
                try:
                    self.races[race_id] = await asyncio.to_thread(rebuild, *loaded)
                except WebError as exc:
                    self.broken[race_id] = exc.message
                    log.error("%s", exc.message)
                    raise
        race = self.races[race_id]
        self.after_change(race)
        return race

    async def resume_all(self) -> None:
        """At start: rebuild every unfinished race so its bots and timers run on."""
        for race_id in await self.db(self.store.unfinished):
            try:
                await self.get(race_id)
            except WebError:
                pass        # recorded in self.broken; its page shows the message

    async def seat_of(self, token: str) -> tuple[LiveRace, Seat]:
        found = await self.db(self.store.seat_of_token, token) if _plausible(token) else None
        if found is None:
            raise forbidden("unknown seat link")
        race = await self.get(found[0])
        return race, found[1]

    async def race_of_host(self, token: str) -> LiveRace:
        race_id = await self.db(self.store.race_of_host, token) if _plausible(token) else None
        if race_id is None:
            raise forbidden("unknown host link")
        return await self.get(race_id)

    # ---- creating --------------------------------------------------------------------
    async def create(self, game: Game, config_doc: dict, seed: int | None,
                     move_timer: int | None = None, season_name: str | None = None,
                     docs: list | None = None) -> dict:
        """A new race. The seed decides every hidden card and die, so it is
        never sent while the race runs, unless the client chose it: that is
        allowed only in a solo race (one person, bots in the other seats),
        where it gives away nothing to anyone else."""
        config = checked_config(game, config_doc)
        known = game.seat_kinds()
        for kind in config.seats:
            if kind not in known:
                raise bad(f"unknown seat kind {_quoted(kind)} for {game.name}; choose from "
                          f"{', '.join(known)}")
        chosen = seed is not None
        if chosen and list(config.seats).count("human") != 1:
            raise bad("a seed can only be chosen for a solo race (one human seat, bots in "
                      "all the others): with it, anyone could work out every hidden card")
        seed = new_seed() if seed is None else seed
        race_id = secrets.token_urlsafe(9)
        try:
            # `docs`: a saved race's actions (web/resume.py), played on again
            race = LiveRace.build(game, race_id, config.model_dump(mode="json"), seed,
                                  list(config.seats), docs or [], move_timer=move_timer,
                                  season_name=season_name, seed_chosen=chosen)
        except BadInput as exc:
            raise bad(str(exc)) from None
        except WebError:
            raise
        except Exception:
            log.exception("%s cannot start a race with %s", game.name, config_doc)
            raise bad(f"{game.name} cannot start a race with these settings") from None
        host = secrets.token_urlsafe(18)
        tokens = [secrets.token_urlsafe(18) for _ in config.seats]
        await self.db(self.store.create_race, {
            "id": race_id, "game": game.name, "config": race.config.model_dump(mode="json"),
            "seed": seed, "host_token": host, "status": "running", "n_actions": 0,
            "state_hash": race.state_hash(), "move_timer": move_timer,
            "season_name": season_name, "seed_chosen": chosen,
        }, [{"seat": i, "token": t, "kind": k, "controller": k}
            for i, (t, k) in enumerate(zip(tokens, config.seats))], write=True)
        if docs:
            await self.db(self.store.append_actions, race_id, 0, docs, race.state_hash(),
                          race.over, None, None, write=True)
        self.races[race_id] = race
        self.after_change(race)
        made = {"race": race_id, "host": host,
                "seats": [{"seat": i, "kind": k, "token": t}
                          for i, (t, k) in enumerate(zip(tokens, config.seats))]}
        if chosen:
            made["seed"] = seed           # the client's own choice: no secret
        return made

    # ---- acting ------------------------------------------------------------------------
    async def act(self, race: LiveRace, seat: Seat, doc, version: int,
                  by: str = "human") -> int:
        """Apply a person's action made on the race at `version` (required:
        without it, the same action sent twice would be applied twice)."""
        if not valid_version(version):
            raise bad("version must be an integer of at least 0 (the version of the state "
                      "the action was chosen on)")
        async with self.lock(race.race_id):
            if race.controllers[seat] != "human" and by == "human":
                raise conflict(f"a bot ({race.controllers[seat]}) plays this seat now; "
                               "take the seat back first")
            if version != race.version and (
                    version > race.version
                    or any(e.seat == seat for e in race.entries[version:])):
                # Others acting meanwhile (bots, or seats deciding at the same
                # time as this one) leaves this seat's decision as it was; the
                # engine still checks the action against the race as it is now.
                raise conflict(f"the race moved on (now at {race.version}, you sent {version})")
            tried = await self.off_loop(self.act_pool, person_step, race, seat, doc, by)
            # Acting is joining: stored in the same transaction as the action,
            # not in one of its own that the acknowledgement would wait for.
            joining = seat if seat not in race.joined else None
            await self.commit(race, tried.state, tried.entries, tried.digest, joining)
            if joining is not None:
                race.joined.add(seat)
            done = race.version
        self.after_change(race)
        return done

    @staticmethod
    async def off_loop(pool, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    async def commit(self, race: LiveRace, state, entries: list[Entry],
                     digest: str | None = None, joining: Seat | None = None) -> None:
        """Store the steps, then make them the race's: nothing is shown or
        acknowledged before the database has them. `digest`: the state's
        hash, if worked out already (off the loop: turns.Tried); `joining`:
        a seat whose person joins with these steps (Store.mark_joined)."""
        game = race.game
        over = game.is_over(state)
        result = game.result(state).to_doc() if over else None
        standings = _standings(race, state) if over and race.season_name else None
        try:
            await self.writer.append(race.race_id, race.version,
                                     [(e.seat, e.doc, e.by) for e in entries],
                                     digest or game.state_hash(state), over, result,
                                     standings, joining)
        except Conflict as exc:
            raise conflict(str(exc)) from None
        except OperationalError as exc:      # locked or read-only: nothing was stored
            log.warning("database trouble storing race %s: %s", race.race_id, exc.orig)
            raise unavailable() from None
        race.state = state
        race.entries.extend(entries)
        # A seat that has acted is done with that decision: its next one gets
        # a fresh deadline.
        waiting = self.deadlines.get(race.race_id, {})
        for e in entries:
            waiting.pop(e.seat, None)

    async def undo(self, race: LiveRace, seat: Seat) -> int:
        async with self.lock(race.race_id):
            ply, reason = race.undo_point(seat)
            if ply is None:
                raise conflict(f"cannot undo: {reason}")
            state, entries = await asyncio.to_thread(race.rebuild_to, ply)
            try:
                await self.db(self.store.truncate, race.race_id, ply, race.version,
                              race.game.state_hash(state), write=True)
            except Conflict as exc:
                raise conflict(str(exc)) from None
            race.state, race.entries = state, entries
            self.deadlines.pop(race.race_id, None)
            done = race.version
        self.after_change(race)
        await self.joined(race, seat)
        return done

    async def hand_over(self, race: LiveRace, seat: Seat, controller: str) -> None:
        """Give a seat to a bot kind, or back to its person ("human")."""
        if controller not in race.game.seat_kinds():
            raise bad(f"unknown seat kind {_quoted(controller)}; choose from "
                      f"{', '.join(race.game.seat_kinds())}")
        if not 0 <= seat < len(race.controllers):
            raise not_found("seat")
        if controller == "human" and race.seed_chosen and race.kinds[seat] != "human":
            # A chosen seed stays a solo race's: nobody else may play in it.
            raise conflict("this race's seed was chosen by its player, so only its own human "
                           "seat can be played by a person")
        async with self.lock(race.race_id):
            await self.db(self.store.set_controller, race.race_id, seat, controller, write=True)
            race.controllers[seat] = controller
        self.after_change(race)

    async def joined(self, race: LiveRace, seat: Seat) -> None:
        """Record that a seat's person has come (on an explicit action: a
        socket's join, an action or a change of controller; never on a read).
        Only shown in lists, so a database that cannot take it just now does
        not fail the action that has been stored already."""
        if seat in race.joined:
            return
        try:
            await self.db(self.store.mark_joined, race.race_id, seat, write=True)
        except WebError:
            return
        race.joined.add(seat)

    # ---- after every change: show it, run bots, set timers ------------------------------
    def after_change(self, race: LiveRace) -> None:
        self.set_deadlines(race)
        self.broadcast(race)
        rid = race.race_id
        if race.bot_seat() is not None and (rid not in self.drivers or self.drivers[rid].done()):
            self.drivers[rid] = asyncio.get_running_loop().create_task(self.drive(race))

    async def drive(self, race: LiveRace) -> None:
        """Let bots act until a person must decide or the race ends. While
        the database cannot take their moves (503), they wait and retry."""
        pause = DB_RETRY_FIRST
        try:
            while True:
                async with self.lock(race.race_id):
                    seat = race.bot_seat()
                    if seat is None:
                        return
                    if searching(race, seat):
                        tried = await self.off_loop(self.search_pool, bot_steps, race, True)
                    else:
                        tried = await self.off_loop(self.bot_pool, bot_steps, race)
                    state = tried.state
                    try:
                        await self.commit(race, state, tried.entries, tried.digest)
                        pause = DB_RETRY_FIRST
                    except WebError as exc:
                        if exc.status != 503:
                            raise
                        state = None
                if state is None:             # nothing stored: the same moves again later
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, DB_RETRY_MAX)
                    continue
                self.set_deadlines(race)
                self.broadcast(race)
                await asyncio.sleep(0)
        except Exception:      # a bot's bug must not take the server down
            log.exception("bots stopped in race %s", race.race_id)

    def set_deadlines(self, race: LiveRace) -> None:
        """A person to act with a time limit (the game's own sand timer, or
        the race's move timer) gets a deadline; it is kept while they think."""
        rid = race.race_id
        old = self.deadlines.get(rid, {})
        new: dict[Seat, float] = {}
        for seat in race.game.to_act(race.state):
            if race.controllers[seat] != "human":
                continue
            limit = race.game.time_limit(race.state, seat) or race.move_timer
            if limit:
                new[seat] = old.get(seat) or time.time() + float(limit)
        self.deadlines[rid] = new
        task = self.timers.pop(rid, None)
        if task is not None:
            task.cancel()
        if new:
            self.timers[rid] = asyncio.get_running_loop().create_task(self.expire(race))

    async def expire(self, race: LiveRace) -> None:
        rid = race.race_id
        pause = DB_RETRY_FIRST
        while self.deadlines.get(rid):
            seat, when = min(self.deadlines[rid].items(), key=lambda kv: kv[1])
            await asyncio.sleep(max(0.0, when - time.time()))
            async with self.lock(rid):
                if self.deadlines.get(rid, {}).get(seat) != when:
                    continue
                game, state = race.game, race.state
                limit = game.time_limit(state, seat)
                overrun = bool(limit and game.overruns)
                if overrun:       # an offence, and the player still decides (FGP 15.12)
                    action = Overrun()
                else:
                    action = game.timeout_action(state, seat)
                    if action is None or action not in race.legal(seat):
                        action = timeout_agent(race, seat).choose(game, state, seat)
                state, entry = race.trial(seat, action, "timeout")
                entries = entry.all()
                try:
                    await self.commit(race, state, entries)
                except WebError as exc:
                    if exc.status != 503:
                        log.exception("timeout in race %s", rid)
                        return
                    state = None
            if state is None:                 # the database is busy: try again soon
                await asyncio.sleep(pause)
                pause = min(pause * 2, DB_RETRY_MAX)
                continue
            if overrun and seat in race.game.to_act(race.state):
                # a new deadline from now, which set_deadlines keeps
                self.deadlines.setdefault(rid, {})[seat] = time.time() + float(limit)
            # The timer task is replaced by after_change; this one ends here.
            self.after_change(race)
            return

    # ---- subscribers --------------------------------------------------------------------
    def subscribe(self, race: LiveRace, viewer: Seat | None, fine: bool = False,
                  text: bool = True) -> Subscriber:
        """A new socket: its first state is built with the others' (flush),
        in the render thread, never on the event loop."""
        sub = Subscriber(race.race_id, viewer, fine, text)
        self.subs.setdefault(race.race_id, set()).add(sub)
        self.schedule_flush(race)
        return sub

    def set_fine(self, race: LiveRace, sub: Subscriber, on: bool) -> None:
        """Moves space by space (on) or as whole routes, for this socket:
        it gets its state again, drawn that way. The log is not sent again
        (an empty part from where the socket is): a broadcast being built
        brings what is new, once."""
        sub.fine = bool(on)
        self.send_again(race, sub)

    def set_text(self, race: LiveRace, sub: Subscriber, on: bool) -> None:
        """Whether this socket's states carry the race as text: the page
        asks for it while its text panel is open."""
        sub.text = bool(on)
        self.send_again(race, sub)

    def send_again(self, race: LiveRace, sub: Subscriber) -> None:
        msg = dict(self.message(race, sub.viewer, {}, sub.fine, sub.text))
        msg["log_from"] = sub.sent_log
        msg["log"] = []
        sub.push_state(Built.of(msg), board_of(msg))

    def unsubscribe(self, sub: Subscriber) -> None:
        subs = self.subs.get(sub.race_id, set())
        subs.discard(sub)
        race = self.races.get(sub.race_id)
        if not subs and race is not None and race.over:
            # Nothing more will happen to it: free the memory; it is rebuilt
            # from the database if anyone asks again.
            self.races.pop(sub.race_id, None)
            self.subs.pop(sub.race_id, None)
            if self.worker is not None:
                self.worker.forget(sub.race_id)

    def broadcast(self, race: LiveRace) -> None:
        """Send every subscriber its view, soon: changes that follow within
        BROADCAST_DELAY are folded into the same message."""
        if self.subs.get(race.race_id):
            self.flush_all.add(race.race_id)
            self.schedule_flush(race)

    def schedule_flush(self, race: LiveRace) -> None:
        rid = race.race_id
        if rid in self.flush_pending:
            self.flush_dirty.add(rid)         # the running flush goes round once more
            return
        self.flush_pending.add(rid)
        asyncio.get_running_loop().create_task(self.flush(race))

    async def flush(self, race: LiveRace) -> None:
        """Build the messages in a worker thread from a snapshot of the race
        (rendering a big board takes milliseconds, and acks of other races
        go out meanwhile), then queue them: for every socket if the race
        changed, else for the new ones. One flush per race at a time, so
        every client gets its states in order."""
        rid = race.race_id
        try:
            while True:
                await asyncio.sleep(BROADCAST_DELAY)
                # Bots about to answer: wait for them (a little), so people see
                # one new board per move, not one per bot batch.
                waited = BROADCAST_DELAY
                while race.bot_seat() is not None and waited < BOT_WAIT_MAX:
                    await asyncio.sleep(0.01)
                    waited += 0.01
                self.flush_dirty.discard(rid)
                everyone = rid in self.flush_all
                self.flush_all.discard(rid)
                subs = [sub for sub in self.subs.get(rid, ()) if everyone or not sub.greeted]
                if subs:
                    snap = race.snapshot()
                    # each socket's message, fixed now: a socket may switch to
                    # moves space by space while the messages are being built
                    keys = {sub: (sub.viewer, sub.fine, sub.text,
                                  sub.sent_log if sub.sent_log <= snap.version else 0)
                            for sub in subs}
                    wanted = set(keys.values())
                    deadlines = {v: self.deadline_of(race, v) for v, _, _, _ in wanted}
                    if self.worker is not None and self.worker.builds(race.game):
                        built = await self.worker.build(snap, wanted, deadlines)
                    else:
                        built = await asyncio.get_running_loop().run_in_executor(
                            self.render_pool, build_messages, snap, wanted, deadlines)
                    for sub, key in keys.items():
                        sub.sent_log = snap.version
                        sub.greeted = True
                        sub.push_state(*built[key])
                if rid not in self.flush_dirty:
                    return
        except Exception:
            log.exception("broadcast failed in race %s", rid)
        finally:
            self.flush_pending.discard(rid)

    def deadline_of(self, race: LiveRace, viewer: Seat | None) -> float | None:
        return self.deadlines.get(race.race_id, {}).get(viewer) if viewer is not None else None

    def message(self, race: LiveRace, viewer: Seat | None, cache: dict,
                fine: bool = False, text: bool | None = None) -> dict:
        """A state message: for HTTP (text None: the whole SVG and the
        text), or for a socket (its board as a layer over a static board,
        messages.board_fields; the text if `text`)."""
        if (viewer, fine, text) not in cache:
            cache[viewer, fine, text] = state_message(
                race, viewer, self.deadline_of(race, viewer), fine, layered=text is not None,
                text=text is not False)
        return cache[viewer, fine, text]



def rebuild(row, seats, actions) -> LiveRace:
    """A stored race back in memory, its hash checked against the stored one."""
    game = registry.game(row.game)
    race = LiveRace.build(game, row.id, row.config, row.seed, [s.controller for s in seats],
                          [(a.seat, a.action, a.by) for a in actions],
                          move_timer=row.move_timer, season_name=row.season_name,
                          seed_chosen=bool(getattr(row, "seed_chosen", False)))
    race.joined = {s.seat for s in seats if s.joined_at is not None}
    got = race.state_hash()
    if got != row.state_hash:
        raise WebError(500, f"race {row.id} rebuilt to hash {got[:12]}, stored "
                            f"{row.state_hash[:12]}: not resumed")
    return race


def new_seed() -> int:
    """A race's secret seed: 62 bits, as a seed small enough to guess would
    give away every hidden card."""
    return secrets.randbelow(2**62)


def valid_version(version) -> bool:
    return isinstance(version, int) and not isinstance(version, bool) and version >= 0


def checked_config(game: Game, doc: dict):
    """The game's config from a client's settings; any failure is a 400
    (a game's validator may raise more than the ValueError pydantic
    expects, e.g. a season with no circuit)."""
    track = doc.get("track")
    if isinstance(track, str) and "," in track and not any(t.strip() for t in track.split(",")):
        raise bad("the track names no circuit: give one or more circuit names, "
                  "separated by commas")
    try:
        return game.config(**doc)
    except BadInput as exc:
        raise bad(str(exc)) from None
    except Exception:
        log.exception("%s config refused %s", game.name, doc)
        raise bad(f"these settings are not valid for {game.name}") from None


def _standings(race: LiveRace, state) -> list[dict]:
    result = race.game.result(state)
    # a result whose extra names each seat's team ("team_of": {"0": "Team"}) stores it
    team_of = result.extra.get("team_of") if isinstance(result.extra.get("team_of"), dict) else {}
    return [{"seat": seat, "position": pos, "name": result.names.get(seat) or f"seat {seat}",
             "points": int(result.points.get(seat, 0)), "team": team_of.get(str(seat)),
             "human": race.controllers[seat] == "human"}
            for pos, seat in enumerate(result.classification, start=1)]


def _quoted(text: str) -> str:
    return f'"{text}"' if text.isidentifier() and len(text) <= 40 else "(not a name)"


def _plausible(token: str) -> bool:
    """Tokens are url-safe base64 of a fixed length; anything else is not
    worth a database query."""
    return 16 <= len(token) <= 64 and all(c.isalnum() or c in "-_" for c in token)
