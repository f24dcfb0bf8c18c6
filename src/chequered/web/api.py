"""The JSON API: games, races, seats (by their secret token), hosts,
records, uploads, replays and seasons."""
from __future__ import annotations

import asyncio
import json
import logging
import secrets

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..engine import registry
from ..engine.protocol import BadInput, Game
from .errors import ERRORS, WebError, bad, conflict, not_found, too_many
from .messages import log_since
from .resume import resume_race
from .replays import (UploadedRecord, check_upload, record_of_race, remember_upload,
                      replayer_for_race, replayer_for_upload)


router = APIRouter(prefix="/api", responses=ERRORS)
log = logging.getLogger("chequered.web")


def rate_limit(request: Request, what: str) -> None:
    """429 with Retry-After once this client host has used up its bucket."""
    client = request.client.host if request.client else "unknown"
    wait = request.app.state.limiter.take(what, client)
    if wait:
        raise too_many(f"too many {what} from you just now; try again in "
                       f"{max(1, round(wait))} s", wait)

# Config fields a browser may not set: `content` names a directory on the
# server's disk, which is the server owner's choice, never a visitor's.
SERVER_ONLY_FIELDS = {"content"}


def hub(request: Request):
    return request.app.state.hub


def game_or_400(name: str) -> Game:
    if name not in registry.game_names():
        shown = f' "{name}"' if name.isidentifier() and len(name) <= 40 else ""
        raise bad(f"unknown game{shown}; choose from {', '.join(registry.game_names())}")
    try:
        return registry.game(name)
    except BadInput as exc:
        raise bad(str(exc)) from None
    except Exception:                 # a game that fails to load (being rewritten)
        log.exception("game %s cannot be loaded", name)
        raise WebError(503, f"the game {name} cannot be loaded just now") from None


def game_doc(game: Game) -> dict:
    defaults = game.config().model_dump(mode="json")
    fields = {name: defaults.get(name) for name in game.Config.model_fields
              if name not in {"seats", "track", "rules", "options", *SERVER_ONLY_FIELDS}}
    return {"name": game.name, "title": game.title, "tracks": list(game.tracks()),
            "rules": list(game.rule_levels()), "options": list(game.options()),
            "bots": list(game.bots()), "seat_kinds": list(game.seat_kinds()),
            "default_seats": list(defaults.get("seats") or []),
            "default_track": defaults.get("track"),
            # what each seat kind, rule level and option means, for the form
            "notes": game.notes(),
            "track_names": game.track_names(),
            "settings": fields}


@router.get("/games")
async def games():
    """Every registered game. One that fails to load (a game still being
    written) is left out and logged, so the others stay playable."""
    docs = []
    for name in registry.game_names():
        try:
            docs.append(game_doc(registry.game(name)))
        except Exception:
            log.exception("game %s cannot be offered", name)
    return docs


class NewRace(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"game": "racepace", "seats": ["human", "bot"], "seed": 5},
        {"game": "bolide", "track": "ring,twisty", "options": ["championship"],
         "seats": ["human", "human"], "season": "Spring Cup"}]})
    game: str = Field(max_length=40)
    track: str | None = Field(default=None, max_length=400)
    rules: str | None = Field(default=None, max_length=40)
    options: list[str] = Field(default_factory=list, max_length=20)
    seats: list[str] | None = Field(default=None, max_length=16)
    # Only for a solo race (one human seat); the seed is then shown to it.
    seed: StrictInt | None = Field(default=None, ge=0, le=2**62)
    settings: dict = Field(default_factory=dict)
    move_timer: StrictInt | None = Field(default=None, ge=5, le=7 * 24 * 3600)
    season: str | None = Field(default=None, min_length=1, max_length=120)


def config_doc(game: Game, req: NewRace) -> dict:
    bad_fields = sorted(set(req.settings) & (SERVER_ONLY_FIELDS | {"seats", "track", "rules",
                                                                   "options"}))
    if bad_fields:
        raise bad(f"settings cannot set {', '.join(bad_fields)}")
    doc = dict(req.settings)
    if req.seats is not None:
        doc["seats"] = req.seats
    elif "human" not in game.config().seats:
        doc["seats"] = ["human", *game.config().seats[1:]]
    if req.track:
        doc["track"] = req.track
    if req.rules:
        doc["rules"] = req.rules
    if req.options:
        doc["options"] = req.options
    return doc


@router.post("/races")
async def create_race(req: NewRace, request: Request):
    rate_limit(request, "races")
    game = game_or_400(req.game)
    made = await hub(request).create(game, config_doc(game, req), req.seed, req.move_timer,
                                     req.season)
    for seat in made["seats"]:
        seat["url"] = f"/play/{seat['token']}"
    made["host_url"] = f"/host/{made['host']}"
    made["watch_url"] = f"/race/{made['race']}"
    humans = [s for s in made["seats"] if s["kind"] == "human"]
    made["play_url"] = humans[0]["url"] if humans else made["watch_url"]
    return made


@router.get("/races")
async def list_races(request: Request):
    return await hub(request).db(hub(request).store.list_races)


@router.get("/races/{race_id}")
async def race_state(race_id: str, request: Request):
    """What a spectator sees."""
    race = await hub(request).get(race_id)
    return {**hub(request).message(race, None, {}), "log": log_since(race, 0, None)}


@router.get("/races/{race_id}/record")
async def race_record(race_id: str, request: Request):
    """The record of a finished race (a running one would give away the seed
    and with it every future die and card)."""
    race = await hub(request).get(race_id)
    if not race.over and not race.seed_chosen:
        # its seed would tell every card and die to come; a solo player who
        # chose the seed knows it already (and may save the race to go on)
        raise conflict("the record is available once the race is over")
    return record_of_race(race).to_doc()


# ---- a seat, by its token ----------------------------------------------------------------
class Act(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"action": {"type": "PickTeam", "team": "red"}, "version": 0}]})
    action: dict
    # The version of the state the action was chosen on: required, so that
    # the same action sent twice is applied once (the second is stale: 409).
    version: StrictInt = Field(ge=0)


class HandOver(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"controller": "bot"}, {"controller": "human"}]})
    controller: str = Field(max_length=40)


@router.get("/play/{token}")
async def seat_state(token: str, request: Request, fine: bool = False):
    """The seat's state; `fine=true`: its moves space by space (the game's
    fine list) rather than whole routes."""
    race, seat = await hub(request).seat_of(token)       # a read: nothing is written
    return {**hub(request).message(race, seat, {}, fine), "log": log_since(race, 0, seat)}


@router.post("/play/{token}/act")
async def seat_act(token: str, body: Act, request: Request):
    race, seat = await hub(request).seat_of(token)
    version = await hub(request).act(race, seat, body.action, body.version)
    return {"ok": True, "version": version}


@router.post("/play/{token}/undo")
async def seat_undo(token: str, request: Request):
    race, seat = await hub(request).seat_of(token)
    return {"ok": True, "version": await hub(request).undo(race, seat)}


@router.post("/play/{token}/controller")
async def seat_controller(token: str, body: HandOver, request: Request):
    """Hand your own seat to a bot while you are away, or take it back."""
    race, seat = await hub(request).seat_of(token)
    await hub(request).hand_over(race, seat, body.controller)
    await hub(request).joined(race, seat)
    return {"ok": True, "controllers": race.controllers}


@router.get("/host/{token}")
async def host_state(token: str, request: Request):
    race = await hub(request).race_of_host(token)
    seats = await hub(request).db(hub(request).store.seats, race.race_id)
    return {"race": race.race_id, "game": race.game.name, "controllers": race.controllers,
            "joined": sorted(race.joined),
            "seats": [{"seat": s.seat, "kind": s.kind, "controller": s.controller,
                       "url": f"/play/{s.token}"} for s in seats]}


@router.post("/host/{token}/seats/{seat}")
async def host_controller(token: str, seat: int, body: HandOver, request: Request):
    """The race's creator hands an absent player's seat to a bot (or back)."""
    race = await hub(request).race_of_host(token)
    await hub(request).hand_over(race, seat, body.controller)
    return {"ok": True, "controllers": race.controllers}


async def record_body(request: Request, what: str) -> UploadedRecord:
    """The request's body read as a record file (checked field by field)."""
    raw = await request.body()
    try:
        doc = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise bad(f"not {what}: the file is not valid JSON") from None
    return UploadedRecord.parse(doc)


@router.post("/races/resume", openapi_extra={"requestBody": {"required": True, "content": {
    "application/json": {"schema": UploadedRecord.model_json_schema()}}}})
async def resume_saved_race(request: Request):
    """Continue a saved solo race: the body is its record file (from
    `chequered race`'s save, or a solo race here with a chosen seed)."""
    rate_limit(request, "races")
    rec = await record_body(request, "a saved race")
    game = game_or_400(rec.game)
    made = await resume_race(hub(request), game, rec, SERVER_ONLY_FIELDS)
    human = next(s for s in made["seats"] if s["kind"] == "human")
    return {"race": made["race"], "play_url": f"/play/{human['token']}",
            "actions": len(rec.actions)}


@router.get("/tutorial/{game_name}")
async def tutorial_doc(game_name: str):
    """What the tutorial says before, during (step name -> extra word) and
    after its race; the decisions' own words come with each state."""
    tut = game_or_400(game_name).tutorial()
    if tut is None:
        raise not_found("tutorial")
    return {"intro": tut.intro, "outro": tut.outro, "notes": dict(tut.notes)}


# ---- replays ------------------------------------------------------------------------------
UPLOAD_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": UploadedRecord.model_json_schema()}}}}


@router.post("/replays", openapi_extra=UPLOAD_BODY)
async def upload_record(request: Request, name: str = "record.json"):
    """The body is the record file itself (the page reads the file and posts
    it). It must be a whole chequered-record/1 (final_hash included) that
    replays to that hash within replays.REPLAY_SECONDS of work, else 413."""
    rate_limit(request, "uploads")
    rec = await record_body(request, "a JSON record")
    game = game_or_400(rec.game)
    named = sorted(k for k in SERVER_ONLY_FIELDS if rec.config.get(k) is not None)
    if named:
        raise bad(f"this record's config sets {', '.join(named)} (files on the player's "
                  "machine); it cannot be replayed here")
    rp = await asyncio.to_thread(check_upload, game, rec)
    upload_id = secrets.token_urlsafe(9)
    await hub(request).db(hub(request).store.add_upload, upload_id, rec.game, name[:200],
                          rec.record().to_doc(), write=True)
    remember_upload(upload_id, rp)
    return {"id": upload_id, "url": f"/replay/upload/{upload_id}", "actions": len(rec.actions)}


@router.get("/replay/{source}/{ident}")
async def replay_step(source: str, ident: str, request: Request, step: int = 0):
    if source == "race":
        race = await hub(request).get(ident)
        if not race.over:
            raise conflict("a race can be replayed once it is over")
        rp = await asyncio.to_thread(replayer_for_race, race)
    elif source == "upload":
        row = await hub(request).db(hub(request).store.upload, ident)
        if row is None:
            raise not_found("uploaded record")
        rp = await asyncio.to_thread(replayer_for_upload, ident, row.doc)
    else:
        raise not_found("replay source")
    if not 0 <= step <= rp.total:
        raise bad(f"step must be between 0 and {rp.total}")
    return await asyncio.to_thread(rp.frame, step)


@router.get("/seasons")
async def seasons(request: Request):
    return await hub(request).db(hub(request).store.seasons)


@router.api_route("/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
                  include_in_schema=False)
async def unknown(rest: str):
    raise WebError(404, f"no such API endpoint: /api/{rest}")
