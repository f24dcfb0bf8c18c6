"""Game.make_agent looks the game's own seat kinds up first (one lookup a
seat at every race start), so no game kind may be named as an engine kind:
random or the search bot."""
from __future__ import annotations

import dataclasses

import pytest

import chequered
from chequered.agents.random_agent import RandomAgent
from chequered.engine.protocol import BadInput, Game


@pytest.mark.parametrize("kind", ["random", "mcts", "mcts:50"])
def test_a_game_kind_named_as_an_engine_kind_is_refused(kind):
    spec = chequered.game("racepace").spec
    with pytest.raises(ValueError, match="engine's own"):
        Game(dataclasses.replace(spec, agents={**spec.agents, kind: spec.agents["bot"]}))


def test_engine_kinds_and_the_games_own_kinds_are_made():
    game = chequered.game("racepace")
    assert type(game.make_agent("random", 1, 3)) is RandomAgent
    assert type(game.make_agent("bot", 1, 3)) is type(game.spec.agents["bot"](1, 3))
    assert game.make_agent("mcts:5", 1, 3) is not None
    with pytest.raises(BadInput, match="unknown seat kind"):
        game.make_agent("nobody", 1, 3)


def test_a_kind_added_to_the_spec_later_is_made(monkeypatch):
    # make_agent reads spec.agents itself: no copy of it to go stale
    game = chequered.game("racepace")
    made = object()
    monkeypatch.setitem(game.spec.agents, "late", lambda seat, seed: made)
    assert game.make_agent("late", 0, 1) is made
    monkeypatch.delitem(game.spec.agents, "late")
    with pytest.raises(BadInput):
        game.make_agent("late", 0, 1)
