"""The game registry: chequered.games() and chequered.game(name)."""
from __future__ import annotations

import importlib

from .protocol import BadInput, Game

# Module path of each game; imported on first use so that the CLI starts fast.
_GAME_MODULES = {
    "bolide": "chequered.games.bolide",
    "formulagp": "chequered.games.formulagp",
    "racepace": "chequered.games.racepace",
    "stockcar": "chequered.games.stockcar",
}
_loaded: dict[str, Game] = {}


def game_names() -> list[str]:
    return sorted(_GAME_MODULES)


def game(name: str) -> Game:
    if name not in _GAME_MODULES:
        raise BadInput(f"unknown game {name!r}; choose from {', '.join(game_names())}")
    if name not in _loaded:
        _loaded[name] = importlib.import_module(_GAME_MODULES[name]).GAME
    return _loaded[name]


def games() -> list[Game]:
    return [game(n) for n in game_names()]
