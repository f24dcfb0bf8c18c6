"""The terminal board of a FormulaGP view, made to fit one 100 x 40 screen
with the menu (terminal.Session.screen): the race state, the part of the
track around the seat's car beside the running order, the seat's board in a
few lines and its hand two cards a line. The long reference (the whole speed
table, the wear track with its start spaces, what each symbol means) is
`help rules` (text.help_text, reference_lines).

Pure functions of the view dict."""
from __future__ import annotations

import textwrap

from . import render_cb as CBM
from .render_board import ICON_TEXT, KIND_TEXT, PART_LABELS, SECONDARY_TEXT, TYRE_ICON_TEXT
from .render_cb import white_die_text
from .render_track_text import track_text
from .track_marks import token_text
from .standings import order_lines
from .track import track as load_track

WIDTH = 100
TRACK_W = 46            # the track picture's columns (render_track.track_text)
TILE_W = 16             # of which the tile's number, bend, gear and marks
GAP = 2
# decisions whose menu lists whole moves, often many: the hand takes one line
DRIVING = ("move", "extend")
# The phases in players' words (the status line). A phase is named by what
# its code does next ("start_tyres_shown": the choices are made, then shown),
# so the code's names would mislead.
PHASE_TEXT = {"bot_setup": "setting up the BOTs", "radio_deal": "team radio",
              "tyre_sets": "choosing tyre sets", "q_cards": "qualifying",
              "start_tyres": "choosing starting tyres", "start_tyres_shown": "choosing starting tyres",
              "tyre_sets_taken": "choosing tyre sets", "qualifying": "qualifying",
              "qd_start": "qualifying", "qd_next": "qualifying", "q_reveal": "qualifying",
              "q_push": "qualifying: push the limit", "grid": "forming the grid",
              "radio_shown": "team radio", "pole": "race start", "r1_cards": "race start",
              "r1_order": "race start", "round_start": "start of the round",
              "sequence": "start of the round", "momentum_order": "start of the round",
              "turns": "racing", "round_end": "end of round", "round_end_dice": "end of round",
              "round_end_flags": "end of round", "round_end_rest": "end of round",
              "photo_round": "photo finish", "photo_done": "photo finish",
              "finish": "finished", "over": "finished", "vsc": "Virtual Safety Car",
              "restart": "red flag", "red_flag_choices": "red flag"}


def car_marks(view: dict) -> list[dict]:
    """The cars on the track in running order, so that cars sharing a
    slipstream space come front first (rules/where.running_order)."""
    rank = {seat: i for i, seat in enumerate(view.get("order") or ())}
    cars = sorted((c for c in view["cars"] if c["space"] is not None),
                  key=lambda c: (rank.get(c["seat"], len(rank)), c["seat"]))
    # FGP 16.5: a car is drawn in its team's colour with the team's number
    return [{"space": c["space"], "number": c["seat"] + 1, "seat": c["seat"],
             "team": c["number"] or None} for c in cars]


def tile_tokens(view: dict) -> dict[int, list[str]]:
    """Tokens on the track by tile: hazards (FGP 13.13), yellow and green
    flags (FGP 13.8) and the Safety Car (FGP 13.9)."""
    tok: dict[int, list[str]] = {}
    for t, h in view["hazards"].items():
        tok.setdefault(int(t), []).append(h)
    for z in view["yellow_flags"]:
        tok.setdefault(z["yellow_tile"], []).append("yellow")
        tok.setdefault(z["green_tile"], []).append("green")
    if view["safety_car"]:
        tok.setdefault(view["safety_car"]["tile"], []).append("SC")
    return tok


def status_parts(view: dict) -> list[str]:
    # FGP 12: from the final flag space on, the lap being run is the last one
    flag = (f"flag {view['flag']}/{view['final_flag']}" if view["flag"] < view["final_flag"]
            else f"flag {view['flag']}: final lap")
    parts = [view["track_name"].split(" (")[0], f"round {view['round']}, {flag}"]
    if view["phase"] != "turns":            # the usual phase goes without saying
        parts.append(PHASE_TEXT.get(view["phase"], view["phase"].replace("_", " ")))
    if view["final_round"]:
        parts.append("FINAL ROUND")
    if view["safety_car"]:
        parts.append(f"SAFETY CAR on tile {view['safety_car']['tile']}")
    if view["vsc"]:
        parts.append("VSC")
    if view["yellow_flags"]:
        n = len(view["yellow_flags"])
        parts.append(f"{n} yellow zone{'s' if n > 1 else ''}")
    wx = view.get("weather")
    if wx:                                  # [ADV] FGP 3.2 g-i
        hot = wx.get("temperature") not in (None, "normal")
        parts.append(f"weather {wx['kind']}" + (f", {wx['temperature']}" if hot else ""))
    parts.append(f"race control {view['yellow_panel']}")
    if view.get("panel_side"):              # the WHITE die's colour (FGP 3.2, 16.1)
        parts.append("panel " + white_die_text(view["panel_side"]))
    return parts


def status_line(view: dict) -> str:
    return " | ".join(status_parts(view))


def status_lines(view: dict) -> list[str]:
    """The race state in at most two lines of WIDTH."""
    out, line = [], ""
    for p in status_parts(view):
        cand = f"{line} | {p}" if line else p
        if len(cand) > WIDTH and line:
            out.append(line)
            line = p
        else:
            line = cand
    out.append(line)
    return [x[:WIDTH] for x in out[:2]]


def _centre_tile(view: dict, trk) -> int:
    """The tile the window is drawn around: the seat's car, else the first
    car of the running order on the track, else the pit exit."""
    by_seat = {c["seat"]: c for c in view["cars"]}
    seats = ([view["seat"]] if view.get("seat") is not None else []) + list(view.get("order", []))
    for s in seats:
        c = by_seat.get(s)
        if c is None:
            continue
        if c["space"] is not None:
            return trk.spaces[c["space"]].tile
        if c["off_track"] and c["off_spot"]:
            return c["off_spot"][0]
        if s == view.get("seat"):
            break
    return trk.pit.exit_tile if trk.pit else 0


def track_window(view: dict, rows: int) -> list[str]:
    """`rows` tiles of the track picture: one behind the centre tile, the
    rest ahead (where a move goes); the whole lap for a spectator, who has
    no menu to make room for."""
    trk = load_track(view["track"])
    picture = track_text(trk, car_marks(view), width=TRACK_W, highlight=view.get("highlight"),
                         tokens={t: [token_text(x) for x in v]
                                 for t, v in tile_tokens(view).items()},
                         prefix_w=TILE_W).splitlines()
    n = len(picture)
    rows = n if view.get("seat") is None else min(rows, n)
    first = (_centre_tile(view, trk) - 1) % n
    return [picture[(first + k) % n] for k in range(rows)]


def side_by_side(left: list[str], right: list[str]) -> list[str]:
    out = []
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        out.append(((a.ljust(TRACK_W + GAP) + b).rstrip() if b else a)[:WIDTH])
    return out


# ---- the seat's board, short ----------------------------------------------------------
def _levels(current: int, top: int, leds: list[int]) -> str:
    """`[0] 1* 2**`: each level with its LEDs, the current one in brackets,
    levels above a damaged maximum marked `~`."""
    out = []
    for k, n in enumerate(leds):
        s = f"{k}{'*' * n}"
        out.append(f"[{s}]" if k == current else (f"~{s}" if k > top else s))
    return " ".join(out)


def wear_line(t: dict) -> str:
    """The wear track in one line, the marker's space in brackets."""
    cells = [TYRE_ICON_TEXT.get(i, "?").strip() if i != "none" else "." for i in t["track"]]
    cells[t["wear"]] = f"[{cells[t['wear']]}]"
    return "WEAR " + " ".join(cells)


def stress_text(s: dict) -> str:
    cells = []
    for k in range(1, s["spaces"] + 1):
        lab = "F" if k == 1 else ("S!" if k == s["spaces"] else str(k))
        cells.append(f"[{lab}]" if k == s["position"] else lab)
    return "stress " + " ".join(cells)


def card_cell(c: dict) -> str:
    """A card in at most 47 columns: id, colour or kind with the Sprint speed
    (FGP 16.4), LEDs, icons with their arrows (FGP 16.3), then the function
    of a pair (its secondary function). The widest of our cards, a RED card
    with lane+wear and counter-steer, fills all 47."""
    sprint = CBM.sprint_text(c["colour"])
    what = (c["colour"] or KIND_TEXT.get(c["kind"], c["kind"])).upper() \
        + (f" ({sprint})" if sprint else CBM.arrow_text(CBM.KIND_ARROW.get(c["kind"])))
    icons = [CBM.arrow_text(CBM.ICON_ARROW.get(i)) + ICON_TEXT.get(i, i) for i in c["icons"]]
    if c["secondary"]:
        icons.append(CBM.arrow_text(CBM.SECONDARY_ARROW.get(c["secondary"]))
                     + SECONDARY_TEXT.get(c["secondary"], c["secondary"]))
    stars = "*" * c["leds"] or "-"
    return f"{c['id']} {what:<11} {stars:<4} {' '.join(icons)}"[:47].rstrip()


def board_lines(bv: dict, short_hand: bool = False) -> list[str]:
    """The seat's board in about seven lines of WIDTH (the whole board, and
    the car characteristic's text, are `help rules`); `short_hand` names the
    cards in hand in one line (while driving, when the menu is long)."""
    s, t = bv["stress"], bv["tyre"]
    cells = []
    for row in bv["speed"]:
        mp = "/".join(f"{max(0, row[p] + row['malus'])}" for p in ("green", "red", "blue"))
        cell = f"g{row['gear']} {mp}{'*' if row['malus'] else ''}"
        cells.append(f"[{cell}]" if row["gear"] == bv["gear"] else cell)
    L = [("SPEED G/R/B " + " ".join(cells) + f" | car: {bv['characteristic']['name']}")[:WIDTH]]
    ot, ers, hl = bv["ot"], bv["ers"], bv["hand_limit"]
    mod = f"{hl['modifier']:+d}" if hl["modifier"] else ""
    params = " ".join(f"{p[0].upper()}{'' if ok else '-'}" for p, ok in bv["parameters"].items())
    L.append(f"OT {ot['level']}/{ot['max']}: {_levels(ot['level'], ot['max'], ot['leds'])} | "
             f"ERS {ers['charge']}/{ers['max']}: "
             f"{_levels(ers['charge'], ers['max'], ers['leds'])} | "
             f"hand limit {hl['limit']} ({hl['base']}+{hl['leds']}{mod}) | params {params}")
    state = [w for w, on in (("FOCUS", s["focus"]), ("LEADER", s["leader"]),
                             ("STRESSED", s["stressed"])) if on]
    box = " ".join(x[0].upper() for x in t["left"]) or "none"
    L.append((f"TYRE {t['type']} {t['state']}: +{t['bonus']} MP ({t['fresh']} fresh, "
              f"{t['degraded']} degraded{', damage %+d' % t['modifier'] if t['modifier'] else ''})"
              + (f" cold {t['cold']}" if t["cold"] else "")
              + f" | box: {box} | " + stress_text(s) + (" " + " ".join(state) if state else ""))
             [:WIDTH])
    hand = bv["hand"]
    aside = bv.get("aside", ())                 # FGP 4.12: laid aside for the WHITE token
    over = " OVER THE LIMIT" if len(hand) > hl["limit"] else ""
    L.append((f"{wear_line(t)} | HAND {len(hand)}/{hl['limit']}{over}"
              + (": " + " ".join(c["id"] + ("(x)" if c["id"] in aside else "") for c in hand)
                 if short_hand and hand else "")
              + ("" if hand else ": no cards")
              + (f" | (x) to discard: {len(aside)}" if aside else ""))[:WIDTH])
    for k in range(0, 0 if short_hand else len(hand), 2):
        pair = [f"{j + 1:>2}{'x' if hand[j]['id'] in aside else ' '}{card_cell(hand[j])}"
                for j in range(k, min(k + 2, len(hand)))]
        # two cards a line in 100 columns: the second one's number (under 10) starts
        # with a space, which keeps it apart from a first cell of the full 47
        L.append("".join(p.ljust(50) for p in pair).rstrip())
    if bv["held_events"]:
        L += textwrap.wrap("held EVENT: " + "; ".join(
            f"{e['id']} {e['name']}" + (f" (2nd: {SECONDARY_TEXT.get(e['secondary'], '')})"
                                        if e["secondary"] else "")
            for e in bv["held_events"]), WIDTH, subsequent_indent="  ")
    trouble = [f"DAMAGE {d['name']}" for d in bv["damage"]] + \
        [f"FAILURE {d['name']}" for d in bv["failures"]]
    toks = [*bv["damage_tokens"], *bv["failure_tokens"]]
    if toks:
        trouble.append("tokens on " + ", ".join(PART_LABELS.get(k, k.replace("_", " "))
                                                for k in toks))
    if bv["penalties"]:
        trouble.append(f"{bv['penalties']} Penalty token{'s' if bv['penalties'] > 1 else ''}")
    if trouble:
        L += textwrap.wrap(" | ".join(trouble), WIDTH, subsequent_indent="  ")[:2]
    return L


# ---- the rest -----------------------------------------------------------------------
def radio_lines(view: dict, short: bool = False) -> list[str]:
    """FGP 4.9 [ADV]: the seat's TEAM RADIO card, those it drew, the face-up top of
    the discard pile and the cards the table has seen (an Advanced race only);
    `short`: the card held and the pile's top by name, in one line."""
    if "radio_discard_top" not in view:
        return []
    if short:
        me = next((c for c in view["cars"] if c["seat"] == view.get("seat")), None)
        held = (me or {}).get("radio")
        top = view["radio_discard_top"]
        return [(f"TEAM RADIO: {held['name'] if held else 'none'} | discard pile: "
                 f"{top['name'] if top else 'empty'}")[:WIDTH]]
    me = next((c for c in view["cars"] if c["seat"] == view.get("seat")), None)
    out = []
    if me is not None:
        held = me.get("radio")
        out.append("TEAM RADIO: " + (f"{held['name']} ({held['id']}): {held['text']}"
                                     if held else "none"))
        for c in view.get("radio_drawn", []):
            out.append(f"  drawn: {c['name']} ({c['id']}): {c['text']}")
    top = view["radio_discard_top"]
    seen = [f"#{c['seat'] + 1} {c['radio']['name']}" for c in view["cars"]
            if c.get("radio") and c is not me]
    out.append("TEAM RADIO discard pile: " + (f"{top['name']} ({top['id']}) on top" if top
                                              else "empty")
               + ("; seen: " + ", ".join(seen) if seen else ""))
    # a card's text whole, wrapped: cut at the width, its effect was lost
    return [part for x in out for part in textwrap.wrap(x, WIDTH, subsequent_indent="    ")]


def time_lines(view: dict) -> list[str]:
    """FGP 15.12: the time limit, and the warnings given so far."""
    tl = view.get("time_limit")
    if not tl:
        return []
    names = {c["seat"]: f"#{c['seat'] + 1}" for c in view["cars"]}
    over = [f"{names[int(s)]} {n}" for s, n in tl["offences"].items() if n]
    return [(f"time limit {tl['seconds']:g} s a decision (two warnings, then a Penalty token)"
             + ("; over it: " + ", ".join(over) if over else ""))[:WIDTH]]


def text(view: dict) -> str:
    """The terminal board (see the module notes)."""
    lines = status_lines(view)
    order = order_lines(view, WIDTH - TRACK_W - GAP)
    lines += side_by_side(track_window(view, max(7, len(order))), order)
    p = view.get("pending") or {}
    driving = p.get("step") in DRIVING and view.get("seat") in p.get("seats", ())
    if view.get("board"):
        lines += board_lines(view["board"], short_hand=driving)
    lines += radio_lines(view, short=driving)
    lines += time_lines(view)
    extra = []
    if view.get("pole_cards"):
        extra.append("pole bonus cards: " + ", ".join(view["pole_cards"]))
    b = view.get("battle")
    if b:
        extra.append(f"battle: #{b['attacker'] + 1} attacks #{b['defender'] + 1}")
    if view["over"]:
        extra.append("classification: " + ", ".join(f"#{s + 1}" for s in view["classification"]))
    if extra:
        lines.append(" | ".join(extra)[:WIDTH])
    return "\n".join(lines)
