"""The `random` seat kind: uniform over the legal actions."""
from __future__ import annotations

from ..engine.rng import Rng


class RandomAgent:
    """Uniform over the legal list: over whole moves (routes) where a game
    offers them, or over single steps with `fine=True`."""

    __slots__ = ("rng", "fine")

    def __init__(self, seed: int = 0, fine: bool = False):
        # The agent's own generator: its choices never disturb the game's.
        self.rng = Rng(seed)
        self.fine = fine

    def choose(self, game, state, seat):
        legal = game.fine_actions(state, seat) if self.fine else game.legal_actions(state, seat)
        return legal[self.rng.below(len(legal))]
