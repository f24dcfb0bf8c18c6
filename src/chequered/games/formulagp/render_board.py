"""Drawing a player's own board and hand: a text panel and an SVG.

The renderers are pure functions of a plain, JSON-ready dict (a *board view*),
so the game's `view(state, seat)` can put it in the seat's view and
`render_text` / `render_svg` can draw it without the content or the state.
`board_view(car, board_side, content)` builds that dict from a `state.Car`,
its `content.BoardSide` and the loaded `content.Content`.

Board view shape (every key always present; lists in board order):

    seat, number: int; team, board, side: str
    characteristic: {"name": str, "text": str}                    FGP 4.13
    gear: int                      gear of the tile the turn starts on
    speed: [{"gear": 2, "green": 1, "red": 2, "blue": 3, "malus": 0}, ...]
                                   gears 2/4/6/8 (FGP 8.1); printed MP and the
                                   DAMAGE/FAILURE malus on that gear (<= 0)
    ot:  {"level", "max", "printed_max": int, "leds": [int per level 0..printed_max]}
    ers: {"charge", "max", "printed_max": int, "leds": [int per charge 0..printed_max]}
                                   max = printed_max plus any damage malus (FGP 13.6)
    hand_limit: {"base": 4, "leds": int, "modifier": int, "limit": int}   FGP 7.3.1
    tyre: {"type": "medium", "state": "fresh"|"degraded"|"worn",
           "fresh": int, "degraded": int, "bonus": int, "modifier": int,
           "wear": int, "track": [icon, ...], "starts": {"hard", "soft_medium", "wet": int},
           "left": [tyre types in the pit box], "cold": int}          FGP 10.1, 11.3
                                   bonus = the side in use plus the malus, 0 when worn
    stress: {"position": int, "spaces": int, "middle": int, "focus": bool,
             "leader": bool, "stressed": bool, "driver": str | None}  FGP 13.3
                                   positions count from 1 (the focus space) to `spaces`
                                   (the STRESSED space)
    parameters: {"white": bool, "yellow": bool, "red": bool}         FGP 4.12 (True = ready)
    damage, failures: [{"id", "name", "text"}]                       FGP 13.6, 13.7
    damage_tokens, failure_tokens: [str]   board functions/values covered
    penalties: int                                                   FGP 13.12
    hand: [{"id", "kind", "colour": str | None, "leds": int, "icons": [str],
            "secondary": str | None, "text": str}]                   FGP 4.2.2, 4.3
    held_events: [{"id", "name", "secondary": str | None}]           FGP 4.2.1, 4.4
"""
from __future__ import annotations

import textwrap
from html import escape

from . import render_cb as CBM
from .content import BoardSide, Content
from .rules.hazards import stress_bounds
from .schema import GEARS, PACES

# ---- labels (short words for the terminal; also the SVG's titles) ---------------------
TYRE_ICON_TEXT = {            # 3-character cells on the wear track
    "none": " . ", "degrade_soft_medium": "dSM", "degrade_hard_wet": "dHW",
    "worn_soft": " xS", "worn_medium": " xM", "worn_soft_medium": "xSM",
    "worn_hard_wet": "xHW", "red_die": "RED",
}
TYRE_ICON_TITLE = {
    "none": "no effect", "degrade_soft_medium": "Soft/Medium degraded: flip the token",
    "degrade_hard_wet": "Hard/Wet degraded: flip the token",
    "worn_soft": "Soft worn out", "worn_medium": "Medium worn out",
    "worn_soft_medium": "Soft and Medium worn out", "worn_hard_wet": "Hard and Wet worn out",
    "red_die": "roll the RED die after every move",
}
ICON_TEXT = {"lane_change_wear": "lane+wear", "no_lane_change": "no-lane", "ers_cost": "ERS",
             "stress_down": "stress-1", "wild": "wild", "cannot_discard": "keep",
             "can_hold": "hold", "penalty": "penalty"}
SECONDARY_TEXT = {"counter_steer": "counter-steer", "ot_plus1": "+1 OT", "brake": "Brake!",
                  "ers_2x": "2x +1 ERS", "tyre_2x": "2x -1 wear",
                  "parameter_2x": "2x parameter", "mp_2x": "2x +1 MP"}
KIND_TEXT = {"movement": "", "tyre_wear": "TYRE WEAR", "option": "OPTION",
             "draw_failure": "DRAW FAILURE"}
PARAM_TEXT = {"white": "redraw", "yellow": "+1 ERS", "red": "+1 OT"}
CARD_FILL = {"green": "#2e9d4f", "red": "#c8322b", "blue": "#2f66c4", "orange": "#ee8a1c",
             None: "#8f8f8f"}
PACE_FILL = {"green": "#2e9d4f", "red": "#c8322b", "blue": "#2f66c4"}
PARAM_FILL = {"white": "#ffffff", "yellow": "#f4d03f", "red": "#d0392b"}


# ---- building the view ----------------------------------------------------------------
def _shared_cards(content: Content) -> dict:
    return {c.id: c for deck in (content.damage, content.failure, content.event)
            for c in deck.cards}


def _maluses(ids, cards: dict) -> tuple[dict[str, int], dict[int, int]]:
    """Board-value maluses of the DAMAGE/FAILURE cards `ids` (FGP 13.6, 13.7):
    by target, and for 'speed' by gear."""
    by_target: dict[str, int] = {}
    by_gear: dict[int, int] = {}
    for cid in ids:
        card = cards.get(cid)
        for e in getattr(card, "effects", ()):
            if e.type != "board_value":
                continue
            if e.target == "speed":
                for g in e.gears:
                    by_gear[g] = by_gear.get(g, 0) + e.amount
            else:
                by_target[e.target] = by_target.get(e.target, 0) + e.amount
    return by_target, by_gear


def board_view(car, board_side: BoardSide, content: Content) -> dict:
    """The board view (shape in the module docstring) of `car` on `board_side`."""
    side = board_side
    board = content.board(car.board)
    shared = _shared_cards(content)
    malus, speed_malus = _maluses([*car.damage, *car.failures], shared)
    drivers = {d.id: d for d in content.drivers()}
    drv = drivers.get(car.driver)
    middle, top = stress_bounds()                  # FGP 13.3: the same on every card

    ers_max = max(0, side.ers_max + malus.get("ers_max", 0))
    ers_leds = side.ers_leds[min(car.ers, side.ers_max)]
    base = content.control.hand_base
    hmod = malus.get("hand_limit", 0)

    tyre_state = side.tyre_state(car.tyre, car.wear)
    tok = getattr(side.tyres, car.tyre)
    tmod = malus.get("tyre_bonus", 0)
    bonus = 0 if tyre_state == "worn" else max(0, side.tyre_bonus(car.tyre, car.wear) + tmod)

    def card(cid: str) -> dict:
        for c in content.action.cards:
            if c.id == cid:
                return {"id": c.id, "kind": c.kind, "colour": c.colour, "leds": c.leds,
                        "icons": list(c.icons), "secondary": c.secondary, "text": c.text}
        return {"id": cid, "kind": "unknown", "colour": None, "leds": 0, "icons": [],
                "secondary": None, "text": ""}

    def named(cid: str) -> dict:
        c = shared.get(cid)
        return {"id": cid, "name": getattr(c, "name", cid), "text": getattr(c, "text", "")}

    return {
        "seat": car.seat, "number": car.number or board.number, "team": car.team or board.team,
        "board": board.key, "side": side.side,
        "characteristic": {"name": board.characteristic.name,
                           "text": board.characteristic.text},
        "gear": car.gear,
        "speed": [{"gear": g, **{p: side.speed.mp(g, p) for p in PACES},
                   "malus": speed_malus.get(g, 0)} for g in GEARS],
        "ot": {"level": car.ot, "max": max(0, side.max_ot + malus.get("max_ot", 0)),
               "printed_max": side.max_ot, "leds": list(side.ot_leds)},
        "ers": {"charge": car.ers, "max": ers_max, "printed_max": side.ers_max,
                "leds": list(side.ers_leds)},
        "hand_limit": {"base": base, "leds": ers_leds, "modifier": hmod,
                       "limit": max(0, base + ers_leds + hmod)},
        "tyre": {"type": car.tyre, "state": tyre_state, "fresh": tok.fresh,
                 "degraded": tok.degraded, "bonus": bonus, "modifier": tmod,
                 "wear": car.wear, "track": list(side.tyre_track),
                 "starts": side.tyre_start.model_dump(), "left": list(car.tyres_left),
                 "cold": car.cold_tyres},
        "stress": {"position": car.stress, "spaces": top, "middle": middle,
                   "focus": bool(car.focus), "leader": bool(car.leader),
                   "stressed": car.stress >= top,
                   "driver": drv.name if drv else car.driver},
        "parameters": {p: bool(car.params.get(p, False)) for p in ("white", "yellow", "red")},
        "damage": [named(c) for c in car.damage],
        "failures": [named(c) for c in car.failures],
        "damage_tokens": list(car.damage_tokens),
        "failure_tokens": list(car.failure_tokens),
        "penalties": car.penalties,
        "hand": [card(c) for c in car.hand],
        "held_events": [{"id": c, "name": named(c)["name"],
                         "secondary": getattr(shared.get(c), "secondary", None)}
                        for c in car.held_events],
    }


# ---- text -----------------------------------------------------------------------------
def _leds(n: int) -> str:
    return "*" * n if n else "-"


def _levels(current: int, top: int, leds: list[int]) -> str:
    """`0(-) [1(*)] 2(**)`: every level with its LEDs, the current one in
    brackets, levels above a damaged maximum crossed out with `~`."""
    out = []
    for k, n in enumerate(leds):
        s = f"{k}({_leds(n)})"
        if k == current:
            s = f"[{s}]"
        elif k > top:
            s = f"~{s}"
        out.append(s)
    return " ".join(out)


def _card_line(k: int, c: dict) -> str:
    # FGP 16.4: the Sprint speed after the colour; 16.3: the arrows' marks
    sprint = CBM.sprint_text(c["colour"])
    what = (c["colour"] or KIND_TEXT.get(c["kind"], c["kind"])).upper() \
        + (f" ({sprint})" if sprint else CBM.arrow_text(CBM.KIND_ARROW.get(c["kind"])))
    icons = ",".join(CBM.arrow_text(CBM.ICON_ARROW.get(i)) + ICON_TEXT.get(i, i)
                     for i in c["icons"]) or "-"
    sec = (CBM.arrow_text(CBM.SECONDARY_ARROW.get(c["secondary"]))
           + SECONDARY_TEXT.get(c["secondary"], c["secondary"])) if c["secondary"] else "-"
    return f"{k:>2}. {c['id']:<4}{what:<13}{_leds(c['leds']):<6}{icons:<27}{sec}"


def board_text(bv: dict) -> str:
    """The board view as a compact text panel, at most 80 columns wide."""
    L: list[str] = []
    ch = bv["characteristic"]
    L.append(f"#{bv['number']} {bv['team']}  (board {bv['board']} side {bv['side']}, "
             f"seat {bv['seat'] + 1})  driver: {bv['stress']['driver'] or '-'}")
    L.append(f"Car: {ch['name']} - {ch['text']}"[:80])
    # speed table (FGP 8.1)
    L.append("SPEED (MP)  GREEN   RED  BLUE")
    for row in bv["speed"]:
        mark = ">" if row["gear"] == bv["gear"] else " "
        cells = []
        for p in PACES:
            v = row[p] + row["malus"]
            cells.append(f"{max(0, v)}{'*' if row['malus'] else ''}".rjust(5))
        note = f"  (damage {row['malus']})" if row["malus"] else ""
        L.append(f"{mark} gear {row['gear']}   " + " ".join(cells) + note)
    ot, ers, hl = bv["ot"], bv["ers"], bv["hand_limit"]
    L.append(f"OT  {ot['level']}/{ot['max']}  " + _levels(ot["level"], ot["max"], ot["leds"]))
    L.append(f"ERS {ers['charge']}/{ers['max']}  "
             + _levels(ers["charge"], ers["max"], ers["leds"]))
    mod = f" {hl['modifier']:+d}" if hl["modifier"] else ""
    L.append(f"HAND LIMIT {hl['base']} + {hl['leds']} LED{'s' if hl['leds'] != 1 else ''}"
             f"{mod} = {hl['limit']}")
    # tyres (FGP 10.1)
    t = bv["tyre"]
    extra = f", damage {t['modifier']}" if t["modifier"] else ""
    cold = f", cold tyres {t['cold']}" if t["cold"] else ""
    left = ", ".join(t["left"]) or "none"
    L.append(f"TYRE {t['type']} {t['state']}: bonus +{t['bonus']} "
             f"(fresh +{t['fresh']} / degraded +{t['degraded']}{extra}){cold}; "
             f"box: {left}"[:80])
    n = len(t["track"])
    w = 4 if 6 + 4 * n <= 80 else 3            # cell width on the wear track
    cells = "".join(TYRE_ICON_TEXT.get(i, "?").strip().ljust(w) if i != "none"
                    else ".".ljust(w) for i in t["track"])
    starts = [" "] * (w * n + 2)
    for lab, key in (("H", "hard"), ("SM", "soft_medium"), ("W", "wet")):
        pos = t["starts"][key]
        starts[w * pos:w * pos + len(lab)] = lab
    L.append("WEAR " + cells.rstrip())
    L.append("start" + "".join(starts).rstrip())
    at = 5 + w * t["wear"]                      # column of the marker
    label = f"wear marker {t['wear']}"
    L.append(" " * at + "^ " + label if at + 2 + len(label) <= 80
             else (label + " ^").rjust(at + 1))
    L.append("     (d = degrades, x = worn out, for S/M/H/W tyres; RED = roll the RED die)")
    # stress (FGP 13.3)
    s = bv["stress"]
    cells = []
    for k in range(1, s["spaces"] + 1):
        lab = "F" if k == 1 else ("S!" if k == s["spaces"] else str(k))
        cells.append(f"[{lab}]" if k == s["position"] else f" {lab} ")
    state = []
    if s["focus"]:
        state.append("FOCUS +1 MP")
    if s["leader"]:
        state.append("race leader")
    if s["stressed"]:
        state.append("STRESSED: no pairs")
    L.append("STRESS " + "".join(cells) + ("   " + ", ".join(state) if state else ""))
    # parameters (FGP 4.12)
    L.append("PARAMS " + "  ".join(
        f"{p}:{'ready' if ok else 'spent'} ({PARAM_TEXT[p]})"
        for p, ok in bv["parameters"].items()))
    # damage and failures (FGP 13.6, 13.7, 13.12)
    if not bv["damage"] and not bv["failures"]:
        L.append(f"DAMAGE none | FAILURES none | PENALTIES {bv['penalties']}")
    else:
        for head, items in (("DAMAGE", bv["damage"]), ("FAILURES", bv["failures"])):
            names = "; ".join(d["name"] for d in items) or "none"
            L += textwrap.wrap(f"{head} {names}", 80, subsequent_indent="  ")
        L.append(f"PENALTIES {bv['penalties']}")
    toks = [*bv["damage_tokens"], *bv["failure_tokens"]]
    if toks:
        L += textwrap.wrap("TOKENS " + ", ".join(toks), 80, subsequent_indent="  ")
    # hand (FGP 4.3)
    hand = bv["hand"]
    L.append(f"HAND {len(hand)}/{hl['limit']}" + (" - OVER THE LIMIT" if len(hand) > hl["limit"]
                                                  else ""))
    for k, c in enumerate(hand, start=1):
        L.append(_card_line(k, c)[:80])
    for e in bv["held_events"]:
        sec = SECONDARY_TEXT.get(e["secondary"], "") if e["secondary"] else ""
        L.append(f"    held EVENT {e['id']} {e['name']}" + (f"  2nd: {sec}" if sec else ""))
    return "\n".join(line.rstrip()[:80] for line in L)


# ---- SVG ------------------------------------------------------------------------------
def _text(x: float, y: float, s, size: int = 11, anchor: str = "start", fill: str = "#222",
          weight: str = "normal", cls: str | None = None) -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}">{escape(str(s))}</text>')


def _dots(x: float, y: float, n: int, fill: str = "#ff3b30", r: float = 3) -> list[str]:
    """`n` LED dots centred on x."""
    x0 = x - (n - 1) * (2 * r + 2) / 2
    return [f'<circle class="led" cx="{x0 + k * (2 * r + 2):.1f}" cy="{y:.1f}" r="{r}" '
            f'fill="{fill}" stroke="#600" stroke-width="0.6"/>' for k in range(n)]


def _bar(name: str, x: float, y: float, current: int, top: int, leds: list[int],
         fill: str) -> list[str]:
    """OT / ERS: one box per level (filled up to `current`), LED dots under each."""
    o = [f'<g class="bar {name}" data-level="{current}" data-max="{top}">',
         _text(x, y + 14, name.upper(), 12, weight="bold")]
    bx = x + 36
    for k, n in enumerate(leds):
        on = 0 < k <= current
        col = fill if on else ("#eeeeee" if k <= top else "#bbbbbb")
        stroke = "#000" if k == current else "#777"
        o.append(f'<rect class="level" data-level="{k}" x="{bx + 30 * k}" y="{y}" width="26" '
                 f'height="18" rx="3" fill="{col}" stroke="{stroke}" '
                 f'stroke-width="{2 if k == current else 1}"/>')
        o.append(_text(bx + 30 * k + 13, y + 13, "OT" if (k == 0 and name == "ot") else k, 10,
                       "middle"))
        o += _dots(bx + 30 * k + 13, y + 25, n)
    o.append(_text(bx + 30 * len(leds) + 4, y + 14, f"{current}/{top}", 12))
    o.append("</g>")
    return o


def board_svg(bv: dict, marks: dict | None = None) -> str:
    """The board view as a standalone SVG: speed grid, OT/ERS bars with LEDs,
    the tyre-wear track and its marker, the stress track, parameter and damage
    tokens, and the hand. Every card in hand is one `<g class="card">` with
    `data-card` (its id)."""
    hand = bv["hand"]
    ntrack = len(bv["tyre"]["track"])
    W = max(660, 24 + 76 * len(hand), 90 + 28 * ntrack)
    H = 500
    o: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="sans-serif" class="fgp-board">',
        f'<rect x="0" y="0" width="{W}" height="{H}" rx="8" fill="#f6f3ea" stroke="#333"/>',
        _text(12, 22, f"#{bv['number']} {bv['team']} - side {bv['side']}", 15, weight="bold"),
        _text(12, 38, f"{bv['characteristic']['name']}: {bv['characteristic']['text']}", 10,
              fill="#555"),
    ]
    # speed grid (FGP 8.1)
    x0, y0, cw, rh = 12, 50, 44, 22
    o.append('<g class="speed">')
    o.append(f'<rect x="{x0}" y="{y0}" width="{cw}" height="{rh}" fill="#333"/>')
    o.append(_text(x0 + cw / 2, y0 + 15, "MP", 11, "middle", "#fff", "bold"))
    for j, p in enumerate(PACES):
        o.append(f'<rect x="{x0 + cw * (j + 1)}" y="{y0}" width="{cw}" height="{rh}" '
                 f'fill="{PACE_FILL[p]}" stroke="#333"/>')
        o.append(_text(x0 + cw * (j + 1.5), y0 + 15, p.upper(), 10, "middle", "#fff", "bold"))
    for i, row in enumerate(bv["speed"], start=1):
        y = y0 + rh * i
        cur = row["gear"] == bv["gear"]
        o.append(f'<rect x="{x0}" y="{y}" width="{cw}" height="{rh}" '
                 f'fill="{"#ffe08a" if cur else "#ddd"}" stroke="#333"/>')
        o.append(_text(x0 + cw / 2, y + 15, f"gear {row['gear']}", 10, "middle",
                       weight="bold" if cur else "normal"))
        for j, p in enumerate(PACES):
            v = max(0, row[p] + row["malus"])
            o.append(f'<rect class="speed-cell" data-gear="{row["gear"]}" data-pace="{p}" '
                     f'data-mp="{v}" x="{x0 + cw * (j + 1)}" y="{y}" width="{cw}" height="{rh}" '
                     f'fill="{"#fff7d6" if cur else "#fff"}" stroke="#333"/>')
            o.append(_text(x0 + cw * (j + 1.5), y + 15, f"{v}{'*' if row['malus'] else ''}",
                           12, "middle", "#c00" if row["malus"] else "#222", "bold"))
    o.append("</g>")
    # OT and ERS bars (FGP 9.2, 4.10, 8.8) and the hand limit (FGP 7.3.1)
    ot, ers, hl = bv["ot"], bv["ers"], bv["hand_limit"]
    bx = 210
    o += _bar("ot", bx, 52, ot["level"], ot["max"], ot["leds"], "#e67e22")
    o += _bar("ers", bx, 94, ers["charge"], ers["max"], ers["leds"], "#27ae60")
    mod = f" {hl['modifier']:+d}" if hl["modifier"] else ""
    o.append(_text(bx, 144, f"Hand limit {hl['base']} + {hl['leds']} LEDs{mod} = {hl['limit']}",
                   12, weight="bold", cls="hand-limit"))
    # tyre-wear track (FGP 10.1)
    t = bv["tyre"]
    ty = 176
    o.append(f'<g class="tyre-track" data-wear="{t["wear"]}">')
    o.append(_text(12, ty - 6, f"Tyre {t['type']} ({t['state']}): bonus +{t['bonus']}  "
                   f"[fresh +{t['fresh']} / degraded +{t['degraded']}]"
                   + (f"  cold tyres {t['cold']}" if t["cold"] else "")
                   + f"   box: {', '.join(t['left']) or 'none'}", 12, weight="bold"))
    tx = 80
    o.append(_text(12, ty + 22, "wear", 11))
    starts = {v: k for k, v in (("H", t["starts"]["hard"]), ("SM", t["starts"]["soft_medium"]),
                                 ("W", t["starts"]["wet"]))}
    for k, icon in enumerate(t["track"]):
        x = tx + 28 * k
        fill = "#c0392b" if icon == "red_die" else ("#fdebd0" if icon.startswith("degrade")
                                                    else "#f5b7b1" if icon.startswith("worn")
                                                    else "#fff")
        o.append(f'<rect class="wear-space" data-space="{k}" x="{x}" y="{ty + 6}" width="26" '
                 f'height="26" fill="{fill}" stroke="#555"><title>{k}: '
                 f'{escape(TYRE_ICON_TITLE.get(icon, icon))}</title></rect>')
        if icon != "none":
            o.append(_text(x + 13, ty + 23, TYRE_ICON_TEXT.get(icon, "?").strip(), 8, "middle",
                           "#fff" if icon == "red_die" else "#222"))
        if k in starts:
            o.append(_text(x + 13, ty + 44, starts[k], 9, "middle", "#555"))
        if k < ntrack - 1:
            o.append(_text(x + 27, ty + 22, "\u203a", 9, "middle", "#999"))
    mx = tx + 28 * t["wear"] + 13
    o.append(f'<path class="wear-marker" d="M {mx} {ty + 2} l -7 -10 h 14 z" fill="#111">'
             f'<title>wear marker on space {t["wear"]}</title></path>')
    o.append("</g>")
    # stress track (FGP 13.3)
    s = bv["stress"]
    sy = 246
    o.append(f'<g class="stress" data-position="{s["position"]}">')
    o.append(_text(12, sy + 18, "Stress", 12, weight="bold"))
    for k in range(1, s["spaces"] + 1):
        x = 80 + 40 * (k - 1)
        lab = "FOCUS" if k == 1 else ("STRESSED" if k == s["spaces"] else str(k))
        fill = "#d5f5e3" if k == 1 else ("#f5b7b1" if k == s["spaces"] else "#fff")
        o.append(f'<rect x="{x}" y="{sy}" width="36" height="26" rx="3" fill="{fill}" '
                 f'stroke="#555"/>')
        o.append(_text(x + 18, sy + 38, lab, 7, "middle", "#555"))
        if k == s["position"]:
            o.append(f'<circle class="stress-token" cx="{x + 18}" cy="{sy + 13}" r="9" '
                     f'fill="{"#c0392b" if s["stressed"] else "#34495e"}"/>')
    state = [w for w, on in (("FOCUS +1 MP", s["focus"]), ("race leader", s["leader"]),
                             ("STRESSED: no pairs", s["stressed"])) if on]
    o.append(_text(90 + 40 * s["spaces"], sy + 18,
                   f"driver {s['driver'] or '-'}" + ("  " + ", ".join(state) if state else ""),
                   11))
    o.append("</g>")
    # parameters (FGP 4.12), damage/failure tokens and penalties (FGP 13.6, 13.7, 13.12)
    py = 310
    o.append(_text(12, py + 5, "Params", 12, weight="bold"))
    for k, (p, ok) in enumerate(bv["parameters"].items()):
        x = 96 + 92 * k
        o.append(f'<circle class="param" data-param="{p}" data-ready="{str(ok).lower()}" '
                 f'cx="{x}" cy="{py}" r="10" fill="{PARAM_FILL[p] if ok else "none"}" '
                 f'stroke="#333" stroke-dasharray="{"none" if ok else "3,2"}"/>')
        o.append(_text(x + 14, py + 4, f"{PARAM_TEXT[p]}{'' if ok else ' (spent)'}", 10))
    toks = [("damage", d["name"]) for d in bv["damage"]] + \
           [("failure", d["name"]) for d in bv["failures"]] + \
           [("token", k) for k in (*bv["damage_tokens"], *bv["failure_tokens"])]
    x, ky = 380, py
    for kind, name in toks:
        w = 8 + 6 * len(name)
        if x + w > W - 90 and x > 380:         # wrap onto another row
            x, ky = 380, ky + 24
        o.append(f'<g class="token {kind}"><rect x="{x}" y="{ky - 10}" width="{w}" height="20" '
                 f'rx="3" fill="{"#7f8c8d" if kind != "failure" else "#8e44ad"}"/>'
                 + _text(x + 4, ky + 4, name, 10, fill="#fff") + "</g>")
        x += w + 4
    o.append(_text(W - 12, py + 4, f"Penalties {bv['penalties']}", 11, "end",
                   "#c0392b" if bv["penalties"] else "#222", cls="penalties"))
    # hand (FGP 4.3): small card shapes
    hy = ky + 30
    o.append(_text(12, hy + 4, f"Hand {len(hand)}/{hl['limit']}", 12, weight="bold"))
    o.append('<g class="hand">')
    for k, c in enumerate(hand):
        x, y = 12 + 76 * k, hy + 14
        fill = CARD_FILL.get(c["colour"], CARD_FILL[None])
        title = f"{k + 1}. {c['id']} {c['text']}"
        o.append(f'<g class="card" data-card="{escape(c["id"])}" data-index="{k + 1}"'
                 f'{(marks or {}).get(c["id"], "")}>'
                 f'<title>{escape(title)}</title>')
        o.append(f'<rect x="{x}" y="{y}" width="70" height="100" rx="6" fill="{fill}" '
                 f'stroke="#222"/>')
        o.append(_text(x + 5, y + 13, f"{k + 1}. {c['id']}", 10, fill="#fff", weight="bold"))
        o.append(_text(x + 35, y + 28, (c["colour"] or KIND_TEXT.get(c["kind"], c["kind"]))
                       .upper(), 8, "middle", "#fff"))
        o += [d.replace('class="led"', 'class="led card-led"')
              for d in _dots(x + 35, y + 40, c["leds"], "#fff35c", 3.5)]
        o.append(CBM.sprint_badge(x + 61, y + 11, c["colour"]))           # FGP 16.4
        o += [CBM.arrow_svg(x + 3, y + 52 + 12 * j, a, 11)                   # FGP 16.3
              for j, a in enumerate(CBM.card_arrows(c))]
        for j, i in enumerate(c["icons"][:3]):
            o.append(_text(x + 35, y + 58 + 10 * j, ICON_TEXT.get(i, i), 8, "middle", "#fff"))
        if c["secondary"]:
            o.append(f'<rect x="{x + 3}" y="{y + 84}" width="64" height="13" rx="2" '
                     f'fill="#fff" fill-opacity="0.85"/>')
            o.append(_text(x + 35, y + 94, SECONDARY_TEXT.get(c["secondary"], c["secondary"]),
                           8, "middle"))
        o.append("</g>")
    o.append("</g>")
    if bv["held_events"]:
        o.append(_text(12, hy + 132, "Held EVENT cards: "
                       + ", ".join(f"{e['id']} {e['name']}" for e in bv["held_events"]), 10))
    o.append("</svg>")
    H = hy + 150
    o[0] = o[0].replace('height="500"', f'height="{H}"').replace(f' {W} 500"', f' {W} {H}"')
    o[1] = o[1].replace('height="500"', f'height="{H}"')
    return "\n".join(o)
