"""WebSockets: live state, acting, spectators, limits; hidden information and
simultaneous secret choices with the test-only duel game."""
from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import act, create, human_tokens, seat_state, stored_seed


def receive_until(ws, kind: str, limit: int = 50) -> dict:
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def test_seat_socket_acts_and_receives_its_view(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    token = human_tokens(made)[0]
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        msg = receive_until(ws, "state")
        while not msg["legal"]:
            msg = receive_until(ws, "state")
        assert msg["you"] == 0 and msg["log_from"] == 0
        ws.send_text(json.dumps({"type": "act", "action": json.loads(msg["legal"][0]["key"]),
                                 "version": msg["version"], "ref": 7}))
        got = {}
        while len(got) < 2:          # the ack and the new state, in either order
            m = ws.receive_json()
            got.setdefault(m["type"], m)
        seen, ack = got["state"], got["ack"]
        assert ack["ref"] == 7 and ack["version"] == msg["version"] + 1
        # One message with our move and the bot's answer; the log holds only what is new.
        assert seen["version"] >= ack["version"] and seen["log_from"] == msg["version"]
        assert len(seen["log"]) == seen["version"] - msg["version"]
        assert seen["log"][0]["seat"] == 0 and seen["log"][0]["by"] == "human"
        ws.send_text(json.dumps({"type": "act", "action": {"type": "Select", "button": 42},
                                 "version": seen["version"]}))
        assert "error" in receive_until(ws, "error")
        ws.send_text("not json")
        assert receive_until(ws, "error")["error"] == "messages must be JSON objects"
        ws.send_bytes(b"\x00\x01")
        assert receive_until(ws, "error")["error"] == "send JSON as text frames"
        ws.send_text(json.dumps({"type": "ping", "ref": 1}))
        assert receive_until(ws, "pong")["ref"] == 1


def test_spectators_watch_but_cannot_act(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    with client.websocket_connect(f"/ws/watch/{made['race']}") as ws:
        msg = receive_until(ws, "state")
        assert msg["you"] is None and msg["legal"] == [] and "undo" not in msg
        ws.send_text(json.dumps({"type": "act", "action": {"type": "PickTeam", "team": "x"}}))
        assert receive_until(ws, "error")["error"] == "spectators cannot act"


def test_unknown_links_are_refused(client):
    with client.websocket_connect("/ws/play/not-a-valid-token-xyz") as ws:
        assert ws.receive_json() == {"type": "error", "error": "unknown seat link"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_oversized_messages_close_the_socket(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    with client.websocket_connect(f"/ws/play/{human_tokens(made)[0]}") as ws:
        receive_until(ws, "state")
        ws.send_text(json.dumps({"type": "act", "action": {"pad": "x" * 70_000}}))
        with pytest.raises(WebSocketDisconnect) as info:
            for _ in range(10):
                ws.receive_json()
        assert info.value.code == 1009


def test_secret_choices_are_never_shown_early(client, with_duel):
    made = create(client, game="duel", seats=["human", "human"])
    a, b = human_tokens(made)
    seed = stored_seed(client, made["race"])
    hand_a = with_duel.new(with_duel.config(seats=["human", "human"]), seed).hands[0]
    with client.websocket_connect(f"/ws/play/{b}") as ws_b:
        first = receive_until(ws_b, "state")
        assert all(f"card{c}" not in first["svg"] + first["text"] for c in hand_a)
        doc_a = seat_state(client, a)
        assert all(f"card{c}" in doc_a["svg"] for c in hand_a)
        pick = doc_a["legal"][0]
        assert act(client, a, pick["key"], doc_a["version"]).status_code == 200
        seen = receive_until(ws_b, "state")
        text = json.dumps(seen)
        # B learns that A has picked, never what.
        assert seen["log"][-1]["action"] == "picks a card face down"
        assert all(f"card {c}" not in text and f"card{c}" not in text for c in hand_a)
        assert [e["text"] for e in seen["log"][-1]["events"]] == ["North has picked"]
        # A sees its own pick and its private note.
        mine = seat_state(client, a)["log"][-1]
        assert mine["action"] == f"play the card {json.loads(pick['key'])['card']}"
        assert len(mine["events"]) == 2
        # Once B picks too, the cards are revealed to both.
        doc_b = seat_state(client, b)
        assert act(client, b, doc_b["legal"][0]["key"], doc_b["version"]).status_code == 200
        seen = receive_until(ws_b, "state")
        assert "cards revealed" in seen["log"][-1]["events"][-1]["text"]


def test_undo_of_a_secret_choice_before_the_reveal(client, with_duel):
    made = create(client, game="duel", seats=["human", "human"])
    a, b = human_tokens(made)
    doc = seat_state(client, a)
    assert act(client, a, doc["legal"][0]["key"], doc["version"]).status_code == 200
    assert seat_state(client, a)["undo"]["ok"]
    assert client.post(f"/api/play/{a}/undo").status_code == 200
    assert seat_state(client, a)["legal"] == doc["legal"]
    assert act(client, a, doc["legal"][1]["key"], doc["version"]).status_code == 200
    doc_b = seat_state(client, b)
    assert act(client, b, doc_b["legal"][0]["key"], doc_b["version"]).status_code == 200
    # The reveal came out: no more undo for either seat.
    assert not seat_state(client, a)["undo"]["ok"]


def test_a_bug_in_a_game_is_an_error_message_not_a_dropped_socket(client, with_duel,
                                                                   monkeypatch):
    made = create(client, game="duel", seats=["human", "random"], seed=3)
    token = human_tokens(made)[0]
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        msg = receive_until(ws, "state")

        def crash(state, seat, action):
            raise ZeroDivisionError("a bug")
        monkeypatch.setattr(with_duel, "apply", crash)
        ws.send_text(json.dumps({"type": "act", "action": json.loads(msg["legal"][0]["key"]),
                                 "version": msg["version"]}))
        err = receive_until(ws, "error")
        assert err["error"].startswith("internal error") and "ZeroDivision" not in err["error"]
        monkeypatch.undo()
        ws.send_text(json.dumps({"type": "ping", "ref": 2}))
        assert receive_until(ws, "pong")["ref"] == 2
