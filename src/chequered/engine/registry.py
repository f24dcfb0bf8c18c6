"""The game registry: chequered.games() and chequered.game(name).

Games are found, not listed: every package under `chequered.games` that
defines a module-level `GAME` is a game. Packages are imported on first use,
so that the CLI starts fast.
"""
from __future__ import annotations

import gc
import importlib
import pkgutil

from .protocol import BadInput, Game

_PACKAGE = "chequered.games"
_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}        # games from elsewhere, added with register()


def register(game_: Game) -> None:
    """Offer a game that lives outside chequered.games (a plug-in, a test)."""
    _extra[game_.name] = game_


def game_names() -> list[str]:
    pkg = importlib.import_module(_PACKAGE)
    return sorted({m.name for m in pkgutil.iter_modules(pkg.__path__) if m.ispkg} | set(_extra))


def game(name: str) -> Game:
    if isinstance(name, str) and name in _extra:
        return _extra[name]
    if not isinstance(name, str) or name not in game_names():
        raise BadInput(f"unknown game {str(name)[:40]!r}; choose from {', '.join(game_names())}")
    if name not in _loaded:
        found = getattr(importlib.import_module(f"{_PACKAGE}.{name}"), "GAME", None)
        if not isinstance(found, Game):
            raise BadInput(f"{name} is not a game (no GAME in chequered.games.{name})")
        _loaded[name] = found
    return _loaded[name]


def games() -> list[Game]:
    return [game(n) for n in game_names()]


def warm_all(freeze: bool = False) -> None:
    """Every game's Game.warm, in this process (a server, before it takes races).

    `freeze`: then leave everything alive now (modules, the games' tables,
    which live as long as the process) out of the garbage collector's full
    passes (gc.freeze). Each full pass holds the GIL while it walks every
    object: in a server under load they took 100-220 ms, and every move
    acknowledged meanwhile waited that long (issue 16)."""
    for g in games():
        g.warm()
    if freeze:
        gc.collect()
        gc.freeze()
