"""What a seat sees (view) and how it looks: the grid in the terminal, SVG.

Bolide hides nothing but the future dice: every seat sees the same board.
The view lists, for the car to move, the points around its pawn marked
legal or not, so both renderings can show them.
"""
from __future__ import annotations

from html import escape

from ...engine.board import action_doc, data_action
from .actions import Move
from .circuit import FORBIDDEN, KERB, RUNOFF, circuit
from .geometry import speed
from .rules import advanced, moves
from .rules.order import lap_of, race_order
from .rules.steps import MACHINE
from .text import car_name

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf")


def view(s, seat) -> dict:
    """What `seat` (None: a spectator) sees: everything, the same for all
    (the points the car to move may take are public too)."""
    c = circuit(s.circuit, s.config.content)
    pending = None if s.turn.over else s.turn.pending
    acting = pending.seats[0] if pending is not None else None
    legal_points = ()
    if pending is not None and pending.step == "move":
        legal_points = [(a.x, a.y) for a in MACHINE.legal(s, acting) if isinstance(a, Move)]
    cars = []
    for car in s.cars:
        top = advanced.tops(s, car, c)[0] if car.running else None
        cars.append({
            "seat": car.seat, "kind": s.config.seats[car.seat], "x": car.x, "y": car.y,
            "vx": car.vx, "vy": car.vy, "pawn": [car.x + car.vx, car.y + car.vy],
            "speed": speed(car.vx, car.vy), "mode": car.mode, "start": car.start,
            "lap": lap_of(c, car.progress), "progress": car.progress, "top": top,
            "brakes": car.brakes, "damage": car.damage, "no_fourth": car.no_fourth,
            "slip": car.slip, "penalty": car.penalty, "pit_square": car.pit_square,
            "pit_goal": car.pit_goal, "fuel": car.fuel, "tyres": car.tyres, "wet": car.wet,
            "setup": car.setup, "finish": car.finish_order, "colour": COLOURS[car.seat % 8],
            "name": car_name(car.seat),
        })
    reach = []
    if pending is not None and pending.step == "move" and s.cars[acting].mode == "run":
        car = s.cars[acting]
        legal = set(legal_points)
        for x, y in moves.pawn_points(car.x, car.y, car.vx, car.vy):
            reach.append([x, y, (x, y) in legal])
    return {
        "game": "bolide", "you": seat,
        "circuit": {"key": c.key, "name": c.meta.name, "laps": c.meta.laps,
                    "content": s.config.content,
                    "width": c.width, "height": c.height},
        "phase": s.phase, "turn": s.turn_no, "race": s.race_index + 1, "weather": s.weather,
        "variable_weather": s.variable_weather, "cars": cars,
        "order": [car.seat for car in race_order(c, s.cars)],
        "to_act": [acting] if acting is not None else [],
        "decision": pending.step if pending is not None else None,
        "reach": reach,
        # Every point the car to move may drive to (a standing start or a
        # creep back from the run-off has no pawn), for clickable boards.
        "targets": sorted([x, y] for x, y in set(legal_points)),
        "finishers": list(s.finishers),
        "standings": {str(k): v for k, v in s.standings.items()},
        "results": [dict(r) for r in s.results],
    }


def text(v: dict) -> str:
    c = circuit(v["circuit"]["key"], v["circuit"].get("content"))
    grid = [[_char(c.kind_at(x, y)) for x in range(c.width)] for y in range(c.height)]
    for x, y, ok in v["reach"]:
        if 0 <= x < c.width and 0 <= y < c.height:
            grid[y][x] = "*" if ok else "x"
    for car in v["cars"]:
        if car["mode"] in ("run",) and car["seat"] in v["to_act"]:
            px, py = car["pawn"]
            if 0 <= px < c.width and 0 <= py < c.height:
                grid[py][px] = "o"
    for car in v["cars"]:
        if car["mode"] not in ("pit", "exit", "garage", "crashed", "out", "finished"):
            grid[car["y"]][car["x"]] = str(car["seat"] + 1)
    head = (f"{v['circuit']['name']} - turn {v['turn']} - {v['weather']}"
            + (f" - race {v['race']}" if v["results"] else ""))
    x0, x1, y0, y1 = _window(c, v)
    lines = [head, "   " + "".join(str(x % 10) for x in range(x0, x1))]
    lines += [f"{y:>2} " + "".join(grid[y][x0:x1]) for y in range(y0, y1)]
    lines.append("legend: digits = cars, o = pawn of the car to move, * = reachable, "
                 "x = a pawn point it cannot take, : kerb, , run-off, # off limits")
    for seat in v["order"] + [car["seat"] for car in v["cars"] if car["seat"] not in v["order"]]:
        car = v["cars"][seat]
        extra = []
        if car["damage"]:
            extra.append(f"damage -{car['damage']}")
        if car["no_fourth"]:
            extra.append("no 4th gear")
        if car["slip"]:
            extra.append("slipstream")
        if car["penalty"]:
            extra.append(f"{car['penalty']} turns penalty")
        if car["mode"] == "pit":
            extra.append(f"pit square {car['pit_square']}/{car['pit_goal']}")
        you = "*" if seat == v["you"] else " "
        lines.append(f"{you}{seat + 1} {car['name']} ({car['kind']}): {car['mode']}, "
                     f"lap {car['lap']}, "
                     f"speed {car['speed']}/{car['top']}, sharp brakings {car['brakes']}"
                     + (", " + ", ".join(extra) if extra else ""))
    return "\n".join(lines)


WINDOW = (72, 28)     # columns and rows that fit a terminal


def _window(c, v) -> tuple[int, int, int, int]:
    """The part of the board around the car to move (all of it if it fits)."""
    w, h = WINDOW
    focus = next((car for car in v["cars"] if car["seat"] in v["to_act"]), None)
    if focus is None or focus["mode"] in ("pit", "exit", "garage"):
        fx, fy = c.width // 2, c.height // 2
    else:
        fx, fy = focus["x"] + focus["vx"] // 2, focus["y"] + focus["vy"] // 2
    x0 = 0 if c.width <= w else min(max(0, fx - w // 2), c.width - w)
    y0 = 0 if c.height <= h else min(max(0, fy - h // 2), c.height - h)
    return x0, min(c.width, x0 + w), y0, min(c.height, y0 + h)


def _char(kind: str) -> str:
    return {FORBIDDEN: "#", RUNOFF: ",", KERB: ":"}.get(kind, ".")


def svg(v: dict, cell: int = 12) -> str:
    c = circuit(v["circuit"]["key"], v["circuit"].get("content"))
    w, h = c.width * cell, c.height * cell + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
           f'<rect width="{w}" height="{h}" fill="#f4f1e8"/>']
    shades = ("#e6ece6", "#e2e6f0", "#efe6e6", "#e8e8de", "#e6eef0", "#ede6ef", "#eaeadb",
              "#e3ede9", "#f0e9e1", "#e5e5ef")
    for y in range(c.height):
        for x in range(c.width):
            k = c.kind_at(x, y)
            if k == FORBIDDEN:
                continue
            sec = c.sector_at(x, y)
            fill = shades[sec % len(shades)] if sec >= 0 else "#ddd"
            out.append(f'<rect x="{x * cell}" y="{y * cell}" width="{cell}" height="{cell}" '
                       f'fill="{fill}"/>')
    for y in range(c.height):
        for x in range(c.width):
            k = c.kind_at(x, y)
            if k == FORBIDDEN:
                continue
            col = {RUNOFF: "#8a6d3b", KERB: "#c0392b"}.get(k, "#333")
            out.append(f'<circle cx="{x * cell + cell / 2}" cy="{y * cell + cell / 2}" '
                       f'r="{1.6 if k != KERB else 2.2}" fill="{col}"/>')
    for i, name in enumerate(c.sector_names):
        pts = [(x, y) for y in range(c.height) for x in range(c.width) if c.sector[y][x] == i]
        if not pts:
            continue
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        ax, ay = c.arrow(i)
        x0, y0 = mx * cell + cell / 2, my * cell + cell / 2
        out.append(f'<line x1="{x0:.0f}" y1="{y0:.0f}" x2="{x0 + ax * 2 * cell:.0f}" '
                   f'y2="{y0 + ay * 2 * cell:.0f}" stroke="#c00" stroke-width="3" '
                   f'marker-end="url(#a)"/>')
    out.insert(2, '<defs><marker id="a" markerWidth="6" markerHeight="6" refX="3" refY="3" '
                  'orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#c00"/></marker></defs>')
    for car in v["cars"]:
        if car["mode"] in ("pit", "exit", "garage", "crashed", "out", "finished"):
            continue
        cx, cy = car["x"] * cell + cell / 2, car["y"] * cell + cell / 2
        px, py = car["pawn"][0] * cell + cell / 2, car["pawn"][1] * cell + cell / 2
        out.append(f'<line x1="{cx}" y1="{cy}" x2="{px}" y2="{py}" stroke="{car["colour"]}" '
                   f'stroke-dasharray="3,2"/>')
        out.append(f'<rect x="{px - 3}" y="{py - 3}" width="6" height="6" fill="none" '
                   f'stroke="{car["colour"]}"/>')
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.45:.1f}" fill="{car["colour"]}">'
                   f'<title>{escape(car["name"])}, speed {car["speed"]}</title></circle>')
        out.append(f'<text x="{cx}" y="{cy + 3.5}" font-size="9" fill="#fff" '
                   f'text-anchor="middle">{car["seat"] + 1}</text>')
    in_reach = {(x, y) for x, y, _ok in v["reach"]}
    for x, y in v.get("targets", ()):
        if (x, y) not in in_reach:
            out.append(f'<circle cx="{x * cell + cell / 2}" cy="{y * cell + cell / 2}" r="5"'
                       f'{data_action(action_doc(Move(x, y)))} fill="#1a9850" '
                       f'fill-opacity="0.2" stroke="#1a9850" stroke-width="1.5"/>')
    for x, y, ok in v["reach"]:
        # Reachable points carry their Move (engine/board.py): the web page
        # makes them clickable; the faint fill gives the click a target.
        # Drawn over the cars, so an attack on a car's point stays clickable.
        mark = data_action(action_doc(Move(x, y))) if ok else ""
        out.append(f'<circle cx="{x * cell + cell / 2}" cy="{y * cell + cell / 2}" r="5"{mark} '
                   f'fill="{"#1a9850" if ok else "none"}" fill-opacity="0.2" '
                   f'stroke="{"#1a9850" if ok else "#999"}" stroke-width="1.5"/>')
    out.append(f'<text x="6" y="{h - 10}" font-size="13">{escape(v["circuit"]["name"])} - '
               f'turn {v["turn"]} - {v["weather"]}</text>')
    out.append("</svg>")
    return "\n".join(out)
