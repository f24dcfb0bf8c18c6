"""The solver's search: the time-to-go table and how it is filled.

States.  (x, y, vx, vy, lap, brakes_left): the car's point, its car-pawn
vector (the last move), the lap it is in and the sharp brakings it has left
(`solver` explains laps; a classic map has one lap and no brakes).

Search.  A backward breadth-first search from the finish over the reversed
move graph gives the time-to-go table: for every state that can still finish,
the minimum number of turns to the finish. It is bit-parallel: one bitmask of
points per (lap, brakes, velocity) block; one BFS layer is, for every block,
a shift and an AND per displacement, then an OR-dilation over the velocity
grid (the pawn's box, separable) and the half-plane unions of the sharp
brakings. `backward_python` runs it on Python ints; `solver_fast` runs the
same search in numba over 64-bit words: both compute exact BFS distances, so
the two engines give identical tables and lines.
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass
from functools import lru_cache
from importlib.util import find_spec

from ...engine.protocol import BadInput
from .solver_moves import MoveTable, move_speed

ENGINES = ("auto", "python", "numba")


# ---- the time-to-go table ------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    laps: int
    tops: tuple[int, ...]         # top speed per lap (the last repeats)
    accel: int
    bcap: int                     # brakes_left is 0..bcap
    vmax: int                     # velocities -vmax..vmax on each axis
    lmin: int                     # lowest lap level (-1 with a grid behind the line)
    free_brakes: bool = False     # sharp brakings never run out (bcap is then 0)

    def top(self, lap: int) -> int:
        return self.tops[min(max(lap, 0), len(self.tops) - 1)]


class TimeToGo:
    """Minimum turns to the finish of every state, flat, velocity fastest:
    `data[((lap_level * nb + brakes) * npos + pos) * nv + velocity]`,
    `UNREACHED` where the car cannot finish (or the point is not drivable).

    The numba engine fills `data` at once. The Python engine keeps each
    block as bit planes (plane j: the points whose time-to-go has bit j set)
    and expands a block into `data` the first time it is read, so that a
    solve only pays for the blocks its line looks at."""

    def __init__(self, moves: MoveTable, spec: Spec, engine: str, seconds: float,
                 layers: int, states: int, data=None, planes=None, reached=None):
        self.moves, self.spec = moves, spec
        self.engine, self.seconds, self.layers, self.states = engine, seconds, layers, states
        b = moves.board
        self.n1 = 2 * spec.vmax + 1
        self.nv = self.n1 * self.n1
        self.nb = spec.bcap + 1
        self.nl = spec.laps - spec.lmin
        self.npos = b.npos
        self.nblocks = self.nl * self.nb * self.nv
        self.wide = layers > 254
        self.UNREACHED = 65535 if self.wide else 255
        self._planes, self._reached = planes, reached
        if data is None:
            n = self.nblocks * self.npos
            data = array("H", [65535]) * n if self.wide else bytearray(b"\xff") * n
            self._filled = bytearray(self.nblocks)
        else:
            self._filled = None
        self.data = data

    @property
    def nbytes(self) -> int:
        return len(self.data) * (2 if self.wide else 1)

    def index(self, x: int, y: int, vx: int, vy: int, lap: int, brakes: int) -> int:
        """The flat index of a state (no checks)."""
        s = self.spec
        V = s.vmax
        return ((((lap - s.lmin) * self.nb + brakes) * self.npos
                 + self.moves.board.pos(x, y)) * self.nv + (vy + V) * self.n1 + vx + V)

    def get(self, x: int, y: int, vx: int, vy: int, lap: int, brakes: int):
        """Turns to the finish, 0 once finished, None when it cannot finish."""
        s = self.spec
        if lap >= s.laps:
            return 0
        V = s.vmax
        if lap < s.lmin or abs(vx) > V or abs(vy) > V or not self.moves.board.ok(x, y):
            return None
        i = self.index(x, y, vx, vy, lap, min(max(brakes, 0), s.bcap))
        if self._filled is not None:
            bi = i // (self.npos * self.nv) * self.nv + i % self.nv
            if not self._filled[bi]:
                self._expand(bi)
        v = self.data[i]
        return None if v == self.UNREACHED else int(v)

    def _expand(self, bi: int) -> None:
        """Block bi = level * nv + velocity: write its npos entries."""
        self._filled[bi] = 1
        planes = self._planes[bi]
        if planes is None:
            return
        npos, nv = self.npos, self.nv
        off = bi // nv * npos * nv + bi % nv
        if self.wide:
            for j, m in enumerate(planes):
                while m:
                    low = m & -m
                    p = off + (low.bit_length() - 1) * nv
                    v = self.data[p]
                    self.data[p] = (0 if v == 65535 else v) | (1 << j)
                    m ^= low
            return
        # bytes b'0'/b'1' most significant bit first, summed as base-256 digits
        fmt = f"0{npos}b"
        zero = _zeros(npos)
        total = (int.from_bytes(format(~self._reached[bi] & ((1 << npos) - 1), fmt).encode(),
                                "big") - zero) * 255
        for j, m in enumerate(planes):
            if m:
                total += (int.from_bytes(format(m, fmt).encode(), "big") - zero) << j
        self.data[off:off + npos * nv:nv] = total.to_bytes(npos, "big")[::-1]

    def expand_all(self) -> None:
        if self._filled is not None:
            for bi in range(self.nblocks):
                if not self._filled[bi]:
                    self._expand(bi)

    def tobytes(self) -> bytes:
        self.expand_all()
        d = self.data
        return d.tobytes() if hasattr(d, "tobytes") else bytes(d)


@lru_cache(maxsize=8)
def _zeros(n: int) -> int:
    return int.from_bytes(b"0" * n, "big")


def turns_to_go(table: TimeToGo, x: int, y: int, vx: int, vy: int, progress: int,
                brakes: int):
    """The expert bot's look-up: minimum turns to the finish from a car at
    (x, y) with car-pawn vector (vx, vy), `progress` sectors passed (sector
    index + laps * n_sectors) and `brakes` sharp brakings left (capped at the
    table's). None when it cannot finish from there (off the track, a speed
    the table does not cover, a dead end)."""
    b = table.moves.board
    n = b.n_sectors
    if not b.ok(x, y):
        return None
    if n:
        s = b.sectors[y][x]
        lap = round((progress - s) / n)
    else:
        lap = 0
    return table.get(x, y, vx, vy, lap, brakes)


def velocity_grid(spec: Spec):
    V = spec.vmax
    n1 = 2 * V + 1
    vel = [(i % n1 - V, i // n1 - V) for i in range(n1 * n1)]
    return n1, vel


def brake_classes(spec: Spec, n1: int, vel):
    """Sharp brakings: for each set of ring-2 displacements that some
    velocities share (d . v > 0), the velocity indices that have it."""
    ring = [i for i, (dx, dy) in enumerate(vel) if move_speed(dx, dy) == 2]
    classes: dict[tuple[int, ...], list[int]] = {}
    for vi, (vx, vy) in enumerate(vel):
        ds = tuple(i for i in ring if vel[i][0] * vx + vel[i][1] * vy > 0)
        if ds:
            classes.setdefault(ds, []).append(vi)
    return list(classes.items())


def backward_python(moves: MoveTable, spec: Spec):
    """The bit-parallel backward BFS. Returns (planes, reached, layers, states):
    per block (level * NV + velocity), the 16 bit planes of the time-to-go
    (None for an empty block) and the mask of points that can finish.

    Per layer and per (lap, brakes) level, sparse dicts velocity -> mask:
    O[d] = origins of a move d onto a new state; the pawn's box dilates O
    into the velocities before the move (rows then columns); a sharp braking
    adds, one brake higher, the half-plane of velocities it is allowed from."""
    board = moves.board
    V, D = spec.vmax, moves.dmax
    n1, vel = velocity_grid(spec)
    NV = n1 * n1
    NB, NL, A = spec.bcap + 1, spec.laps - spec.lmin, spec.accel
    Wp = board.Wp
    free = spec.free_brakes
    # the move masks re-indexed on the velocity grid, by lap change
    Lw = {}
    for w in (-1, 0, 1):
        src = moves.masks[w + 1]
        Lw[w] = {i: src[moves.index(dx, dy)] for i, (dx, dy) in enumerate(vel)
                 if move_speed(dx, dy) <= D and src[moves.index(dx, dy)]}
    kd = [dy * Wp + dx for dx, dy in vel]
    speed = [move_speed(dx, dy) for dx, dy in vel]
    tops = [spec.top(li + spec.lmin) for li in range(NL)]
    # v = d - a: first along x (same row), then along y (same column)
    along_x = [[r * n1 + cc for cc in range(max(0, c - A), min(n1, c + A + 1))]
               for r in range(n1) for c in range(n1)]
    along_y = [[rr * n1 + c for rr in range(max(0, r - A), min(n1, r + A + 1))]
               for r in range(n1) for c in range(n1)]
    brakes = brake_classes(spec, n1, vel)
    ring = {d for ds, _ in brakes for d in ds}
    drv = board.drv
    unseen = [[[drv] * NV for _ in range(NB)] for _ in range(NL)]
    planes = [None] * (NL * NB * NV)

    # Layer 1: the moves that cross the line into lap `laps` finish the race.
    last = NL - 1
    first = {i: m for i, m in Lw[1].items() if speed[i] <= tops[last]}
    O = {(last, b): first for b in range(NB)}
    k = deepest = 0
    while O:
        k += 1
        acc: dict[tuple[int, int], dict] = {}
        for (li, b), Og in O.items():
            H: dict[int, int] = {}
            for d, m in Og.items():
                for v in along_x[d]:
                    H[v] = H.get(v, 0) | m
            P = acc.get((li, b))
            if P is None:
                P = acc[(li, b)] = {}
            for h, m in H.items():
                for v in along_y[h]:
                    P[v] = P.get(v, 0) | m
            bb = b if free else b + 1
            if bb < NB and not ring.isdisjoint(Og):
                P = acc.get((li, bb))
                if P is None:
                    P = acc[(li, bb)] = {}
                for ds, vis in brakes:
                    u = 0
                    for d in ds:
                        m = Og.get(d)
                        if m:
                            u |= m
                    if u:
                        for v in vis:
                            P[v] = P.get(v, 0) | u
        bits = [j for j in range(16) if k >> j & 1]
        front = {}
        for (li, b), P in acc.items():
            free_pts = unseen[li][b]
            base = (li * NB + b) * NV
            new = {}
            for v, m in P.items():
                m &= free_pts[v]
                if m:
                    free_pts[v] ^= m
                    pl = planes[base + v]
                    if pl is None:
                        pl = planes[base + v] = [0] * 16
                    for j in bits:
                        pl[j] |= m
                    new[v] = m
            if new:
                front[(li, b)] = new
                deepest = k
        O = {}
        for (li2, b), S in front.items():
            for w in (0, 1, -1):
                li = li2 - w
                if not 0 <= li < NL:
                    continue
                L = Lw[w]
                top = tops[li]
                Og = O.get((li, b))
                got = Og is not None
                if not got:
                    Og = {}
                for d, s in S.items():
                    m = L.get(d)
                    if m and speed[d] <= top:
                        kk = kd[d]
                        o = (s >> kk if kk >= 0 else s << -kk) & m
                        if o:
                            Og[d] = Og.get(d, 0) | o
                if Og and not got:
                    O[(li, b)] = Og
    reached = [drv & ~m for li in range(NL) for b in range(NB) for m in unseen[li][b]]
    states = sum(m.bit_count() for m in reached)
    return planes, reached, deepest, states


# ---- engines ---------------------------------------------------------------------------
def resolve_engine(engine: str) -> str:
    """"python", or "numba" when asked for (or "auto") and installed."""
    if engine not in ENGINES:
        raise BadInput(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    if engine == "python":
        return engine
    # find_spec, not import: the numba engine often runs without importing numba
    # (solver_fast loads its kernel compiled ahead of time)
    if find_spec("numba") is None:
        if engine == "numba":
            raise BadInput("the numba engine needs numba: pip install 'chequered[fast]'")
        return "python"
    return "numba"


def warm_up(engine: str) -> float:
    """Load the numba kernels (compiling them on the first run on a machine)
    before anything is timed; returns the seconds spent."""
    if resolve_engine(engine) != "numba":
        return 0.0
    from .solver_fast import warm
    return warm()


def build_table(moves: MoveTable, spec: Spec, engine: str) -> TimeToGo:
    """The time-to-go table of `moves` under `spec`, searched by `engine`."""
    t0 = time.perf_counter()
    if engine == "numba":
        from .solver_fast import backward_numba
        data, layers, states = backward_numba(moves, spec)
        return TimeToGo(moves, spec, engine, time.perf_counter() - t0, layers, states,
                        data=data)
    planes, reached, layers, states = backward_python(moves, spec)
    return TimeToGo(moves, spec, engine, time.perf_counter() - t0, layers, states,
                    planes=planes, reached=reached)
