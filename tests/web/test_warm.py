"""A server warms every game up (Game.warm) before it takes races, once per
process: a game's first race must not compile kernels in the middle of the
others' (issue 16, web)."""
from __future__ import annotations

from dataclasses import replace

from fastapi.testclient import TestClient

from chequered.engine import registry
from chequered.engine.protocol import Game
from chequered.web.app import create_app

from . import duel
from .conftest import NO_RATE_LIMITS


def test_the_server_warms_every_game_before_it_serves(db_url, monkeypatch):
    calls: list[str] = []
    warmed = Game(replace(duel.GAME.spec, name="warmduel", warm=lambda: calls.append("warm")))
    monkeypatch.setitem(registry._extra, "warmduel", warmed)
    app = create_app(db_url, rate_limits=NO_RATE_LIMITS, worker=False)
    assert calls == []                        # creating the app is not starting it
    with TestClient(app) as client:
        assert calls == ["warm"]              # before the first request is taken
        assert client.get("/api/games").status_code == 200
    with TestClient(create_app(db_url, rate_limits=NO_RATE_LIMITS, worker=False)):
        assert calls == ["warm"]              # once per process

