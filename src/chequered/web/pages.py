"""The HTML pages. They are thin: the data comes from the API and the
WebSocket, drawn by the static scripts."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from .app import templates
from .errors import ERRORS, not_found

# A page's error is a small HTML page for a browser (Accept: text/html), the
# JSON {"error": ...} for anything else.
ERROR_SCHEMA = {"type": "object", "required": ["error"],
                "properties": {"error": {"type": "string"}}}
PAGE_ERRORS = {code: {"description": doc["description"],
                      "content": {"text/html": {"schema": {"type": "string"}},
                                  "application/json": {"schema": ERROR_SCHEMA}}}
               for code, doc in ERRORS.items() if code not in (413, 429)}
router = APIRouter(responses=PAGE_ERRORS, default_response_class=HTMLResponse)


def page(request: Request, name: str, **context):
    return templates.TemplateResponse(request, name, context)


@router.get("/")
async def home(request: Request):
    return page(request, "home.html")


@router.get("/play/{token}")
async def play(request: Request, token: str):
    race, seat = await request.app.state.hub.seat_of(token)
    return page(request, "race.html", race_id=race.race_id, token=token, seat=seat,
                title=race.game.title, kinds=race.game.seat_kinds())


@router.get("/race/{race_id}")
async def watch(request: Request, race_id: str):
    race = await request.app.state.hub.get(race_id)
    return page(request, "race.html", race_id=race.race_id, token=None, seat=None,
                title=race.game.title, kinds=[])


@router.get("/host/{token}")
async def host(request: Request, token: str):
    race = await request.app.state.hub.race_of_host(token)
    return page(request, "host.html", race_id=race.race_id, token=token,
                title=race.game.title, kinds=race.game.seat_kinds())


@router.get("/replay/{source}/{ident}")
async def replay(request: Request, source: str, ident: str):
    if source not in ("race", "upload"):
        raise not_found("replay")
    return page(request, "replay.html", source=source, ident=ident)


@router.get("/seasons")
async def seasons(request: Request):
    return page(request, "seasons.html")
