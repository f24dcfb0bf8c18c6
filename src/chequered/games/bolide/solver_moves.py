"""The solver's board and its legal-move tables (see `solver` for the search).

Progress.  A Bolide move changes the lap only when it crosses the finish
line: the signed shortest difference of the two sector indices mod n says
which way (a difference of exactly n/2 is ambiguous and rejected when a legal
move makes it).

Legal-move table.  A segment lies in R (`geometry.Surface`: track or kerb)
exactly when every grid point of its "footprint" (the corners of every
point, edge and square the segment meets) is drivable, so for each
displacement d the set of origins where d is legal is an AND of shifted
copies of the drivable-point bitmask. Bitmasks are Python ints over a padded
layout (bit y*Wp + x, Wp = width + max speed, so shifts never wrap onto a
drivable point). Each displacement's mask is split by the lap change of the
move (0, +1 across the line, -1 back across it); on a classic map, +1 is a
move that reaches a goal. `solver_classic` adds the sampled rule of the
Racetrack literature as another table of the same shape.
"""
from __future__ import annotations

import time
from functools import lru_cache

from ...engine.protocol import BadInput


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


@lru_cache(maxsize=None)
def sampled_points(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """The cells the sampled rule checks for the move (dx, dy) from (0, 0),
    in order, each once: k (dx, dy) / m for k = 0..m, m = 2 (|dx| + |dy|),
    each coordinate rounded half up (floor(x + 1/2), in integers)."""
    m = 2 * (abs(dx) + abs(dy))
    if m == 0:
        return ((0, 0),)
    out = (((2 * k * dx + m) // (2 * m), (2 * k * dy + m) // (2 * m)) for k in range(m + 1))
    return tuple(dict.fromkeys(out))


def shift(mask: int, k: int) -> int:
    """Bit p of the result is bit p + k of mask."""
    return mask >> k if k >= 0 else mask << -k


def move_speed(dx: int, dy: int) -> int:
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

    def __init__(self, board: Board, line: str = "exact"):
        t0 = time.perf_counter()
        self.board, self.line = board, line
        D = self.dmax = board.dmax
        self.n1 = 2 * D + 1
        Wp, drv = board.Wp, board.drv
        shifted: dict[tuple[int, int], int] = {}

        def sh(mask_name, mask, ox, oy):
            key = (mask_name, ox, oy)
            v = shifted.get(key)
            if v is None:
                v = shifted[key] = shift(mask, oy * Wp + ox)
            return v

        n1 = self.n1
        self.kd = [(i // n1 - D) * Wp + (i % n1 - D) for i in range(n1 * n1)]
        if line == "sampled":
            self._sampled(sh)
            self.seconds = time.perf_counter() - t0
            return
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

    def _sampled(self, sh) -> None:
        """The classic rule of Barto, Bradtke & Singh (1995), for a classic
        map: the move d from p visits the samples p + round(k d / m), k = 0..m,
        in order; the first sample on a goal finishes the race (masks[2]), the
        first on a wall (or off the map) is a crash: the move is not legal.
        A move whose samples are all free and not goals continues (masks[1])."""
        b = self.board
        D, n1 = self.dmax, self.n1
        free = b.drv & ~b.goal
        zero, plus = [0] * (n1 * n1), [0] * (n1 * n1)
        for i in range(n1 * n1):
            ok, goal = b.drv, 0
            for ox, oy in sampled_points(i % n1 - D, i // n1 - D):
                goal |= ok & sh("g", b.goal, ox, oy)
                ok &= sh("f", free, ox, oy)
                if not ok:
                    break
            zero[i], plus[i] = ok, goal
        self.legal = [z | g for z, g in zip(zero, plus)]
        self.masks = ([0] * (n1 * n1), zero, plus)

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
                if tie[s] and o & shift(tie[s], k):
                    sector_step(n, 0, n // 2)         # raises: ambiguous lap count
                if wp[s]:
                    p |= o & shift(wp[s], k)
                if wm[s]:
                    q |= o & shift(wm[s], k)
            plus[i], minus[i] = p, q
            zero[i] = m & ~(p | q)

    def index(self, dx: int, dy: int) -> int:
        return (dy + self.dmax) * self.n1 + dx + self.dmax

    def move(self, x: int, y: int, dx: int, dy: int):
        """The lap change of the move d from (x, y), or None when it is illegal."""
        if move_speed(dx, dy) > self.dmax:
            return None
        i = self.index(dx, dy)
        bit = 1 << self.board.pos(x, y)
        for w in (0, 1, -1):
            if self.masks[w + 1][i] & bit:
                return w
        return None
