"""Issue 14 over HTTP and the WebSocket: a movement decision is sent as
whole moves, each with where it ends, what it costs and the spaces it
passes through; a seat may ask for its moves space by space instead, and
either form is accepted."""
from __future__ import annotations

import json

from chequered.engine import registry

from .helpers import act, create, human_tokens, receive_until, seat_state, wait_turn

SEATS = ["human", "heuristic", "heuristic"]


def to_a_move(client, token: str, limit: int = 60) -> dict:
    """Play the first listed action until the seat must choose a move."""
    doc = wait_turn(client, token)
    for _ in range(limit):
        if any(a.get("route") for a in doc["legal"]):
            return doc
        resp = act(client, token, doc["legal"][0]["key"], doc["version"])
        assert resp.status_code == 200, resp.text
        doc = wait_turn(client, token)
    raise AssertionError("no movement decision")


def test_routes_carry_to_cost_and_path(client):
    made = create(client, game="formulagp", seats=SEATS, seed=5)
    token = human_tokens(made)[0]
    doc = to_a_move(client, token)
    game = registry.game("formulagp")
    routes = [a for a in doc["legal"] if a.get("route")]
    assert routes and not doc["fine"]
    for a in routes:
        r = a["route"]
        assert isinstance(r["to"], int) and r["path"] and r["path"][-1] == r["to"]
        assert "space" in r["cost"]
        action = game.decode_action(json.loads(a["key"]))
        if type(action).__name__ == "Route":
            # the path is the spaces its steps enter, in order
            steps = [s.to for s in action.path if type(s).__name__ == "Step"]
            assert r["path"] == [s for i, s in enumerate(steps) if i == 0 or steps[i - 1] != s]
            assert set(json.loads(a["key"])) == {"type", "path"}     # labels are not sent back
    # the board names those spaces
    for a in routes:
        assert f'data-space="{a["route"]["to"]}"' in doc["svg"]


def test_space_by_space_lists_fine_steps_and_they_are_accepted(client):
    made = create(client, game="formulagp", seats=SEATS, seed=5)
    token = human_tokens(made)[0]
    doc = to_a_move(client, token)
    fine = client.get(f"/api/play/{token}", params={"fine": "true"}).json()
    assert fine["fine"] and fine["version"] == doc["version"]
    assert all(json.loads(a["key"])["type"] != "Route" for a in fine["legal"])
    # what is decided: the whole move, or one space for a seat that moves so
    assert doc["turn"]["deciding"] == "choose where your car ends its move"
    assert fine["turn"]["deciding"] == "move"
    steps = [a for a in fine["legal"] if a.get("route")]
    assert steps and all(len(a["route"]["path"]) == 1 and a["route"]["cost"].startswith("1 space")
                         for a in steps)
    # a fine step is taken from the route list's seat too
    resp = act(client, token, steps[0]["key"], doc["version"])
    assert resp.status_code == 200, resp.text
    after = seat_state(client, token)
    assert after["version"] > doc["version"]
    assert after["log"][doc["version"]]["seat"] == 0


def test_the_socket_switches_to_space_by_space_and_back(client):
    made = create(client, game="formulagp", seats=SEATS, seed=5)
    token = human_tokens(made)[0]
    doc = to_a_move(client, token)
    with client.websocket_connect(f"/ws/play/{token}?fine=1") as ws:
        msg = receive_until(ws, "state")
        assert msg["fine"] and msg["version"] == doc["version"]
        assert all(json.loads(a["key"])["type"] != "Route" for a in msg["legal"])
        ws.send_text(json.dumps({"type": "fine", "on": False}))
        msg = receive_until(ws, "state")
        assert not msg["fine"] and [a["key"] for a in msg["legal"]] == \
            [a["key"] for a in doc["legal"]]
        ws.send_text(json.dumps({"type": "fine", "on": "yes"}))
        assert "true or false" in receive_until(ws, "error")["error"]
        ws.send_text(json.dumps({"type": "fine", "on": True}))
        msg = receive_until(ws, "state")
        assert msg["fine"] and msg["log"] == []          # nothing new in the log


def test_spectators_and_other_games_are_unchanged(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    assert doc["legal"] and not any("route" in a for a in doc["legal"])
    fine = client.get(f"/api/play/{token}", params={"fine": "true"}).json()
    assert [a["key"] for a in fine["legal"]] == [a["key"] for a in doc["legal"]]
    assert client.get(f"/api/races/{made['race']}").json()["legal"] == []
