"""The numba kernels of the solver's search (`solver_fast` prepares their
arrays and loads them). Imported only to compile them: just in time (cached
on disk by numba), or ahead of time into an extension module that later
processes load without importing numba at all (`build_ahead_of_time`).
"""
from __future__ import annotations

import warnings

import numpy as np
from numba import njit


def _jit(fn, **options):
    """njit with numba's on-disk cache, or without it where no cache
    directory is writable (a read-only install and home): compiled per
    process then, but working."""
    try:
        return njit(cache=True, **options)(fn)
    except RuntimeError:             # numba: "cannot cache function ...: no locator available"
        return njit(**options)(fn)


def _shift_and_or_py(src, k, mask, out, nw):
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


def _or_into_py(dst, src, nw):
    for i in range(nw):
        dst[i] |= src[i]


def _bfs_py(L, Lany, kd, speeds, tops, bd, bdn, n1, A, NB, NL, nw, npos, free, db, dist, cap):
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


_shift_and_or = _jit(_shift_and_or_py)
_or_into = _jit(_or_into_py, inline="always")
bfs = _jit(_bfs_py)

# The kernel's signature for the ahead-of-time module: the arrays
# `solver_fast.backward_numba` passes (C-contiguous), then dist as bytes or
# as 16-bit words.
_SIG = ("UniTuple(i8, 2)(u8[:, :, ::1], b1[:, ::1], i8[::1], i8[::1], i8[::1], i8[:, ::1], "
        "i8[::1], i8, i8, i8, i8, i8, i8, b1, i8[::1], {dist}[::1], i8)")


def build_ahead_of_time(directory: str, name: str) -> None:
    """Compile `bfs` into the extension module `name` in `directory`, with
    the functions bfs8 and bfs16 (dist as uint8 or uint16). Takes about a
    minute and needs a C compiler."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")           # numba.pycc is deprecated but works
        from numba.pycc import CC
        cc = CC(name)
        cc.output_dir = directory
        cc.verbose = False
        cc.export("bfs8", _SIG.format(dist="u1"))(_bfs_py)
        cc.export("bfs16", _SIG.format(dist="u2"))(_bfs_py)
        cc.compile()
