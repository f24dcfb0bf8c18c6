"""The page's board: an SVG drawn as a pure function of a view (render.view).

The track (lanes, Apron, restart lanes, the lines) is drawn once per track
and cached: the static layer a page receives once a race (engine/spec.
LayeredSvg, issue 16), a function of the config alone; over it, in the
view's layer, for the seat to act, the single steps it may take
(outlined targets under the cars, so they never hide one), then the cars.
Beside the track the Team Sheets, under it the seat's own hand as cards
(svg_panels.py). Every mark carries a <title> saying what it is and which
rule governs it.

Conventions the page relies on (web/static/race.js): every space is a
`.space[data-space="sector,lane"]` (lane 0 the Apron), the space a whole
move's `to` names; a car is `<g class="car" data-car=N data-seat=S
data-space=...>` placed by a translate, so it can slide; marks that stand
for an action carry `data-action` (engine/board.py).
"""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape

from ...engine.board import action_doc, data_action
from ...engine.spec import Layer, LayeredSvg, pieces
from . import status
from .actions import Activate, Affect, MoveType, Pit, Step
from .content import load_content
from .svg_marks import INK, LAPPED_RING, MOVING_HALO, car_body, star, tick
from .svg_panels import PANEL_W, hand_height, hand_row, team_sheet

LANE = 14.0          # lane width in SVG units
STEP = 16.0          # sector length
HEAD = 40.0          # room above the track for the heading


def geometry(t: dict) -> list[tuple[float, float, float]]:
    """Each sector's start point and heading along the inside edge (turtle
    walk: straights go straight, corners turn left by their degrees)."""
    x = y = 0.0
    h = 0.0
    out = []
    for s in range(t["sectors"]):
        turn = math.radians(t["turn"][s])
        h_mid = h + turn / 2
        out.append((x, y, h_mid))
        x += STEP * math.cos(h_mid)
        y += STEP * math.sin(h_mid)
        h += turn
    return out


def _point(geo, sector: int, lane: float) -> tuple[float, float]:
    """The centre of a space on the page (y downwards)."""
    x, y, h = geo[sector]
    # Lanes go outwards: to the right of the direction of travel.
    off = (lane - 0.5) * LANE
    return (x + STEP / 2 * math.cos(h) + off * math.sin(h),
            -(y + STEP / 2 * math.sin(h) - off * math.cos(h)))


def _angle(geo, sector: int) -> float:
    return -math.degrees(geo[sector][2])


def _space_title(s: int, lane: int, corner: bool, restart, green: bool) -> str:
    """What a space is, short: the page shows it under a move's cost."""
    if lane == 0:
        return f"Sector {s}, the Apron: pit road, reached by a pit stop only (STOCK The Apron)"
    what, rules = [], ["Spaces and sectors"]
    if lane in restart:
        what.append("a restart lane")
        rules.append("Restart lanes")
    if corner:
        what.append("in a corner")
        rules.append("Corners")
    if green:
        what.append("on the green restart line")
        rules.append("Green Restart Line")
    return (f"Sector {s}, lane {lane}" + (": " + ", ".join(what) if what else "")
            + f" (STOCK {', '.join(rules)})")


@lru_cache(maxsize=16)
def _track_svg(key, sectors, width, turn, corner, green_line, restart):
    """The static drawing of a track (lanes, Apron, restart lanes, the green
    restart line, the Start/Finish line), drawn once per track. Every space
    is a `<rect class="space" data-space="sector,lane">` (lane 0 the Apron),
    the space a whole move's `to`, (sector, lane), names."""
    t = {"sectors": sectors, "width": width, "turn": turn}
    geo = geometry(t)
    pts = [_point(geo, s, lane) for s in range(sectors) for lane in (-0.5, width[s] + 0.5)]
    minx = min(p[0] for p in pts) - 20
    maxx = max(p[0] for p in pts) + 20
    miny = min(p[1] for p in pts) - HEAD
    maxy = max(p[1] for p in pts) + 20
    parts = []
    for s in range(sectors):
        a = _angle(geo, s)
        for lane in range(0, width[s] + 1):
            cx, cy = _point(geo, s, lane)
            fill = ("#f5d90a" if lane == 0 else
                    "#8d8d8d" if lane in restart else "#b5b5b5")
            if s == green_line and lane:
                fill = "#3aa655"
            title = _space_title(s, lane, corner[s], restart, s == green_line)
            parts.append(f'<rect class="space" data-space="{s},{lane}" '
                         f'x="{cx - STEP / 2:.1f}" y="{cy - LANE / 2:.1f}" '
                         f'width="{STEP - 1:.1f}" height="{LANE - 1:.1f}" fill="{fill}" '
                         f'transform="rotate({a:.1f} {cx:.1f} {cy:.1f})">'
                         f'<title>{escape(title)}</title></rect>')
    x0, y0 = _point(geo, 0, -0.5)
    x1, y1 = _point(geo, 0, width[0] + 0.5)
    h = geo[0][2]
    dx, dy = STEP / 2 * math.cos(h), -STEP / 2 * math.sin(h)
    parts.append(f'<line class="mark" x1="{x0 - dx:.1f}" y1="{y0 - dy:.1f}" x2="{x1 - dx:.1f}" '
                 f'y2="{y1 - dy:.1f}" stroke="{INK}" stroke-width="3" stroke-dasharray="3 3">'
                 '<title>The Start/Finish line: each time the leader crosses it the Current Lap '
                 'marker moves up; the race ends when the leader crosses it on the last lap '
                 '(STOCK Start/Finish line and laps)</title></line>')
    return geo, (minx, miny, maxx - minx, maxy - miny), "\n".join(parts)


CAR_ACTIONS = {"car": Activate, "pits": Pit, "affect": Affect}


def _car(v, geo, c, team, tip: str, on_target: bool, apron_level: int) -> str:
    s = c["sector"]
    cx, cy = _point(geo, s, c["lane"] - 0.9 * apron_level)
    # the action of this phase on one of the seat's cars (engine/board.py):
    # a ring over the car, so that the car itself is never faded as inert
    act = CAR_ACTIONS.get(v["phase"])
    pick = ""
    if act and c["seat"] == v["you"]:
        pick = (f'<circle class="pick" r="8.5" fill="#fff" fill-opacity="0" stroke="none"'
                f'{data_action(action_doc(act(c["number"])))}><title>'
                f'{escape(_pick_title(v["phase"], c))}</title></circle>')
    under = f'<circle r="9.5" {LAPPED_RING}/>' if c["lapdown"] else ""
    if v["move"] and v["move"].get("car") == c["number"]:
        under = MOVING_HALO + under
    over = []
    if c["flipped"]:
        over.append(tick(-6.5, 5.5))
    if v["leader"] == c["number"]:
        over.append(star(6.5, -6, 3.6))
    # a car on a step target lets the pointer through to it
    through = ' pointer-events="none"' if on_target else ""
    return (f'<g class="car" data-car="{c["number"]}" data-seat="{c["seat"]}" '
            f'data-space="{s},{c["lane"]}" transform="translate({cx:.1f} {cy:.1f})"{through}>'
            f'<title>{tip}</title>'
            + under + car_body(team["colour"], c["number"], _angle(geo, s))
            + "".join(over) + pick + "</g>")


def _pick_title(phase: str, c: dict) -> str:
    return {"car": f"Activate #{c['number']} now (STOCK Action segments)",
            "pits": f"Send #{c['number']} to a pit stop (STOCK Pit Stops)",
            "affect": f"The event hits #{c['number']} (STOCK The Team Bar)"}[phase]


def _step_title(st: dict) -> str:
    where = "along the Apron" if st["lane"] == 0 else \
        f"{'forward' if st['ahead'] else 'sideways'} into lane {st['lane']}"
    text = f"Step {where}: {st['mp']} MP"
    if st["push"]:
        text += f", pushing {', '.join('#' + str(n) for n in st['push'])} {st['way']}"
    return text + " (STOCK Movement)"


# ---- the board in two layers (engine/spec.LayeredSvg) -----------------------------------------
def board_keys(config) -> tuple:
    """The race's track as _track_svg draws it: the static board."""
    T = load_content(config.content).tracks[config.track]
    return ((T.key, T.n, tuple(T.width), tuple(T.turn), tuple(T.corner), T.green_line,
             tuple(T.restart)),)


def view_key(v: dict) -> tuple:
    t = v["track"]
    return (t["key"], t["sectors"], tuple(t["width"]), tuple(t["turn"]), tuple(t["corner"]),
            t["green_line"], tuple(t["restart_lanes"]))


@lru_cache(maxsize=16)
def static_layer(key: tuple) -> tuple[str, ...]:
    """The track between two slots: the background under it (its size
    follows the hand) and everything drawn over it. The picture's size is
    the layer's too: set on the root."""
    track_parts = _track_svg(*key)[2]
    return ('<svg xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">\n', "",
            "\n" + track_parts + "\n", "", "\n</svg>")


def layer(v: dict) -> Layer:
    key = view_key(v)
    geo, (minx, miny, W, H), _ = _track_svg(*key)
    t = v["track"]
    teams = {tm["seat"]: tm for tm in v["teams"]}
    # each car's tooltip, on the track and on its Team Sheet box alike
    tips = {c["number"]: escape(status.title(c, teams[c["seat"]], v)) for c in v["cars"]}
    px = minx + W + 6
    sheet, sheet_h = team_sheet(v, px, miny + 6, tips)
    # the hand under the track alone, or under the track and the sheets:
    # whichever keeps the picture lower (wider than tall fits a screen)
    n = len(v["hand"] or ())
    under_track = max(H + hand_height(n, W - 8), sheet_h + 12)
    under_both = max(H, sheet_h + 12) + hand_height(n, W + PANEL_W)
    if under_track < under_both:
        hand, _ = hand_row(v, minx + 8, miny + H, W - 8)
        total_h = under_track
    else:
        hand, _ = hand_row(v, minx + 8, miny + max(H, sheet_h + 12), W + PANEL_W)
        total_h = under_both
    total_w = W + PANEL_W + 12
    size = (("viewBox", f"{minx:.0f} {miny:.0f} {total_w:.0f} {total_h:.0f}"),
            ("width", f"{total_w:.0f}"), ("height", f"{total_h:.0f}"))
    ground = (f'<rect x="{minx:.0f}" y="{miny:.0f}" width="{total_w:.0f}" '
              f'height="{total_h:.0f}" fill="#f4f1ea"/>')
    parts = [_heading(v, minx, miny, minx + W - 6, teams)]
    # the single steps of the move in progress, under the cars (a push's
    # target holds a car: its frame shows around it)
    moving = next((c for c in v["cars"] if v.get("move") and c["number"] == v["move"].get("car")),
                  None)
    head = None
    if moving is not None and v["move"].get("pack"):
        head = next(c for c in v["cars"] if c["number"] == v["move"]["pack"][0])
    targets = set()
    for st in v.get("steps", ()) if head is not None else ():
        s = (head["sector"] + st["ahead"]) % t["sectors"]
        targets.add((s, st["lane"]))
        cx, cy = _point(geo, s, st["lane"])
        parts.append(f'<g class="step"{data_action(action_doc(Step(st["ahead"], st["lane"])))}>'
                     f'<title>{escape(_step_title(st))}</title>'
                     f'<rect x="{cx - STEP / 2 - 1:.1f}" y="{cy - LANE / 2 - 1:.1f}" '
                     f'width="{STEP + 1:.1f}" height="{LANE + 1:.1f}" rx="2.5" fill="#fffbe6" '
                     f'stroke="{INK}" stroke-width="1.6" transform="rotate({_angle(geo, s):.1f} '
                     f'{cx:.1f} {cy:.1f})"/><circle cx="{cx:.1f}" cy="{cy:.1f}" r="1.8" '
                     f'fill="{INK}"/></g>')
    stacks = {int(k): nums for k, nums in v["apron"].items()}
    for c in v["cars"]:
        if c["status"] != "racing":
            continue
        level = 0
        if c["lane"] == 0:
            stack = stacks.get(c["sector"], [])
            level = stack.index(c["number"]) if c["number"] in stack else 0
        parts.append(_car(v, geo, c, teams[c["seat"]], tips[c["number"]],
                          (c["sector"], c["lane"]) in targets, level))
    for k, kind in enumerate(v.get("types", ())):
        bx = minx + 8 + 74 * k           # in the margin under the track
        parts.append(f'<g class="type"{data_action(action_doc(MoveType(kind)))}>'
                     f'<title>Move as {escape(kind)}: '
                     + ("the car alone" if kind == "solo" else "with the cars linked to it")
                     + ' (STOCK Race card parts)</title>'
                     f'<rect x="{bx:.0f}" y="{miny + H - 17:.0f}" width="68" height="14" rx="3" '
                     f'fill="#2f66c4" stroke="{INK}"/><text x="{bx + 34:.0f}" '
                     f'y="{miny + H - 7:.0f}" font-size="9" fill="#fff" text-anchor="middle">'
                     f'move {escape(kind)}</text></g>')
    # one piece a mark (a car, a box of the sheet, a card): a page is sent
    # again only those a move changed (engine/spec.Layer)
    return Layer(key, size, (ground, pieces(parts) + ("\n",) + sheet + ("\n",) + hand))


svg = LayeredSvg(static=static_layer, keys=board_keys, dynamic=layer)


def _heading(v: dict, minx: float, miny: float, x_right: float, teams: dict) -> str:
    t = v["track"]
    head = f'{escape(t["name"])} - lap {v["lap"]}/{t["laps"]} - turn {v["turn"]}'
    out = [f'<text class="mark" x="{minx + 8:.0f}" y="{miny + 14:.0f}" font-size="11" '
           f'font-weight="bold">{head}<title>The Current Lap marker: the lap the leader is on, '
           'of the laps this race runs (STOCK Start/Finish line and laps)</title></text>']
    bits = []
    if v["leader"] is not None:
        bits.append(f"Current Leader #{v['leader']}")
    bits.append(f"First Player: {teams[v['first']]['name']}")
    out.append(f'<text class="mark" x="{minx + 8:.0f}" y="{miny + 26:.0f}" font-size="8">'
               f'{escape(" - ".join(bits))}<title>The Current Leader marker sits on the car '
               'ahead in the running order; the First Player marker goes to its owner at the '
               'end of each turn (STOCK Running order, End of turn)</title></text>')
    m = v["move"]
    if m:
        if "affect" in m:
            line = ("An event picked your team: choose which car it hits, "
                    + ", ".join(f"#{n}" for n in m["affect"]))
            tip = "The Team Bar picked this team; its owner chooses the car (STOCK The Team Bar)"
        else:
            line = f"Moving #{m['car']}" + (f" with {m['card']}" if "card" in m else "")
            if "mp" in m:
                line += f" - {m['kind']}, {m['mp']} MP left, pack " + ", ".join(
                    f"#{n}" for n in m["pack"])
            tip = ("The car in its action segment, ringed in gold on the track; the front car "
                   "of its pack is steered (STOCK Action segments, Movement)")
        out.append(f'<text class="mark" x="{minx + 8:.0f}" y="{miny + 36:.0f}" font-size="7.5" '
                   f'font-style="italic">{escape(line)}<title>{tip}</title></text>')
    if v["yellow"]:
        out.append(f'<g class="mark"><title>A caution: after the pit stops the field lines up '
                   f'on the restart lanes (STOCK Yellow Flag restart)</title>'
                   f'<rect x="{x_right - 72:.0f}" y="{miny + 5:.0f}" width="70" height="11" '
                   f'rx="2" fill="#facc15" stroke="{INK}"/><text x="{x_right - 37:.0f}" '
                   f'y="{miny + 13:.0f}" font-size="7" font-weight="bold" text-anchor="middle">'
                   'YELLOW FLAG</text></g>')
    return "".join(out)
