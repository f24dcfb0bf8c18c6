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
# How many times one seat may be asked in a race before an environment cuts
# the race short. The rules allow races that never end: a Race Pace car on
# worn-out tyres stays put until it pits (RP Tyre Degradation Bar), so a
# policy that never chooses Box Box races for ever. Uniform random play asks
# one seat at most Race Pace 35, Bolide 227, stock car 390 and FormulaGP 186
# times (12 races each, all seats outside); the bounds are about 25 times that.
MAX_CYCLES = {"racepace": 1000, "bolide": 5000, "stockcar": 10000, "formulagp": 5000}
DEFAULT_MAX_CYCLES = 10000

_slots: dict[int, dict[str, tuple[int, float]]] = {}


def _slot_table(size: int) -> dict[str, tuple[int, float]]:
    table = _slots.get(size)
    if table is None:
        table = _slots[size] = {}
    return table


def _slot(key: str, size: int, table: dict) -> tuple[int, float]:
    """(index, sign) of a key: crc32 is stable across runs, unlike hash()."""
    h = zlib.crc32(key.encode())
    found = (h % size, 1.0 if (h >> 31) & 1 else -1.0)
    if len(table) < 500_000:
        table[key] = found
    return found


def hashed(doc, size: int) -> np.ndarray:
    """`doc` (JSON-ready) as a float32 vector of `size` slots (the sum over
    its leaves, so the order of a dict's keys does not matter)."""
    acc = [0.0] * size
    table = _slot_table(size)

    def walk(node, path: str) -> None:
        t = type(node)
        if t is dict:
            for key, value in node.items():
                walk(value, f"{path}/{key}")
            return
        if t is list or t is tuple:
            for i, item in enumerate(node):
                walk(item, f"{path}/{i}")
            return
        if t is int or t is float:
            key, amount = path, float(node)
        elif t is str or t is bool or node is None:
            key, amount = f"{path}={node}", 1.0
        elif isinstance(node, (int, float)):       # an int subclass (an IntEnum)
            key, amount = path, float(node)
        else:
            raise TypeError(f"a view holds a {t.__name__} at {path or '/'}: not JSON")
        found = table.get(key)
        if found is None:
            found = _slot(key, size, table)
        acc[found[0]] += found[1] * amount

    walk(doc, "")
    return np.array(acc, dtype=np.float32)


def max_actions(game_name: str, override: int | None = None) -> int:
    if override is not None:
        if not isinstance(override, int) or override < 2:
            raise ValueError("max_actions must be an integer of at least 2")
        return override
    return MAX_ACTIONS.get(game_name, DEFAULT_MAX_ACTIONS)


def max_cycles(game_name: str, override: int | None = None) -> int:
    """The decisions one seat may be asked in a race (MAX_CYCLES), or `override`."""
    if override is not None:
        if not isinstance(override, int) or isinstance(override, bool) or override < 1:
            raise ValueError("max_cycles must be a positive integer")
        return override
    return MAX_CYCLES.get(game_name, DEFAULT_MAX_CYCLES)
