"""numba kernels for the Bolide solver (the optional `fast` extra).

Imported only by `solver` when numba is installed and the engine is "numba"
or "auto". The move masks come from `solver.MoveTable` (the same Python code
for both engines); this module replaces the backward breadth-first search by
the same bit-parallel search over arrays of 64-bit words, writing the flat
time-to-go array directly. Both searches compute exact BFS distances, so the
time-to-go tables, and the lines walked on them, are identical.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .solver_moves import Board, MoveTable, move_speed
from .solver_search import Spec, brake_classes, velocity_grid

_DEBRUIJN = 0x03F79D71B4CB0A89
_DB_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DB_TABLE[((1 << _i) * _DEBRUIJN & (2**64 - 1)) >> 58] = _i


def _words(mask: int, nw: int) -> np.ndarray:
    return np.frombuffer(mask.to_bytes(nw * 8, "little"), dtype="<u8").copy()


@njit(cache=True)
def _shift_and_or(src, k, mask, out, nw):
    """out |= (src shifted so that bit p is bit p + k of src) & mask."""
    got = False
    if k >= 0:
        ws = k >> 6
        bs = np.uint64(k & 63)
        for i in range(nw - ws):
            j = i + ws
            v = src[j] >> bs
            if bs and j + 1 < nw:
                v |= src[j + 1] << (np.uint64(64) - bs)
            v &= mask[i]
            if v:
                out[i] |= v
                got = True
    else:
        k = -k
        ws = k >> 6
        bs = np.uint64(k & 63)
        for i in range(ws, nw):
            j = i - ws
            v = src[j] << bs
            if bs and j >= 1:
                v |= src[j - 1] >> (np.uint64(64) - bs)
            v &= mask[i]
            if v:
                out[i] |= v
                got = True
    return got


@njit(cache=True, inline="always")
def _or_into(dst, src, nw):
    for i in range(nw):
        dst[i] |= src[i]


@njit(cache=True)
def _bfs(L, Lany, kd, speeds, tops, bd, bdn, n1, A, NB, NL, nw, npos, free, db, dist, cap):
    """L[w + 1, vi, word]: origins of the legal move vel[vi] with lap change
    w. bd[vi, :bdn[vi]]: the ring-2 displacements a sharp braking may take
    from velocity vi. dist: flat uint16, ((level * npos + pos) * NV + vi)."""
    NV = n1 * n1
    NLV = NL * NB
    F = np.zeros((NLV, NV, nw), dtype=np.uint64)
    Ff = np.zeros((NLV, NV), dtype=np.bool_)
    O = np.zeros((NLV, NV, nw), dtype=np.uint64)
    Of = np.zeros((NLV, NV), dtype=np.bool_)
    P = np.zeros((NLV, NV, nw), dtype=np.uint64)
    Pf = np.zeros((NLV, NV), dtype=np.bool_)
    H = np.zeros((NV, nw), dtype=np.uint64)
    Hf = np.zeros(NV, dtype=np.bool_)
    Vis = np.zeros((NLV, NV, nw), dtype=np.uint64)
    lvl_on = np.zeros(NLV, dtype=np.bool_)
    # layer 1: the moves that cross the line into lap `laps`
    li = NL - 1
    for b in range(NB):
        lv = li * NB + b
        for di in range(NV):
            if speeds[di] <= tops[li] and Lany[2, di]:
                O[lv, di, :] = L[2, di, :]
                Of[lv, di] = True
                lvl_on[lv] = True
    k = 0
    deepest = 0
    states = 0
    while True:
        k += 1
        if k >= cap:
            return -1, 0
        P[:, :, :] = 0
        Pf[:, :] = False
        for lv in range(NLV):
            if not lvl_on[lv]:
                continue
            # the pawn's box: P[v] |= O[v + a], separable (rows, then columns)
            H[:, :] = 0
            Hf[:] = False
            for r in range(n1):
                for c in range(n1):
                    for cc in range(max(0, c - A), min(n1, c + A + 1)):
                        d = r * n1 + cc
                        if Of[lv, d]:
                            _or_into(H[r * n1 + c], O[lv, d], nw)
                            Hf[r * n1 + c] = True
            for r in range(n1):
                for c in range(n1):
                    v = r * n1 + c
                    for rr in range(max(0, r - A), min(n1, r + A + 1)):
                        h = rr * n1 + c
                        if Hf[h]:
                            _or_into(P[lv, v], H[h], nw)
                            Pf[lv, v] = True
            # sharp brakings: one braking less before the move
            b = lv % NB
            if free:
                lt = lv
            elif b + 1 < NB:
                lt = lv + 1
            else:
                continue
            for v in range(NV):
                for j in range(bdn[v]):
                    d = bd[v, j]
                    if Of[lv, d]:
                        _or_into(P[lt, v], O[lv, d], nw)
                        Pf[lt, v] = True
        # new states: not seen before
        Ff[:, :] = False
        anynew = False
        for lv in range(NLV):
            for v in range(NV):
                if not Pf[lv, v]:
                    continue
                got = False
                for i in range(nw):
                    x = P[lv, v, i] & ~Vis[lv, v, i]
                    F[lv, v, i] = x
                    if x:
                        got = True
                        Vis[lv, v, i] |= x
                        while x:
                            low = x & (~x + np.uint64(1))
                            p = i * 64 + db[np.int64((low * np.uint64(0x03F79D71B4CB0A89)) >> np.uint64(58))]
                            dist[(lv * npos + p) * NV + v] = k
                            states += 1
                            x ^= low
                if got:
                    Ff[lv, v] = True
                    anynew = True
        if not anynew:
            break
        deepest = k
        # predecessors of the new states: origins of their last move
        O[:, :, :] = 0
        Of[:, :] = False
        lvl_on[:] = False
        for lv2 in range(NLV):
            li2 = lv2 // NB
            b = lv2 % NB
            for d in range(NV):
                if not Ff[lv2, d]:
                    continue
                for w in range(-1, 2):
                    li = li2 - w
                    if li < 0 or li >= NL or speeds[d] > tops[li] or not Lany[w + 1, d]:
                        continue
                    lv = li * NB + b
                    if _shift_and_or(F[lv2, d], kd[d], L[w + 1, d], O[lv, d], nw):
                        Of[lv, d] = True
                        lvl_on[lv] = True
    return deepest, states


def backward_numba(moves: MoveTable, spec: Spec):
    """The same table as solver_search.backward_python. Returns (data, layers, states)."""
    board = moves.board
    n1, vel = velocity_grid(spec)
    NV = n1 * n1
    npos = board.npos
    nw = (npos + 63) // 64
    NB, NL = spec.bcap + 1, spec.laps - spec.lmin
    L = np.zeros((3, NV, nw), dtype=np.uint64)
    Lany = np.zeros((3, NV), dtype=np.bool_)
    for vi, (dx, dy) in enumerate(vel):
        if move_speed(dx, dy) > moves.dmax:
            continue
        i = moves.index(dx, dy)
        for w in (-1, 0, 1):
            m = moves.masks[w + 1][i]
            if m:
                L[w + 1, vi] = _words(m, nw)
                Lany[w + 1, vi] = True
    kd = np.array([dy * board.Wp + dx for dx, dy in vel], dtype=np.int64)
    speeds = np.array([move_speed(dx, dy) for dx, dy in vel], dtype=np.int64)
    tops = np.array([spec.top(li + spec.lmin) for li in range(NL)], dtype=np.int64)
    bd = np.zeros((NV, 16), dtype=np.int64)
    bdn = np.zeros(NV, dtype=np.int64)
    for ds, vis in brake_classes(spec, n1, vel):
        for v in vis:
            bdn[v] = len(ds)
            bd[v, :len(ds)] = ds
    for dtype, cap in ((np.uint8, 255), (np.uint16, 65535)):
        dist = np.full(NL * NB * NV * npos, cap, dtype=dtype)
        layers, states = _bfs(L, Lany, kd, speeds, tops, bd, bdn, n1, spec.accel, NB, NL,
                              nw, npos, spec.free_brakes, _DB_TABLE, dist, cap)
        if layers >= 0:
            return dist, int(layers), int(states)
    raise ValueError("time-to-go beyond 65534 turns")


_warm = None


def warm() -> float:
    """Compile (or load from numba's cache) the kernels on a tiny board, once
    per process; returns the seconds that took (0 after the first call)."""
    global _warm
    if _warm is not None:
        return 0.0
    import time
    t0 = time.perf_counter()
    ok = {(x, y) for x in range(4) for y in range(3)}
    board = Board(4, 3, lambda x, y: (x, y) in ok, 2, goal=lambda x, y: x == 3)
    backward_numba(MoveTable(board), Spec(1, (2,), 1, 1, 2, 0))
    _warm = time.perf_counter() - t0
    return _warm
