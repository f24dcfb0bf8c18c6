"""Races watched decision by decision, for tests that check a quick answer
against the full one wherever the race stands: a standard six-car race and
an Advanced street race of four, heuristic drivers."""
from __future__ import annotations

import chequered
from chequered.engine.play import agents_for, play

WATCHED_RACES = [
    ({"seats": ["heuristic"] * 6}, 3),
    ({"seats": ["heuristic"] * 4, "track": "street", "rules": "advanced"}, 1),
]


def watch(cfg: dict, seed: int, check) -> None:
    """Play the race, calling check(state) after every decision."""
    game = chequered.game("formulagp")
    config = game.config(**cfg)
    state = game.new(config, seed)
    play(game, config, seed, agents=agents_for(game, config, seed), state=state,
         on_step=lambda *_: check(state))
