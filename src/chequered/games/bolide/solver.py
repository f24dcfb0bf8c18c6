"""Bolide: the exact fastest line (issue 3, section 4). Pure Python.

The race of a single car on an empty circuit, without dice (normal standing
start, no boosters, no brake requests), searched exactly:

States.  (x, y, vx, vy, lap, brakes_left): the car's point, its car-pawn
vector (the last move), the lap it is in and the sharp brakings it has left.
`progress` = sector index + lap * n_sectors counts the sectors passed in race
order: a move to another sector changes it by the signed shortest difference
of the two sector indices mod n (a difference of exactly n/2 is ambiguous and
rejected when a legal move makes it). Crossing the finish line (standing on
sector 'a' coming from the last sector) is the only way to change lap, so a
car that cuts back across the line loses a lap and cannot finish that way.
The grid slot's own lap is -1 when its sector lies in the second half of the
sectors (the grid is behind the line: the first crossing only starts lap 1),
else 0. The race is over the first turn `lap` reaches `laps`. The top speed of
a move is the one of the lap the car is in when it moves (7 then 8).

Moves.  Exactly `rules.moves`: the pawn rule (the (2a+1)^2 points around the
pawn, speed = the longer leg, at most the lap's top speed) and sharp brakings
(a move of exactly 2 at less than 90 degrees to the car-pawn vector, one of
`brakes` per race), each legal when its whole trajectory lies on the track
surface R of `geometry.Surface`. The race starts with the standing start from
the pole slot (one of the 5 points in front of the car, facing the red arrow
of its sector: BOLIDE 1, the normal start of the Unforeseen Start table).

Legal-move table.  A segment lies in R exactly when every grid point of its
"footprint" (the corners of every point, edge and square the segment meets)
is track or kerb, so for each displacement d the set of origins where d is
legal is an AND of shifted copies of the drivable-point bitmask. Bitmasks are
Python ints over a padded layout (bit y*Wp + x, Wp = width + max speed, so
shifts never wrap onto a drivable point). One table per circuit and speed
bound, cached on the circuit; each displacement's mask is split by the lap
change of the move (0, +1 across the line, -1 back across it).

Search.  A backward breadth-first search from the finish over the reversed
move graph gives the time-to-go table: for every state that can still finish,
the minimum number of turns to the finish. It is bit-parallel: one bitmask of
points per (lap, brakes, velocity) block; one BFS layer is, for every block,
a shift and an AND per displacement, then an OR-dilation over the velocity
grid (the pawn's box, separable) and the half-plane unions of the sharp
brakings. `solve` reads the optimum of every start move off the table and
walks a canonical line forward (below); `solver_fast` runs the same search
in numba over 64-bit words: both compute exact BFS distances, so the two
engines give identical tables and lines.

Canonical line.  Among the fastest races: the fewest sharp brakings (the
walk runs on the smallest brake budget with the same time-to-go, on which
every fastest continuation uses exactly that many), then the first candidate
in a fixed order: start points in `standing_start_points` order, pawn points
row by row from the north-west (as `rules.moves.pawn_points`), then sharp
brakings in the same order.

Time-to-go memory.  One byte per state over the full padded box:
(laps - lap_min) * (brakes + 1) * (2 vmax + 1)^2 * (width + max_top) * height
bytes (two bytes when a time-to-go exceeds 254 turns); lap_min is -1 when a
grid slot is behind the line. `TimeToGo.nbytes` reports it. The shipped
circuits, 2 laps, 3 brakes, speed 8: ring (86 x 42) 3*4*289*94*42 = 13.7 MB,
twisty (80 x 50) 15.3 MB, hairpin (70 x 46) 12.4 MB; 2.7-3.5 million of
those states can finish. The Python engine also holds the BFS's bit planes
(about as much again) and expands a block into the bytes on first read.

Times (benchmarks/results/bolide_solver.json, medians): a cold solve (move
table, race and first-lap tables, the line) takes 0.31-0.39 s in pure Python
and 0.07-0.08 s with numba, after numba's one-off kernel load (0.1-0.2 s from
its cache; about 5 s the first time it compiles).
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil
from pathlib import Path

from ...engine.protocol import BadInput
from .circuit import Circuit
from .geometry import standing_start_points

ACCEL = 2
TOP_SPEEDS = (7, 8)
BRAKES = 3
ENGINES = ("auto", "python", "numba")
_TR01 = bytes.maketrans(b"01", b"\x00\x01")


# ---- progress ------------------------------------------------------------------
def sector_step(n: int, s_from: int, s_to: int) -> int:
    """The signed shortest difference s_to - s_from mod n, in (-n/2, n/2)."""
    d = (s_to - s_from) % n
    if 2 * d == n:
        raise BadInput(f"a move crosses exactly half of the {n} sectors: the lap count "
                       "is ambiguous (make the sectors longer than a move)")
    return d if 2 * d < n else d - n


def lap_change(n: int, s_from: int, s_to: int) -> int:
    """+1 when the move crosses the finish line forwards, -1 backwards, else 0."""
    p = s_from + sector_step(n, s_from, s_to)
    return 1 if p >= n else -1 if p < 0 else 0


def start_lap(n: int, sector: int) -> int:
    """The lap of a car standing in `sector` before it has crossed any line:
    -1 behind the line (the sector is nearer the end of the lap), else 0."""
    return 0 if 2 * sector < n else -1


def progress_of(n: int, sector: int, lap: int) -> int:
    return sector + lap * n


# ---- geometry: segment footprints -----------------------------------------------
@lru_cache(maxsize=None)
def samples(dx: int, dy: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The elements of R (point, edge or square, as their corner offsets) that
    the segment (0, 0)-(dx, dy) meets, sampled exactly as geometry.Surface
    does: at every grid-line crossing and between two consecutive ones.
    Computed for 0 <= dy <= dx and mapped by the grid's symmetries."""
    if dx < 0 or dy < 0 or dy > dx:
        sx, sy = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
        ax, ay = abs(dx), abs(dy)
        if ay > ax:
            return tuple(tuple((sx * y, sy * x) for x, y in el) for el in samples(ay, ax))
        return tuple(tuple((sx * x, sy * y) for x, y in el) for el in samples(ax, ay))
    ax, ay = abs(dx), abs(dy)
    if ax == 0 and ay == 0:
        return (((0, 0),),)
    D = (ax or 1) * (ay or 1)
    cuts = set()
    if ax:
        cuts.update(range(0, D + 1, D // ax))
    if ay:
        cuts.update(range(0, D + 1, D // ay))
    D2 = 2 * D
    out = []

    def element(nx, ny):
        fx, rx = divmod(nx, D2)
        fy, ry = divmod(ny, D2)
        xs = (fx,) if rx == 0 else (fx, fx + 1)
        ys = (fy,) if ry == 0 else (fy, fy + 1)
        return tuple((x, y) for y in ys for x in xs)

    prev = None
    for b in sorted(cuts):
        out.append(element(2 * dx * b, 2 * dy * b))
        if prev is not None:
            m = prev + b
            out.append(element(dx * m, dy * m))
        prev = b
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=None)
def footprint(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Every grid point that must be drivable for the segment to lie in R."""
    if dx < 0 or dy < 0 or dy > dx:
        sx, sy = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
        ax, ay = abs(dx), abs(dy)
        if ay > ax:
            return tuple((sx * y, sy * x) for x, y in footprint(ay, ax))
        return tuple((sx * x, sy * y) for x, y in footprint(ax, ay))
    return tuple({p for el in samples(dx, dy) for p in el})


def _shift(mask: int, k: int) -> int:
    """Bit p of the result is bit p + k of mask."""
    return mask >> k if k >= 0 else mask << -k


def _speed(dx: int, dy: int) -> int:
    return max(abs(dx), abs(dy))


# ---- the solver's board ------------------------------------------------------------
class Board:
    """A grid as the solver sees it: which points are drivable, their sector
    (Bolide) or which are goals (classic), in a padded bit layout."""

    def __init__(self, width: int, height: int, drivable, dmax: int, *, sectors=None,
                 n_sectors: int = 0, goal=None, name: str = ""):
        self.name = name
        self.width, self.height, self.dmax = width, height, dmax
        self.Wp = width + dmax
        self.npos = self.Wp * height
        self.drivable = drivable            # drivable(x, y) -> bool
        self.sectors = sectors              # [y][x] sector index or -1, or None
        self.n_sectors = n_sectors
        self.drv = 0
        for y in range(height):
            for x in range(width):
                if drivable(x, y):
                    self.drv |= 1 << (y * self.Wp + x)
        self.goal = 0
        if goal is not None:
            for y in range(height):
                for x in range(width):
                    if goal(x, y):
                        self.goal |= 1 << (y * self.Wp + x)

    def pos(self, x: int, y: int) -> int:
        return y * self.Wp + x

    def xy(self, pos: int) -> tuple[int, int]:
        return pos % self.Wp, pos // self.Wp

    def ok(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and bool(self.drivable(x, y))


class MoveTable:
    """For every displacement d with speed <= dmax: the origins where the move
    d is legal, split by its lap change. masks[w + 1][i] with i the index of d
    in the (2 dmax + 1)^2 grid, row by row from (-dmax, -dmax)."""

    def __init__(self, board: Board):
        t0 = time.perf_counter()
        self.board = board
        D = self.dmax = board.dmax
        self.n1 = 2 * D + 1
        Wp, drv = board.Wp, board.drv
        shifted: dict[tuple[int, int], int] = {}

        def sh(mask_name, mask, ox, oy):
            key = (mask_name, ox, oy)
            v = shifted.get(key)
            if v is None:
                v = shifted[key] = _shift(mask, oy * Wp + ox)
            return v

        n1 = self.n1
        self.kd = [(i // n1 - D) * Wp + (i % n1 - D) for i in range(n1 * n1)]
        legal = [0] * (n1 * n1)
        for i in range(n1 * n1):
            dx, dy = i % n1 - D, i // n1 - D
            m = drv
            for ox, oy in footprint(dx, dy):
                m &= sh("d", drv, ox, oy)
                if not m:
                    break
            legal[i] = m
        self.legal = legal
        zero, plus, minus = list(legal), [0] * len(legal), [0] * len(legal)
        if board.sectors is not None:
            self._split_laps(zero, plus, minus)
        elif board.goal:
            goal = board.goal
            for i, m in enumerate(legal):
                if not m:
                    continue
                dx, dy = i % n1 - D, i // n1 - D
                touch = 0
                for el in samples(dx, dy):
                    t = m
                    for ox, oy in el:
                        t &= sh("g", goal, ox, oy)
                        if not t:
                            break
                    touch |= t
                plus[i], zero[i] = touch, m & ~touch
        self.masks = (minus, zero, plus)
        self.seconds = time.perf_counter() - t0

    def _split_laps(self, zero, plus, minus):
        b = self.board
        n = b.n_sectors
        if n < 3:
            raise BadInput(f"{b.name}: the solver needs at least 3 sectors to count laps")
        sec = [0] * n
        for y in range(b.height):
            for x in range(b.width):
                s = b.sectors[y][x]
                if s >= 0 and b.ok(x, y):
                    sec[s] |= 1 << b.pos(x, y)
        tie = [0] * n                 # destinations half the circuit away
        wp, wm = [0] * n, [0] * n     # destinations that wrap forwards / backwards
        for s in range(n):
            for t in range(n):
                d = (t - s) % n
                if 2 * d == n:
                    tie[s] |= sec[t]
                elif s + (d if 2 * d < n else d - n) >= n:
                    wp[s] |= sec[t]
                elif s + (d if 2 * d < n else d - n) < 0:
                    wm[s] |= sec[t]
        for i, m in enumerate(zero):
            if not m:
                continue
            k = self.kd[i]
            p = q = 0
            for s in range(n):
                o = m & sec[s]
                if not o:
                    continue
                if tie[s] and o & _shift(tie[s], k):
                    sector_step(n, 0, n // 2)         # raises: ambiguous lap count
                if wp[s]:
                    p |= o & _shift(wp[s], k)
                if wm[s]:
                    q |= o & _shift(wm[s], k)
            plus[i], minus[i] = p, q
            zero[i] = m & ~(p | q)

    def index(self, dx: int, dy: int) -> int:
        return (dy + self.dmax) * self.n1 + dx + self.dmax

    def move(self, x: int, y: int, dx: int, dy: int):
        """The lap change of the move d from (x, y), or None when it is illegal."""
        if _speed(dx, dy) > self.dmax:
            return None
        i = self.index(dx, dy)
        bit = 1 << self.board.pos(x, y)
        for w in (0, 1, -1):
            if self.masks[w + 1][i] & bit:
                return w
        return None


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


def _velocity_grid(spec: Spec):
    V = spec.vmax
    n1 = 2 * V + 1
    vel = [(i % n1 - V, i // n1 - V) for i in range(n1 * n1)]
    return n1, vel


def _brake_classes(spec: Spec, n1: int, vel):
    """Sharp brakings: for each set of ring-2 displacements that some
    velocities share (d . v > 0), the velocity indices that have it."""
    ring = [i for i, (dx, dy) in enumerate(vel) if _speed(dx, dy) == 2]
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
    n1, vel = _velocity_grid(spec)
    NV = n1 * n1
    NB, NL, A = spec.bcap + 1, spec.laps - spec.lmin, spec.accel
    Wp = board.Wp
    free = spec.free_brakes
    # the move masks re-indexed on the velocity grid, by lap change
    Lw = {}
    for w in (-1, 0, 1):
        src = moves.masks[w + 1]
        Lw[w] = {i: src[moves.index(dx, dy)] for i, (dx, dy) in enumerate(vel)
                 if _speed(dx, dy) <= D and src[moves.index(dx, dy)]}
    kd = [dy * Wp + dx for dx, dy in vel]
    speed = [_speed(dx, dy) for dx, dy in vel]
    tops = [spec.top(li + spec.lmin) for li in range(NL)]
    # v = d - a: first along x (same row), then along y (same column)
    along_x = [[r * n1 + cc for cc in range(max(0, c - A), min(n1, c + A + 1))]
               for r in range(n1) for c in range(n1)]
    along_y = [[rr * n1 + c for rr in range(max(0, r - A), min(n1, r + A + 1))]
               for r in range(n1) for c in range(n1)]
    brakes = _brake_classes(spec, n1, vel)
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


# ---- caches ------------------------------------------------------------------------------
def _cache(obj) -> dict:
    c = obj.__dict__.get("_solver_cache")
    if c is None:
        c = obj.__dict__["_solver_cache"] = {}
    return c


def clear_cache(obj) -> None:
    obj.__dict__.pop("_solver_cache", None)


def circuit_board(c: Circuit, dmax: int) -> Board:
    cache = _cache(c)
    key = ("board", dmax)
    if key not in cache:
        cache[key] = Board(c.width, c.height, c.surface.point, dmax, sectors=c.sector,
                           n_sectors=c.n_sectors, name=c.path)
    return cache[key]


def move_table(c: Circuit, dmax: int) -> MoveTable:
    """The legal-move table of a circuit for speeds up to dmax (cached; a
    table for higher speeds serves lower ones too)."""
    cache = _cache(c)
    have = sorted(k[1] for k in cache if k[0] == "moves" and k[1] >= dmax)
    if have:
        return cache[("moves", have[0])]
    t = cache[("moves", dmax)] = MoveTable(circuit_board(c, dmax))
    return t


def resolve_engine(engine: str) -> str:
    """"python", or "numba" when asked for (or "auto") and installed."""
    if engine not in ENGINES:
        raise BadInput(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    if engine == "python":
        return engine
    try:
        import numba  # noqa: F401
    except ImportError:
        if engine == "numba":
            raise BadInput("the numba engine needs numba: pip install 'chequered[fast]'") \
                from None
        return "python"
    return "numba"


def warm_up(engine: str) -> float:
    """Load the numba kernels (compiling them on the first run on a machine)
    before anything is timed; returns the seconds spent."""
    if resolve_engine(engine) != "numba":
        return 0.0
    from .solver_fast import warm
    return warm()


def _table(moves: MoveTable, spec: Spec, engine: str) -> TimeToGo:
    t0 = time.perf_counter()
    if engine == "numba":
        from .solver_fast import backward_numba
        data, layers, states = backward_numba(moves, spec)
        return TimeToGo(moves, spec, engine, time.perf_counter() - t0, layers, states,
                        data=data)
    planes, reached, layers, states = backward_python(moves, spec)
    return TimeToGo(moves, spec, engine, time.perf_counter() - t0, layers, states,
                    planes=planes, reached=reached)


def _check_params(laps, tops, accel, brakes):
    if laps < 1:
        raise BadInput("laps must be at least 1")
    if not tops or any(t < 1 for t in tops):
        raise BadInput("top speeds must be at least 1")
    if accel < 1:
        raise BadInput("the acceleration radius must be at least 1")
    if brakes < 0:
        raise BadInput("brakes cannot be negative")


def _grid_lmin(c: Circuit) -> int:
    n = c.n_sectors
    return min([0] + [start_lap(n, c.sector_at(x, y)) for x, y in c.meta.grid])


def time_to_go(c: Circuit, laps: int | None = None, top_speeds=TOP_SPEEDS,
               accel: int = ACCEL, brakes: int = BRAKES, engine: str = "auto",
               vmax: int | None = None, free_brakes: bool = False) -> TimeToGo:
    """The time-to-go table of a circuit (cached per circuit and parameters):
    for every (point, velocity, lap, brakes_left <= brakes) that can finish,
    the minimum turns to the finish. Velocities up to `vmax` (default the
    highest top speed; more for cars that used a booster) are covered. Read it
    with `turns_to_go`. Memory: see the module docstring and `.nbytes`."""
    laps = c.meta.laps if laps is None else laps
    tops = tuple(top_speeds)
    _check_params(laps, tops, accel, brakes)
    dmax = max(tops)
    vmax = max(dmax, vmax or 0)
    engine = resolve_engine(engine)
    spec = Spec(laps, tops, accel, 0 if free_brakes else brakes, vmax, _grid_lmin(c),
                free_brakes)
    cache = _cache(c)
    key = ("ttg", spec, engine)
    if key not in cache:
        cache[key] = _table(move_table(c, dmax), spec, engine)
    return cache[key]


# ---- solutions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One move of the line: where the car arrives and how."""
    x: int
    y: int
    vx: int                 # the move, i.e. the new car-pawn vector
    vy: int
    speed: int
    lap: int                # the lap the car was in when it moved (1-based)
    sharp_braking: bool = False
    start: bool = False     # the standing start move

    def to_doc(self) -> dict:
        return {"x": self.x, "y": self.y, "vx": self.vx, "vy": self.vy, "speed": self.speed,
                "lap": self.lap, "sharp_braking": self.sharp_braking, "start": self.start}


@dataclass
class Solution:
    track: str
    turns: int                        # the whole race from the grid
    first_lap_turns: int | None       # the best single lap from the grid (qualifying lap)
    lap_turns: list[int]              # turns spent in each lap on the race line
    start: tuple[int, int]            # where the car starts (pole slot / a start cell)
    line: list[Step]
    laps: int
    top_speeds: tuple[int, ...]
    accel: int
    brakes: int
    top_speed_turns: list[int]        # per lap: turns at that lap's top speed
    speed_turns: dict[int, int]       # speed -> turns at that speed, whole race
    sharp_brakings: list[int]         # per lap
    engine: str
    seconds: float
    states: int                       # states of the time-to-go table that can finish
    table_bytes: int = 0
    kind: str = "bolide"
    details: dict = field(default_factory=dict)
    classic: object = field(default=None, repr=False)     # the parsed classic map

    @property
    def points(self) -> list[tuple[int, int]]:
        return [self.start] + [(s.x, s.y) for s in self.line]

    def speed_at_top(self, lap: int) -> int:
        return self.top_speed_turns[lap - 1]

    def compact_line(self) -> str:
        """'x,y' per point; '!' marks a sharp braking, '|' a lap completed."""
        out = [f"{self.start[0]},{self.start[1]}"]
        for i, s in enumerate(self.line):
            out.append(f"{s.x},{s.y}" + ("!" if s.sharp_braking else ""))
            nxt = self.line[i + 1].lap if i + 1 < len(self.line) else None
            if nxt is not None and nxt != s.lap:
                out.append("|")
        return " ".join(out)

    def to_doc(self) -> dict:
        return {"track": self.track, "kind": self.kind, "turns": self.turns,
                "first_lap_turns": self.first_lap_turns, "lap_turns": self.lap_turns,
                "laps": self.laps, "top_speeds": list(self.top_speeds), "accel": self.accel,
                "brakes": self.brakes, "top_speed_turns": self.top_speed_turns,
                "speed_turns": {str(k): v for k, v in sorted(self.speed_turns.items())},
                "sharp_brakings": self.sharp_brakings, "start": list(self.start),
                "line": [s.to_doc() for s in self.line], "engine": self.engine,
                "seconds": round(self.seconds, 4), "states": self.states,
                "table_bytes": self.table_bytes, **self.details}


def _need(t: TimeToGo, x, y, vx, vy, lap, budget) -> int:
    """The fewest brakes with which this state still finishes as fast."""
    best = t.get(x, y, vx, vy, lap, budget)
    b = budget
    while b > 0 and t.get(x, y, vx, vy, lap, b - 1) == best:
        b -= 1
    return b


def _walk(t: TimeToGo, x, y, vx, vy, lap, budget) -> list[Step]:
    """The canonical fastest line from a state (see the module docstring)."""
    spec, mv = t.spec, t.moves
    A = spec.accel
    k = t.get(x, y, vx, vy, lap, budget)
    if k is None:
        raise ValueError("no line from this state")
    budget = _need(t, x, y, vx, vy, lap, budget)
    out = []
    while k > 0:
        top = spec.top(lap)
        found = None
        for ay in range(-A, A + 1):
            for ax in range(-A, A + 1):
                dx, dy = vx + ax, vy + ay
                if _speed(dx, dy) > top:
                    continue
                w = mv.move(x, y, dx, dy)
                if w is not None and t.get(x + dx, y + dy, dx, dy, lap + w, budget) == k - 1:
                    found = (dx, dy, w, False)
                    break
            if found:
                break
        after = budget if spec.free_brakes else budget - 1
        if found is None and after >= 0 and top >= 2:
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    if _speed(dx, dy) != 2 or dx * vx + dy * vy <= 0:
                        continue
                    w = mv.move(x, y, dx, dy)
                    if w is not None and \
                            t.get(x + dx, y + dy, dx, dy, lap + w, after) == k - 1:
                        found = (dx, dy, w, True)
                        break
                if found:
                    break
        if found is None:        # pragma: no cover - the table is exact
            raise AssertionError(f"time-to-go table inconsistent at {(x, y, vx, vy, lap)}")
        dx, dy, w, brake = found
        out.append(Step(x + dx, y + dy, dx, dy, _speed(dx, dy), max(lap, 0) + 1, brake))
        x, y, vx, vy, lap = x + dx, y + dy, dx, dy, lap + w
        if brake:
            budget = after
        k -= 1
    return out


def _best_start(t: TimeToGo, c: Circuit, slot: int = 0):
    """The standing start (BOLIDE 1): the best of the 5 points in front.
    Returns (turns, start move d, its lap change) or None."""
    x, y = c.meta.grid[slot]
    n = c.n_sectors
    lap0 = start_lap(n, c.sector_at(x, y))
    facing = c.arrow(c.sector_at(x, y))
    best = None
    for ox, oy in standing_start_points(facing):
        w = t.moves.move(x, y, ox, oy)
        if w is None:
            continue
        g = t.get(x + ox, y + oy, ox, oy, lap0 + w, t.spec.bcap)
        if g is None:
            continue
        need = _need(t, x + ox, y + oy, ox, oy, lap0 + w, t.spec.bcap)
        if best is None or (1 + g, need) < best[0]:
            best = ((1 + g, need), (ox, oy), w)
    if best is None:
        return None
    return best[0][0], best[1], best[2], lap0, best[0][1]


def _summarise(line: list[Step], laps: int, tops) -> tuple[list, list, dict, list]:
    lap_turns = [0] * laps
    top_turns = [0] * laps
    brakes = [0] * laps
    speeds: dict[int, int] = {}
    for s in line:
        i = min(s.lap, laps) - 1
        lap_turns[i] += 1
        top = tops[min(i, len(tops) - 1)]
        top_turns[i] += s.speed == top
        brakes[i] += s.sharp_braking
        speeds[s.speed] = speeds.get(s.speed, 0) + 1
    return lap_turns, top_turns, speeds, brakes


def solve(c: Circuit, laps: int | None = None, top_speeds=TOP_SPEEDS, accel: int = ACCEL,
          brakes: int = BRAKES, engine: str = "auto", first_lap: bool = True) -> Solution:
    """The exact fastest race of one car alone on the circuit, from the pole
    slot with a normal standing start. `first_lap` also solves the best
    single lap from the grid (a qualifying lap: top speed of lap 1)."""
    laps = c.meta.laps if laps is None else laps
    tops = tuple(top_speeds)
    _check_params(laps, tops, accel, brakes)
    engine = resolve_engine(engine)
    warm = warm_up(engine)
    t0 = time.perf_counter()
    t = time_to_go(c, laps, tops, accel, brakes, engine)
    st = _best_start(t, c)
    if st is None:
        raise BadInput(f"{c.path}: the finish cannot be reached from the pole slot")
    turns, (ox, oy), w, lap0, _ = st
    x, y = c.meta.grid[0]
    first = Step(x + ox, y + oy, ox, oy, 1, 1, False, True)
    line = [first] + _walk(t, x + ox, y + oy, ox, oy, lap0 + w, brakes)
    assert len(line) == turns
    q_turns = None
    if first_lap:
        q = time_to_go(c, 1, tops[:1], accel, brakes, engine)
        qs = _best_start(q, c)
        q_turns = qs[0] if qs else None
    lap_turns, top_turns, speeds, brk = _summarise(line, laps, tops)
    return Solution(c.key, turns, q_turns, lap_turns, (x, y), line, laps, tops, accel,
                    brakes, top_turns, speeds, brk, engine, time.perf_counter() - t0,
                    t.states, t.nbytes, details={"warm_up_seconds": round(warm, 3)})


def solve_track(track: str, **kw) -> Solution:
    """`solve` for a circuit name or a .track file path."""
    return solve(load_circuit(track), **kw)


def load_circuit(track: str) -> Circuit:
    from .circuit import circuit, load_track
    if track.endswith(".track") or "/" in track:
        return load_track(Path(track))
    return circuit(track)


# ---- circuit facts --------------------------------------------------------------------------
def circuit_facts(c: Circuit, engine: str = "auto") -> dict:
    """The two facts printed on a Bolide board, computed by the solver for
    the basic rules (laps from the circuit, top speeds 7/8, pawn radius 2):

    speed8_per_race  turns at speed 8 on the canonical fastest race with the
                     basic rules' 3 sharp brakings.
    sharp_brakings_per_lap  ceil(m / laps), where m is the fewest sharp
                     brakings with which a race is as fast as the fastest race
                     with unlimited sharp brakings (well defined: it does not
                     depend on how ties between lines are broken).
    """
    cache = _cache(c)
    key = ("facts", resolve_engine(engine))
    if key in cache:
        return dict(cache[key])
    laps = c.meta.laps
    base = solve(c, laps, TOP_SPEEDS, ACCEL, BRAKES, engine, first_lap=False)
    unlimited = unlimited_turns(c, laps, TOP_SPEEDS, ACCEL, engine)
    m = min_brakes_for(c, unlimited, laps, TOP_SPEEDS, ACCEL, engine)
    facts = {"speed8_per_race": base.speed_turns.get(8, 0),
             "sharp_brakings_per_lap": ceil(m / laps)}
    cache[key] = facts
    cache[("facts_detail", resolve_engine(engine))] = {
        "race_turns": base.turns, "race_turns_unlimited_brakings": unlimited,
        "min_sharp_brakings_unlimited": m}
    return dict(facts)


def unlimited_turns(c: Circuit, laps, tops, accel, engine) -> int:
    """The fastest race when sharp brakings never run out."""
    st = _best_start(time_to_go(c, laps, tops, accel, 0, engine, free_brakes=True), c)
    if st is None:
        raise BadInput(f"{c.path}: the finish cannot be reached from the pole slot")
    return st[0]


def min_brakes_for(c: Circuit, turns: int, laps, tops, accel, engine,
                   start_budget: int = BRAKES) -> int:
    """The fewest sharp brakings with which the race takes `turns` turns (the
    fastest with unlimited brakings): the brake budget doubles until the
    optimum is reached, then the start's own need is read off the table."""
    b = start_budget
    while True:
        st = _best_start(time_to_go(c, laps, tops, accel, b, engine), c)
        if st is not None and st[0] <= turns:
            return st[4]
        b = max(1, 2 * b)


# ---- classic racetrack ---------------------------------------------------------------------
CLASSIC_FREE = ".  "
CLASSIC_WALL = "xX#@"
CLASSIC_START = "Ss"
CLASSIC_GOAL = "GFf"


@dataclass
class ClassicTrack:
    width: int
    height: int
    free: list[list[bool]]
    starts: list[tuple[int, int]]
    goals: list[tuple[int, int]]
    name: str = "<classic>"

    def is_goal(self, x, y) -> bool:
        return (x, y) in self._goalset

    def __post_init__(self):
        self._goalset = set(self.goals)


def parse_classic(text: str, name: str = "<classic>") -> ClassicTrack:
    rows = text.split("\n")
    rows = [r.rstrip("\r") for r in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    if not rows:
        raise BadInput(f"{name}: empty racetrack")
    width = max(len(r) for r in rows)
    free, starts, goals = [], [], []
    for y, row in enumerate(rows):
        line = []
        for x in range(width):
            ch = row[x] if x < len(row) else "x"
            if ch in CLASSIC_WALL:
                line.append(False)
            elif ch in ". " or ch in CLASSIC_START or ch in CLASSIC_GOAL:
                line.append(True)
                if ch in CLASSIC_START:
                    starts.append((x, y))
                elif ch in CLASSIC_GOAL:
                    goals.append((x, y))
            else:
                raise BadInput(f"{name}:{y + 1}:{x + 1}: unknown racetrack character {ch!r} "
                               "(use . or space free, x X # @ wall, S s start, G F f goal)")
        free.append(line)
    if not starts:
        raise BadInput(f"{name}: no start cell (S or s)")
    if not goals:
        raise BadInput(f"{name}: no goal cell (G, F or f)")
    return ClassicTrack(width, height=len(rows), free=free, starts=starts, goals=goals,
                        name=name)


def _classic_vmax(track: ClassicTrack, accel: int, cap: int | None) -> int:
    """A speed bound: the cap, or the speed below the first `accel`
    consecutive speeds at which no move is legal anywhere (the speed changes
    by at most `accel` a turn, so no car starting at rest goes faster)."""
    limit = max(track.width, track.height)
    if cap is not None:
        return max(1, min(cap, limit))
    free = track.free
    board = Board(track.width, track.height, lambda x, y: free[y][x], limit)
    drv, Wp = board.drv, board.Wp
    empty = 0
    for r in range(1, limit + 1):
        legal = False
        for dy in range(-r, r + 1):
            for dx in ((-r, r) if abs(dy) < r else range(-r, r + 1)):
                m = drv
                for ox, oy in footprint(dx, dy):
                    m &= _shift(drv, oy * Wp + ox)
                    if not m:
                        break
                if m:
                    legal = True
                    break
            if legal:
                break
        empty = 0 if legal else empty + 1
        if empty >= accel:
            return max(1, r - accel)
    return limit


def solve_classic(text: str, accel: int = 1, speed_cap: int | None = None,
                  engine: str = "auto", name: str = "<classic>") -> Solution:
    """Classic Racetrack on an ASCII map: start at rest on any start cell;
    each turn the velocity changes by at most `accel` on each axis (radius 1:
    9 points); the whole trajectory must lie on the free cells (the same
    rule as Bolide's track surface, geometry.Surface); the race is won on
    the first move whose trajectory touches a goal (a goal point, or an edge
    or square whose corners are all goal points, so crossing a line of goal
    cells counts). Returns the minimum number of turns and a fastest line."""
    if accel < 1:
        raise BadInput("the acceleration radius must be at least 1")
    if speed_cap is not None and speed_cap < 1:
        raise BadInput("the speed cap must be at least 1")
    engine = resolve_engine(engine)
    warm = warm_up(engine)
    t0 = time.perf_counter()
    tr = parse_classic(text, name)
    V = _classic_vmax(tr, accel, speed_cap)
    free = tr.free
    board = Board(tr.width, tr.height, lambda x, y: free[y][x], V,
                  goal=tr.is_goal, name=name)
    moves = MoveTable(board)
    spec = Spec(1, (V,), accel, 0, V, 0)
    t = _table(moves, spec, engine)
    best = None
    for sx, sy in tr.starts:
        g = t.get(sx, sy, 0, 0, 0, 0)
        if g is not None and (best is None or g < best[0]):
            best = (g, (sx, sy))
    if best is None:
        raise BadInput(f"{name}: no goal can be reached from a start cell")
    turns, (sx, sy) = best
    line = _walk(t, sx, sy, 0, 0, 0, 0)
    lap_turns, top_turns, speeds, brk = _summarise(line, 1, (V,))
    return Solution(name, turns, turns, lap_turns, (sx, sy), line, 1, (V,), accel, 0,
                    top_turns, speeds, brk, engine, time.perf_counter() - t0, t.states,
                    t.nbytes, kind="classic",
                    details={"speed_cap": speed_cap, "vmax": V, "warm_up_seconds": round(warm, 3)},
                    classic=tr)


# ---- reports (the CLI) -----------------------------------------------------------------------
def _wrap(text: str, width: int = 96, indent: str = "  ") -> list[str]:
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            out.append(indent + cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(indent + cur)
    return out


def describe(sol: Solution, facts: dict | None = None) -> str:
    """The solution as the CLI prints it."""
    lines = []
    tops = "/".join(map(str, sol.top_speeds))
    if sol.kind == "bolide":
        lines.append(f"{sol.track}: {sol.laps} lap{'s' if sol.laps > 1 else ''}, top speeds "
                     f"{tops}, pawn radius {sol.accel}, {sol.brakes} sharp brakings, "
                     f"engine {sol.engine}")
        split = ", ".join(f"lap {i + 1}: {n}" for i, n in enumerate(sol.lap_turns))
        lines.append(f"race from the grid: {sol.turns} turns ({split})")
        if sol.first_lap_turns is not None:
            lines.append(f"best first lap from the grid: {sol.first_lap_turns} turns")
        at_top = ", ".join(
            f"lap {i + 1} (speed {sol.top_speeds[min(i, len(sol.top_speeds) - 1)]}): {n}"
            for i, n in enumerate(sol.top_speed_turns))
        lines.append(f"turns at top speed: {at_top}")
        used = ", ".join(f"lap {i + 1}: {n}" for i, n in enumerate(sol.sharp_brakings))
        lines.append(f"sharp brakings used: {used} (of {sol.brakes})")
    else:
        lines.append(f"{sol.track}: classic racetrack, acceleration radius {sol.accel}, "
                     f"speed cap {sol.details.get('speed_cap') or 'none'}, engine {sol.engine}")
        lines.append(f"minimum turns to the goal: {sol.turns}")
    speeds = ", ".join(f"{k}: {v}" for k, v in sorted(sol.speed_turns.items()))
    lines.append(f"turns per speed: {speeds}")
    if facts:
        lines.append(f"circuit facts (basic rules): speed 8/race {facts['speed8_per_race']}, "
                     f"sharp brakings/lap {facts['sharp_brakings_per_lap']}")
    lines.append("line (x,y a turn from the start; ! sharp braking, | lap completed):")
    lines += _wrap(sol.compact_line())
    lines.append(f"time-to-go table: {sol.states:,} states that can finish, "
                 f"{sol.table_bytes / 1e6:.1f} MB")
    warm = sol.details.get("warm_up_seconds")
    lines.append(f"solved in {sol.seconds:.3f} s"
                 + (f" (after {warm:.2f} s loading the numba kernels)" if warm else ""))
    return "\n".join(lines)


def svg_of(c: Circuit, sol: Solution) -> str:
    from .solver_svg import circuit_line_svg
    return circuit_line_svg(c, sol)
