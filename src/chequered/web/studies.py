"""The Studies page: start a study on the server from a form and watch its
report fill in as races finish (issue 17).

A study runs in a process of its own, one at a time, with a short queue
behind it (web/jobs.py): its races never share the event loop or the
threads that serve live races. It writes its parts to a folder (sim/store.py), which the page's
progress reads. Reports are built in a separate worker process as well
(pyarrow, scipy and matplotlib are CPU work), at most once for each number
of races on disk. Studies live in memory and in a temporary folder
(CHEQUERED_STUDIES_DIR to choose it): a restarted server starts afresh.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from ..engine.protocol import BadInput
from .errors import ERRORS, WebError, bad, not_found
from .jobs import SPAWN, JobQueue
from .pages import PAGE_ERRORS

log = logging.getLogger("chequered.web.studies")

MAX_RACES = 2000              # races a variant
MAX_TOTAL = 6000              # races a study (every variant)
WAITING = 3                   # studies queued behind the running one
KEPT = 20                     # finished studies kept (the oldest go first)
SERVER_ONLY = {"content"}     # config fields naming the server's disk (web/api.py)

router = APIRouter()


class StudyForm(BaseModel):
    game: str = Field(max_length=40)
    races: int = Field(ge=1, le=MAX_RACES)
    seats: str = Field(max_length=200)
    track: str | None = Field(default=None, max_length=60)
    vary: str | None = Field(default=None, max_length=300)    # KEY=a,b,c


@dataclass
class Run:
    id: str
    study: object                         # sim.plan.Study
    folder: Path
    status: str = "queued"                # queued, running, done, failed
    error: str = ""
    report: tuple[int, str] | None = None  # (races it was built from, HTML)
    building: asyncio.Future | None = None
    label: str = ""


@dataclass
class Studies:
    root: Path
    runs: JobQueue = field(default_factory=lambda: JobQueue(_run, KEPT, "study"))
    reports: ProcessPoolExecutor | None = None

    def active(self) -> int:
        return self.runs.count("queued", "running")

    def shutdown(self) -> None:
        """Stop the running study and the report worker (the server stops)."""
        self.runs.shutdown()
        if self.reports is not None:
            self.reports.shutdown(wait=False, cancel_futures=True)


def studies_of(app) -> Studies:
    found = getattr(app.state, "studies", None)
    if found is None:
        root = os.environ.get("CHEQUERED_STUDIES_DIR") or tempfile.mkdtemp(
            prefix="chequered-studies-")
        found = app.state.studies = Studies(Path(root))
    return found


# ---- in the child processes ----------------------------------------------------------------
def _play(config: dict, name: str, folder: str) -> None:
    from ..sim.plan import Study
    from ..sim.run import run_study
    try:
        run_study(Study.from_config_doc(config, name=name), folder, progress=False)
    except Exception as exc:                       # told to the page, not as a traceback
        Path(folder, "error.txt").write_text(f"{type(exc).__name__}: {exc}"
                                             if not isinstance(exc, BadInput) else str(exc))
        raise SystemExit(1) from None


def _report_html(folder: str) -> tuple[int, str]:
    from ..sim.page import render_body
    from ..sim.report import build
    report = build(folder)
    return report["races"], render_body(report)


# ---- one study ---------------------------------------------------------------------------
async def _run(runs: JobQueue, run: Run) -> None:
    """Play a study in its own process, to its end."""
    process = runs.spawn(_play, run.study.config_doc(), run.study.name, str(run.folder))
    await asyncio.to_thread(process.join)
    if process.exitcode == 0:
        run.status = "done"
    else:
        run.status = "failed"
        err = run.folder / "error.txt"
        run.error = err.read_text() if err.exists() else \
            f"the study stopped (exit status {process.exitcode})"


def races_on_disk(run: Run) -> int:
    from ..sim.store import StudyDir
    study = run.study
    return sum(min(study.races, start + study.chunk) - start
               for _, start in StudyDir(run.folder).done())


def _check(form: StudyForm):
    """The study the form asks for, or one clear 400."""
    from ..sim.plan import from_options
    from .api import game_or_400
    game = game_or_400(form.game)
    vary = [form.vary.strip()] if form.vary and form.vary.strip() else None
    if vary and vary[0].partition("=")[0].strip() in SERVER_ONLY:
        raise bad("that setting is the server's choice")
    try:
        study = from_options(game.name, form.races, form.seats, track=form.track or None,
                             vary=vary, name="web")
        if len(study.variants()) > 8:
            raise BadInput("at most 8 variants a study")
        if study.total() > MAX_TOTAL:
            raise BadInput(f"at most {MAX_TOTAL} races a study (races times variants)")
        study.check()
    except BadInput as exc:
        raise bad(str(exc)) from None
    except (ValueError, TypeError) as exc:       # a config the game refuses
        raise bad(str(exc).splitlines()[0][:300]) from None
    return study


# ---- routes ------------------------------------------------------------------------------------
@router.get("/studies", response_class=HTMLResponse)
async def page(request: Request):
    from ..engine import registry
    from .app import templates
    games = {g: registry.game(g) for g in registry.game_names()}
    return templates.TemplateResponse(request, "studies.html", {
        "games": [{"name": n, "title": g.title, "kinds": [k for k in g.seat_kinds()
                                                            if k != "human"],
                   "notes": g.notes(), "tracks": g.tracks(), "seats": g.spec.bench_seats}
                  for n, g in games.items()],
        "max_races": MAX_RACES})


@router.post("/api/studies", status_code=201, responses=ERRORS)
async def start(request: Request, form: StudyForm):
    from .api import rate_limit
    rate_limit(request, "races")
    studies = studies_of(request.app)
    if studies.active() > WAITING:
        raise WebError(429, f"one study runs at a time and {WAITING} may wait: the queue is "
                            "full; try again when one has finished", {"Retry-After": "30"})
    study = await asyncio.to_thread(_check, form)
    ident = secrets.token_hex(6)
    run = Run(ident, study, studies.root / ident,
              label=f"{form.game}, {form.races} races, seats {','.join(study.seats)}"
                    + (f", {form.vary}" if form.vary else ""))
    studies.runs.put(run)
    return {"id": ident, "status": run.status, "total": study.total()}


def _run_or_404(request: Request, ident: str) -> Run:
    run = studies_of(request.app).runs.jobs.get(ident)
    if run is None:
        raise not_found("study")
    return run


@router.get("/api/studies/{ident}", responses=ERRORS)
async def status(request: Request, ident: str):
    run = _run_or_404(request, ident)
    done = await asyncio.to_thread(races_on_disk, run) if run.folder.exists() else 0
    return {"id": run.id, "label": run.label, "status": run.status, "races": done,
            "total": run.study.total(), "error": run.error}


@router.get("/api/studies/{ident}/report", response_class=HTMLResponse, responses=PAGE_ERRORS)
async def report(request: Request, ident: str):
    """The report of the races on disk now, as HTML to put in the page."""
    run = _run_or_404(request, ident)
    studies = studies_of(request.app)
    done = await asyncio.to_thread(races_on_disk, run) if run.folder.exists() else 0
    if done == 0:
        raise WebError(409, "no race of this study has finished yet")
    if run.report is None or run.report[0] < done:
        if run.building is None or run.building.done():
            if studies.reports is None:
                studies.reports = ProcessPoolExecutor(1, mp_context=SPAWN)
            run.building = asyncio.wrap_future(
                studies.reports.submit(_report_html, str(run.folder)))
        try:
            run.report = await asyncio.shield(run.building)
        except Exception as exc:
            log.exception("report of study %s", ident)
            raise WebError(500, f"the report could not be built: {exc}") from None
    return HTMLResponse(run.report[1])
