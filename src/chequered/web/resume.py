"""Continuing a saved race in the browser, and the first-race tutorials.

A saved race is a chequered-record/1 file of a race not yet over: from
`chequered race` (save FILE, or the offer at quit) or from a solo race here
whose player chose the seed. Its record holds the seed, which tells every
card and die to come, so it is continued only as a solo race: one person,
bots in every other seat, the seed shown to that person as it was to them.
"""
from __future__ import annotations

import asyncio

from ..engine.protocol import Game
from .errors import bad
from .replays import UploadedRecord, check_upload


async def resume_race(hub, game: Game, rec: UploadedRecord, server_only: set) -> dict:
    named = sorted(k for k in server_only if rec.config.get(k) is not None)
    if named:
        raise bad(f"this record's config sets {', '.join(named)} (files on the player's "
                  "machine); it cannot be continued here")
    seats = rec.config.get("seats") or []
    if list(seats).count("human") != 1:
        raise bad("only a solo race (one human seat, bots in the others) can be continued "
                  "from a record: its seed gives away every card to come")
    # the same checks as an upload: each action legal, the hash the same, in
    # bounded time
    replayer = await asyncio.to_thread(check_upload, game, rec)
    if game.is_over(replayer.final):
        raise bad("this race is over: watch its replay instead")
    docs = [(seat, doc, "record") for seat, doc in rec.actions]
    return await hub.create(game, rec.config, rec.seed, docs=docs)


async def start_tutorial(hub, game: Game) -> dict:
    tut = game.tutorial()
    if tut is None:
        raise bad(f"{game.title} has no tutorial yet")
    return await hub.create(game, dict(tut.config), tut.seed)
