"""The numba engine of the solver (the optional `fast` extra).

Imported only by `solver_search` when numba is installed and the engine is
"numba" or "auto". The move masks come from `solver_moves.MoveTable` (the same
Python code for both engines); the backward breadth-first search runs in the
kernel of `solver_kernels`, the same bit-parallel search over arrays of
64-bit words, writing the flat time-to-go array directly. Both searches
compute exact BFS distances, so the time-to-go tables, and the lines walked
on them, are identical.

Compiled once.  numba's just-in-time compiler costs every process about half
a second of CPU even with its on-disk cache (importing numba, loading the
cached code): more than a whole classic solve in pure Python. So the first
solve on a machine (`warm`) compiles the kernel ahead of time into a small
extension module, stored in the first writable of `kernel_dirs()`; every
later process loads it with numpy alone, without importing numba. Until it
exists (bots' tables never wait a minute for it), where it cannot be built
(no C compiler, nowhere writable) or with CHEQUERED_NUMBA_AOT=0, the kernel
is compiled just in time, with numba's cache when a cache directory is
writable.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.metadata import version
from pathlib import Path

import numpy as np

from .solver_moves import Board, MoveTable, move_speed
from .solver_search import Spec, brake_classes, velocity_grid

_DEBRUIJN = 0x03F79D71B4CB0A89
_DB_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DB_TABLE[((1 << _i) * _DEBRUIJN & (2**64 - 1)) >> 58] = _i


def _words(mask: int, nw: int) -> np.ndarray:
    return np.frombuffer(mask.to_bytes(nw * 8, "little"), dtype="<u8").copy()


# ---- loading the kernel ------------------------------------------------------------------
def kernel_dirs() -> list[Path]:
    """Where the ahead-of-time module may live, in order: $CHEQUERED_CACHE_DIR,
    the package's own __pycache__, the user's cache directory."""
    dirs = []
    if os.environ.get("CHEQUERED_CACHE_DIR"):
        dirs.append(Path(os.environ["CHEQUERED_CACHE_DIR"]))
    dirs.append(Path(__file__).parent / "__pycache__")
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    dirs.append(Path(base) / "chequered")
    return dirs


def kernel_name() -> str:
    """The module's name: it changes with the kernel's source and numba's version."""
    src = (Path(__file__).parent / "solver_kernels.py").read_bytes()
    digest = hashlib.sha256(src + version("numba").encode()).hexdigest()[:12]
    return f"bolide_solver_kernels_{digest}"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.name.split(".")[0], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ahead_of_time(build: bool):
    """The ahead-of-time module if one is stored, else (when `build`) built
    now; None where there is none and it cannot be built."""
    if os.environ.get("CHEQUERED_NUMBA_AOT", "1") == "0":
        return None
    name = kernel_name()

    def stored():
        for d in kernel_dirs():
            for suffix in EXTENSION_SUFFIXES:
                if (d / (name + suffix)).is_file():
                    try:
                        return _load(d / (name + suffix))
                    except ImportError:
                        pass
        return None

    found = stored()
    if found is not None or not build:
        return found
    for d in kernel_dirs():
        try:
            d.mkdir(parents=True, exist_ok=True)
            with open(d / (name + ".lock"), "w") as lock:
                _lock(lock)                   # one build at a time; the others wait for it
                found = stored()
                if found is not None:
                    return found
                with tempfile.TemporaryDirectory(dir=d) as tmp:
                    from .solver_kernels import build_ahead_of_time
                    build_ahead_of_time(tmp, name)
                    built = next(p for p in Path(tmp).iterdir() if p.name.startswith(name + "."))
                    os.replace(built, d / built.name)    # atomic: never half a file
            return _load(d / built.name)
        except Exception:             # not writable, no compiler, numba.pycc gone: next
            continue
    return None


def _lock(f) -> None:
    try:
        import fcntl
    except ImportError:               # not POSIX: builds may overlap, each file stays whole
        return
    fcntl.flock(f, fcntl.LOCK_EX)


_KERNELS: dict = {}


def kernel(dtype, build: bool = False):
    """The search kernel for a dist array of `dtype` (uint8 or uint16): the
    ahead-of-time module when stored (`build`: built now if not, about a
    minute, which only `warm`, that is a `solve`, asks for: a bot's table in
    the middle of a race never waits for it), else numba's JIT."""
    if not _KERNELS or (build and not _KERNELS["build tried"]):
        aot = _ahead_of_time(build)
        if aot is not None:
            _KERNELS.update({np.uint8: aot.bfs8, np.uint16: aot.bfs16, "how": "ahead of time"})
        elif not _KERNELS:
            from .solver_kernels import bfs
            _KERNELS.update({np.uint8: bfs, np.uint16: bfs, "how": "just in time"})
        _KERNELS["build tried"] = _KERNELS.get("build tried") or build
    return _KERNELS[dtype]


def how_compiled() -> str:
    """"ahead of time" or "just in time": how this process runs the kernel."""
    kernel(np.uint8)
    return _KERNELS["how"]


# ---- the search ----------------------------------------------------------------------------
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
        layers, states = kernel(dtype)(L, Lany, kd, speeds, tops, bd, bdn, n1, spec.accel,
                                       NB, NL, nw, npos, spec.free_brakes, _DB_TABLE, dist, cap)
        if layers >= 0:
            return dist, int(layers), int(states)
    raise ValueError("time-to-go beyond 65534 turns")


_warm = None


def warm() -> float:
    """Load the kernel (building it ahead of time the first time on a
    machine) and run it on a tiny board, once per process, before a solve is
    timed; returns the seconds that took (0 after the first call)."""
    global _warm
    if _warm is not None:
        return 0.0
    t0 = time.perf_counter()
    kernel(np.uint8, build=True)
    ok = {(x, y) for x in range(4) for y in range(3)}
    board = Board(4, 3, lambda x, y: (x, y) in ok, 2, goal=lambda x, y: x == 3)
    backward_numba(MoveTable(board), Spec(1, (2,), 1, 1, 2, 0))
    _warm = time.perf_counter() - t0
    return _warm
