"""The FastAPI application: lifespan (database, migrations, resuming races),
limits on request sizes, nesting and rates, JSON errors, and the routers."""
from __future__ import annotations

import asyncio
import logging
import os
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine import registry
from ..store import Store, default_url
from . import gc_policy
from .errors import WebError, unavailable
from .guard import BodyGuard, RateLimiter
from .hub import Hub
from .worker import WORKER

HERE = Path(__file__).parent
MAX_BODY = 1_000_000           # bytes in one HTTP request (a record upload is the largest)
MAX_MESSAGE = 64_000           # bytes in one WebSocket message from a client
# Requests a minute from one client host (token buckets: a burst of that many,
# then one every 60/n seconds); 429 with Retry-After beyond.
RATE_LIMITS = {"races": 30, "uploads": 20, "reviews": 10}

log = logging.getLogger("chequered.web")


def server_options() -> dict:
    """uvicorn settings for serving the app: `chequered serve` and the tests'
    live servers use the same, so the browser tests run what users run."""
    from .ws_deflate import FastDeflateProtocol
    return {"ws": FastDeflateProtocol, "ws_max_size": MAX_MESSAGE}


templates = Jinja2Templates(directory=str(HERE / "templates"))


def create_app(db_url: str | None = None, resume: bool = True,
               rate_limits: dict[str, float] | None = None,
               worker: bool | None = None, freeze: bool = False) -> FastAPI:
    """`rate_limits` overrides RATE_LIMITS (requests a minute per client host,
    by name: races, uploads, reviews); so does the environment variable
    CHEQUERED_RATE_LIMITS, e.g. "races=60,uploads=10". `worker`: state
    messages built in a process of their own (web/worker.py; default on,
    CHEQUERED_MESSAGE_WORKER=0 turns it off). `freeze`: the objects alive
    once the games are warm are left out of the garbage collector's full
    passes (registry.warm_all); the server does so, tests that start many
    apps in one process do not."""
    if worker is None:
        worker = os.environ.get("CHEQUERED_MESSAGE_WORKER", "1") != "0"
    url = db_url or default_url()
    limits = {**RATE_LIMITS, **env_rate_limits(), **(rate_limits or {})}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = await asyncio.to_thread(Store, url)       # applies the migrations
        app.state.store = store
        app.state.hub = Hub(store, WORKER if worker else None)
        # Races are taken once both processes have warmed every game up
        # (Game.warm): a game's first race compiling its kernels in the
        # middle of others, the GIL held, stalled them all for seconds.
        await asyncio.gather(asyncio.to_thread(registry.warm_all, freeze),
                             *([WORKER.start()] if worker else []))
        if freeze:
            gc_policy.install()     # and what it gathers under load, pass by pass
        # Unfinished races come back in the background: requests are served
        # meanwhile (a race asked for first is rebuilt on demand).
        resuming = asyncio.get_running_loop().create_task(app.state.hub.resume_all()) \
            if resume else None
        yield
        if resuming is not None:
            resuming.cancel()
        for task in [*app.state.hub.drivers.values(), *app.state.hub.timers.values()]:
            task.cancel()
        app.state.hub.writer.stop()
        app.state.hub.db_pool.shutdown(wait=False)
        app.state.hub.render_pool.shutdown(wait=False)
        app.state.hub.act_pool.shutdown(wait=False)
        app.state.hub.bot_pool.shutdown(wait=False)
        app.state.hub.search_pool.shutdown(wait=False)
        for jobs in ("studies", "reviews"):
            if getattr(app.state, jobs, None) is not None:
                getattr(app.state, jobs).shutdown()
        store.close()

    app = FastAPI(title="chequered", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.limiter = RateLimiter(limits)
    app.add_middleware(BodyGuard, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    from . import api, pages, reviews, studies, ws
    app.include_router(studies.router)        # before the API's catch-all 404
    app.include_router(reviews.router)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(ws.router)

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError):
        return error_response(request, exc.status, exc.message, exc.headers)

    @app.exception_handler(OperationalError)
    async def _database(request: Request, exc: OperationalError):
        # Locked, read-only or full: the request changed nothing.
        log.warning("database trouble on %s: %s", request.url.path, exc.orig)
        err = unavailable()
        return error_response(request, err.status, err.message, err.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        err = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        return error_response(request, 400, f"{where or 'request'}: {err.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        return error_response(request, exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception):
        log.exception("unexpected error on %s", request.url.path)
        return error_response(request, 500, "internal error (the server log has the details)")

    return app


def env_rate_limits() -> dict[str, float]:
    out = {}
    for item in os.environ.get("CHEQUERED_RATE_LIMITS", "").split(","):
        name, _, value = item.partition("=")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            if item.strip():
                log.warning("CHEQUERED_RATE_LIMITS: %r is not name=number; ignored", item)
    return out


def error_response(request: Request, status: int, message: str,
                   headers: dict[str, str] | None = None):
    """JSON for the API, a small page for people following a link; never a
    stack trace."""
    if request.url.path.startswith(("/api/", "/ws/")) or "html" not in request.headers.get(
            "accept", ""):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    return templates.TemplateResponse(request, "error.html", {"message": message},
                                      status_code=status, headers=headers)


class SecurityHeaders:
    """Headers on every HTTP response: scripts only from our own /static (an
    SVG or a name that slipped through could not run code), and no Referer,
    because seat links carry their secret token in the path."""

    HEADERS = [
        (b"content-security-policy", b"default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                     b"img-src 'self' data:; object-src 'none'; "
                                     b"frame-ancestors 'none'; base-uri 'none'"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-content-type-options", b"nosniff"),
    ]

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.HEADERS]}
            await send(message)
        await self.app(scope, receive, with_headers)
