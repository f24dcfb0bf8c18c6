"""Reading content files: one place that turns file problems into BadInput
lines naming the file, for every game's TOML data."""
from __future__ import annotations

import tomllib
from pathlib import Path

from .protocol import BadInput


def read_toml(path: Path, error: type[BadInput] = BadInput) -> dict:
    """The document in a TOML file; a missing, unreadable or malformed file
    raises `error` (a BadInput) whose message starts with the file's path."""
    try:
        with Path(path).open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise error(f"{path}: content file not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise error(f"{path}: {exc}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read content file ({exc.strerror or exc})") from None
