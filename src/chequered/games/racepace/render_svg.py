"""The SVG board: a pure function of a view (render.view).

Drawn in two layers (engine/spec.LayeredSvg, issue 16): the lap track is the
static board a page receives once a race; the view fills the rest.

Top to bottom: the race and the weather forecast; the lap track, unrolled
lap by lap to the finish in rows of 20 (a long race goes round the board's
60 spaces twice, and lap 65 is its own cell, never drawn over lap 5), with
the starting grid before lap 1 and the cars on their laps; then the panels
of render_panels.py (situation cards, your car, the running order) and the
action buttons. Every mark has a <title> saying what it is and which rule
governs it; each car is a <g class="car" data-car data-seat> so the page can
slide it from where it stood.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

from ...engine.spec import Layer, LayeredSvg
from . import marks, render_panels
from .rules.setup import _season
from .tables import tables

W = 970
PER_ROW = 20
CELL_W, CELL_H, ROW_GAP = 40, 56, 6
TRACK_X = 160               # lap 1 starts here; the grid box sits left of it
TRACK_Y = 56
GRID_W = 36                 # one grid part
CAR_R = 9


# ---- the board in two layers (engine/spec.LayeredSvg) -----------------------------------------
# The static board of a race's circuit is its lap track; the laps whose
# marks change in a race (a backmarker's tokens, the finish token's side)
# are slots the view fills. Before the boards are picked there is no track.
PICKING = ("picking",)


def board_keys(config) -> tuple:
    T = tables(config.content)
    return (PICKING, *(_key(T.circuits[name].laps, T.circuits[name].finish_lap, T.track,
                            sorted(T.feb), sorted(T.corner), (str(k) for k in T.backmarkers))
                       for name in _season(config, T)))


def _key(laps, finish_lap, length, feb, corner, backmarkers) -> tuple:
    return (laps, finish_lap, length, tuple(feb), tuple(corner), tuple(sorted(backmarkers)))


def view_key(v: dict) -> tuple:
    if v["phase"] in ("team", "driver"):     # no grid or cars before the boards are picked
        return PICKING
    c, t = v["circuit"], v["track"]
    return _key(c["laps"], c["finish_lap"], t["length"], t["feb"], t["corner"],
                t["backmarkers"])


def _variable_laps(key: tuple) -> list[int]:
    """The laps a race may mark differently as it goes: the finish token's
    lap and every backmarker lap."""
    laps, finish_lap, length, _, _, backmarkers = key
    v = {"track": {"length": length}}
    return [d for d in range(1, laps + 1)
            if d == finish_lap or str(marks.space(v, d)) in backmarkers]


@lru_cache(maxsize=32)
def static_layer(key: tuple) -> tuple[str, ...]:
    """Slots: the background (its height follows the panels), the header,
    the variable laps, the cars, the panels; the picture's height is the
    layer's, set on the root."""
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" font-family="sans-serif" '
            f'class="racepace">\n{_defs()}\n', "", "\n", ""]
    if key == PICKING:
        return (*head, "\n", "", "\n</svg>")
    laps, finish_lap, length, feb, corner, backmarkers = key
    v = {"circuit": {"laps": laps, "finish_lap": finish_lap, "finish_side": "A"},
         "track": {"length": length, "feb": feb, "corner": corner,
                   "backmarkers": {k: [] for k in backmarkers}}}
    out, text = head, ["\n"]
    variable = set(_variable_laps(key))
    for d, part in _track_parts(v):
        if d in variable:
            out += ["\n".join(text), ""]
            text = [""]
        else:
            text.append(part)
    out += ["\n".join(text) + "\n", "", "\n", "", "\n</svg>"]
    return tuple(out)


def layer(v: dict) -> Layer:
    key = view_key(v)
    before = key == PICKING
    panels_y = TRACK_Y if before else TRACK_Y + _track_rows(v) * (CELL_H + ROW_GAP) + 8
    body, height = render_panels.panels(v, panels_y, W)
    parts = [f'<rect width="{W}" height="{height}" fill="#1d2b1f"/>', "\n".join(_header(v))]
    if not before:
        parts += [_lap_cell(v, d) for d in _variable_laps(key)]
        parts.append("\n".join(_cars(v)))
    parts.append("\n".join(body))
    return Layer(key, (("height", str(height)), ("viewBox", f"0 0 {W} {height}")), tuple(parts))


svg = LayeredSvg(static=static_layer, keys=board_keys, dynamic=layer)


def _defs() -> str:
    # the chequered flag of the finish lap
    return ('<defs><pattern id="rp-chequer" width="8" height="8" patternUnits="userSpaceOnUse">'
            '<rect width="8" height="8" fill="#fff"/><rect width="4" height="4" fill="#111"/>'
            '<rect x="4" y="4" width="4" height="4" fill="#111"/></pattern></defs>')


# ---- the race and the weather ----------------------------------------------------------
def _header(v: dict) -> list[str]:
    c = v["circuit"]
    title = f"{c['name']} - {c['laps']} laps - " + (f"round {v['round']}" if v["round"]
                                                     else "before the start")
    if "campaign" in v["mode"]["options"]:
        title += f" - race {v['race']}"
    out = [f'<text x="14" y="30" fill="#fff" font-size="20" font-weight="bold">'
           f'{escape(title)}</text>']
    if v["safety_car"]:
        out.append('<g><title>Safety Car: the leader moves at most 3 laps and the cars that '
                   'caused it at most 2; the leader cannot be passed unless he pits; no EBS; '
                   'pit stops are free; no backmarker penalties (RP Safety Car Situations)'
                   '</title><rect x="470" y="10" width="150" height="28" rx="5" '
                   'fill="#f5d000"/><text x="545" y="30" font-size="15" font-weight="bold" '
                   'text-anchor="middle" fill="#111">SAFETY CAR</text></g>')
    if v["phase"] not in ("team", "driver"):     # the forecast is laid at setup
        out += weather(v["weather"], x=660, y=24)
    return out


WHEN = ("now", "+1", "+2", "+3")


def weather(forecast: list[str], x: int, y: int) -> list[str]:
    """RP Step 1: the four weather tokens, this round first."""
    out = [f'<text x="{x}" y="{y + 5}" fill="#ccc" font-size="12">Weather</text>']
    for i, w in enumerate(forecast):
        cx = x + 78 + i * 58
        when = "this round" if i == 0 else f"in {i} round{'s' if i > 1 else ''}"
        tip = (f"Weather {when}: " + ("rain - softs and mediums cannot move, hards -1 RP, "
                                      "wets +1 RP" if w == "rain" else
                                      "dry - softs +1 RP, wets -2 RP")
               + " (RP Weather Forecast, Tyre Information)")
        out.append(f'<g class="weather"><title>{escape(tip)}</title>'
                   + weather_icon(w, cx, y) +
                   f'<text x="{cx + 16}" y="{y + 5}" fill="#ddd" font-size="11">{WHEN[i]}</text>'
                   '</g>')
    return out


def weather_icon(w: str, cx: float, cy: float) -> str:
    if w == "rain":
        return (f'<circle cx="{cx}" cy="{cy}" r="12" fill="#35506b" stroke="#9cc3ff"/>'
                + "".join(f'<line x1="{cx + dx}" y1="{cy - 5}" x2="{cx + dx - 3}" y2="{cy + 6}" '
                          f'stroke="#9cc3ff" stroke-width="2"/>' for dx in (-4, 1, 6)))
    return (f'<circle cx="{cx}" cy="{cy}" r="12" fill="#3a3520" stroke="#f5d000"/>'
            f'<circle cx="{cx}" cy="{cy}" r="6" fill="#f5d000"/>')


# ---- the lap track ---------------------------------------------------------------------
def _last_cell(v: dict) -> int:
    """The last cell: one past the finish lap, for the cars across the line."""
    return marks.span(v) + 1


def _track_rows(v: dict) -> int:
    return -(-_last_cell(v) // PER_ROW)


def cell_xy(dist: int) -> tuple[float, float]:
    """Top-left corner of race lap `dist`'s cell (grid parts: dist <= 0)."""
    if dist <= 0:
        return TRACK_X - 8 - GRID_W * (1 - dist), TRACK_Y
    row, col = divmod(dist - 1, PER_ROW)
    return TRACK_X + col * CELL_W, TRACK_Y + row * (CELL_H + ROW_GAP)


def _track_parts(v: dict) -> list[tuple[int | None, str]]:
    """The lap track's pieces, each with its race lap (None: not a lap)."""
    last = marks.span(v)
    out: list[tuple[int | None, str]] = []
    for row in range(_track_rows(v)):
        first = row * PER_ROW + 1
        y = TRACK_Y + row * (CELL_H + ROW_GAP)
        to = min(first + PER_ROW - 1, last)
        if row:
            out.append((None, f'<text x="{TRACK_X - 10}" y="{y + 32}" fill="#aaa" '
                              f'font-size="12" text-anchor="end">laps {first}-{to}</text>'))
    grid = [f'<g class="grid"><title>{escape(marks.TEXT["grid"])} '
            f'({marks.RULE["grid"]})</title>']
    for d in marks.GRID:
        x, y = cell_xy(d)
        grid.append(f'<rect x="{x:.0f}" y="{y}" width="{GRID_W - 2}" height="{CELL_H}" rx="3" '
                    'fill="#3b3b3b" stroke="#777" stroke-dasharray="3 2"/>'
                    f'<text x="{x + GRID_W / 2 - 1:.0f}" y="{y + 11}" fill="#bbb" font-size="9" '
                    f'text-anchor="middle">{_grid_label(d)}</text>')
    grid.append('</g>')
    out += [(None, part) for part in grid]
    for d in range(1, last + 1):
        out.append((d, _lap_cell(v, d)))
    x, y = cell_xy(last + 1)
    out.append((None, f'<g class="past"><title>{escape(marks.TEXT["past"])} '
                      f'({marks.RULE["past"]})</title><rect x="{x}" y="{y}" '
                      f'width="{CELL_W - 2}" height="{CELL_H}" rx="3" fill="#16301c" '
                      f'stroke="#4a7"/><text x="{x + CELL_W / 2 - 1}" y="{y + 11}" fill="#9c9" '
                      'font-size="9" text-anchor="middle">past</text></g>'))
    return out


def _grid_label(d: int) -> str:
    """Grid part -3 holds positions 7-8, ... part 0 positions 1-2."""
    first = 1 - 2 * d
    return f"P{first}-{first + 1}"


def _lap_cell(v: dict, d: int) -> str:
    x, y = cell_xy(d)
    kinds = marks.lap_kinds(v, d)
    fill = "url(#rp-chequer)" if "finish" in kinds else \
        marks.LAP_FILL["backmarker" if "backmarker" in kinds else "plain"]
    stroke, sw = (marks.FEB_STROKE, 2.5) if "feb" in kinds else ("#666", 1)
    parts = [f'<g class="lap" data-lap="{d}"><title>{escape(marks.lap_title(v, d))}</title>',
             f'<rect x="{x}" y="{y}" width="{CELL_W - 2}" height="{CELL_H}" rx="3" '
             f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>']
    tx = x + (CELL_W - 2) / 2
    num_fill = "#111" if "finish" in kinds else "#ddd"
    if "finish" in kinds:
        parts.append(f'<rect x="{tx - 10}" y="{y + 2}" width="20" height="12" fill="#fff"/>')
    parts.append(f'<text x="{tx}" y="{y + 12}" fill="{num_fill}" font-size="10" '
                 f'text-anchor="middle">{d}</text>')
    if "corner" in kinds:        # RP Corners: underlined lap numbers
        parts.append(f'<line x1="{tx - 8}" y1="{y + 14.5}" x2="{tx + 8}" y2="{y + 14.5}" '
                     f'stroke="{num_fill}" stroke-width="1.5"/>')
    if "backmarker" in kinds:
        parts.append(backmarker_flag(x + 4, y + 17))
    if "token_b" in kinds:      # top right, clear of the number and the cars
        parts.append(token_b(x + CELL_W - 9, y + 8))
    parts.append("</g>")
    return "".join(parts)


def backmarker_flag(x: float, y: float) -> str:
    """RP Backmarkers: a blue flag."""
    return (f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + 12}" stroke="#ddd" stroke-width="1.2"/>'
            f'<rect x="{x}" y="{y}" width="9" height="6" fill="#2f80ed"/>')


def token_b(cx: float, cy: float) -> str:
    """RP Circuit Information: the finish token lying on its B side."""
    return (f'<circle cx="{cx}" cy="{cy}" r="6" fill="#fff" stroke="#111"/>'
            f'<text x="{cx}" y="{cy + 3}" font-size="8" font-weight="bold" fill="#111" '
            'text-anchor="middle">B</text>')


# ---- the cars --------------------------------------------------------------------------
def _cars(v: dict) -> list[str]:
    last = marks.span(v)
    by_cell: dict[int, list[dict]] = {}
    cars = {c["seat"]: c for c in v["cars"]}
    for seat in v["leaderboard"]:
        car = cars[seat]
        if car["driver"] is None:
            continue
        d = car["dist"]
        d = last + 1 if d > last else max(d, marks.GRID[0])
        by_cell.setdefault(d, []).append(car)
    out = []
    for d, group in by_cell.items():
        x, y = cell_xy(d)
        w = (GRID_W if d <= 0 else CELL_W) - 2
        for (cx, cy), r, car in zip(*_slots(x, y + 14, w, CELL_H - 14, len(group)), group):
            out.append(car_mark(v, car, cx, cy, r))
    return out


def _slots(x, y, w, h, n):
    """Places for n cars in a cell: one above the other up to two (the
    leader on top), two columns up to four, three past four."""
    cols = 1 if n <= 2 else (2 if n <= 4 else 3)
    rows = -(-n // cols)
    r = min(CAR_R, (h / rows) / 2 - 0.5, (w / cols) / 2 - 0.5)
    pts = []
    for i in range(n):
        row, col = divmod(i, cols)
        pts.append((x + w * (col + 0.5) / cols, y + h * (row + 0.5) / rows))
    return pts, [r] * n


DARK_TEXT = {"orange", "yellow", "white", "pink", "grey"}


def car_mark(v: dict, car: dict, cx: float, cy: float, r: float) -> str:
    """A car: a disc in its driver's colour with the driver number; yours
    ringed in white."""
    seat = car["seat"]
    mine = seat == v["you"]
    tyre = marks.TYRE_NAME.get(car["tyre"]) if car["tyre"] else None
    tip = (f"{car['driver']} (#{car['number']}), car {marks.car_label(seat)}"
           + (" - your car" if mine else "") + f": lap {car['dist']}, RP {car['rp']}"
           + (f", {tyre} tyres {car['td']}/{car['tyre_life']} laps" if tyre else
              ", a bot: no tyres" if car["kind"] == "bot" else "")
           + (", finished" if car["finished"] else "") + " (RP Step 3b, Race Positions)")
    ink = "#111" if car["colour"] in DARK_TEXT else "#fff"
    ring = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 2.5:.1f}" fill="none" stroke="#fff" '
            'stroke-width="2"/>' if mine else "")
    return (f'<g class="car" data-car="{seat}" data-seat="{seat}"><title>{escape(tip)}</title>'
            f'{ring}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
            f'fill="{marks.colour(car["colour"])}" stroke="#111" stroke-width="1.5"/>'
            f'<text x="{cx:.1f}" y="{cy + r * 0.38:.1f}" font-size="{r * 1.05:.1f}" '
            f'font-weight="bold" fill="{ink}" text-anchor="middle">{car["number"]}</text></g>')
