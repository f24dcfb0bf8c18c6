"""Where a FormulaGP track's tiles and spaces lie in the plane: the layout
that render_track.py draws (and render_track_text.py reads).

Geometry (our choices; the rulebook prints tiles but no coordinates):

* Every movement-point tile is a piece of road of length 1 along its centre line
  and width `ROAD` across its four lanes (lane 1 on the left in the direction of
  travel). A straight tile advances; a curved tile is an arc turning towards its
  `turn` side, by one angle for all right-hand and one for all left-hand tiles.
* Those angles are chosen per track so that the lap turns by one full turn
  (from `ANGLES` for the commoner bend); straight tiles are then stretched or
  shortened as little as possible so that the lap ends where it began, and the
  candidate whose road least runs over itself wins. Whatever gap remains is
  spread evenly along the lap, so the drawn path always closes, even for tiles
  that cannot.
* A space sits at the middle of its stretch of its lane (a double space across
  both lanes). SVG y grows downwards, so a positive angle turns right.
"""
from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Sequence

from .track import Track
from .track_marks import LANE_W, ROAD

ANGLES = tuple(range(30, 91, 5))   # candidate degrees per curved tile

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class TilePlace:
    """Where a tile lies: its start point and heading (degrees), its signed turn
    (0 for straights) and the lap-closure shift at its start and end."""
    index: int
    x: float
    y: float
    heading: float
    turn: float
    length: float
    shift0: Point
    shift1: Point

    def at(self, u: float, d: float) -> Point:
        """The point `u` (0..1) along the tile and `d` to the right of its centre
        line (tile lengths), closure shift included."""
        h = math.radians(self.heading)
        if self.turn == 0:
            px = self.x + u * self.length * math.cos(h) - d * math.sin(h)
            py = self.y + u * self.length * math.sin(h) + d * math.cos(h)
        else:
            a = math.radians(self.turn)
            s = 1.0 if a > 0 else -1.0
            r = 1.0 / abs(a)                       # centre line length 1
            nx, ny = -math.sin(h), math.cos(h)     # right normal at the start
            cx, cy = self.x + s * r * nx, self.y + s * r * ny
            rx, ry = self.x - cx, self.y - cy
            k = (r - s * d) / r
            c, sn = math.cos(a * u), math.sin(a * u)
            px = cx + (rx * c - ry * sn) * k
            py = cy + (rx * sn + ry * c) * k
        sx = self.shift0[0] + (self.shift1[0] - self.shift0[0]) * u
        sy = self.shift0[1] + (self.shift1[1] - self.shift0[1]) * u
        return (px + sx, py + sy)

    def heading_at(self, u: float) -> float:
        return self.heading + self.turn * u


@dataclass(frozen=True, slots=True)
class SpacePlace:
    x: float
    y: float
    heading: float          # degrees, direction of travel
    length: float           # along the lane (tile lengths)
    width: float            # across (a double space covers two lanes)


@dataclass(frozen=True, slots=True)
class Layout:
    right: float                        # degrees per right-hand curved tile
    left: float                         # degrees per left-hand curved tile
    gap: float                          # how far the path missed its start (spread)
    tiles: tuple[TilePlace, ...]
    spaces: tuple[SpacePlace, ...]      # by space id
    bounds: tuple[float, float, float, float]    # min x, min y, max x, max y

    def point(self, space: int) -> Point:
        p = self.spaces[space]
        return (p.x, p.y)


def lane_offset(lane: float) -> float:
    """Offset to the right of the centre line of the middle of lane `lane`
    (fractional lanes allowed: 2.5 is the line between lanes 2 and 3)."""
    return (lane - 0.5) * LANE_W - ROAD / 2


def _walk(track: Track, right: float, left: float, lengths: Sequence[float] | None = None
          ) -> tuple[list[tuple[float, float, float, float, float]], Point, float]:
    """Raw tile starts (x, y, heading, turn, length) with curved tiles turning
    by `right` / `left` degrees; the end point; the end heading."""
    x = y = h = 0.0
    out = []
    for i, t in enumerate(track.tiles):
        turn = 0.0
        if t.spec.kind == "curved":
            turn = right if t.spec.turn == "right" else -left
        ln = 1.0 if lengths is None else lengths[i]
        out.append((x, y, h, turn, ln))
        if turn == 0:
            x += ln * math.cos(math.radians(h))
            y += ln * math.sin(math.radians(h))
        else:
            a = math.radians(turn)
            ch = 2 / abs(a) * math.sin(abs(a) / 2)      # chord of a unit arc
            mid = math.radians(h + turn / 2)
            x += ch * math.cos(mid)
            y += ch * math.sin(mid)
        h += turn
    return out, (x, y), h


def _stretch(track: Track, raw, gap: Point) -> list[float]:
    """Straight tile lengths that close the gap (least change, none below 0.5)."""
    idx = [i for i, t in enumerate(track.tiles) if t.spec.kind != "curved"]
    lengths = [1.0] * len(track.tiles)
    if not idx:
        return lengths
    dirs = [(math.cos(math.radians(raw[i][2])), math.sin(math.radians(raw[i][2]))) for i in idx]
    a = sum(c * c for c, _ in dirs)
    b = sum(c * s for c, s in dirs)
    d = sum(s * s for _, s in dirs)
    det = a * d - b * b
    if abs(det) < 1e-9:
        return lengths
    gx, gy = -gap[0], -gap[1]
    lx, ly = (d * gx - b * gy) / det, (a * gy - b * gx) / det
    for i, (c, s) in zip(idx, dirs):
        lengths[i] = max(0.5, 1.0 + c * lx + s * ly)
    return lengths


def _clash(raw, n: int) -> int:
    mids = []
    for x, y, h, turn, ln in raw:
        m = math.radians(h + turn / 2)
        mids.append((x + 0.5 * ln * math.cos(m), y + 0.5 * ln * math.sin(m)))
    clash = 0
    for i in range(n):
        for j in range(i + 3, n):
            if min(j - i, n - (j - i)) >= 3 and math.hypot(
                    mids[i][0] - mids[j][0], mids[i][1] - mids[j][1]) < ROAD * 1.5:
                clash += 1
    return clash


def _angles(track: Track) -> list[tuple[float, float]]:
    """(right, left) degrees per curved tile that turn the lap by one full turn:
    the commoner bend gets an angle from ANGLES, the other what closes the lap."""
    nr = sum(t.spec.kind == "curved" and t.spec.turn == "right" for t in track.tiles)
    nl = sum(t.spec.kind == "curved" and t.spec.turn == "left" for t in track.tiles)
    out = []
    for a in ANGLES:
        if nr >= nl:
            b = (a * nr - 360) / nl if nl else None
            pair = (a, b)
        else:
            b = (a * nl - 360) / nr if nr else None
            pair = (b, a)
        if b is not None and 10 <= b <= 90:
            out.append(pair)
    return out or [(a, a) for a in ANGLES]


def _plan(track: Track):
    """The best (right, left, lengths, raw, gap) for drawing `track`."""
    n = len(track.tiles)
    best = None
    for right, left in _angles(track):
        raw, gap, eh = _walk(track, right, left)
        lengths = _stretch(track, raw, gap)
        raw2, gap2, _ = _walk(track, right, left, lengths)
        miss = abs(((eh + 180) % 360) - 180) / 180
        change = sum((ln - 1) ** 2 for ln in lengths) / n
        score = change + 2 * math.hypot(*gap2) / n + 3 * miss + 0.5 * _clash(raw2, n)
        if best is None or score < best[0]:
            best = (score, right, left, lengths, raw2, gap2)
    return best[1:]


_CACHE: dict[int, tuple[weakref.ref, Layout]] = {}


def track_layout(track: Track) -> Layout:
    """Every tile and space of `track` placed in the plane (tile lengths). Cached
    per track object (tracks are built once and treated as read-only)."""
    hit = _CACHE.get(id(track))
    if hit is not None and hit[0]() is track:
        return hit[1]
    layout = _layout(track)
    try:
        ref = weakref.ref(track)
    except TypeError:       # pragma: no cover - Track supports weak references
        return layout
    _CACHE[id(track)] = (ref, layout)
    return layout


def _layout(track: Track) -> Layout:
    right, left, _, raw, (ex, ey) = _plan(track)
    n = len(raw)
    tiles = tuple(
        TilePlace(i, x, y, h, turn, ln, (-ex * i / n, -ey * i / n),
                  (-ex * (i + 1) / n, -ey * (i + 1) / n))
        for i, (x, y, h, turn, ln) in enumerate(raw))
    places: list[SpacePlace] = []
    for sp in track.spaces:
        tp = tiles[sp.tile]
        u = (sp.index + 0.5) / sp.count
        lane = sp.lane + (len(sp.lanes) - 1) / 2
        d = lane_offset(lane)
        x, y = tp.at(u, d)
        length = tp.length / sp.count
        if tp.turn:
            r = 1.0 / abs(math.radians(tp.turn))
            length *= (r - math.copysign(1, tp.turn) * d) / r
        places.append(SpacePlace(x, y, tp.heading_at(u), length, LANE_W * len(sp.lanes)))
    pts = [tp.at(u, d) for tp in tiles for u in (0, 0.5, 1) for d in (-ROAD / 2, ROAD / 2)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return Layout(right=right, left=left, gap=math.hypot(ex, ey), tiles=tiles, spaces=tuple(places),
                  bounds=(min(xs), min(ys), max(xs), max(ys)))
