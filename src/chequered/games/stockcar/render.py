"""What a seat may see (view) and how it looks: text for the terminal, SVG.

A view shows the whole track (every car, its wear and markers: all public
on the table) and the seat's own hand; other hands only by their size, the
draw piles only by their count.
"""
from __future__ import annotations

import math
from functools import lru_cache
from html import escape

from ...engine.board import action_doc, data_action
from .actions import Activate, Affect, Discard, MoveType, Pit, PlayCard, Step
from .content import PERMANENT, TEMPORARY, load_content
from .rules.events import team_indexes
from .rules.order import lap_marker, leader, running_order
from .rules.turn import laps_of, step_name
from .text import card_text


def view(state, seat) -> dict:
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    teams = team_indexes(state, C)
    lead = leader(state, T)
    order = running_order(state, T)
    cars = []
    for c in state.cars:
        cars.append({
            "number": c.number, "seat": c.team, "status": c.status,
            "dist": c.dist, "sector": c.dist % T.n, "lane": c.lane,
            "lap": max(0, c.dist // T.n + 1) if c.dist >= 0 else 0,
            "temp": dict(zip(TEMPORARY, c.temp)), "perm": dict(zip(PERMANENT, c.perm)),
            "wear": c.wear, "flipped": c.flipped, "position": c.position,
            "leads": c.leads, "lapdown": c.lapdown,
        })
    phase = step_name(state)
    move = None
    if state.move and phase in ("type", "move", "card"):
        m = state.move
        move = {"car": state.cars[m["car"]].number}
        if "card" in m:
            move["card"] = card_text(C, m["card"])
        if "mp" in m:
            move.update({"kind": m["kind"], "mp": m["mp"],
                         "pack": [state.cars[i].number for i in m["snake"]]})
    if phase == "affect":
        move = {"affect": [state.cars[i].number for i in state.turn.pending.context["cars"]]}
    return {
        "game": "stockcar",
        "you": seat,
        "track": {"key": T.key, "name": T.name, "sectors": T.n, "width": list(T.width),
                  "corner": list(T.corner), "turn": list(T.turn),
                  "laps": laps_of(state, T), "green_line": T.green_line,
                  "restart_lanes": list(T.restart), "pit_loss": T.pit_loss},
        "turn": state.turn_number,
        "lap": lap_marker(state, T, laps_of(state, T)),
        "phase": phase,
        "to_act": [] if state.turn.over or state.turn.pending is None
        else list(state.turn.pending.seats),
        "first": state.first,
        "side": "light" if state.side == 0 else "dark",
        "yellow": state.yellow,
        "leader": None if lead is None else lead.number,
        "order": [c.number for c in order],
        "apron": {str(k): [state.cars[i].number for i in v]
                  for k, v in sorted(state.apron.items()) if v},
        "teams": [{"seat": s, "key": C.teams[t].key, "name": C.teams[t].name,
                   "colour": C.teams[t].colour, "kind": state.config.seats[s],
                   "hand": len(state.hands[s])} for s, t in enumerate(teams)],
        "cars": cars,
        "hand": ([{"id": k, "text": card_text(C, k)} for k in sorted(state.hands[seat])]
                 if seat is not None else None),
        "hand_size": state.hand_size,
        "deck": {"pile": len(state.deck.pile), "discards": len(state.deck.discards)},
        "events": {"pile": len(state.events.pile), "discards": len(state.events.discards),
                   "last": state.events.discards[-1] if state.events.discards else None},
        "move": move,
        "pitted": [state.cars[i].number for i in state.pitted],
        "scores": None if state.scores is None else {str(k): v for k, v in state.scores.items()},
    }


def decorate_view(state, seat, v: dict, legal: list) -> dict:
    """For the seat to act: the steps and movement types it may choose now,
    drawn as clickable marks on the board (engine/board.py)."""
    v["steps"] = [{"ahead": a.ahead, "lane": a.lane} for a in legal if isinstance(a, Step)]
    v["types"] = [a.kind for a in legal if isinstance(a, MoveType)]
    return v


# ---- text ------------------------------------------------------------------------
def _tag(car: dict) -> str:
    mark = "*" if car["lapdown"] else ""
    return f"#{car['number']}{mark}"


def text(v: dict) -> str:
    t = v["track"]
    lines = [f"{t['name']} - lap {v['lap']}/{t['laps']} - turn {v['turn']}"
             + ("  ** YELLOW FLAG **" if v["yellow"] else "")
             + f"  leader: #{v['leader']}" * (v["leader"] is not None)]
    teams = {tm["seat"]: tm for tm in v["teams"]}
    cars = {c["number"]: c for c in v["cars"]}
    # The occupied sectors, leader first: lanes from the Apron (A) outwards.
    by_sector: dict[int, dict] = {}
    for c in v["cars"]:
        if c["status"] == "racing":
            by_sector.setdefault(c["dist"], {})[c["lane"]] = c
    lines.append("sector  A(pit) | lanes 1.. (inside to outside)   * = lapped")
    for dist in sorted(by_sector, reverse=True):
        s = dist % t["sectors"]
        cells = []
        apron = v["apron"].get(str(s), [])
        ap = ",".join(f"#{n}" for n in apron if cars[n]["dist"] == dist)
        for lane in range(1, t["width"][s] + 1):
            c = by_sector[dist].get(lane)
            cells.append(f"{_tag(c) + teams[c['seat']]['key'][0].upper():<6}" if c else ". " + " " * 4)
        corner = "c" if t["corner"][s] else " "
        lines.append(f"{s:>3}{corner} L{max(0, dist // t['sectors'] + 1)} {ap:<7}| "
                     + " ".join(cells))
    lines.append("")
    lines.append("team                      seat hand  cars (wear t/s/f e/b, leads, pos)")
    for tm in v["teams"]:
        you = "*" if tm["seat"] == v["you"] else " "
        mine = [c for c in v["cars"] if c["seat"] == tm["seat"]]
        desc = []
        for c in mine:
            tw = "/".join(str(x) for x in c["temp"].values())
            pw = "/".join(str(x) for x in c["perm"].values())
            flip = "" if not c["flipped"] else "'"
            st = f"P{c['position']} {c['status']}" if c["status"] != "racing" else f"L{c['lap']}"
            desc.append(f"#{c['number']}{flip}[{tw} {pw} {c['leads']}L {st}]")
        lines.append(f"{you}{tm['name']:<25}{tm['seat']:>4}{tm['hand']:>5}  " + " ".join(desc))
    if v["move"]:
        m = v["move"]
        if "affect" in m:
            lines.append("event: choose the car it hits: " + " ".join(f"#{n}" for n in m["affect"]))
        else:
            lines.append(f"activating #{m['car']}" + (f" with {m['card']}" if "card" in m else "")
                         + (f" - {m['kind']} {m['mp']} MP left, pack "
                            + " ".join(f"#{n}" for n in m["pack"]) if "mp" in m else ""))
    if v["hand"] is not None:
        lines.append(f"your hand ({len(v['hand'])}/{v['hand_size']}):")
        lines += [f"  {card['text']}" for card in v["hand"]]
    if v["scores"]:
        names = {str(tm["seat"]): tm["name"] for tm in v["teams"]}
        lines.append("points: " + ", ".join(f"{names[k]} {p}" for k, p in v["scores"].items()))
    return "\n".join(lines)


# ---- SVG -------------------------------------------------------------------------
LANE = 14.0          # lane width in SVG units
STEP = 16.0          # sector length


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


def _point(geo, t, sector: int, lane: float) -> tuple[float, float]:
    x, y, h = geo[sector]
    # Lanes go outwards: to the right of the direction of travel.
    off = (lane - 0.5) * LANE
    return (x + STEP / 2 * math.cos(h) + off * math.sin(h),
            y + STEP / 2 * math.sin(h) - off * math.cos(h))


@lru_cache(maxsize=16)
def _track_svg(key, sectors, width, turn, green_line, restart):
    """The static drawing of a track (lanes, Apron, restart lanes, the green
    restart line, the Start/Finish line), drawn once per track. Every space
    is a `<rect class="space" data-space="sector,lane">` (lane 0 the Apron),
    the space a whole move's `to`, (sector, lane), names."""
    t = {"sectors": sectors, "width": width, "turn": turn}
    geo = geometry(t)
    pts = [_point(geo, t, s, lane) for s in range(sectors) for lane in (-0.5, width[s] + 0.5)]
    minx = min(p[0] for p in pts) - 20
    maxx = max(p[0] for p in pts) + 20
    miny = min(-p[1] for p in pts) - 40
    maxy = max(-p[1] for p in pts) + 20
    parts = []
    for s in range(sectors):
        x, y, h = geo[s]
        for lane in range(0, width[s] + 1):
            cx, cy = _point(geo, t, s, lane)
            fill = ("#f5d90a" if lane == 0 else
                    "#8d8d8d" if lane in restart else "#b5b5b5")
            if s == green_line and lane:
                fill = "#3aa655"
            parts.append(f'<rect class="space" data-space="{s},{lane}" '
                         f'x="{cx - STEP / 2:.1f}" y="{-cy - LANE / 2:.1f}" '
                         f'width="{STEP - 1:.1f}" height="{LANE - 1:.1f}" fill="{fill}" '
                         f'transform="rotate({-math.degrees(h):.1f} {cx:.1f} {-cy:.1f})">'
                         f'<title>sector {s} {"Apron" if lane == 0 else f"lane {lane}"}</title>'
                         '</rect>')
    x0, y0 = _point(geo, t, 0, -0.5)
    x1, y1 = _point(geo, t, 0, width[0] + 0.5)
    parts.append(f'<line x1="{x0 - STEP / 2:.1f}" y1="{-y0:.1f}" x2="{x1 - STEP / 2:.1f}" '
                 f'y2="{-y1:.1f}" stroke="black" stroke-width="3" stroke-dasharray="3 3"/>')
    return geo, (minx, miny, maxx - minx, maxy - miny, maxy), "\n".join(parts)


CAR_ACTIONS = {"car": Activate, "pits": Pit, "affect": Affect}
CARD_ACTIONS = {"card": PlayCard, "discard": Discard}


def svg(v: dict) -> str:
    t = v["track"]
    geo, (minx, miny, W, H, maxy), track_parts = _track_svg(
        t["key"], t["sectors"], tuple(t["width"]), tuple(t["turn"]), t["green_line"],
        tuple(t["restart_lanes"]))
    teams = {tm["seat"]: tm for tm in v["teams"]}
    sheet_h = 22 * (len(v["teams"]) + 1) + 16 * (len(v["hand"] or []) + 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{minx:.0f} {miny:.0f} '
             f'{W:.0f} {H + sheet_h:.0f}" width="{W:.0f}" height="{H + sheet_h:.0f}" '
             'font-family="sans-serif">',
             f'<rect x="{minx:.0f}" y="{miny:.0f}" width="{W:.0f}" height="{H + sheet_h:.0f}" '
             'fill="#f4f1ea"/>', track_parts]
    for c in v["cars"]:
        if c["status"] != "racing":
            continue
        cx, cy = _point(geo, t, c["sector"], c["lane"])
        if c["lane"] == 0:
            stack = v["apron"].get(str(c["sector"]), [])
            cy -= 14 * (stack.index(c["number"]) if c["number"] in stack else 0)   # apart, to click
        colour = teams[c["seat"]]["colour"]
        ring = ' stroke="red" stroke-width="2"' if c["lapdown"] else ' stroke="white"'
        # a car stands for the action of this phase on it (engine/board.py)
        act = CAR_ACTIONS.get(v["phase"])
        mark = data_action(action_doc(act(c["number"]))) if act and c["seat"] == v["you"] else ""
        parts.append(f'<g class="car" data-space="{c["sector"]},{c["lane"]}"{mark}>'
                     f'<circle cx="{cx:.1f}" cy="{-cy:.1f}" r="6.5" fill="{colour}"{ring}/>'
                     f'<text x="{cx:.1f}" y="{-cy + 3:.1f}" font-size="7" fill="white" '
                     f'text-anchor="middle">{c["number"]}</text></g>')
    moving = next((c for c in v["cars"] if v.get("move") and c["number"] == v["move"].get("car")),
                  None)
    for st in v.get("steps", ()) if moving else ():
        sx, sy = _point(geo, t, (moving["sector"] + st["ahead"]) % t["sectors"], st["lane"])
        parts.append(f'<circle class="step"{data_action(action_doc(Step(**st)))} '
                     f'cx="{sx:.1f}" cy="{-sy:.1f}" r="5" fill="#39c16c" fill-opacity="0.8" '
                     f'stroke="#0b6b2e"/>')
    for k, kind in enumerate(v.get("types", ())):
        bx = minx + 8 + 70 * k
        parts.append(f'<g class="type"{data_action(action_doc(MoveType(kind)))}>'
                     f'<rect x="{bx:.0f}" y="{miny + 26:.0f}" width="64" height="16" rx="3" '
                     f'fill="#2f66c4"/><text x="{bx + 32:.0f}" y="{miny + 38:.0f}" '
                     f'font-size="10" fill="white" text-anchor="middle">{escape(kind)}</text></g>')
    head = (f'{escape(t["name"])} - lap {v["lap"]}/{t["laps"]} - turn {v["turn"]}'
            + (" - YELLOW FLAG" if v["yellow"] else ""))
    parts.append(f'<text x="{minx + 8:.0f}" y="{miny + 18:.0f}" font-size="13">{head}</text>')
    y = maxy + 18
    for tm in v["teams"]:
        mine = [c for c in v["cars"] if c["seat"] == tm["seat"]]
        desc = "  ".join(f"#{c['number']} w{c['wear']} L{c['leads']}"
                         + (f" P{c['position']}" if c["position"] else "") for c in mine)
        parts.append(f'<rect x="{minx + 8:.0f}" y="{y - 10:.0f}" width="10" height="10" '
                     f'fill="{tm["colour"]}"/>')
        parts.append(f'<text x="{minx + 24:.0f}" y="{y:.0f}" font-size="11">'
                     f'{escape(tm["name"])}: {escape(desc)}</text>')
        y += 22
    if v["hand"]:
        parts.append(f'<text x="{minx + 8:.0f}" y="{y:.0f}" font-size="11" '
                     f'font-weight="bold">Your hand</text>')
        act = CARD_ACTIONS.get(v["phase"])
        for card in v["hand"]:
            y += 16
            mark = data_action(action_doc(act(card["id"]))) if act else ""
            parts.append(f'<g class="card"{mark}><rect x="{minx + 10:.0f}" y="{y - 11:.0f}" '
                         f'width="{W - 20:.0f}" height="14" fill="#fff" fill-opacity="0.6"/>'
                         f'<text x="{minx + 16:.0f}" y="{y:.0f}" font-size="10">'
                         f'{escape(card["text"])}</text></g>')
    parts.append("</svg>")
    return "\n".join(parts)
