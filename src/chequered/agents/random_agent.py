"""The `random` seat kind: uniform over the legal actions."""
from __future__ import annotations

from ..engine.rng import Rng


class RandomAgent:
    __slots__ = ("rng",)

    def __init__(self, seed: int = 0):
        # The agent's own generator: its choices never disturb the game's.
        self.rng = Rng(seed)

    def choose(self, game, state, seat):
        legal = game.legal_actions(state, seat)
        return legal[self.rng.below(len(legal))]
