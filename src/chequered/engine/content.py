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


def first_error(exc) -> tuple[dict, str]:
    """The validation error to report, and ' (and N more)'. A misspelt field
    shows up both as "missing" and as "extra"; the extra one names what the
    user actually typed, so it comes first."""
    errors = exc.errors()
    err = next((e for e in errors if e.get("type") == "extra_forbidden"), errors[0])
    return err, (f" (and {len(errors) - 1} more)" if len(errors) > 1 else "")


def field_path(node, loc, *, label_keys=("key",), label_first_only: bool = False,
               collapse=()) -> str:
    """A pydantic error location as a readable field path, naming list items
    by their id/key where they have one (e.g. `japan.laps`, `A07.leds`)."""
    parts: list[str] = []
    for i, step in enumerate(loc):
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
            key = None
            if isinstance(item, dict) and (i == 0 or not label_first_only):
                key = next((item.get(k) for k in label_keys if item.get(k)), None)
            label = str(key) if isinstance(key, str) else f"[{step}]"
            if parts and parts[-1] in collapse:
                parts[-1] = label
            elif label.startswith("[") and parts:
                parts[-1] += label
            else:
                parts.append(label)
            node = item
        elif isinstance(node, dict) and step not in node and node.get("type") == step:
            continue            # the discriminator tag of a union member, not a field
        else:
            parts.append(str(step))
            node = node.get(step) if isinstance(node, dict) else None
    return ".".join(parts) or "(file)"
