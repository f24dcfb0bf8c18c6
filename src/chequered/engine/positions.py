"""Position documents: any mid-race situation as a human-writable file.

Like chess's FEN, a position can be written by hand, attached to a bug report
or used to set up a rule scenario in a test. Files are JSON or TOML: the full
chequered-position/1 document (the state as the game dumps it), or a short
format of the game's own that its spec declares in `position_formats`.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import tomli_w

from .protocol import BadInput, Game

FORMAT = "chequered-position/1"


def read_position_file(path: str | Path, formats=(FORMAT,)) -> dict:
    """The document of a position file whose `format` is one of `formats`."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file") from None
    try:
        if path.suffix == ".toml":
            doc = tomllib.loads(raw.decode("utf-8"))
        else:
            doc = json.loads(raw)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"{path}: cannot parse position: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") not in formats:
        raise BadInput(f"{path}: not a {' or '.join(formats)} document")
    return doc


def write_position_file(game: Game, state, path: str | Path) -> None:
    path = Path(path)
    doc = game.dump_position(state)
    if path.suffix == ".toml":
        path.write_text(tomli_w.dumps(_toml_safe(doc)), encoding="utf-8")
    else:
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load_position_file(game: Game, path: str | Path):
    short = dict(getattr(game.spec, "position_formats", {}))
    doc = read_position_file(path, (FORMAT, *short))
    if doc["format"] in short:
        if doc.get("game", game.name) != game.name:
            raise BadInput(f"{path}: position is for {doc.get('game')!r}, not {game.name!r}")
        try:
            return short[doc["format"]](doc)
        except BadInput as exc:
            raise BadInput(f"{path}: {exc}") from None
    if doc.get("game") != game.name:
        raise BadInput(f"{path}: position is for {doc.get('game')!r}, not {game.name!r}")
    return game.load_position(doc)


def _toml_safe(doc):
    """TOML has no null: drop None values (loaders treat missing as None)."""
    if isinstance(doc, dict):
        return {k: _toml_safe(v) for k, v in doc.items() if v is not None}
    if isinstance(doc, list):
        return [_toml_safe(v) for v in doc if v is not None]
    return doc
