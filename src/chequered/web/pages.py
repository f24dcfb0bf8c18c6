"""The HTML pages. They are thin: the data comes from the API and the
WebSocket, drawn by the static scripts."""
from __future__ import annotations

import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from markdown_it import MarkdownIt

from .app import templates
from .errors import ERRORS, not_found
from .resume import start_tutorial

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
    tutorial = request.query_params.get("tutorial") == "1" and race.game.tutorial() is not None
    return page(request, "race.html", race_id=race.race_id, token=token, seat=seat,
                title=race.game.title, kinds=race.game.seat_kinds(), game=race.game.name,
                tutorial=race.game.name if tutorial else None)


@router.get("/race/{race_id}")
async def watch(request: Request, race_id: str):
    race = await request.app.state.hub.get(race_id)
    return page(request, "race.html", race_id=race.race_id, token=None, seat=None,
                title=race.game.title, kinds=[], game=race.game.name, tutorial=None)


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


@router.get("/tutorial/{game_name}")
async def tutorial(request: Request, game_name: str):
    """A first race: a solo race on the tutorial's settings, with a coach."""
    from .api import game_or_400, rate_limit
    rate_limit(request, "races")
    made = await start_tutorial(request.app.state.hub, game_or_400(game_name))
    token = next(s["token"] for s in made["seats"] if s["kind"] == "human")
    return RedirectResponse(f"/play/{token}?tutorial=1", status_code=303)


# How to play: docs/play/<game>.md of the source tree (a clone, or `pip
# install -e .`), as a page.
PLAY_DOCS = Path(__file__).resolve().parents[3] / "docs" / "play"


@router.get("/how-to-play/{game_name}")
async def how_to_play(request: Request, game_name: str):
    from .api import game_or_400
    game = game_or_400(game_name)
    path = PLAY_DOCS / f"{game.name}.md"
    if not path.is_file():
        raise not_found(f"how to play {game.title} (docs/play is part of the source tree)")
    html = _local_links(_render(path), "play")
    return page(request, "howto.html", title=f"How to play {game.title}", body=html,
                game=game.name)


# The rules coverage matrices (docs/rules/<name>.md: every section, its status
# and its test), linked from each how-to-play page.
RULES_DOCS = PLAY_DOCS.parent / "rules"


@router.get("/rules-coverage/{name}")
async def rules_coverage(request: Request, name: str):
    path = (RULES_DOCS / f"{name}.md").resolve()
    if path.parent != RULES_DOCS.resolve() or not path.is_file():
        raise not_found(f"rules coverage {name!r} (docs/rules is part of the source tree)")
    return page(request, "howto.html", title=f"Rules coverage: {name}",
                body=_local_links(_render(path), "rules"), game=None)


@router.get("/rules-coverage/figures/{name}")
async def rules_figure(name: str):
    path = (RULES_DOCS / "figures" / name).resolve()
    if path.parent != (RULES_DOCS / "figures").resolve() or not path.is_file() \
            or path.suffix != ".svg":
        raise not_found("figure")
    return FileResponse(path, headers={"Content-Security-Policy": "script-src 'none'"})


def _render(path: Path) -> str:
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(
        path.read_text(encoding="utf-8"))


def _local_links(html: str, here: str) -> str:
    """The docs' links between files of the source tree, as the app serves
    them: ../rules/X.md is /rules-coverage/X, ../play/X.md /how-to-play/X;
    a link to a file the app does not serve keeps its words, without the link
    (a 404 helps nobody)."""

    def href(m):
        target, anchor = m.group(1), m.group(2) or ""
        folder, _, stem = target.rpartition("/")
        folder = {"": here, "..": here}.get(folder, folder.removeprefix("../"))
        if target.endswith(".md") and folder in ("rules", "play"):
            stem = stem.removesuffix(".md")
            base = "/rules-coverage/" if folder == "rules" else "/how-to-play/"
            return f'href="{base}{stem}{anchor}"'
        return None

    def link(m):
        whole, inner = m.group(0), m.group(2)
        if m.group(1).startswith(("http://", "https://", "/", "#", "img/")):
            return whole
        got = href(re.match(r"([^#]*)(#.*)?$", m.group(1)))
        return f"<a {got}>{inner}</a>" if got else inner
    html = re.sub(r'<a href="([^"]*)">(.*?)</a>', link, html, flags=re.S)
    if here == "rules":
        html = html.replace('src="figures/', 'src="/rules-coverage/figures/')
    return html


@router.get("/how-to-play/img/{name}")
async def how_to_play_image(name: str):
    path = (PLAY_DOCS / "img" / name).resolve()
    if path.parent != (PLAY_DOCS / "img").resolve() or not path.is_file() \
            or path.suffix not in (".svg", ".png"):
        raise not_found("picture")
    return FileResponse(path, headers={"Content-Security-Policy": "script-src 'none'"})
