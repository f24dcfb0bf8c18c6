"""Garbage and hostile input, part 2: uploaded records checked field by field
within a replay budget and a bounded cache, database trouble answered 503
(and reading a seat never writes), and rate limits per client."""
from __future__ import annotations

import json
import sqlite3
import time
from collections import OrderedDict

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from chequered.web import guard, replays
from chequered.web.app import create_app

from .helpers import act, create, human_tokens, receive_until, seat_state, wait_over, wait_turn


def finished_record(client) -> dict:
    made = create(client, game="duel", seats=["random", "random"])
    wait_over(client, made["race"])
    resp = client.get(f"/api/races/{made['race']}/record")
    assert resp.status_code == 200, resp.text
    return resp.json()


def upload(client, doc) -> object:
    return client.post("/api/replays?name=r.json", content=json.dumps(doc),
                       headers={"content-type": "application/json"})


# ---- uploaded records ---------------------------------------------------------------------
def test_uploaded_records_are_checked_field_by_field(client, with_duel):
    rec = finished_record(client)
    assert upload(client, rec).status_code == 200
    first = rec["actions"][0]
    without_hash = {k: v for k, v in rec.items() if k != "final_hash"}
    cases = {
        "config a string": {**rec, "config": "duel"},
        "config a list": {**rec, "config": [1, 2]},
        "config with an unknown field": {**rec, "config": {**rec["config"], "wings": 2}},
        "no final hash": without_hash,
        "cut short, no final hash": {**without_hash, "actions": rec["actions"][:1]},
        "cut short": {**rec, "actions": rec["actions"][:1]},
        "final hash a number": {**rec, "final_hash": 12},
        "seed a string": {**rec, "seed": str(rec["seed"])},
        "seed a float": {**rec, "seed": 1.5},
        "seed negative": {**rec, "seed": -1},
        "seat a string": {**rec, "actions": [[str(first[0]), first[1]], *rec["actions"][1:]]},
        "seat a bool": {**rec, "actions": [[True, first[1]], *rec["actions"][1:]]},
        "action a string": {**rec, "actions": [[first[0], "Pick"], *rec["actions"][1:]]},
        "action of another game": {**rec, "actions": [[0, {"type": "Select", "button": 1}]]},
        "action with a bad field": {**rec, "actions": [[0, {"type": "Pick", "card": "x"}]]},
        "three in a pair": {**rec, "actions": [[*first, 1], *rec["actions"][1:]]},
        "actions an object": {**rec, "actions": {"0": first}},
        "too many actions": {**rec, "actions": [first] * (replays.MAX_ACTIONS + 1)},
        "unknown game": {**rec, "game": "chess"},
        "game a number": {**rec, "game": 5},
        "no format": {k: v for k, v in rec.items() if k != "format"},
        "a list": [rec],
    }
    for why, doc in cases.items():
        resp = upload(client, doc)
        assert resp.status_code == 400, (why, resp.text[:300])
        err = resp.json()["error"]
        assert "Traceback" not in err and "{'" not in err and len(err) < 400, (why, err)
    assert "hash" in upload(client, cases["cut short"]).json()["error"]
    assert "final_hash" in upload(client, cases["no final hash"]).json()["error"]


def test_a_record_too_long_to_replay_here_is_a_413(client, with_duel, monkeypatch):
    rec = finished_record(client)
    monkeypatch.setattr(replays, "REPLAY_SECONDS", 0.0)
    resp = upload(client, rec)
    assert resp.status_code == 413
    assert resp.json()["error"].startswith("the record takes more than 0 s to replay here")


def test_the_replay_cache_is_bounded(client, with_duel, monkeypatch):
    rec = finished_record(client)
    total = len(rec["actions"])
    monkeypatch.setattr(replays, "_cache", OrderedDict())
    monkeypatch.setattr(replays, "CACHE_SIZE", 3)
    monkeypatch.setattr(replays, "CACHE_ACTIONS", 2 * total)
    ids = []
    for _ in range(4):
        resp = upload(client, rec)
        assert resp.status_code == 200, resp.text
        ids.append(resp.json()["id"])
        assert len(replays._cache) <= 2
        assert sum(r.total for r in replays._cache.values()) <= 2 * total
    for ident in ids:               # evicted ones are rebuilt from the database
        frame = client.get(f"/api/replay/upload/{ident}?step={total}")
        assert frame.status_code == 200 and frame.json()["result"]
    assert len(replays._cache) <= 2


# ---- database trouble -----------------------------------------------------------------------
def locked(*args, **kw):
    raise OperationalError("UPDATE races", {}, sqlite3.OperationalError("database is locked"))


def test_a_locked_database_is_a_503_and_nothing_is_applied(client, with_duel, monkeypatch):
    made = create(client, game="duel", seats=["human", "random"])
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    while doc["version"] < 1:                     # the bot's secret pick is in
        doc = wait_turn(client, token)
    store = client.app.state.store
    monkeypatch.setattr(store, "append_many", locked)
    monkeypatch.setattr(store, "create_race", locked)
    monkeypatch.setattr(store, "set_controller", locked)
    resp = act(client, token, doc["legal"][0]["key"], doc["version"])
    assert resp.status_code == 503 and resp.headers["retry-after"]
    assert "database" in resp.json()["error"]
    resp = client.post("/api/races", json={"game": "duel", "seats": ["human", "random"]})
    assert resp.status_code == 503 and "database" in resp.json()["error"]
    resp = client.post(f"/api/play/{token}/controller", json={"controller": "random"})
    assert resp.status_code == 503
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        receive_until(ws, "state")
        ws.send_text(json.dumps({"type": "act", "action": json.loads(doc["legal"][0]["key"]),
                                 "version": doc["version"]}))
        assert "database" in receive_until(ws, "error")["error"]
    monkeypatch.undo()
    again = seat_state(client, token)
    assert again["version"] == doc["version"] and again["controllers"][0] == "human"
    assert act(client, token, doc["legal"][0]["key"], doc["version"]).status_code == 200


def test_bots_wait_for_a_locked_database_and_go_on(client, with_duel, monkeypatch):
    store = client.app.state.store
    monkeypatch.setattr(store, "append_many", locked)
    made = create(client, game="duel", seats=["random", "random"])
    time.sleep(0.7)                               # a first retry has failed
    assert client.get(f"/api/races/{made['race']}").json()["version"] == 0
    monkeypatch.undo()
    assert wait_over(client, made["race"])["over"]


def test_reading_never_writes_to_the_database(client, with_duel, monkeypatch):
    made = create(client, game="duel", seats=["human", "human"])      # no bots to write
    token, host = human_tokens(made)[0], made["host"]
    store = client.app.state.store
    writes = []
    for name in ("mark_joined", "append_many", "create_race", "set_controller", "truncate",
                 "add_upload"):
        monkeypatch.setattr(store, name, lambda *a, _name=name, **k: writes.append(_name))
    html = {"accept": "text/html"}
    for url in (f"/api/play/{token}", f"/api/races/{made['race']}", f"/api/host/{host}",
                "/api/races"):
        assert client.get(url).status_code == 200, url
    for url in (f"/play/{token}", f"/race/{made['race']}", f"/host/{host}"):
        assert client.get(url, headers=html).status_code == 200, url
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        receive_until(ws, "state")
        ws.send_text(json.dumps({"type": "ping"}))
        receive_until(ws, "pong")
    assert writes == []
    monkeypatch.undo()
    assert store.seats(made["race"])[0].joined_at is None


def test_a_read_only_database_serves_reads_and_refuses_writes(tmp_path, with_duel):
    path = tmp_path / "ro.sqlite3"
    with TestClient(create_app(f"sqlite:///{path}")) as client:
        made = create(client, game="duel", seats=["human", "random"])
        token = human_tokens(made)[0]
        rec = finished_record(client)
        doc = wait_turn(client, token)
        while doc["version"] < 1:                 # the bot's secret pick is in
            doc = wait_turn(client, token)
    with TestClient(create_app(f"sqlite:///file:{path}?mode=ro&uri=true")) as client:
        got = client.get(f"/api/play/{token}")
        assert got.status_code == 200 and got.json()["version"] == doc["version"]
        for url in (f"/api/races/{made['race']}", f"/api/host/{made['host']}", "/api/races"):
            assert client.get(url).status_code == 200, url
        resp = client.post("/api/races", json={"game": "duel", "seats": ["human", "random"]})
        assert resp.status_code == 503 and resp.headers["retry-after"]
        assert resp.json()["error"].startswith("the database is busy or cannot be written")
        resp = act(client, token, doc["legal"][0]["key"], doc["version"])
        assert resp.status_code == 503
        assert upload(client, rec).status_code == 503
        with client.websocket_connect(f"/ws/play/{token}") as ws:
            receive_until(ws, "state")
            ws.send_text(json.dumps({"type": "join"}))
            receive_until(ws, "joined")            # not stored, and no harm done
        assert seat_state(client, token)["version"] == doc["version"]
    with TestClient(create_app(f"sqlite:///{path}")) as client:      # writable again
        assert seat_state(client, token)["version"] == doc["version"]
        assert act(client, token, doc["legal"][0]["key"], doc["version"]).status_code == 200


# ---- rate limits ------------------------------------------------------------------------------
def test_race_creation_and_uploads_are_rate_limited_per_client(db_url, with_duel):
    app = create_app(db_url, rate_limits={"races": 2, "uploads": 1})
    with TestClient(app) as client:
        rec = finished_record(client)                                  # race 1
        create(client, game="duel", seats=["human", "random"])         # race 2
        resp = client.post("/api/races", json={"game": "duel", "seats": ["human", "random"]})
        assert resp.status_code == 429, resp.text
        assert int(resp.headers["retry-after"]) >= 1
        assert resp.json()["error"].startswith("too many races from you just now")
        assert upload(client, rec).status_code == 200
        resp = upload(client, rec)
        assert resp.status_code == 429 and int(resp.headers["retry-after"]) >= 1
        # Another client host has buckets of its own.
        assert app.state.limiter.take("races", "203.0.113.7") == 0.0


def test_the_token_bucket_refills_over_a_minute(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(guard.time, "monotonic", lambda: now[0])
    limiter = guard.RateLimiter({"races": 30})
    assert all(limiter.take("races", "a") == 0.0 for _ in range(30))
    wait = limiter.take("races", "a")
    assert wait == pytest.approx(2.0)              # one token every 60/30 s
    now[0] += 2.0
    assert limiter.take("races", "a") == 0.0
    assert limiter.take("races", "a") > 0
    assert limiter.take("uploads", "a") == 0.0     # not limited here
    limiter.MAX_CLIENTS = 2
    for host in ("b", "c", "d"):
        limiter.take("races", host)
    now[0] += 120.0
    limiter.take("races", "e")
    assert len(limiter.buckets) <= 2               # refilled buckets are forgotten


def test_rate_limits_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CHEQUERED_RATE_LIMITS", "races=5, uploads=2.5,nonsense")
    app = create_app(f"sqlite:///{tmp_path / 'env.sqlite3'}")
    assert app.state.limiter.per_minute == {"races": 5.0, "uploads": 2.5, "reviews": 10}
    app = create_app(f"sqlite:///{tmp_path / 'env.sqlite3'}", rate_limits={"races": 9})
    assert app.state.limiter.per_minute["races"] == 9
