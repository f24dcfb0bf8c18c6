"""A team bot's whole move on the track in one compiled call (issue 16).

The same work as the pure-Python loop of drive._points, over arrays: at
each movement point the legal steps (rules/movement.work_out: STOCK
Movement, Race card parts, Drafting and corners), the bot's choice among
them (bots.best_step) and the step itself (movement.do_step), until the
points are spent or no step is possible. Compiled with numba when it is
installed (the `fast` extra); CHEQUERED_NUMBA=0 asks for pure Python.
tests/stockcar/test_fast_path.py checks the kernel against the rules
position by position and plays the same races both ways.

A head on the Apron (its stacks are not in state.occ) is left to the
Python loop, as is a move the kernel cannot start (no legal step) and a
race begun on the Python engine (its state.occ is a list:
state.empty_spaces).
"""
from __future__ import annotations

import os
from array import array
from importlib.util import find_spec

from ...engine.protocol import Event
from .rules.movement import PUSH_AHEAD, _FWD, _SIDE



def _engine() -> str:
    """"numba" when installed, unless CHEQUERED_NUMBA=0 asks for pure Python
    (the two give the same races)."""
    if os.environ.get("CHEQUERED_NUMBA", "1").strip().lower() in ("0", "no", "false", "off"):
        return "python"
    return "numba" if find_spec("numba") is not None else "python"


ENGINE = _engine()
_STEPS = _SIDE + _FWD           # by the kernel's step code, 16 * spaces ahead + lane
_KERNEL = None              # moves_kernel, imported on first use (numba with it)


def use_engine(engine: str) -> None:
    """Switch between "python" (drive._points's loop) and "numba" (tests
    compare the two)."""
    global ENGINE
    if engine not in ("python", "numba"):
        raise ValueError(f"unknown engine {engine!r}")
    ENGINE = engine


def kernel():
    """The kernel module (numba imported and the kernel loaded from its
    cache, or compiled, at the first call)."""
    global _KERNEL
    if _KERNEL is None:
        from . import moves_kernel
        _KERNEL = moves_kernel
    return _KERNEL


def warm(game) -> None:
    """Load the kernel before a server takes races (GameSpec.warm): numba's
    import and the kernel's load from its cache (or its compilation, the
    first time on a machine) hold the GIL for about a second (a few the
    first time), which would otherwise fall on the first bot's move. A
    four-bot race on the default track (about 20 ms more) runs it."""
    if ENGINE != "numba":
        return
    from ...engine.play import agents_for, play
    config = game.config(seats=["bot"] * 4)
    play(game, config, 1, agents=agents_for(game, config, 1))


# ---- the track as arrays --------------------------------------------------------------
_TABLES: dict = {}


def tables(T, K):
    """Per track (content.Track) and Costs (movement.Costs), once, one
    int64 table: row slot = [ahead slot, forward count, (lane, slot) per
    forward step, then from column side0: sideways count, (lane, slot,
    slot further over) per sideways step; in the last column, for the
    first n rows, sector row's width] (T.ahead, T.fwd_slots,
    T.side_slots, T.width); the row after the slots = [side0, the costs
    of a step forward, sideways, pushing aside and pushing ahead, n, w1]."""
    hit = _TABLES.get((id(T), id(K)))
    if hit is not None and hit[0] is T and hit[1] is K:
        return hit[2]
    import numpy as np
    F = max(len(f) for f in T.fwd_slots)
    S = max(len(s) for s in T.side_slots)
    slots = len(T.ahead)
    tab = np.full((slots + 1, max(3 + 2 * F + 3 * S, 7) + 1), -1, dtype=np.int64)
    for k, ahead in enumerate(T.ahead):
        tab[k, 0] = ahead
        tab[k, 1] = len(T.fwd_slots[k])
        for j, (lane, k2) in enumerate(T.fwd_slots[k]):
            tab[k, 2 + 2 * j], tab[k, 3 + 2 * j] = lane, k2
        tab[k, 2 + 2 * F] = len(T.side_slots[k])
        for j, (lane, k2, k3) in enumerate(T.side_slots[k]):
            base = 3 + 2 * F + 3 * j
            tab[k, base], tab[k, base + 1], tab[k, base + 2] = lane, k2, k3
    tab[:T.n, -1] = T.width
    tab[slots, :7] = (2 + 2 * F, K.forward, K.sideways, K.aside, K.ahead, T.n, T.w1)
    _TABLES[(id(T), id(K))] = (T, K, tab)
    return tab


# ---- the move -------------------------------------------------------------------------
def points(state, T, K, events: list, path: list):
    """Every movement point of the move in progress, chosen as bots.best_step
    chooses and applied as movement.do_step applies, in one kernel call.
    Returns None when the kernel leaves the move to the Python loop, else
    whether the move ended with no step possible (the legal steps then
    are the empty list; with the points spent, nothing is kept)."""
    m = state.move
    cars = state.cars
    snake = m["snake"]
    if cars[snake[0]].lane == 0 or type(state.occ) is not array:
        return None                 # a head on the Apron; a race begun on the Python engine
    visited = m["visited"]
    if len(visited) != 1:
        return None                 # a move begun elsewhere (never, from drive.py)
    pos = []
    for i in snake:
        c = cars[i]
        pos += (i, c.dist, c.lane)
    vd, vl = visited[0]
    K_ = kernel()
    out = K_.points_kernel(state.occ, array("q", pos), tables(T, K), len(cars), m["mp"], vd, vl)
    o = out.tolist()
    r = o[0]
    if r == K_.NO_START:
        return None                 # nothing moved: the Python loop says why
    if r == K_.CLASH:               # as order.place would (never seen in play)
        raise AssertionError("a pushed car's space already holds a car")
    _, mp, S, M, P = o[:5]
    at = K_.HEADER
    path.extend(map(_STEPS.__getitem__, o[at:at + S]))
    visited.extend(zip(o[at + S:at + 2 * S], o[at + 2 * S:at + 3 * S]))
    at += 3 * S
    for j in range(at, at + 3 * M, 3):
        c = cars[o[j]]
        c.dist += o[j + 1]
        c.lane = o[j + 2]
    at += 3 * M
    for _ in range(P):              # the pushes' events, in their order
        kind, length = o[at], o[at + 1]
        pushed = [cars[i].number for i in o[at + 2:at + 2 + length]]
        events.append(Event("push", {"cars": pushed, "way": "ahead" if kind == PUSH_AHEAD else "aside"},
                            "STOCK Movement"))
        at += 2 + length
    m["mp"] = mp
    state.cache = [] if r % 2 else None
    return bool(r % 2)
