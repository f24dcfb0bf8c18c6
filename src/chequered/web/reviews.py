"""Race review on the replay page (issue 18): the search bot rates each
decision of one seat of a finished race or an uploaded record
(chequered/analyse.py), and the page follows its progress.

A review is CPU work for seconds to minutes: each runs in a process of its
own, one at a time, with a short queue behind it (web/jobs.py). The process reports each decision rated through a pipe; the page
polls /api/reviews/{id}. The same review asked twice (same race, seat and
budget: an iteration budget gives the same answer every time) is run once.
Reviews live in memory: a restarted server starts afresh.

Who may ask: a race is reviewed only once it is over, when its record is
public anyway (a running race's would give away the seed, and with it every
card and die to come). An uploaded record is its uploader's whole race,
seed included. Either way the search itself sees only what the reviewed
seat saw (analyse() searches from `redeterminize` of that seat), and
nothing is added to the stored race or record.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..engine.protocol import BadInput
from .errors import ERRORS, WebError, bad, conflict, not_found
from .jobs import SPAWN, JobQueue

log = logging.getLogger("chequered.web.reviews")

DEFAULT_ITERATIONS = 200       # a decision, as `chequered analyse`
MAX_ITERATIONS = 2000          # a decision: more is for the command line
WAITING = 4                    # reviews queued behind the running one
KEPT = 50                      # finished reviews kept (the oldest go first)
MAX_SECONDS = 900.0            # of work for one review, then it is stopped

router = APIRouter(prefix="/api", responses=ERRORS)


class ReviewAsk(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {}, {"seat": 1, "iterations": 50}]})
    # counted from 0, as elsewhere in the API; default: the first human seat
    seat: StrictInt | None = Field(default=None, ge=0, le=63)
    iterations: StrictInt = Field(default=DEFAULT_ITERATIONS, ge=1, le=MAX_ITERATIONS)


@dataclass
class Job:
    id: str
    key: tuple
    record: dict | None              # the chequered-record/1 document, until reviewed
    seat: int
    iterations: int
    status: str = "queued"           # queued, running, done, failed
    done: int = 0                    # decisions rated so far
    total: int | None = None         # decisions to rate, once the race is replayed
    review: dict | None = None
    error: str = ""

    def doc(self) -> dict:
        return {"id": self.id, "status": self.status, "seat": self.seat,
                "iterations": self.iterations, "done": self.done, "total": self.total,
                "review": self.review, "error": self.error}


@dataclass
class Reviews:
    jobs: JobQueue = field(default_factory=lambda: JobQueue(_run, KEPT, "review"))
    by_key: dict[tuple, str] = field(default_factory=dict)

    def __post_init__(self):
        self.jobs.forget = self._forget

    def _forget(self, job: Job) -> None:
        if self.by_key.get(job.key) == job.id:
            self.by_key.pop(job.key, None)

    def shutdown(self) -> None:
        """Stop the running review (the server stops)."""
        self.jobs.shutdown()


def reviews_of(app) -> Reviews:
    found = getattr(app.state, "reviews", None)
    if found is None:
        found = app.state.reviews = Reviews()
    return found


# ---- in the child process ------------------------------------------------------------------
def _review(record: dict, seat: int, iterations: int, out) -> None:
    """Rate the decisions and send ("progress", done, total) after each, then
    ("done", review) or ("failed", a sentence for the page)."""
    try:
        from ..agents.search_kind import Budget
        from ..analyse import analyse
        from ..engine.records import Record
        doc = analyse(Record.from_doc(record), seat, Budget(iterations),
                      progress=lambda done, total: out.send(("progress", done, total)))
        out.send(("done", doc))
    except BadInput as exc:
        out.send(("failed", f"the review could not be made: {exc}"))
    except Exception:
        logging.getLogger("chequered.web.reviews").exception("review of seat %d", seat)
        out.send(("failed", "the review stopped on an internal error (the server log has "
                            "the details)"))
    finally:
        out.close()


# ---- one review ------------------------------------------------------------------------
async def _run(jobs: JobQueue, job: Job) -> None:
    """One review in its own process, its messages read as they come."""
    loop = asyncio.get_running_loop()
    inbox, outbox = SPAWN.Pipe(duplex=False)
    try:
        proc = jobs.spawn(_review, job.record, job.seat, job.iterations, outbox)
        outbox.close()               # the child's end: EOF on our side once the child ends
        deadline = loop.time() + MAX_SECONDS
        while job.status == "running":
            left = deadline - loop.time()
            if left <= 0:
                job.status = "failed"
                job.error = (f"the review took more than {MAX_SECONDS / 60:g} minutes and was "
                             "stopped; ask for fewer iterations")
                break
            msg = await asyncio.to_thread(_receive, inbox, min(left, 1.0))
            if msg == ():                                 # it ended without a word
                await asyncio.to_thread(proc.join, 5)
                job.status = "failed"
                job.error = f"the review stopped (exit status {proc.exitcode})"
            elif msg is not None:
                _note(job, msg)
        if proc.is_alive():
            proc.terminate()
        await asyncio.to_thread(proc.join)
    finally:
        inbox.close()
        job.record = None                              # the review is all that is kept


def _receive(inbox, timeout: float):
    """The child's next message (None if none came within `timeout`, () once
    the pipe is closed). Read in a thread: a whole review can be large."""
    try:
        return inbox.recv() if inbox.poll(timeout) else None
    except (EOFError, OSError):
        return ()


def _note(job: Job, msg: tuple) -> None:
    if msg[0] == "progress":
        job.done, job.total = msg[1], msg[2]
    elif msg[0] == "done":
        job.review, job.status = msg[1], "done"
        job.total = job.done = len(msg[1]["decisions"])
    else:
        job.status, job.error = "failed", msg[1]


# ---- what is reviewed ----------------------------------------------------------------------
async def _record_of(request: Request, source: str, ident: str) -> dict:
    """The record behind a replay link, if it may be reviewed."""
    from .replays import record_of_race
    hub = request.app.state.hub
    if source == "race":
        race = await hub.get(ident)
        if not race.over:
            raise conflict("a race can be reviewed once it is over")
        return record_of_race(race).to_doc()
    if source == "upload":
        row = await hub.db(hub.store.upload, ident)
        if row is None:
            raise not_found("uploaded record")
        return row.doc
    raise not_found("replay source")


def _seats_of(record: dict) -> list[str]:
    """The record's seat kinds; 409 if this server cannot review its game."""
    from ..engine import registry
    from .worker import WORKER
    name = record.get("game")
    try:
        game = registry.game(name)
        seats = list(game.config(**record["config"]).seats)
    except Exception:
        raise WebError(409, "this record cannot be reviewed with this version of "
                            "chequered") from None
    if not WORKER.builds(game):      # a game a fresh process does not know (a plug-in)
        raise conflict(f"races of {game.title} cannot be reviewed on this server")
    return seats


# ---- routes --------------------------------------------------------------------------------
@router.post("/replay/{source}/{ident}/review", status_code=202)
async def ask(request: Request, source: str, ident: str, body: ReviewAsk | None = None):
    """Start the review of a seat's decisions (or find the same one already
    made); follow it at the `url` answered."""
    from ..analyse import default_seat
    from .api import rate_limit
    rate_limit(request, "reviews")
    body = body or ReviewAsk()
    record = await _record_of(request, source, ident)
    seats = await asyncio.to_thread(_seats_of, record)
    seat = default_seat(seats) if body.seat is None else body.seat
    if seat >= len(seats):
        raise bad(f"seat must be between 0 and {len(seats) - 1} (this race has "
                  f"{len(seats)} seats)")
    reviews = reviews_of(request.app)
    key = (source, ident, seat, body.iterations)
    job = reviews.jobs.jobs.get(reviews.by_key.get(key, ""))
    if job is None or job.status == "failed":          # asked again, a failure runs again
        if reviews.jobs.count("queued") >= WAITING:
            raise WebError(429, f"one review runs at a time and {WAITING} may wait: the queue "
                                "is full; try again in a minute", {"Retry-After": "30"})
        job = Job(secrets.token_hex(8), key, record, seat, body.iterations)
        reviews.by_key[key] = job.id
        reviews.jobs.put(job)
    return {"id": job.id, "status": job.status, "seat": seat, "url": f"/api/reviews/{job.id}"}


@router.get("/reviews/{ident}")
async def follow(request: Request, ident: str):
    """A review's progress (`done` of `total` decisions rated), then the
    review itself (`review`, as `chequered analyse --json`) or `error`."""
    job = reviews_of(request.app).jobs.jobs.get(ident)
    if job is None:
        raise not_found("review")
    return job.doc()
