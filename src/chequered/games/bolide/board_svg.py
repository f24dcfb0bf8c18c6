"""Bolide's SVG board: a pure function of the view.

Two layers (engine/spec.LayeredSvg), so that the page receives the circuit
once a race (issue 16): `static_board` draws what never changes during a
race (the track, its sectors and arrows, the finish and intermediate lines,
the grid, the pit lane, the coordinates) and is cached per circuit, a
function of the config alone; `layer` draws from the view the cars, pawns
and the choices of the car to move, and the panel beside the board
(svg_panel.py) with the facts a player decides from. Clickable marks carry `data-action` (engine/board.py); every mark a
player may ask about has a <title>.
"""
from __future__ import annotations

from functools import lru_cache

from ...engine.board import Drawings, action_doc, data_action
from ...engine.spec import Layer, LayeredSvg
from .actions import Move, Place
from .circuit import KERB, RUNOFF, TRACK, circuit
from .geometry import DIRS
from .svg_marks import (ARROW, CELL, SHADES, SURFACE, blocked_mark, car_body, halo,
                        move_mark, pawn, place_mark, slip_badge, slip_point, title)
from .rules.outlook import RISKY
from .rules.setup import season
from .svg_panel import layout, panel
from .text import choice_rules, choice_text, describe_action
from .view import ON_BOARD, focus_points

ML, MT = 24, 20               # margins for the coordinates
GAP = 14                      # between the board and the panel
GHOSTS = ("crashed", "out")
PLACE_WHY = {"reposition": ("put your car back here after the engagement", "BOLIDE 6"),
             "regrid": ("line up here behind the car ahead, Safety Car", "BOLIDE 6"),
             "exit": ("leave the pit lane from this Pit Lane Out point", "BOLIDE 9")}


# The page shows the board in about this box at 1366 x 768 (its board column
# and 80 % of the window's height): the panel goes where the board is drawn
# larger in it.
PAGE_BOX = (900, 614)


def frame(rules: str, n_cars: int, c, cell: int) -> tuple[int, int, int, int, bool]:
    """(width, height, panel x, panel y, wide panel): the panel beside the
    board, or under it in three columns for a wide circuit. Fixed for a race."""
    bw, bh = c.width * cell, c.height * cell
    side_w, side_h = layout(rules, n_cars, False)["size"]
    under_w, under_h = layout(rules, n_cars, True)["size"]
    beside = (ML + bw + GAP + side_w + 6, max(MT + bh + 8, side_h + 8))
    under = (max(ML + bw + 8, ML + under_w + 6), MT + bh + GAP + under_h + 6)
    scale = [min(PAGE_BOX[0] / w, PAGE_BOX[1] / h) for w, h in (beside, under)]
    if scale[1] > scale[0]:
        return *under, ML, MT + bh + GAP, True
    return *beside, ML + bw + GAP, 4, False


# ---- the board in two layers (engine/spec.LayeredSvg) -----------------------------------------
def board_keys(config) -> tuple:
    """The static board of each circuit a race with this config runs (a
    championship runs several): the circuit, the rules and the number of
    cars fix it."""
    return tuple((circuit(name, config.content).key, config.content, config.rules,
                  len(config.seats)) for name in season(config))


def view_key(v: dict) -> tuple:
    return (v["circuit"]["key"], v["circuit"].get("content"), v["rules"], len(v["cars"]))


@lru_cache(maxsize=32)
def static_layer(key: tuple, cell: int = CELL) -> tuple[str, ...]:
    """The picture around two slots: the cars and choices over the circuit,
    and the panel beside it."""
    name, content, rules, n_cars = key
    c = circuit(name, content)
    w, h, px, py, _ = frame(rules, n_cars, c, cell)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="sans-serif">\n'
            f'<rect width="{w}" height="{h}" fill="#f4f1e8"/>\n'
            + static_board(c.key, content, cell) + f'\n<g transform="translate({ML},{MT})">\n',
            "", f'\n</g>\n<g transform="translate({px},{py})">\n', "", "\n</g>\n</svg>")


def layer(v: dict, cell: int = CELL) -> Layer:
    """What the view draws: the zoom's focus, the moving parts, the panel."""
    key = view_key(v)
    c = circuit(key[0], key[1])
    wide = frame(key[2], key[3], c, cell)[4]
    focus = _focus(v, cell)
    shared = {k: x for k, x in v.items() if k != "you"}
    return Layer(key, (("data-focus", focus),) if focus else (),
                 (_moving_parts(shared, cell), panel(v, wide)))


# What moves on the board does not depend on who looks (it never reads `you`,
# and Bolide hides nothing): drawn once per state for all its viewers.
_moving_parts = Drawings(lambda v, cell: moving_parts(v, circuit(*view_key(v)[:2]), cell))


svg = LayeredSvg(static=static_layer, keys=board_keys, dynamic=layer)


def _focus(v: dict, cell: int) -> str:
    """`data-focus`: the part of the picture around the car to move and its
    choices ("x y width height", a margin of 3 points), for a page that
    zooms on a small screen."""
    pts = focus_points(v)
    if not pts:
        return ""
    x0, x1 = min(p[0] for p in pts) - 3, max(p[0] for p in pts) + 4
    y0, y1 = min(p[1] for p in pts) - 3, max(p[1] for p in pts) + 4
    return f"{ML + x0 * cell} {MT + y0 * cell} {(x1 - x0) * cell} {(y1 - y0) * cell}"


# ---- the circuit: drawn once a circuit ------------------------------------------------------
@lru_cache(maxsize=16)
def static_board(key: str, content: str | None, cell: int = CELL) -> str:
    c = circuit(key, content)
    half = cell / 2
    out = [_defs(cell), _coordinates(c, cell), f'<g transform="translate({ML},{MT})">']
    # sectors: the shading of each, with its red arrow in the tooltip
    for i, name in enumerate(c.sector_names):
        runs = _runs(c, lambda x, y: c.sector[y][x] == i)
        if not runs:
            continue
        fill = SHADES[i % len(SHADES)]
        out.append(f'<g fill="{fill}">' + title(
            f"Sector {name}, red arrow {c.meta.arrows[name]}: in a sector the car further "
            "along the arrow moves first (BOLIDE 3). Cars stop on the black points "
            "(BOLIDE 1).") + "".join(
            f'<rect x="{x0 * cell}" y="{y * cell}" width="{n * cell}" height="{cell}"/>'
            for x0, y, n in runs) + "</g>")
    # the points, as dotted runs: track dots let the sector's tooltip through
    texts = {KERB: "Kerb: part of the track, cars may stop on it (BOLIDE 1).",
             RUNOFF: "Run-off: off the track. A car forced off stops here and creeps "
                     "back one square a turn (BOLIDE 2)."}
    for kind, pattern in ((TRACK, "track"), (KERB, "kerb"), (RUNOFF, "runoff")):
        runs = _runs(c, lambda x, y, k=kind: c.kind[y][x] == k)
        if not runs:
            continue
        head = (f'<g fill="url(#bd-{pattern})" pointer-events="none">' if pattern == "track"
                else f'<g fill="url(#bd-{pattern})">' + title(texts[kind]))
        out.append(head + "".join(
            f'<rect x="{x0 * cell}" y="{y * cell}" width="{n * cell}" height="{cell}"/>'
            for x0, y, n in runs) + "</g>")
    out += _lines(c, cell)
    for i, name in enumerate(c.sector_names):
        pts = [(x, y) for y in range(c.height) for x in range(c.width) if c.sector[y][x] == i]
        if not pts:
            continue
        mx = sum(p[0] for p in pts) / len(pts) * cell + half
        my = sum(p[1] for p in pts) / len(pts) * cell + half
        ax, ay = c.arrow(i)
        out.append(f'<line x1="{mx:.0f}" y1="{my:.0f}" x2="{mx + ax * 2 * cell:.0f}" '
                   f'y2="{my + ay * 2 * cell:.0f}" stroke="{ARROW}" stroke-width="3" '
                   f'marker-end="url(#bd-arrow)">'
                   + title(f"Red arrow of sector {name}: the race order within the sector, "
                           "the slipstream point behind a car, where an engagement's loser "
                           "goes back (BOLIDE 3, 5, 6).") + "</line>")
    out += _grid_and_pit(c, cell)
    out.append("</g>")
    return "\n".join(out)


def _defs(cell: int) -> str:
    h = cell / 2
    dots = "".join(
        f'<pattern id="bd-{name}" width="{cell}" height="{cell}" patternUnits="userSpaceOnUse">'
        f'<circle cx="{h}" cy="{h}" r="{r}" fill="{SURFACE[name]}"/></pattern>'
        for name, r in (("track", 1.6), ("kerb", 2.2), ("runoff", 1.6)))
    return ('<defs><marker id="bd-arrow" markerWidth="6" markerHeight="6" refX="3" refY="3" '
            f'orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="{ARROW}"/></marker>{dots}</defs>')


def _runs(c, keep) -> list[tuple[int, int, int]]:
    """(x0, y, length) of each row's runs of points that `keep`."""
    out = []
    for y in range(c.height):
        x = 0
        while x < c.width:
            if keep(x, y):
                x0 = x
                while x < c.width and keep(x, y):
                    x += 1
                out.append((x0, y, x - x0))
            else:
                x += 1
    return out


def _coordinates(c, cell: int) -> str:
    """Column numbers along the top, row numbers down the left, faint lines
    every 10: a point named in the menu ("to 63,10") is found at a glance."""
    out = ['<g font-size="9" fill="#555" text-anchor="middle">'
           + title("Coordinates: columns across the top, rows down the side; the menu "
                   "names points column,row.")]
    for x in range(0, c.width, 5):
        out.append(f'<text x="{ML + x * cell + cell / 2:.0f}" y="{MT - 6}">{x}</text>')
    for y in range(0, c.height, 5):
        out.append(f'<text x="{ML - 11}" y="{MT + y * cell + cell / 2 + 3:.0f}">{y}</text>')
    out.append("</g>")
    lines = [f'M{ML + x * cell + cell / 2:.0f},{MT}v{c.height * cell}'
             for x in range(10, c.width, 10)]
    lines += [f'M{ML},{MT + y * cell + cell / 2:.0f}h{c.width * cell}'
              for y in range(10, c.height, 10)]
    out.append(f'<path d="{"".join(lines)}" stroke="#000" stroke-opacity="0.12" '
               f'stroke-width="1" pointer-events="none"/>')
    return "".join(out)


def _boundary(c, into: int, cell: int) -> str:
    """The line between sector `into` and the one before it: a short stroke
    across each pair of neighbouring points that lie on either side."""
    prev = (into - 1) % c.n_sectors
    d = []
    for y in range(c.height):
        for x in range(c.width):
            if c.sector[y][x] != into:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if c.sector_at(x + dx, y + dy) == prev:
                    mx, my = (x + dx / 2) * cell + cell / 2, (y + dy / 2) * cell + cell / 2
                    if dx:
                        d.append(f"M{mx:.0f},{my - cell / 2:.0f}v{cell}")
                    else:
                        d.append(f"M{mx - cell / 2:.0f},{my:.0f}h{cell}")
    return "".join(d)


def _lines(c, cell: int) -> list[str]:
    out = []
    finish = _boundary(c, 0, cell)
    if finish:
        out.append('<g>' + title(f"Finish line: touching or crossing it ends a lap; the "
                                 f"race is {c.meta.laps} laps (BOLIDE Preparation).")
                   + f'<path d="{finish}" stroke="#111" stroke-width="4"/>'
                   f'<path d="{finish}" stroke="#fff" stroke-width="4" '
                   'stroke-dasharray="3,3"/></g>')
    if c.intermediate > 0:
        inter = _boundary(c, c.intermediate, cell)
        out.append('<g>' + title("Intermediate line (1/2 GP): when the leader crosses it "
                                 "the weather may change (advanced) and the first across "
                                 "scores in a championship (BOLIDE 10, 16).")
                   + f'<path d="{inter}" stroke="#1565c0" stroke-width="3" '
                   'stroke-dasharray="5,3"/></g>')
    return out


def _grid_and_pit(c, cell: int) -> list[str]:
    half = cell / 2
    out = []
    for i, (x, y) in enumerate(c.meta.grid, start=1):
        out.append(f'<rect x="{x * cell + 1}" y="{y * cell + 1}" width="{cell - 2}" '
                   f'height="{cell - 2}" fill="none" stroke="#c00" stroke-width="1.5">'
                   + title(f"Grid slot {i}{' (pole position)' if i == 1 else ''}: the grid "
                           "is decided by the die (BOLIDE Preparation).") + "</rect>")
    pit = c.meta.pit
    if pit is None:
        return out
    (ax, ay), (bx, by) = pit.entry
    limit = (f" The speed limit to enter is {pit.speed_limit}: 2 turns of penalty for each "
             "unit over it." if pit.speed_limit else "")
    out.append(f'<line x1="{ax * cell + half}" y1="{ay * cell + half}" x2="{bx * cell + half}" '
               f'y2="{by * cell + half}" stroke="#e53935" stroke-width="5" '
               f'stroke-linecap="round">' + title(
                   "Pit Lane In: a move that touches or crosses this red line between the "
                   "first and the second lap takes the car into the pit lane (BOLIDE 9)."
                   + limit) + "</line>")
    cells = {pit.stop: "Pit Stop cell: new tyres (and repairs, advanced)",
             pit.full_fuel: "Full Fuel cell: repairs",
             pit.half_fuel: "1/2 Fuel cell: fuel for a 1/2-fuel car, with tyres and repairs"}
    letters = {pit.stop: "S", pit.full_fuel: "F", pit.half_fuel: "½"}
    for i, (x, y) in enumerate(pit.squares, start=1):
        what = cells.get(i, "one square a turn")
        out.append(f'<g>{title(f"Pit lane square {i}: {what} (BOLIDE 9, 15).")}'
                   f'<rect x="{x * cell - half + 1}" y="{y * cell - 1}" width="{2 * cell - 2}" '
                   f'height="{cell + 2}" rx="3" fill="#fff" stroke="#555"/>'
                   f'<text x="{x * cell + half}" y="{y * cell + cell - 2}" font-size="10" '
                   f'text-anchor="middle" fill="#333">{i}{letters.get(i, "")}</text></g>')
    for x, y in pit.exit:
        out.append(f'<rect x="{x * cell + 2}" y="{y * cell + 2}" width="{cell - 4}" '
                   f'height="{cell - 4}" fill="#e53935" fill-opacity="0.35" stroke="#e53935">'
                   + title("Pit Lane Out: a car leaving the pit lane makes its standing "
                           "start from one of these points (BOLIDE 9).") + "</rect>")
    return out


# ---- what moves: cars, pawns and the choices of the car to move -----------------------------
def moving_parts(v: dict, c, cell: int = CELL) -> str:
    half = cell / 2

    def at(x, y):
        return x * cell + half, y * cell + half

    out = []
    on_board = [car for car in v["cars"] if car["mode"] in ON_BOARD]
    acting = set(v["to_act"])
    for car in on_board:
        if car["slip_point"]:
            sx, sy = car["slip_point"]
            tip = (f"Slipstream point of the {car['name']}: a car stopping here may add "
                   "+1 square in its main direction next turn (BOLIDE 5).")
            out.append(f'<g>{title(tip)}{slip_point(*at(sx, sy), car["colour"], cell)}</g>')
    for car in on_board:
        if car["mode"] in ("run", "start") and (car["vx"] or car["vy"]):
            out.append(f'<g>{title(_pawn_tip(car))}'
                       f'{pawn(*at(car["x"], car["y"]), *at(*car["pawn"]), car["colour"], cell)}'
                       "</g>")
    # the car to move last: on top of a neighbour drawn over its point
    for car in sorted(v["cars"], key=lambda car: car["seat"] in acting):
        where = _car_point(c, car)
        if where is None:
            continue
        cx, cy = at(*where)
        body = car_body(cx, cy, car["colour"], str(car["seat"] + 1), cell,
                        ghost=car["mode"] in GHOSTS)
        if car["seat"] in acting and car["mode"] in ON_BOARD:
            body = halo(cx, cy, cell) + body
        out.append(f'<g class="car" data-car="{car["seat"]}" data-seat="{car["seat"]}">'
                   f'{title(_car_tip(car, v))}{body}</g>')
    taken = {(car["x"], car["y"]) for car in on_board}
    for x, y, ok in v["reach"]:
        if not ok and (x, y) not in taken:
            tip = (f"{x},{y}: around the pawn, but not a move this car may make now (off "
                   "the track, above its top speed or through a car) (BOLIDE 1, 5)")
            out.append(f'<g>{title(tip)}{blocked_mark(*at(x, y), cell)}</g>')
    for ch in v["choices"]:
        if ch["slip"]:
            continue
        risky = any(r in RISKY for r in ch["risks"])
        caution = "one_way" in ch["risks"]
        tip = f"{choice_text(ch['x'], ch['y'], None, ch)} ({choice_rules(ch)})"
        mark = move_mark(*at(ch["x"], ch["y"]), ch["speed"], ch["kind"], risky, caution, cell)
        act = data_action(action_doc(Move(ch["x"], ch["y"])))
        out.append(f'<g class="move"{act}>{title(tip)}{mark}</g>')
    for ch in v["choices"]:
        if not ch["slip"]:
            continue
        dx, dy = DIRS[ch["slip"]]
        tip = f"{choice_text(ch['x'], ch['y'], ch['slip'], ch)} ({choice_rules(ch)})"
        act = data_action(action_doc(Move(ch["x"], ch["y"], ch["slip"])))
        badge = slip_badge(*at(ch["x"], ch["y"]), dx, dy, ch["speed"], cell)
        out.append(f'<g class="move"{act}>{title(tip)}{badge}</g>')
    why, rule = PLACE_WHY.get(v["decision"], ("put the car here", "BOLIDE 6"))
    for x, y in v["places"]:
        act = data_action(action_doc(Place(x, y)))
        tip = f"{describe_action(Place(x, y))}: {why} ({rule})"
        out.append(f'<g class="place"{act}>{title(tip)}{place_mark(*at(x, y), cell)}</g>')
    return "\n".join(out)


def _car_point(c, car) -> tuple[int, int] | None:
    """Where a car is drawn: its point, or its pit lane square."""
    mode = car["mode"]
    if mode in ON_BOARD or mode in GHOSTS:
        return car["x"], car["y"]
    pit = c.meta.pit
    if mode in ("pit", "exit") and pit is not None:
        i = max(1, min(car["pit_square"], len(pit.squares)))
        return tuple(pit.squares[i - 1])
    return None


def _car_tip(car: dict, v: dict) -> str:
    who = f"{car['name']} ({car['seat'] + 1}, {car['kind']})"
    if car["mode"] in GHOSTS:
        why = "crashed" if car["mode"] == "crashed" else "out of fuel"
        return f"{who}: {why}, out of the race (BOLIDE 2, 11)"
    if car["mode"] in ("pit", "exit"):
        return (f"{who}: in the pit lane, square {car['pit_square']} of {car['pit_goal']} "
                "(BOLIDE 9)")
    top = f" (top {car['top']})" if car["top"] is not None else ""
    return (f"{who}: speed {car['speed']}{top}, lap {car['lap']} of {v['circuit']['laps']}, "
            f"{car['brakes']} sharp brakings left (BOLIDE 1, 4)")


def _pawn_tip(car: dict) -> str:
    px, py = car["pawn"]
    return (f"Pawn of the {car['name']} at {px},{py}: it repeats the car's last move. Next "
            f"turn the car may reach any of the 25 points around it, up to 2 faster or "
            f"slower than speed {car['speed']} (BOLIDE 1).")

