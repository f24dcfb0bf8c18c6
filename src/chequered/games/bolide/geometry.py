"""Bolide geometry: when is a trajectory "inside the track"? (BOLIDE 1, Moves)

Cars stand on grid points. The track surface R is the union of
  - the track and kerb points themselves,
  - every unit grid edge whose two end points are track or kerb,
  - every closed unit square whose four corners are track or kerb.
A trajectory (the straight segment from the car to its arrival point) is
inside the track when every point of it lies in R. So a segment may run along
the edge of the track or pass exactly through a track point at a corner, but
it may not cross a square that has an off-track corner: that would cut the
curve. docs/rules/bolide-trajectories.md shows the cases with pictures.

The test is exact (integer arithmetic, no floating point): the segment is cut
where it crosses grid lines; each breakpoint and each open piece between two
breakpoints must lie in R.
"""
from __future__ import annotations

from math import gcd

# Directions as (dx, dy) with y growing southwards (row index).
DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
        "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}


class Surface:
    """Which grid points are drivable (track or kerb), with the derived edges
    and squares of R, and a cache of segment answers."""

    __slots__ = ("width", "height", "ok", "_cache")

    def __init__(self, width: int, height: int, drivable):
        self.width = width
        self.height = height
        # ok[y][x]: the point is track or kerb. Out-of-board points are not.
        self.ok = [[bool(drivable(x, y)) for x in range(width)] for y in range(height)]
        self._cache: dict = {}

    def point(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and self.ok[y][x]

    def _edge_v(self, x: int, y: int) -> bool:      # (x, y) - (x, y+1)
        return self.point(x, y) and self.point(x, y + 1)

    def _edge_h(self, x: int, y: int) -> bool:      # (x, y) - (x+1, y)
        return self.point(x, y) and self.point(x + 1, y)

    def _square(self, x: int, y: int) -> bool:      # corners (x, y) .. (x+1, y+1)
        return (self.point(x, y) and self.point(x + 1, y)
                and self.point(x, y + 1) and self.point(x + 1, y + 1))

    def segment(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """True when the whole segment lies on the track surface R."""
        key = (x0, y0, x1 - x0, y1 - y0)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._segment(x0, y0, x1, y1)
        return hit

    def _segment(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        dx, dy = x1 - x0, y1 - y0
        ax, ay = abs(dx), abs(dy)
        if ax == 0 and ay == 0:
            return self.point(x0, y0)
        # Parameter t in [0, 1] scaled by D: crossings of vertical grid lines
        # at t = i/ax, of horizontal ones at t = j/ay.
        D = (ax or 1) * (ay or 1)
        cuts = set()
        if ax:
            step = D // ax
            cuts.update(range(0, D + 1, step))
        if ay:
            step = D // ay
            cuts.update(range(0, D + 1, step))
        cuts = sorted(cuts)
        # Coordinates are kept as numerators over 2D so midpoints stay exact.
        D2 = 2 * D
        prev = None
        for b in cuts:
            if not self._member(2 * x0 * D + 2 * dx * b, 2 * y0 * D + 2 * dy * b, D2):
                return False
            if prev is not None:
                m = prev + b          # midpoint numerator over 2D
                if not self._member(2 * x0 * D + dx * m, 2 * y0 * D + dy * m, D2):
                    return False
            prev = b
        return True

    def _member(self, nx: int, ny: int, den: int) -> bool:
        """Is the point (nx/den, ny/den) in R?"""
        fx, rx = divmod(nx, den)
        fy, ry = divmod(ny, den)
        if rx == 0 and ry == 0:
            return self.point(fx, fy)
        if rx == 0:
            return self._edge_v(fx, fy)
        if ry == 0:
            return self._edge_h(fx, fy)
        return self._square(fx, fy)


def lattice_points_between(x0: int, y0: int, x1: int, y1: int):
    """The grid points strictly between the two ends of a segment (cars
    protect their point: no trajectory passes through an occupied one)."""
    dx, dy = x1 - x0, y1 - y0
    g = gcd(abs(dx), abs(dy))
    if g <= 1:
        return ()
    sx, sy = dx // g, dy // g
    return tuple((x0 + sx * k, y0 + sy * k) for k in range(1, g))


def speed(dx: int, dy: int) -> int:
    """BOLIDE 1: the speed is the longer leg of the car-pawn segment."""
    return max(abs(dx), abs(dy))


def main_directions(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """BOLIDE 5/7: the main direction is the axis of the longer leg; with
    equal legs (a pure diagonal) both axes are main directions."""
    ax, ay = abs(dx), abs(dy)
    if ax == 0 and ay == 0:
        return ()
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if ax > ay:
        return ((sx, 0),)
    if ay > ax:
        return ((0, sy),)
    return ((sx, 0), (0, sy))


def standing_start_points(direction: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """BOLIDE 1, Start: the 5 neighbouring points that are not behind the car
    (the car faces `direction`, one of the 8 compass directions)."""
    fx, fy = direction
    out = []
    for ox in (-1, 0, 1):
        for oy in (-1, 0, 1):
            if (ox, oy) != (0, 0) and ox * fx + oy * fy >= 0:
                out.append((ox, oy))
    return tuple(sorted(out))     # 5 points, facing straight or diagonally


def sharp_braking_ok(vx: int, vy: int, dx: int, dy: int) -> bool:
    """BOLIDE 4: a sharp braking is a move of exactly 2 (the longer leg) at
    an angle of less than 90 degrees to the current car-pawn direction."""
    return speed(dx, dy) == 2 and dx * vx + dy * vy > 0


def segments_touch(p1, p2, q1, q2) -> bool:
    """Do the closed segments p1-p2 and q1-q2 share a point? (A trajectory
    touching or crossing a red line, BOLIDE 9.) Exact, on integers."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    def on_seg(a, b, c):        # c on segment a-b, given collinear
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and \
            min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    o1, o2 = orient(p1, p2, q1), orient(p1, p2, q2)
    o3, o4 = orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and on_seg(p1, p2, q1)) or (o2 == 0 and on_seg(p1, p2, q2))
            or (o3 == 0 and on_seg(q1, q2, p1)) or (o4 == 0 and on_seg(q1, q2, p2)))
