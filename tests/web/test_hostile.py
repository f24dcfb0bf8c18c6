"""Garbage and hostile input, part 1: the seed never leaks, an action needs a
version, malformed and deeply nested messages are clear errors (HTTP and
WebSocket), and a season with no circuit is a 400."""
from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from chequered.engine import registry
from chequered.web.app import create_app

from .helpers import (act, create, human_tokens, receive_until, seat_state, stored_seed,
                      wait_over)


def texts_of_a_running_race(client, made: dict) -> list[str]:
    """Every response and socket message anyone (seats, host, spectators,
    lists, pages) can get about a running race."""
    race, host = made["race"], made["host"]
    a, b = human_tokens(made)[:2]
    html = {"accept": "text/html"}
    urls = [f"/api/races/{race}", f"/api/play/{a}", f"/api/play/{b}", f"/api/host/{host}",
            "/api/races", "/api/seasons", f"/api/races/{race}/record",
            f"/api/replay/race/{race}"]
    out = [client.get(u).text for u in urls]
    out += [client.get(u, headers=html).text for u in (f"/play/{a}", f"/race/{race}",
                                                       f"/host/{host}")]
    for path in (f"/ws/play/{a}", f"/ws/play/{b}", f"/ws/watch/{race}"):
        with client.websocket_connect(path) as ws:
            out.append(json.dumps(receive_until(ws, "state")))
    return out


@pytest.mark.parametrize("name", [*registry.game_names(), "duel"])
def test_the_seed_is_never_sent_while_the_race_runs(client, with_duel, name):
    resp = client.post("/api/races", json={"game": name, "seats": ["human", "human"]})
    assert resp.status_code == 200, resp.text
    made = resp.json()
    assert "seed" not in made
    seed = str(stored_seed(client, made["race"]))
    seen = [resp.text, *texts_of_a_running_race(client, made)]
    # One move on, the same again (the log and the new views).
    for token in human_tokens(made):
        doc = seat_state(client, token)
        if doc["legal"]:
            moved = act(client, token, doc["legal"][0]["key"], doc["version"])
            assert moved.status_code == 200, moved.text
            seen += [moved.text, *texts_of_a_running_race(client, made)]
            break
    leaks = [t[:200] for t in seen if seed in t]
    assert not leaks
    assert "seed" not in client.get(f"/api/races/{made['race']}").json()
    assert client.get(f"/api/races/{made['race']}/record").status_code == 409


def test_a_chosen_seed_is_for_solo_races_only_and_then_shown(client, with_duel):
    for seats in (["human", "human"], ["random", "random"], ["human", "human", "random"]):
        resp = client.post("/api/races", json={"game": "duel", "seats": seats, "seed": 7})
        assert resp.status_code == 400, seats
        assert "solo race" in resp.json()["error"]
    made = create(client, game="duel", seats=["human", "random"], seed=7)
    token = human_tokens(made)[0]
    assert made["seed"] == 7
    assert client.get(f"/api/races/{made['race']}").json()["seed"] == 7
    assert seat_state(client, token)["seed"] == 7
    with client.websocket_connect(f"/ws/watch/{made['race']}") as ws:
        assert receive_until(ws, "state")["seed"] == 7
    # Nobody else can come and play against the one who knows the seed.
    resp = client.post(f"/api/host/{made['host']}/seats/1", json={"controller": "human"})
    assert resp.status_code == 409 and "seed" in resp.json()["error"]
    # Its own seat still goes to a bot and back.
    for kind in ("random", "human"):
        resp = client.post(f"/api/host/{made['host']}/seats/0", json={"controller": kind})
        assert resp.status_code == 200, resp.text


def test_whether_the_seed_was_chosen_survives_a_restart(db_url, with_duel):
    with TestClient(create_app(db_url)) as client:
        chosen = create(client, game="duel", seats=["human", "random"], seed=7)
        secret = create(client, game="duel", seats=["human", "random"])
        done = create(client, game="duel", seats=["random", "random"])
        wait_over(client, done["race"])
        done_seed = stored_seed(client, done["race"])
    with TestClient(create_app(db_url)) as client:
        assert client.get(f"/api/races/{chosen['race']}").json()["seed"] == 7
        doc = client.get(f"/api/races/{secret['race']}").json()
        assert not doc["over"] and "seed" not in doc
        assert "seed" not in seat_state(client, human_tokens(secret)[0])
        # Once a race is over its seed is no secret (the record has it too).
        assert client.get(f"/api/races/{done['race']}").json()["seed"] == done_seed
        assert client.get(f"/api/races/{done['race']}/record").json()["seed"] == done_seed


# ---- versions ---------------------------------------------------------------------------
BAD_VERSIONS = [{}, {"version": -1}, {"version": "0"}, {"version": 0.5}, {"version": True},
                {"version": None}, {"version": [0]}]


def test_an_action_needs_a_whole_version_of_at_least_zero(client, with_duel):
    made = create(client, game="duel", seats=["human", "random"])
    token = human_tokens(made)[0]
    doc = seat_state(client, token)
    action = json.loads(doc["legal"][0]["key"])
    url = f"/api/play/{token}/act"
    for extra in BAD_VERSIONS:
        resp = client.post(url, json={"action": action, **extra})
        assert resp.status_code == 400, (extra, resp.text)
        assert "version" in resp.json()["error"]
    mine = [e for e in seat_state(client, token)["log"] if e["seat"] == 0]
    assert mine == []                                    # none of them was applied
    assert client.app.state.store.seats(made["race"])[0].joined_at is None
    first = client.post(url, json={"action": action, "version": doc["version"]})
    assert first.status_code == 200, first.text
    # The same action sent again (a double click, a retry) is stale, not applied twice.
    again = client.post(url, json={"action": action, "version": doc["version"]})
    assert again.status_code == 409 and "moved on" in again.json()["error"]
    assert [e["seat"] for e in seat_state(client, token)["log"]].count(0) == 1
    # Acting is joining (reading the seat was not).
    assert client.app.state.store.seats(made["race"])[0].joined_at is not None


def test_a_socket_action_needs_a_version_and_the_socket_stays_open(client, with_duel):
    made = create(client, game="duel", seats=["human", "random"])
    with client.websocket_connect(f"/ws/play/{human_tokens(made)[0]}") as ws:
        msg = receive_until(ws, "state")
        action = json.loads(msg["legal"][0]["key"])
        for i, extra in enumerate(BAD_VERSIONS):
            ws.send_text(json.dumps({"type": "act", "action": action, "ref": i, **extra}))
            err = receive_until(ws, "error")
            assert err["ref"] == i and "version" in err["error"], extra
        ws.send_text(json.dumps({"type": "act", "action": "Pick", "version": 0}))
        assert "object" in receive_until(ws, "error")["error"]
        ws.send_text(json.dumps({"type": "act", "action": action, "version": msg["version"],
                                 "ref": "a"}))
        assert receive_until(ws, "ack")["ref"] == "a"
        ws.send_text(json.dumps({"type": "act", "action": action, "version": msg["version"],
                                 "ref": "b"}))
        err = receive_until(ws, "error")
        assert err["ref"] == "b" and "moved on" in err["error"]
        ws.send_text(json.dumps({"type": "ping", "ref": 9}))
        assert receive_until(ws, "pong")["ref"] == 9


# ---- malformed and deeply nested messages ------------------------------------------------
DEEP_ARRAY = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000


def test_deeply_nested_json_is_a_400_not_a_crash(client, with_duel):
    made = create(client, game="duel", seats=["human", "random"])
    token = human_tokens(made)[0]
    json_type = {"content-type": "application/json"}
    for url in ("/api/races", "/api/replays", f"/api/play/{token}/act",
                f"/api/play/{token}/controller", f"/api/host/{made['host']}/seats/0"):
        for body in (DEEP_ARRAY, DEEP_OBJECT):
            resp = client.post(url, content=body, headers=json_type)
            assert resp.status_code == 400, (url, resp.text[:200])
            assert resp.json() == {"error": "the JSON nests more than 32 levels deep"}
    # Brackets inside strings are text, not nesting.
    resp = client.post("/api/races", json={"game": "duel", "season": "[" * 100})
    assert resp.status_code == 200, resp.text
    # Garbage that is not JSON at all is a clear 400 too.
    for body in (b"\xff\xfe\x00", b"{", b"[]", b'{"game": 5}', b"null"):
        resp = client.post("/api/races", content=body, headers=json_type)
        assert resp.status_code == 400 and "error" in resp.json(), body


def test_a_deeply_nested_socket_message_is_an_error_frame(client, with_duel):
    made = create(client, game="duel", seats=["human", "random"])
    with client.websocket_connect(f"/ws/play/{human_tokens(made)[0]}") as ws:
        receive_until(ws, "state")
        ws.send_text("[" * 30_000 + "]" * 30_000)          # under the size limit
        assert "nests more than" in receive_until(ws, "error")["error"]
        nested: object = 1
        for _ in range(40):
            nested = {"x": nested}
        ws.send_text(json.dumps({"type": "act", "action": nested, "version": 0}))
        assert "nests more than" in receive_until(ws, "error")["error"]
        ws.send_text(json.dumps({"type": {"not": "a name"}}))
        err = receive_until(ws, "error")["error"]
        assert err.startswith("unknown message type") and "{" not in err
        ws.send_text(json.dumps({"type": "ping", "ref": 3}))
        assert receive_until(ws, "pong")["ref"] == 3     # still open


def test_a_chunked_body_is_limited_like_a_declared_one(client):
    def chunks(total: int, piece: bytes = b" " * 65_536):
        for _ in range(total // len(piece) + 1):
            yield piece
    resp = client.post("/api/replays", content=chunks(1_100_000),
                       headers={"content-type": "application/json"})
    assert resp.status_code == 413 and "over" in resp.json()["error"]
    resp = client.post("/api/races", content=(c.encode() for c in ("[" * 50, "]" * 50)),
                       headers={"content-type": "application/json"})
    assert resp.status_code == 400 and "nests" in resp.json()["error"]


# ---- seasons --------------------------------------------------------------------------------
@pytest.mark.parametrize("game,track,option", [
    ("racepace", ",", "campaign"), ("racepace", " , ,", "campaign"),
    ("bolide", ",,,", "championship"), ("formulagp", ",", "championship")])
def test_a_season_with_no_circuit_is_a_400(client, game, track, option):
    resp = client.post("/api/races", json={"game": game, "track": track, "options": [option]})
    assert resp.status_code == 400, resp.text
    assert resp.json() == {"error": "the track names no circuit: give one or more circuit "
                                    "names, separated by commas"}


def test_an_explicit_empty_season_is_never_a_crash(client):
    # Race Pace and Bolide read an empty season as their default one; with a
    # track of commas it is the 400 above. Either way: never a 500.
    for game, option in (("racepace", "campaign"), ("bolide", "championship")):
        for track in (None, ","):
            body = {"game": game, "options": [option], "settings": {"season": []}}
            if track:
                body["track"] = track
            resp = client.post("/api/races", json=body)
            assert resp.status_code in (200, 400), resp.text
            assert resp.status_code == 200 or "error" in resp.json()
