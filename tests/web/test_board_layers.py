"""Boards in two layers (issue 16): a socket gets a game's static board once
and then, in each state, only what the view draws over it; put together they
are the whole picture the HTTP API gives. The static board depends on the
race's config alone."""
from __future__ import annotations

import json

import pytest

from chequered.engine import registry
from chequered.engine.spec import Layer, compose

from .helpers import create, human_tokens

LAYERED = [name for name in registry.game_names() if registry.game(name).board_layers]


def whole(boards: dict, msg: dict, last: dict) -> str:
    """The picture as the page builds it: the static board with the layer in
    it, a part sent as false being the one of the last state (`last`)."""
    b = msg["board"]
    before = last.get(b["id"], ())
    parts = tuple(before[i] if p is False else p for i, p in enumerate(b["parts"]))
    last.clear()
    last[b["id"]] = parts
    return compose(boards[b["id"]], Layer(None, tuple(b["attrs"].items()), parts), slots=False)


def _split(text: str, n: int) -> tuple[str, ...]:
    out = []
    for i in range(n):
        head, text = text.split(f'<g data-layer="{i}">', 1)
        out.append(head)
        default, text = _slot_body(text)
        out.append(default)
    out.append(text)
    return tuple(out)


def _slot_body(text: str) -> tuple[str, str]:
    """The content of a slot up to its own closing </g>, and what follows."""
    depth, i = 1, 0
    while True:
        o, c = text.find("<g", i), text.find("</g>", i)
        if o != -1 and o < c:
            depth += text[o + 2] in " >"
            i = o + 2
            continue
        depth -= 1
        if depth == 0:
            return text[:c], text[c + 4:]
        i = c + 4


@pytest.mark.parametrize("name", LAYERED)
def test_socket_gets_the_static_board_once_and_layers_after(client, name):
    game = registry.game(name)
    bot = next(k for k in game.bots() if k != "random")
    made = create(client, game=name, seats=["human", bot], seed=3)
    token = human_tokens(made)[0]
    boards, states, last = {}, [], {}
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        for _ in range(40):
            msg = ws.receive_json()
            if msg["type"] == "board":
                assert msg["id"] not in boards, "a static board sent twice to one socket"
                boards[msg["id"]] = _split(msg["svg"], msg["svg"].count("data-layer="))
            elif msg["type"] == "state":
                assert "svg" not in msg and msg["board"]["id"] in boards
                msg["whole"] = whole(boards, msg, last)
                states.append(msg)
                if msg["legal"]:
                    break
        assert states and states[-1]["legal"]
        http = client.get(f"/api/play/{token}").json()
        while states[-1]["version"] < http["version"]:     # bots deciding at the same time
            msg = ws.receive_json()
            if msg["type"] == "board":
                boards[msg["id"]] = _split(msg["svg"], msg["svg"].count("data-layer="))
            elif msg["type"] == "state":
                msg["whole"] = whole(boards, msg, last)
                states.append(msg)
        assert http["version"] == states[-1]["version"]
        assert states[-1]["whole"] == http["svg"]
        # the next state, after our move: only the layer again
        ws.send_text(json.dumps({"type": "act", "action": json.loads(http["legal"][0]["key"]),
                                 "version": http["version"]}))
        while (msg := ws.receive_json())["type"] != "state":
            assert msg["type"] != "board"
        assert msg["board"]["id"] in boards


def test_legend_and_standings_are_sent_again_only_when_they_change(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    token = human_tokens(made)[0]
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        while (first := ws.receive_json())["type"] != "state":
            pass
        assert "legend" in first and "standings" in first
        while first["type"] != "state" or not first["legal"]:
            msg = ws.receive_json()
            first = {**first, **msg} if msg["type"] == "state" else {**first, "type": "other"}
        ws.send_text(json.dumps({"type": "act", "action": json.loads(first["legal"][0]["key"]),
                                 "version": first["version"]}))
        while (nxt := ws.receive_json())["type"] != "state":
            pass
        http = client.get(f"/api/play/{token}").json()
        for field in ("legend", "standings"):
            # absent: the page keeps the last one, which is still right
            got = nxt.get(field, first[field])
            if nxt["version"] == http["version"]:
                assert got == http[field]


@pytest.mark.parametrize("name", LAYERED)
def test_static_board_depends_on_the_config_alone(name):
    """Every view of a race names a static board its config lists, the same
    for every seat and seed: it cannot carry anything hidden."""
    game = registry.game(name)
    layers = game.board_layers
    bot = next(k for k in game.bots() if k != "random")
    config = game.config(seats=[bot, bot, bot])
    keys = set(layers.keys(config))
    for seed in (1, 2):
        state = game.new(config, seed)
        agents = {s: game.make_agent(bot, s, seed) for s in range(3)}
        for _ in range(60):
            for viewer in (None, 0, 1, 2):
                view = game.view(state, viewer)
                layer = layers.dynamic(view)
                assert layer.key in keys
                assert compose(layers.static(layer.key), layer, slots=False) == game.render_svg(view)
            to_act = sorted(game.to_act(state))
            if not to_act:
                break
            game.apply(state, to_act[0], agents[to_act[0]].choose(game, state, to_act[0]))


def test_text_only_while_asked_for(client):
    """The page asks for the race as text while its text panel is open."""
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    token = human_tokens(made)[0]
    with client.websocket_connect(f"/ws/play/{token}?text=0") as ws:
        while (msg := ws.receive_json())["type"] != "state":
            pass
        assert msg["text"] is None
        ws.send_text(json.dumps({"type": "text", "on": True}))
        while (msg := ws.receive_json())["type"] != "state":
            pass
        assert msg["text"] == client.get(f"/api/play/{token}").json()["text"]
        ws.send_text(json.dumps({"type": "text", "on": "yes"}))
        assert ws.receive_json()["type"] == "error"
