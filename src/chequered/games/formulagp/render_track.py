"""Drawing a FormulaGP track from its tile graph: a layout and an SVG (the
text picture is render_track_text, the marks' words and the car track_marks).

Pure functions of a built `track.Track` (plus cars, tokens and highlighted
spaces); the game's `render_text(view)` / `render_svg(view)` call them.

The layout (where each tile and space lies) is track_layout.py.
"""
from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from html import escape
from typing import Iterable, Mapping

from ...engine.spec import part_text, pieces
from . import render_cb as CBM
from .track import LANES, Track
from .track_layout import Layout, Point, SpacePlace, TilePlace, lane_offset, track_layout

from .track_marks import (LANE_W, ROAD, SCALE, WALL_TITLE, car_svg, gear_title, space_rules,
                          token_text, token_title)

MARGIN = 1.4                # tile lengths around the drawing
CAR_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
               "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#000000", "#aec7e8")
TOKEN_COLOURS = {"yellow_flag": "#f1c40f", "yellow": "#f1c40f", "green_flag": "#27ae60",
                 "red_flag": "#c0392b", "blue_flag": "#2e86de", "gravel": "#b08d57",
                 "oil": "#222222", "debris": "#7f8c8d", "safety_car": "#f39c12",
                 "vsc": "#f39c12", "green": "#27ae60", "sc": "#f39c12",
                 "standing_water": "#2e86de"}



# ---- cars and tokens given by the caller ----------------------------------------
def _cars(cars) -> list[tuple[str, int, str, int | None, int | None, str]]:
    """(label, space, colour, team number, seat, title) for each car on a
    space. Accepts dicts with `space` and `number`/`label`/`seat` (and optional
    `colour`, `team`: the FGP 16.5 team number, which also picks the colour,
    `title`: what the car's tooltip says), or (label, space) pairs; cars whose
    space is None (in the pits) are left out."""
    out = []
    for k, c in enumerate(cars or ()):
        team, seat, tip = None, None, ""
        if isinstance(c, Mapping):
            space = c.get("space")
            label = c.get("number", c.get("label"))
            seat = c.get("seat") if isinstance(c.get("seat"), int) else None
            if label is None:
                label = seat + 1 if seat is not None else k + 1
            team = c.get("team")
            key = team - 1 if team else (seat or 0)
            colour = c.get("colour") or CAR_COLOURS[key % len(CAR_COLOURS)]
            tip = c.get("title") or ""
        else:
            label, space = c[0], c[1]
            colour = c[2] if len(c) > 2 else CAR_COLOURS[k % len(CAR_COLOURS)]
        if space is None:
            continue
        out.append((str(label), int(space), str(colour), team, seat, tip))
    return out


def _tokens(tokens) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for tile, what in dict(tokens or {}).items():
        items = [what] if isinstance(what, str) else list(what)
        out.setdefault(int(tile), []).extend(str(w) for w in items)
    return out


# ---- SVG ----------------------------------------------------------------------------
def _f(v: float) -> str:
    return f"{v * SCALE:.1f}"


def _poly(points: Iterable[Point]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def _tile_outline(tp: TilePlace, d0: float = -ROAD / 2, d1: float = ROAD / 2,
                  u0: float = 0.0, u1: float = 1.0) -> list[Point]:
    steps = 6 if tp.turn else 1
    us = [u0 + (u1 - u0) * k / steps for k in range(steps + 1)]
    return [tp.at(u, d0) for u in us] + [tp.at(u, d1) for u in reversed(us)]


def _edge(tp: TilePlace, d: float, u0: float = 0.0, u1: float = 1.0) -> list[Point]:
    steps = 6 if tp.turn else 1
    return [tp.at(u0 + (u1 - u0) * k / steps, d) for k in range(steps + 1)]


def track_svg(track: Track, cars=None, tokens: Mapping | None = None,
              highlight: Iterable[int] | None = None, title: str | None = None,
              marks: Mapping[int, str] | None = None, panel: str | None = None,
              margin: float = MARGIN) -> str:
    """A standalone SVG of `track`: road, lanes, spaces and their markings, the
    pit lane, cars on their spaces, `highlight` spaces (e.g. the reachable ones)
    in green and hazard/flag `tokens` ({tile index: token or [tokens]}).

    Every space is one `<rect class="space ...">` with `data-space`; every car
    one `<g class="car">` with `data-space`; highlighted spaces carry the class
    `reach`. `marks` adds attributes to a space's rect (space id -> the
    attribute text, e.g. the web page's clickable `data-action`). `panel` is the
    colour of the race control panel's side, the WHITE die's (FGP 3.2, 16.1);
    `margin` the grass around the road, in tile lengths."""
    d = track_drawing(track, margin)
    spaces = spaces_part(track, highlight, marks, margin)
    parts = [d.head, state_part(track, title, panel, margin), d.road,
             "\n".join(d.spaces) if spaces is None else part_text(spaces), d.marks,
             part_text(cars_part(track, cars, tokens, marks)), "</svg>"]
    return "\n".join(part for part in parts if part)


# ---- what a race never changes, drawn once per track -----------------------------------------
@dataclass(frozen=True)
class TrackDrawing:
    """A track's SVG but for what a race fills in (state_part, spaces_part,
    cars_part): the root, defs and grass (`head`), the pit lane, tiles and
    lanes (`road`), each space unmarked with its shadows and skid marks
    (`spaces`), the walls, lines, gears and tile numbers (`marks`)."""
    head: str
    road: str
    spaces: tuple[str, ...]
    marks: str


_DRAWN: dict[tuple[int, float], tuple[weakref.ref, TrackDrawing]] = {}


def track_drawing(track: Track, margin: float = MARGIN) -> TrackDrawing:
    """Cached per track object and margin, like track_layout."""
    hit = _DRAWN.get((id(track), margin))
    if hit is not None and hit[0]() is track:
        return hit[1]
    drawing = _drawing(track, margin)
    _DRAWN[id(track), margin] = (weakref.ref(track), drawing)
    return drawing


def _drawing(track: Track, margin: float) -> TrackDrawing:
    lay = track_layout(track)
    x0, y0, x1, y1 = lay.bounds
    ox, oy = x0 - margin, y0 - margin
    w, h = (x1 - x0 + 2 * margin) * SCALE, (y1 - y0 + 2 * margin) * SCALE + 24
    o: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="{ox * SCALE:.1f} {oy * SCALE:.1f} {w:.1f} {h:.1f}" font-family="sans-serif">',
        '<defs><pattern id="fgp-kerb" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff"/>'
        '<rect width="4" height="8" fill="#d0302a"/></pattern></defs>',
        f'<rect x="{ox * SCALE:.1f}" y="{oy * SCALE:.1f}" width="{w:.1f}" height="{h:.1f}" '
        'fill="#6fa35a"/>']
    head = "\n".join(o)
    o = []
    sp_of = track.spaces
    # pit lane: a grey road beside the tiles from the entry to the exit tile
    if track.pit is not None:
        pit = track.pit
        side = 1 if sp_of[pit.entry_space].lane > LANES / 2 else -1
        d = side * (ROAD / 2 + 0.3)
        pts: list[Point] = [lay.point(pit.entry_space)]
        t = pit.entry_tile
        n = len(track.tiles)
        for k in range(n + 1):
            tp = lay.tiles[(t + k) % n]
            u0 = 0.5 if k == 0 else 0.0
            u1 = 0.5 if (t + k) % n == pit.exit_tile else 1.0
            pts += _edge(tp, d, u0, u1)
            if (t + k) % n == pit.exit_tile:
                break
        pts.append(lay.point(pit.exit_space))
        o.append(f'<g class="pit-road"><title>the pit lane and its {pit.boxes} pit boxes: in at '
                 f'tile {pit.entry_tile}, out at tile {pit.exit_tile} (FGP 11.1-11.3)</title>'
                 f'<polyline class="pit-lane" points="{_poly(pts)}" fill="none" '
                 f'stroke="#9a9a9a" stroke-width="{0.22 * SCALE:.1f}" stroke-linejoin="round"/>')
        o.append(f'<polyline points="{_poly(pts)}" fill="none" stroke="#f1c40f" '
                 'stroke-width="1.5" stroke-dasharray="6,4"/>')
        mx, my = pts[len(pts) // 2]
        o.append(f'<text x="{_f(mx)}" y="{_f(my)}" font-size="11" text-anchor="middle" '
                 f'fill="#333">PIT ({pit.boxes} boxes)</text></g>')
    # road
    for tp, t in zip(lay.tiles, track.tiles):
        fill = "#5a6b8c" if t.drs_zone else "#555555"
        o.append(f'<polygon class="tile" data-tile="{t.index}" points="{_poly(_tile_outline(tp))}" '
                 f'fill="{fill}" stroke="#444" stroke-width="0.6"><title>tile {t.index} '
                 f'({escape(t.id)}), {"straight" if t.straight else "curved"}: start a move '
                 f'here in gear {t.gear} (FGP 2.1, 8.1)'
                 f'{"; DRS zone (FGP 8.6)" if t.drs_zone else ""}</title></polygon>')
    for tp, t in zip(lay.tiles, track.tiles):
        for ln in range(1, LANES):
            o.append(f'<polyline points="{_poly(_edge(tp, lane_offset(ln + 0.5)))}" fill="none" '
                     'stroke="#888" stroke-width="0.6" stroke-dasharray="3,3"/>')
    road = "\n".join(o)
    o = []
    # walls, feature lines, gears, no-pairs icons
    n = len(track.tiles)
    for tp, t in zip(lay.tiles, track.tiles):
        for side in t.walls:
            d = (-1 if side == "left" else 1) * ROAD / 2
            o.append(f'<polyline class="wall" points="{_poly(_edge(tp, d))}" fill="none" '
                     'stroke="#f2f2f2" stroke-width="4" stroke-linecap="round">'
                     f'<title>{WALL_TITLE}</title></polyline>')
        for ln, ids in enumerate(t.lanes, start=1):   # walls printed on single spaces
            for k, sid in enumerate(ids):
                spec = t.spec.lanes[ln - 1][k]
                for flag, d in ((spec.wall_left, lane_offset(ln) - LANE_W / 2),
                                (spec.wall_right, lane_offset(ln) + LANE_W / 2)):
                    if flag:
                        c = len(ids)
                        o.append(f'<polyline class="wall" points="{_poly(_edge(tp, d, k / c, (k + 1) / c))}" '
                                 f'fill="none" stroke="#f2f2f2" stroke-width="4"><title>{WALL_TITLE}'
                                 '</title></polyline>')
        for j, feat in enumerate(t.features_before):
            if feat == "finish":
                o.append('<g class="finish-line"><title>the start and finish line: a lap is '
                         'counted where it is crossed (FGP 12.1)</title>')
                cells = 8
                for r in range(2):
                    for c in range(cells):
                        d0 = -ROAD / 2 + ROAD * c / cells
                        q = [tp.at(0.04 * r, d0), tp.at(0.04 * r, d0 + ROAD / cells),
                             tp.at(0.04 * (r + 1), d0 + ROAD / cells), tp.at(0.04 * (r + 1), d0)]
                        col = "#000" if (r + c) % 2 else "#fff"
                        o.append(f'<polygon class="finish" points="{_poly(q)}" fill="{col}"/>')
                o.append('</g>')
            elif feat in ("drs_start", "drs_end"):
                a, b = tp.at(0.0, -ROAD / 2 - 0.12), tp.at(0.0, ROAD / 2 + 0.12)
                o.append(f'<line class="drs-line" x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" '
                         f'y2="{_f(b[1])}" stroke="#2e86de" stroke-width="3"><title>DRS zone '
                         f'{"starts" if feat == "drs_start" else "ends"}: a car ending its move '
                         f'behind another in the zone moves up to it (FGP 8.6)</title></line>')
                lx, ly = tp.at(0.0, -ROAD / 2 - 0.3)
                o.append(f'<text x="{_f(lx)}" y="{_f(ly)}" font-size="9" fill="#fff" '
                         f'text-anchor="middle">DRS {"on" if feat == "drs_start" else "off"}</text>')
        icons = []
        if t.gear != 8:
            icons.append(str(t.gear))
        if t.no_pairs:
            icons.append("NP")
        if t.speed_limit:
            icons.append(t.speed_limit[0])
        if icons:
            side = -1 if tp.turn > 0 else 1       # outside of the bend
            gx, gy = tp.at(0.5, side * (ROAD / 2 + 0.28))
            o.append(f'<g class="gear" data-tile="{t.index}"><title>{gear_title(t)}</title>'
                     f'<circle cx="{_f(gx)}" cy="{_f(gy)}" '
                     f'r="10" fill="#fff" stroke="#222"/><text x="{_f(gx)}" y="{gy * SCALE + 4:.1f}" '
                     f'font-size="{10 if len(" ".join(icons)) < 3 else 7}" text-anchor="middle">'
                     f'{escape(" ".join(icons))}</text>'
                     + (CBM.gear_token_mark(gx * SCALE, gy * SCALE, 10, t.speed_limit)
                        if t.speed_limit else "") + '</g>')
    # tile numbers, as the text view and position space names use them
    # (docs/rules/formulagp-positions.md): beside the start of each tile, left
    for tp, t in zip(lay.tiles, track.tiles):
        nx, ny = tp.at(0.18, -(ROAD / 2 + 0.16))
        o.append(f'<text class="tile-no" data-tile="{t.index}" x="{_f(nx)}" '
                 f'y="{ny * SCALE + 3:.1f}" font-size="9" font-weight="bold" fill="#fff" '
                 f'stroke="#1b3a12" stroke-width="0.4" text-anchor="middle"><title>tile {t.index} '
                 f'(the text board and the positions count tiles from the finish line)</title>'
                 f'{t.index}</text>')
    return TrackDrawing(head, road, tuple(_space(lay, sp, p) for sp, p in zip(sp_of, lay.spaces)),
                        "\n".join(o))


def _space(lay: Layout, sp, p: SpacePlace, reach: bool = False, mark: str = "") -> str:
    """One space as drawn (`reach`: highlighted, `mark`: attributes added to its
    rect), with the marks drawn over it."""
    o: list[str] = []
    cls = ["space"]
    fill, stroke = "#7b7b7b", "#dddddd"
    if sp.kerb:
        cls.append("kerb")
        fill = "url(#fgp-kerb)"
    if sp.drs_zone:
        cls.append("drs")
        if not sp.kerb:
            fill = "#6f86b8"
    if sp.slipstream:
        cls.append("slipstream")
    if sp.skid_to is not None:
        cls.append("tricky")
        stroke = "#ff8c00"
    if sp.pit_lane or sp.pit_exit or sp.shadow_car:
        cls.append("pit")
        fill = "#b8b8b8"
    if reach:
        cls.append("reach")
        fill, stroke = "#39c16c", "#0b6b2e"
    L, W = p.length * 0.86, p.width * 0.82
    o.append(f'<rect class="{" ".join(cls)}" data-space="{sp.id}"{mark} '
             f'x="{-L / 2 * SCALE:.1f}" '
             f'y="{-W / 2 * SCALE:.1f}" width="{L * SCALE:.1f}" height="{W * SCALE:.1f}" '
             f'rx="3" fill="{fill}" stroke="{stroke}" stroke-width="1.2" '
             f'transform="translate({_f(p.x)},{_f(p.y)}) rotate({p.heading:.1f})">'
             f'<title>space {sp.id}: tile {sp.tile} lane {"+".join(map(str, sp.lanes))}'
             f'{" kerb" if sp.kerb else ""}'
             f'{f" slipstream {sp.slipstream}" if sp.slipstream else ""}'
             f'{" tricky" if sp.skid_to else ""}{" PIT LANE" if sp.pit_lane else ""}'
             f'{" pit exit" if sp.pit_exit else ""}{" shadow car" if sp.shadow_car else ""}'
             f' ({space_rules(sp)})</title></rect>')
    # marks drawn over the space
    if sp.slipstream:
        for k in range(sp.slipstream):     # car shadows behind the space's car
            u = -L / 2 + L * (k + 0.5) / (sp.slipstream + 1)
            o.append(f'<ellipse class="shadow" cx="{u * SCALE:.1f}" cy="0" rx="{L / 8 * SCALE:.1f}" '
                     f'ry="{W / 5 * SCALE:.1f}" fill="#222" fill-opacity="0.45" '
                     f'transform="translate({_f(p.x)},{_f(p.y)}) rotate({p.heading:.1f})">'
                     f'<title>a car shadow: one more car may stop in this slipstream space, '
                     f'behind the car there (FGP 8.5)</title></ellipse>')
    if sp.skid_to is not None:
        st, sl = sp.skid_to
        tp = lay.tiles[st]
        ex, ey = tp.at(0.5 if st != sp.tile else 0.85, lane_offset(sl))
        o.append(f'<g class="skid-marks"><title>tricky corner: a move ending on this space '
                 f'rolls the RED die; a car that loses control spins to the shadow car at '
                 f'the end of the skid marks (FGP 8.7)</title>'
                 f'<line class="skid" x1="{_f(p.x)}" y1="{_f(p.y)}" x2="{_f(ex)}" y2="{_f(ey)}" '
                 'stroke="#111" stroke-width="2" stroke-dasharray="2,2"/>')
        o.append(f'<circle cx="{_f(ex)}" cy="{_f(ey)}" r="4" fill="none" stroke="#111"/>')
        o.append(f'<text x="{_f(p.x)}" y="{p.y * SCALE + 4:.1f}" '
                 'font-size="11" font-weight="bold" fill="#ff8c00" text-anchor="middle">!</text></g>')
    return "\n".join(o)


def state_part(track: Track, title: str | None, panel: str | None,
               margin: float = MARGIN) -> str:
    """The race's state line over the grass, and the race control panel's side."""
    lay = track_layout(track)
    ox, oy = lay.bounds[0] - margin, lay.bounds[1] - margin
    o: list[str] = []
    name = title if title is not None else track.name
    o.append(f'<text class="race-state" x="{ox * SCALE + 8:.1f}" y="{oy * SCALE + 18:.1f}" '
             f'font-size="15" fill="#fff"><title>the race and the track (FGP 3.1, 3.2): '
             f'{escape(name)}</title>{escape(name)} ({len(track.tiles)} tiles, '
             f'curves R {lay.right:.0f}&#176; L {lay.left:.0f}&#176;)</text>')
    if panel:
        o.append(CBM.white_die_svg(ox * SCALE + 8, oy * SCALE + 26, panel, size=18,
                                   what="race control panel side",
                                   label=f"race control panel: {panel} side"))
    return "\n".join(o)


def spaces_part(track: Track, highlight: Iterable[int] | None, marks: Mapping[int, str] | None,
                margin: float = MARGIN) -> tuple[str, ...] | None:
    """Every space, the highlighted and marked ones drawn so, a piece each
    (engine/spec.Layer); None when no space is (the track's own drawing
    then serves)."""
    hl, marks = set(highlight or ()), marks or {}
    if not hl and not marks:
        return None
    lay = track_layout(track)
    spaces = list(track_drawing(track, margin).spaces)
    for sid in hl | set(marks):
        if 0 <= sid < len(spaces):
            spaces[sid] = _space(lay, track.spaces[sid], lay.spaces[sid], sid in hl,
                                 marks.get(sid, ""))
    return pieces(spaces)


def cars_part(track: Track, cars=None, tokens: Mapping | None = None,
              marks: Mapping[int, str] | None = None) -> tuple[str, ...]:
    """The tokens beside their tiles and the cars on their spaces, a piece
    each (engine/spec.Layer)."""
    lay = track_layout(track)
    marks = marks or {}
    sp_of = track.spaces
    n = len(track.tiles)
    o: list[str] = []
    # tokens by tile, outside the road on the left
    for tile, items in sorted(_tokens(tokens).items()):
        if not 0 <= tile < n:
            continue
        tp = lay.tiles[tile]
        for k, what in enumerate(items):
            tx, ty = tp.at(0.5, -(ROAD / 2 + 0.3 + 0.3 * k))
            col = TOKEN_COLOURS.get(what.lower(), "#e67e22")
            o.append(f'<g class="token" data-tile="{tile}"><rect x="{tx * SCALE - 11:.1f}" '
                     f'y="{ty * SCALE - 7:.1f}" width="22" height="14" rx="2" fill="{col}" '
                     f'stroke="#000"/><text x="{_f(tx)}" y="{ty * SCALE + 4:.1f}" font-size="8" '
                     f'text-anchor="middle" fill="#fff">{escape(token_text(what))}</text>'
                     f'<title>{escape(token_title(what))}</title></g>')
    # cars: several on one space (slipstream shadows, FGP 8.5) sit one behind
    # another along it, the caller's first (the car in front) drawn last, on
    # top, and far enough apart that every number shows
    on: dict[int, list] = {}
    for car in _cars(cars):
        if 0 <= car[1] < len(sp_of):
            on.setdefault(car[1], []).append(car)
    for space, here in on.items():
        p = lay.spaces[space]
        hd = math.radians(p.heading)
        step = p.length / len(here)
        for k in reversed(range(len(here))):
            label, _, colour, team, seat, tip = here[k]
            ahead = step * ((len(here) - 1) / 2 - k)
            cx, cy = p.x + ahead * math.cos(hd), p.y + ahead * math.sin(hd)
            o.append(car_svg(cx * SCALE, cy * SCALE, p.heading, label, colour, space,
                             seat=seat, team=team, tip=tip, through=space in marks))
    return pieces(o)
