"""Fixed-size numbers from a seat's view and from legal actions.

The views of the four games are nested JSON documents whose lists change
length (cars, hands, the legal choices shown). Rather than one hand-written
encoder a game, every leaf is hashed by its path into a fixed-length vector
(the "hashing trick"): `cars/1/x` adds its number to one slot, a string leaf
`weather=rain` adds 1 to another. Paths keep list indices, so car 1's
position and car 2's land in different slots. Collisions are possible and
rare at the default size; the encoding only ever reads the view, so what a
seat could not see at the table cannot reach its observation.
"""
from __future__ import annotations

import zlib

import numpy as np

OBS_SIZE = 2048            # slots of the hashed view
ACTION_SIZE = 32           # slots of one hashed legal action
# How many legal choices one decision may offer (one movement point at a time,
# engine/routes.py fine steps). Measured over 40 random races of each sample
# config: Race Pace 14, stock car 8, Bolide 40, FormulaGP 64 (a hand's card
# subsets in qualifying); the bounds leave room, and `max_actions=` raises them.
MAX_ACTIONS = {"racepace": 32, "stockcar": 32, "bolide": 96, "formulagp": 256}
DEFAULT_MAX_ACTIONS = 128

_slots: dict[tuple[str, int], tuple[int, float]] = {}


def _slot(key: str, size: int) -> tuple[int, float]:
    """(index, sign) of a key: crc32 is stable across runs, unlike hash()."""
    found = _slots.get((key, size))
    if found is None:
        h = zlib.crc32(key.encode())
        found = (h % size, 1.0 if (h >> 31) & 1 else -1.0)
        if len(_slots) < 1_000_000:
            _slots[(key, size)] = found
    return found


def hashed(doc, size: int) -> np.ndarray:
    """`doc` (JSON-ready) as a float32 vector of `size` slots."""
    out = np.zeros(size, dtype=np.float32)
    _walk(doc, "", out, size)
    return out


def _walk(node, path: str, out: np.ndarray, size: int) -> None:
    if isinstance(node, dict):
        for key in sorted(node, key=str):
            _walk(node[key], f"{path}/{key}", out, size)
    elif isinstance(node, (list, tuple)):
        for i, item in enumerate(node):
            _walk(item, f"{path}/{i}", out, size)
    elif isinstance(node, bool) or node is None or isinstance(node, str):
        i, sign = _slot(f"{path}={node}", size)
        out[i] += sign
    elif isinstance(node, (int, float)):
        i, sign = _slot(path, size)
        out[i] += sign * float(node)
    else:
        raise TypeError(f"a view holds a {type(node).__name__} at {path or '/'}: not JSON")


def max_actions(game_name: str, override: int | None = None) -> int:
    if override is not None:
        if not isinstance(override, int) or override < 2:
            raise ValueError("max_actions must be an integer of at least 2")
        return override
    return MAX_ACTIONS.get(game_name, DEFAULT_MAX_ACTIONS)
