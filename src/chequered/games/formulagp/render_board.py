"""A player's own board and hand: the board view, its long text (the
reference `help rules` shows) and the words both pictures use. The SVG is
render_board_svg's, the terminal's short board render_text's.

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
# What a DAMAGE or FAILURE token covers on the board (the cards' function or
# target), in players' words: as a label on the board (PART_LABELS) and in a
# sentence of the log (PARTS)
PART_LABELS = {"brake": "Brake!", "car_characteristic": "car characteristic", "drs": "DRS",
               "ers_charge": "ERS charging", "ers_spend": "ERS spending",
               "ers_max": "ERS maximum", "hand_limit": "hand limit", "max_ot": "maximum OT",
               "speed": "gear MP", "tyre_bonus": "tyre bonus"}
PARTS = {"brake": "Brake! (braking with Tyre Wear cards)",
         "car_characteristic": "the car characteristic", "drs": "the DRS",
         "ers_charge": "ERS charging", "ers_spend": "ERS spending",
         "ers_max": "the ERS maximum", "hand_limit": "the hand limit",
         "max_ot": "the maximum OT", "speed": "the movement points of one gear",
         "tyre_bonus": "the tyre bonus"}
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
