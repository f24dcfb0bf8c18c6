"""The `mcts` seat kind: its budgets, accepted by every game and every front end."""
from __future__ import annotations

import pytest

from chequered.agents.mcts import MctsAgent
from chequered.agents.search_kind import Budget, SeatKinds, parse_budget, valid_search_kind
from chequered.engine import registry
from chequered.engine.protocol import BadInput


@pytest.mark.parametrize("kind, budget", [
    ("mcts", Budget()), ("mcts:500", Budget(500)), ("mcts:2s", Budget(None, 2.0)),
    ("mcts:0.5s", Budget(None, 0.5)),
])
def test_budgets(kind, budget):
    assert parse_budget(kind) == budget


@pytest.mark.parametrize("kind", ["mcts:", "mcts:0", "mcts:x", "mcts:2m", "mcts:-3", "mcts:0s",
                                  "mcts:1e3", "mctsx", "mcts:500:2s"])
def test_bad_budgets(kind):
    assert not valid_search_kind(kind)


@pytest.mark.parametrize("name", registry.game_names())
def test_every_game_has_the_search_bot(name):
    game = registry.game(name)
    assert "mcts" in game.bots()
    kinds = game.seat_kinds()
    assert isinstance(kinds, SeatKinds)
    assert "mcts:2s" in kinds and "mcts:300" in kinds
    assert "mcts:zz" not in kinds and "wizard" not in kinds
    n = len(game.config().seats)
    config = game.config(seats=["mcts:2s"] + ["mcts:30"] * (n - 1))
    agent = game.make_agent(config.seats[1], 1, 7)
    assert isinstance(agent, MctsAgent) and agent.search.budget == Budget(30)
    with pytest.raises(BadInput, match="budget"):
        game.config(seats=["mcts:zz"] + ["mcts"] * (n - 1))
    with pytest.raises(BadInput, match="budget"):
        game.make_agent("mcts:zz", 0, 1)


def test_web_lobby_accepts_a_budget(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from chequered.web.app import create_app
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")) as client:
        _lobby(client)


def _lobby(client):
    resp = client.post("/api/races", json={"game": "racepace",
                                           "seats": ["human", "mcts:2s", "bot"]})
    assert resp.status_code == 200, resp.text
    resp = client.post("/api/races", json={"game": "racepace", "seats": ["human", "mcts:2x"]})
    assert resp.status_code == 400 and "mcts:2x" in resp.json()["error"]
