"""numba kernel for rules/reach.py (the optional `fast` extra): a running
car's options for one key among occupied points, BOLIDE 1, 2, 4, 5, 6.

The same rules as rules/moves.py and rules/reach.compute, in the same
order, over the circuit as arrays: `ok[y, x]` (track or kerb) and
`runoff[y, x]`. The exact segment test is geometry.Surface._segment on
integers. tests/bolide/test_fast_path.py checks the two against each other
key by key and race by race.

Output rows (kind, x, y, direction) in list order; kinds below.
"""
from __future__ import annotations

import numpy as np
from numba import njit

PAWN, BRAKE, ENGAGE, ENGAGE_BRAKE, OFF, SLIP, FOOT, NONE = range(8)
CODE_DIR = ("E", "W", "S", "N")        # _dir_code's order
MAX_ROWS = 1024


@njit(cache=True, inline="always")
def _point(ok, x, y):
    return 0 <= y < ok.shape[0] and 0 <= x < ok.shape[1] and ok[y, x] != 0


@njit(cache=True)
def _member(ok, nx, ny, den):
    """Is (nx/den, ny/den) in the track surface R (geometry.Surface._member)?"""
    fx, rx = nx // den, nx % den
    fy, ry = ny // den, ny % den
    if rx == 0 and ry == 0:
        return _point(ok, fx, fy)
    if rx == 0:
        return _point(ok, fx, fy) and _point(ok, fx, fy + 1)
    if ry == 0:
        return _point(ok, fx, fy) and _point(ok, fx + 1, fy)
    return (_point(ok, fx, fy) and _point(ok, fx + 1, fy) and _point(ok, fx, fy + 1)
            and _point(ok, fx + 1, fy + 1))


@njit(cache=True)
def _segment(ok, x0, y0, x1, y1):
    """The whole segment lies in R (geometry.Surface._segment): the grid-line
    crossings and the midpoints between consecutive ones."""
    dx, dy = x1 - x0, y1 - y0
    ax, ay = abs(dx), abs(dy)
    if ax == 0 and ay == 0:
        return _point(ok, x0, y0)
    D = (ax if ax else 1) * (ay if ay else 1)
    sx = D // ax if ax else D + 1          # steps of the two sets of cuts
    sy = D // ay if ay else D + 1
    D2 = 2 * D
    i = 0
    j = 0
    prev = -1
    while True:
        a = i * sx if ax else D + 1
        b = j * sy if ay else D + 1
        cut = a if a < b else b
        if cut > D:
            break
        if a == cut:
            i += 1
        if b == cut:
            j += 1
        if not _member(ok, 2 * x0 * D + 2 * dx * cut, 2 * y0 * D + 2 * dy * cut, D2):
            return False
        if prev >= 0:
            m = prev + cut
            if not _member(ok, 2 * x0 * D + dx * m, 2 * y0 * D + dy * m, D2):
                return False
        prev = cut
    return True


@njit(cache=True, inline="always")
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def _occupied(occ, x, y):
    for k in range(occ.shape[0]):
        if occ[k, 0] == x and occ[k, 1] == y:
            return True
    return False


@njit(cache=True)
def _crosses(occ, x0, y0, x1, y1):
    """A grid point strictly between the ends is occupied."""
    dx, dy = x1 - x0, y1 - y0
    g = _gcd(abs(dx), abs(dy))
    if g <= 1:
        return False
    sx, sy = dx // g, dy // g
    for k in range(1, g):
        if _occupied(occ, x0 + sx * k, y0 + sy * k):
            return True
    return False


@njit(cache=True)
def _first_crossed(occ, x0, y0, x1, y1, hit):
    """The first occupied point strictly between the ends, into hit; False if none."""
    dx, dy = x1 - x0, y1 - y0
    g = _gcd(abs(dx), abs(dy))
    if g <= 1:
        return False
    sx, sy = dx // g, dy // g
    for k in range(1, g):
        px, py = x0 + sx * k, y0 + sy * k
        if _occupied(occ, px, py):
            hit[0] = px
            hit[1] = py
            return True
    return False


@njit(cache=True, inline="always")
def _speed(dx, dy):
    return max(abs(dx), abs(dy))


@njit(cache=True, inline="always")
def _gear_ok(d, top, no_fourth, same_gear):
    return d <= top and not (no_fourth and d == 4) and (same_gear < 0 or d == same_gear)


@njit(cache=True)
def _emit(out, n, kind, x, y, d):
    out[n, 0] = kind
    out[n, 1] = x
    out[n, 2] = y
    out[n, 3] = d
    return n + 1


@njit(cache=True)
def _brake_points(ok, x, y, cvx, cvy, pts):
    """BOLIDE 4: the sharp-braking points from (x, y): speed exactly 2, at less
    than 90 degrees to the current move, on the track and reached over it.
    Fills `pts` and returns how many (the footprint and the moves share it)."""
    n = 0
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            if not (_speed(dx, dy) == 2 and dx * cvx + dy * cvy > 0):
                continue
            bx, by = x + dx, y + dy
            if _point(ok, bx, by) and _segment(ok, x, y, bx, by):
                pts[n, 0], pts[n, 1] = bx, by
                n += 1
    return n


@njit(cache=True)
def reach_kernel(ok, runoff, x, y, cvx, cvy, vx, vy, top, no_fourth, same_gear, can_brake,
                 slip, occ, out):
    """rules/reach.compute for one key (same_gear -1: none) among the
    occupied points `occ` (n x 2); returns the number of rows written."""
    n = 0
    accel = 2
    px, py = x + vx, y + vy
    # BOLIDE 1: pawn points reachable on the track, free, nothing crossed
    npawn = 0
    pawn = np.empty((25, 2), dtype=np.int64)
    for ay in range(-accel, accel + 1):
        for ax in range(-accel, accel + 1):
            nx, ny = px + ax, py + ay
            d = _speed(nx - x, ny - y)
            if not _gear_ok(d, top, no_fourth, same_gear):
                continue
            if not (_point(ok, nx, ny) and _segment(ok, x, y, nx, ny)):
                continue
            if _occupied(occ, nx, ny) or _crosses(occ, x, y, nx, ny):
                continue
            pawn[npawn, 0] = nx
            pawn[npawn, 1] = ny
            npawn += 1
            n = _emit(out, n, PAWN, nx, ny, 0)
    # BOLIDE 4: sharp brakings, exactly 2 at less than 90 degrees
    brake_all = np.empty((25, 2), dtype=np.int64)
    nall = 0
    brake = np.empty((25, 2), dtype=np.int64)
    nbrake = 0
    if can_brake:
        nall = _brake_points(ok, x, y, cvx, cvy, brake_all)
        for j in range(nall):
            bx, by = brake_all[j, 0], brake_all[j, 1]
            if _occupied(occ, bx, by) or _crosses(occ, x, y, bx, by):
                continue
            dup = False
            for k in range(npawn):
                if pawn[k, 0] == bx and pawn[k, 1] == by:
                    dup = True
            if not dup:
                brake[nbrake, 0] = bx
                brake[nbrake, 1] = by
                nbrake += 1
                n = _emit(out, n, BRAKE, bx, by, 0)
    # BOLIDE 6: occupied points to attack, on a pawn trajectory or a braking one
    nengage = 0
    if occ.shape[0]:
        seen = np.empty((50, 2), dtype=np.int64)
        nseen = 0
        hit = np.empty(2, dtype=np.int64)
        for which in range(2):
            count = 25 if which == 0 else nall
            for k in range(count):
                if which == 0:
                    nx, ny = px + k % 5 - accel, py + k // 5 - accel
                    if not _gear_ok(_speed(nx - x, ny - y), top, no_fourth, same_gear):
                        continue
                else:
                    nx, ny = brake_all[k, 0], brake_all[k, 1]
                if _occupied(occ, nx, ny):
                    hit[0] = nx
                    hit[1] = ny
                elif not _first_crossed(occ, x, y, nx, ny, hit):
                    continue
                dup = False
                for q in range(nseen):
                    if seen[q, 0] == hit[0] and seen[q, 1] == hit[1]:
                        dup = True
                if dup:
                    continue
                if _point(ok, hit[0], hit[1]) and _segment(ok, x, y, hit[0], hit[1]) \
                        and not _crosses(occ, x, y, hit[0], hit[1]):
                    seen[nseen, 0] = hit[0]
                    seen[nseen, 1] = hit[1]
                    nseen += 1
                    if which == 0:
                        nengage += 1
                    n = _emit(out, n, ENGAGE if which == 0 else ENGAGE_BRAKE, hit[0], hit[1], 0)
    # BOLIDE 5: the slipstream's +1 in the main direction of the move
    if slip:
        for which in range(2):
            count = npawn if which == 0 else nbrake
            for k in range(count):
                tx = pawn[k, 0] if which == 0 else brake[k, 0]
                ty = pawn[k, 1] if which == 0 else brake[k, 1]
                n = _slip_rows(ok, occ, x, y, tx, ty, out, n)
    # BOLIDE 2: forced off the track
    if npawn == 0 and nengage == 0:
        none = True
        for ay in range(-accel, accel + 1):
            for ax in range(-accel, accel + 1):
                nx, ny = px + ax, py + ay
                if _speed(nx - x, ny - y) > max(top, 1):
                    continue
                if 0 <= ny < runoff.shape[0] and 0 <= nx < runoff.shape[1] \
                        and runoff[ny, nx] and not _occupied(occ, nx, ny):
                    none = False
                    n = _emit(out, n, OFF, nx, ny, 0)
        if none:
            n = _emit(out, n, NONE, 0, 0, 0)
    return n


@njit(cache=True)
def _main_dirs(dx, dy, dirs):
    """geometry.main_directions into dirs; returns how many (0-2)."""
    ax, ay = abs(dx), abs(dy)
    if ax == 0 and ay == 0:
        return 0
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if ax > ay:
        dirs[0, 0], dirs[0, 1] = sx, 0
        return 1
    if ay > ax:
        dirs[0, 0], dirs[0, 1] = 0, sy
        return 1
    dirs[0, 0], dirs[0, 1] = sx, 0
    dirs[1, 0], dirs[1, 1] = 0, sy
    return 2


@njit(cache=True)
def _dir_code(dx, dy):
    if dx == 1:
        return 0
    if dx == -1:
        return 1
    if dy == 1:
        return 2
    return 3


@njit(cache=True)
def _slip_rows(ok, occ, x, y, tx, ty, out, n):
    dirs = np.empty((2, 2), dtype=np.int64)
    for q in range(_main_dirs(tx - x, ty - y, dirs)):
        ex, ey = tx + dirs[q, 0], ty + dirs[q, 1]
        if _occupied(occ, ex, ey) or (_point(ok, ex, ey) and _segment(ok, tx, ty, ex, ey)):
            n = _emit(out, n, SLIP, tx, ty, _dir_code(dirs[q, 0], dirs[q, 1]))
    return n


@njit(cache=True)
def footprint_kernel(ok, x, y, cvx, cvy, vx, vy, can_brake, slip, out):
    """rules/reach.footprint: every point whose occupation matters (rows may
    repeat); returns the number of rows."""
    n = 0
    px, py = x + vx, y + vy
    ends = np.empty((50, 2), dtype=np.int64)
    nend = 0
    for k in range(25):
        nx, ny = px + k % 5 - 2, py + k // 5 - 2
        ends[nend, 0], ends[nend, 1] = nx, ny
        nend += 1
        n = _line_rows(x, y, nx, ny, out, n)
    if can_brake:
        pts = np.empty((25, 2), dtype=np.int64)
        for j in range(_brake_points(ok, x, y, cvx, cvy, pts)):
            bx, by = pts[j, 0], pts[j, 1]
            ends[nend, 0], ends[nend, 1] = bx, by
            nend += 1
            n = _line_rows(x, y, bx, by, out, n)
    if slip:
        dirs = np.empty((2, 2), dtype=np.int64)
        for k in range(nend):
            tx, ty = ends[k, 0], ends[k, 1]
            for q in range(_main_dirs(tx - x, ty - y, dirs)):
                n = _emit(out, n, FOOT, tx + dirs[q, 0], ty + dirs[q, 1], 0)
    return n


@njit(cache=True)
def _line_rows(x, y, nx, ny, out, n):
    """The end point and the grid points strictly between."""
    n = _emit(out, n, FOOT, nx, ny, 0)
    dx, dy = nx - x, ny - y
    g = _gcd(abs(dx), abs(dy))
    if g > 1:
        sx, sy = dx // g, dy // g
        for k in range(1, g):
            n = _emit(out, n, FOOT, x + sx * k, y + sy * k, 0)
    return n


def arrays(c) -> tuple:
    """The circuit as the kernel reads it (cached on the circuit)."""
    hit = c.move_table.get("arrays")
    if hit is None:
        ok = np.array(c.surface.ok, dtype=np.uint8).reshape(c.height, c.width)
        runoff = np.array([[k == "," for k in row] for row in c.kind],
                          dtype=np.uint8).reshape(c.height, c.width)
        hit = c.move_table["arrays"] = (ok, runoff)
    return hit


_NO_CARS = np.empty((0, 2), dtype=np.int64)


def compute_rows(c, key: tuple, occ) -> list:
    """The kernel's rows for `key` among `occ`, as Python lists."""
    x, y, cvx, cvy, vx, vy, top, no_fourth, same_gear, can_brake, slip = key
    ok, runoff = arrays(c)
    occ_a = np.array(sorted(occ), dtype=np.int64).reshape(-1, 2) if occ else _NO_CARS
    out = np.empty((MAX_ROWS, 4), dtype=np.int64)      # one per call: threads may race
    n = reach_kernel(ok, runoff, x, y, cvx, cvy, vx, vy, top, bool(no_fourth),
                     -1 if same_gear is None else same_gear, bool(can_brake), bool(slip),
                     occ_a, out)
    return out[:n].tolist()


def footprint_rows(c, key: tuple) -> list:
    x, y, cvx, cvy, vx, vy, top, no_fourth, same_gear, can_brake, slip = key
    ok, _ = arrays(c)
    out = np.empty((MAX_ROWS, 4), dtype=np.int64)      # one per call: threads may race
    n = footprint_kernel(ok, x, y, cvx, cvy, vx, vy, bool(can_brake), bool(slip), out)
    return out[:n].tolist()
