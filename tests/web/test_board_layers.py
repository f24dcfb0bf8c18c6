"""Boards in two layers (issue 16): a socket gets a game's static board once
and then, in each state, only what the view draws over it; put together they
are the whole picture the HTTP API gives. The static board depends on the
race's config alone."""
from __future__ import annotations

import json

import pytest

from chequered.engine import registry
from chequered.engine.spec import compose

from .helpers import create, human_tokens
from .page_copy import PageCopy

LAYERED = [name for name in registry.game_names() if registry.game(name).board_layers]


@pytest.mark.parametrize("name", LAYERED)
def test_socket_gets_the_static_board_once_and_layers_after(client, name):
    game = registry.game(name)
    bot = next(k for k in game.bots() if k != "random")
    made = create(client, game=name, seats=["human", bot], seed=3)
    token = human_tokens(made)[0]
    page, states = PageCopy(), []
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        for _ in range(40):
            msg = page.take(ws.receive_json())
            if msg is not None:
                assert "svg" not in msg
                states.append(msg)
                if msg["legal"]:
                    break
        assert states and states[-1]["legal"]
        http = client.get(f"/api/play/{token}").json()
        while states[-1]["version"] < http["version"]:     # bots deciding at the same time
            msg = page.take(ws.receive_json())
            if msg is not None:
                states.append(msg)
        assert http["version"] == states[-1]["version"]
        assert states[-1]["whole"] == http["svg"]
        # the next state, after our move: only the layer again
        ws.send_text(json.dumps({"type": "act", "action": json.loads(http["legal"][0]["key"]),
                                 "version": http["version"]}))
        while (msg := ws.receive_json())["type"] != "state":
            assert msg["type"] != "board"
        assert msg["board"]["id"] in page.boards


def test_legend_and_standings_are_sent_again_only_when_they_change(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=6)
    token = human_tokens(made)[0]
    page = PageCopy()
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        while (first := ws.receive_json())["type"] != "state":
            page.take(first)
        assert "legend" in first and "standings" in first
        first = page.take(first)
        while not first["legal"]:
            first = page.take(ws.receive_json()) or first
        ws.send_text(json.dumps({"type": "act", "action": json.loads(first["legal"][0]["key"]),
                                 "version": first["version"]}))
        while (raw := ws.receive_json())["type"] != "state":
            pass
        nxt = page.take(raw)
        http = client.get(f"/api/play/{token}").json()
        if nxt["version"] == http["version"]:
            for field in ("legend", "standings"):
                # absent: the page keeps the last one; rows it has are indexes
                assert nxt[field] == http[field]
                assert (field not in raw) == (first[field] == http[field])


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
