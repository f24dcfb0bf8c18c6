"""Dice rolled from a state's own Rng."""
from __future__ import annotations

from .rng import Rng


def roll(rng: Rng, sides: int = 6) -> int:
    """One die with faces 1..sides."""
    return 1 + rng.below(sides)


def roll_many(rng: Rng, count: int, sides: int = 6) -> tuple[int, ...]:
    return tuple(1 + rng.below(sides) for _ in range(count))
