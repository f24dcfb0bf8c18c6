"""The player's own board and hand as an SVG, laid out for a given width.

The board is a set of blocks (the team, the speed table, the OT and ERS
bars with the hand limit and the parameter tokens, the hand as cards, the
tyre-wear track, the stress track, damage and penalties) placed left to
right and wrapped into rows, so that the same board fits below a wide track
or beside a tall one (render.svg chooses). Every mark has a `<title>` saying
what it is and the rule behind it. Pure function of the board view
(render_board.board_view)."""
from __future__ import annotations

import textwrap
from html import escape

from ...engine.spec import pieces
from . import render_cb as CBM
from .render_board import (CARD_FILL, ICON_TEXT, KIND_TEXT, PACE_FILL, PARAM_FILL, PARAM_TEXT,
                           PART_LABELS, SECONDARY_TEXT, TYRE_ICON_TEXT, TYRE_ICON_TITLE)
from .schema import PACES

PAD = 12                      # around and between blocks
NARROW = 640                  # the width of a board drawn beside the track
TYRE_FILL = {"soft": "#d62728", "medium": "#f1c40f", "hard": "#ecf0f1", "wet": "#2e86de"}
START_WORDS = {"H": "Hard", "SM": "Soft and Medium", "W": "Wet"}
PARAM_RULE = {"white": "draw again", "yellow": "+1 ERS charge", "red": "+1 OT"}


def text(x: float, y: float, s, size: int = 14, anchor: str = "start", fill: str = "#222",
         weight: str = "normal", cls: str | None = None) -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}">{escape(str(s))}</text>')


def title(s: str) -> str:
    return f"<title>{escape(s)}</title>"


def dots(x: float, y: float, n: int, fill: str = "#ff3b30", r: float = 3.5) -> list[str]:
    """`n` LED dots centred on x."""
    x0 = x - (n - 1) * (2 * r + 2) / 2
    return [f'<circle class="led" cx="{x0 + k * (2 * r + 2):.1f}" cy="{y:.1f}" r="{r}" '
            f'fill="{fill}" stroke="#600" stroke-width="0.6"/>' for k in range(n)]


class Block:
    """A piece of the board drawn at (0, 0) with its size."""

    def __init__(self, w: float, h: float, body: list[str], name: str):
        self.w, self.h, self.body, self.name = w, h, body, name


# ---- blocks -----------------------------------------------------------------------------
def _header(bv: dict, width: float) -> Block:
    ch, s = bv["characteristic"], bv["stress"]
    per = int(width / 7.2)                      # characters of 13 px a line
    lines = textwrap.wrap(f"{ch['name']}: {ch['text']}", per)[:2]
    o = [f'<g class="team">{title("your car: its team and number (FGP 5.1, 16.5)")}'
         + text(0, 18, f"#{bv['number']} {bv['team']}", 18, weight="bold")
         + text(0, 37, f"side {bv['side']}, driver {s['driver'] or '-'}", 13, fill="#444")
         + "</g>",
         f'<g class="characteristic">{title("car characteristic (FGP 4.13): " + ch["text"])}'
         + "".join(text(0, 56 + 17 * k, line, 13, fill="#444") for k, line in enumerate(lines))
         + "</g>"]
    return Block(width, 40 + 17 * len(lines), o, "header")


def _speed(bv: dict) -> Block:
    cw, rh = 54, 28
    o = ['<g class="speed">', title("speed table (FGP 8.1): movement points by the gear of "
                                    "the tile you start from and the pace of your cards"),
         f'<rect x="0" y="0" width="{cw}" height="{rh}" fill="#333"/>',
         text(cw / 2, 19, "MP", 14, "middle", "#fff", "bold")]
    for j, p in enumerate(PACES):
        o.append(f'<rect x="{cw * (j + 1)}" y="0" width="{cw}" height="{rh}" '
                 f'fill="{PACE_FILL[p]}" stroke="#333"/>')
        o.append(text(cw * (j + 1.5), 19, p.upper(), 12, "middle", "#fff", "bold"))
    for i, row in enumerate(bv["speed"], start=1):
        y = rh * i
        cur = row["gear"] == bv["gear"]
        tip = f"gear {row['gear']}" + (" (the gear of the tile you start from)" if cur else "")
        o.append(f'<g class="gear-row">{title(tip + " (FGP 8.1)")}'
                 f'<rect x="0" y="{y}" width="{cw}" height="{rh}" '
                 f'fill="{"#ffe08a" if cur else "#ddd"}" stroke="#333"/>'
                 + text(cw / 2, y + 19, f"gear {row['gear']}", 13, "middle",
                        weight="bold" if cur else "normal") + "</g>")
        for j, p in enumerate(PACES):
            v = max(0, row[p] + row["malus"])
            hurt = f", {row['malus']} for damage (FGP 13.6)" if row["malus"] else ""
            o.append(f'<rect class="speed-cell" data-gear="{row["gear"]}" data-pace="{p}" '
                     f'data-mp="{v}" x="{cw * (j + 1)}" y="{y}" width="{cw}" height="{rh}" '
                     f'fill="{"#fff7d6" if cur else "#fff"}" stroke="#333">'
                     + title(f"gear {row['gear']}, {p.upper()} pace: {v} movement points"
                             f"{hurt} (FGP 8.1)") + "</rect>")
            o.append(text(cw * (j + 1.5), y + 20, f"{v}{'*' if row['malus'] else ''}", 16,
                          "middle", "#c00" if row["malus"] else "#222", "bold"))
    o.append("</g>")
    return Block(cw * 4, rh * 5, o, "speed")


def _bar(name: str, y: float, current: int, top: int, leds: list[int], fill: str,
         what: str) -> list[str]:
    """OT / ERS: one box per level (filled up to `current`), its LEDs under it."""
    o = [f'<g class="bar {name}" data-level="{current}" data-max="{top}">', title(what),
         text(0, y + 18, name.upper(), 15, weight="bold")]
    bx = 46
    for k, n in enumerate(leds):
        on = 0 < k <= current
        col = fill if on else ("#eeeeee" if k <= top else "#bbbbbb")
        tip = f"{name.upper()} level {k}: {n} LED{'s' if n != 1 else ''}" + \
            (", now" if k == current else "") + (", lost to damage" if k > top else "") + \
            (" (FGP 9.2)" if name == "ot" else " (FGP 4.10, 8.8)")
        o.append(f'<rect class="level" data-level="{k}" x="{bx + 36 * k}" y="{y}" width="32" '
                 f'height="24" rx="4" fill="{col}" stroke="{"#000" if k == current else "#777"}" '
                 f'stroke-width="{2.5 if k == current else 1}">{title(tip)}</rect>')
        o.append(text(bx + 36 * k + 16, y + 17, k, 13, "middle"))
        o += dots(bx + 36 * k + 16, y + 32, n)
    o.append(text(bx + 36 * len(leds) + 6, y + 18, f"{current}/{top}", 15, weight="bold"))
    o.append("</g>")
    return o


def _gauges(bv: dict) -> Block:
    ot, ers, hl = bv["ot"], bv["ers"], bv["hand_limit"]
    o = _bar("ot", 0, ot["level"], ot["max"], ot["leds"], "#e67e22",
             f"OT {ot['level']} of {ot['max']}: overtaking points for a battle, their LEDs "
             "count in it (FGP 9.2)")
    o += _bar("ers", 44, ers["charge"], ers["max"], ers["leds"], "#27ae60",
              f"ERS {ers['charge']} of {ers['max']}: a charge extends a move on a straight or "
              "pays for BLUE pace; the LEDs beside the charge raise the hand limit "
              "(FGP 4.10, 8.8)")
    mod = f" {hl['modifier']:+d}" if hl["modifier"] else ""
    tip = "hand limit (FGP 7.3.1, 8.8): 4 cards + the LEDs beside your ERS charge" \
        + (", less for damage" if mod else "")
    o.append(f'<g class="hand-limit">{title(tip)}'
             + text(0, 106, f"Hand limit {hl['limit']} ({hl['base']} + {hl['leds']} LEDs{mod})",
                    15, weight="bold") + "</g>")
    for k, (p, ok) in enumerate(bv["parameters"].items()):
        x = 12 + 100 * k
        tip = (f"{p.upper()} parameter token (FGP 4.12): {PARAM_RULE[p]} once a race, "
               + ("ready" if ok else "spent"))
        o.append(f'<g class="param-token">{title(tip)}'
                 f'<circle class="param" data-param="{p}" data-ready="{str(ok).lower()}" '
                 f'cx="{x}" cy="132" r="11" fill="{PARAM_FILL[p] if ok else "none"}" '
                 f'stroke="#333" stroke-dasharray="{"none" if ok else "3,2"}"/>'
                 + text(x + 15, 137, f"{PARAM_TEXT[p]}{'' if ok else ' (spent)'}", 12) + "</g>")
    return Block(300, 148, o, "gauges")


def _card(c: dict, k: int, x: float, w: float, h: float, mark: str) -> list[str]:
    fill = CARD_FILL.get(c["colour"], CARD_FILL[None])
    s = w / 92                                   # cards shrink when many
    what = (c["colour"] or KIND_TEXT.get(c["kind"], c["kind"])).upper()
    sec = SECONDARY_TEXT.get(c["secondary"], c["secondary"]) if c["secondary"] else ""
    tip = (f"{k + 1}. {c['id']} {what}, {c['leds']} LED{'s' if c['leds'] != 1 else ''}"
           + (f"; two together: {sec}" if sec else "") + f". {c['text']} (FGP 4.3)")
    o = [f'<g class="card" data-card="{escape(c["id"])}" data-index="{k + 1}"{mark}>',
         title(tip),
         f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="{h:.1f}" rx="7" fill="{fill}" '
         'stroke="#222" stroke-width="1.5"/>',
         text(x + 6 * s, 17 * s, c["id"], int(15 * s), fill="#fff", weight="bold"),
         text(x + w / 2, 36 * s, what, int(11 * s), "middle", "#fff", "bold")]
    o += [d.replace('class="led"', 'class="led card-led"')
          for d in dots(x + w / 2, 50 * s, c["leds"], "#fff35c", 4.5 * s)]
    o.append(CBM.sprint_badge(x + w - 13 * s, 13 * s, c["colour"]))           # FGP 16.4
    o += [CBM.arrow_svg(x + 4 * s, 66 * s + 14 * s * j, a, 14 * s)                # FGP 16.3
          for j, a in enumerate(CBM.card_arrows(c))]
    for j, i in enumerate(c["icons"][:3]):
        o.append(text(x + w / 2 + 6 * s, 70 * s + 14 * s * j, ICON_TEXT.get(i, i), int(11 * s),
                      "middle", "#fff"))
    if sec:
        o.append(f'<rect x="{x + 4 * s:.1f}" y="{h - 22 * s:.1f}" width="{w - 8 * s:.1f}" '
                 f'height="{18 * s:.1f}" rx="3" fill="#fff" fill-opacity="0.9"/>')
        o.append(text(x + w / 2, h - 9 * s, sec, int(11 * s), "middle"))
    o.append("</g>")
    return o


def _hand(bv: dict, width: float, marks: dict) -> Block:
    hand, hl = bv["hand"], bv["hand_limit"]
    n = max(1, len(hand))
    w = min(84.0, (width - 8 * n) / n)
    h = w * 1.4
    over = len(hand) > hl["limit"]
    tip = "your hand (FGP 4.1): only you see it; the others see how many cards"
    o = [f'<g class="hand-label">{title(tip)}'
         + text(0, 16, f"Hand {len(hand)}/{hl['limit']}" + (" - over the limit" if over else "")
                + ("" if hand else ": no cards"), 15, fill="#c00" if over else "#222",
                weight="bold") + "</g>", '<g class="hand" transform="translate(0,24)">']
    aside = bv.get("aside", ())
    for k, c in enumerate(hand):
        x = (w + 8) * k
        o += _card(c, k, x, w, h, (marks or {}).get(c["id"], ""))
        if c["id"] in aside:            # FGP 4.12: laid aside for the WHITE token
            o.append(f'<g class="aside" pointer-events="none">'
                     f'{title("laid aside: discarded when you are done (FGP 4.12)")}'
                     f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="{h:.1f}" rx="7" '
                     f'fill="#fff" fill-opacity="0.65"/>'
                     + text(x + w / 2, h / 2 + 5, "discard", 13, "middle", "#a00", "bold")
                     + "</g>")
    o.append("</g>")
    held = bv["held_events"]
    if held:
        names = ", ".join(f"{e['id']} {e['name']}" for e in held)
        o.append(f'<g class="held-events">{title("EVENT cards you hold face down (FGP 4.4)")}'
                 + text(0, 24 + h + 18, f"Held EVENT cards: {names}"[:int(width / 7)], 13)
                 + "</g>")
    return Block(max(160, (w + 8) * len(hand)), 24 + h + (26 if held else 4), o, "hand")


def _tyre(bv: dict, width: float) -> Block:
    t = bv["tyre"]
    n = len(t["track"])
    cw = min(26.0, (width - 8) / n)
    state = {"fresh": "fresh", "degraded": "degraded", "worn": "WORN OUT"}.get(t["state"],
                                                                            t["state"])
    tip = f"tyres fitted (FGP 10.1): {t['type']}, {state}: +{t['bonus']} movement points"
    o = [f'<g class="tyre-track" data-wear="{t["wear"]}">',
         f'<g class="tyre-now">{title(tip)}'
         f'<circle cx="11" cy="12" r="10" fill="{TYRE_FILL.get(t["type"], "#999")}" '
         'stroke="#111" stroke-width="3"/>'
         + text(11, 17, t["type"][0].upper(), 12, "middle", "#111", "bold")
         + text(28, 18, f"{t['type']} {state}: +{t['bonus']} MP  (fresh +{t['fresh']}, "
                        f"degraded +{t['degraded']})"
                + (f", cold tyres {t['cold']}" if t["cold"] else ""), 14, weight="bold")
         + "</g>"]
    box = t["left"]
    if box:
        x = 28 + 7.4 * 44
        o.append(f'<g class="tyre-box">{title("tyre sets left in your pit box (FGP 11.2)")}'
                 + text(x, 18, "box:", 13, fill="#555"))
        for k, ty in enumerate(box):
            cx = x + 42 + 24 * k
            o.append(f'<circle cx="{cx}" cy="12" r="9" fill="{TYRE_FILL.get(ty, "#999")}" '
                     f'stroke="#111" stroke-width="2.5"/>'
                     + text(cx, 16.5, ty[0].upper(), 10, "middle", "#111", "bold"))
        o.append("</g>")
    starts = {v: k for k, v in (("H", t["starts"]["hard"]), ("SM", t["starts"]["soft_medium"]),
                                 ("W", t["starts"]["wet"]))}
    y = 34
    for k, icon in enumerate(t["track"]):
        x = cw * k
        fill = "#c0392b" if icon == "red_die" else ("#fdebd0" if icon.startswith("degrade")
                                                    else "#f5b7b1" if icon.startswith("worn")
                                                    else "#fff")
        where = f"; fresh {START_WORDS[starts[k]]} tyres start here" if k in starts else ""
        tip = f"wear space {k}: {TYRE_ICON_TITLE.get(icon, icon)}{where} (FGP 10.1)"
        o.append(f'<rect class="wear-space" data-space="{k}" x="{x:.1f}" y="{y}" '
                 f'width="{cw - 2:.1f}" height="28" fill="{fill}" stroke="#555">'
                 f'{title(tip)}</rect>')
        if icon != "none":
            o.append(text(x + cw / 2 - 1, y + 18, TYRE_ICON_TEXT.get(icon, "?").strip(),
                          max(7, int(cw / 3.2)), "middle",
                          "#fff" if icon == "red_die" else "#222"))
        if k in starts:
            o.append(text(x + cw / 2 - 1, y + 44, starts[k], 11, "middle", "#555"))
    mx = cw * t["wear"] + cw / 2 - 1
    tip = f"your wear marker, on space {t['wear']} (FGP 10.1)"
    o.append(f'<path class="wear-marker" d="M {mx:.1f} {y - 1} l -7 -9 h 14 z" fill="#111">'
             f'{title(tip)}</path>')
    o.append("</g>")
    return Block(max(cw * n, 420), 84, o, "tyre")


def _stress(bv: dict) -> Block:
    s = bv["stress"]
    o = [f'<g class="stress" data-position="{s["position"]}">',
         title("stress track of the driver card (FGP 13.3): FOCUS gives +1 MP, STRESSED "
               "forbids pairs"),
         text(0, 18, "Stress", 15, weight="bold")]
    for k in range(1, s["spaces"] + 1):
        x = 60 + 48 * (k - 1)
        lab = "FOCUS" if k == 1 else ("STRESSED" if k == s["spaces"] else str(k))
        fill = "#d5f5e3" if k == 1 else ("#f5b7b1" if k == s["spaces"] else "#fff")
        o.append(f'<rect x="{x}" y="0" width="44" height="28" rx="4" fill="{fill}" '
                 f'stroke="#555">{title(f"stress space {k}: {lab} (FGP 13.3)")}</rect>')
        o.append(text(x + 22, 42, lab, 9, "middle", "#555"))
        if k == s["position"]:
            o.append(f'<circle class="stress-token" cx="{x + 22}" cy="14" r="10" '
                     f'fill="{"#c0392b" if s["stressed"] else "#34495e"}">'
                     f'{title(f"your stress token, on space {k} (FGP 13.3)")}</circle>')
    state = [w for w, on in (("FOCUS +1 MP", s["focus"]), ("Race Leader", s["leader"]),
                             ("STRESSED: no pairs", s["stressed"])) if on]
    w = 60 + 48 * s["spaces"]
    if state:
        o.append(text(0, 64, ", ".join(state), 13, fill="#c0392b", weight="bold"))
    o.append("</g>")
    return Block(w, 70, o, "stress")


def _trouble(bv: dict, width: float) -> Block | None:
    items = [("damage", d["name"], f"DAMAGE card (FGP 13.6): {d['text']}") for d in bv["damage"]]
    items += [("failure", d["name"], f"FAILURE card (FGP 13.7): {d['text']}")
              for d in bv["failures"]]
    items += [("token", PART_LABELS.get(k, k.replace("_", " ")), "a board function covered by a "
               "DAMAGE or FAILURE token (FGP 13.6, 13.7)")
              for k in (*bv["damage_tokens"], *bv["failure_tokens"])]
    if bv["penalties"]:
        items.append(("penalty", f"{bv['penalties']} Penalty token"
                      + ("s" if bv["penalties"] > 1 else ""),
                      "Penalty tokens: each costs 5 tiles at the finish (FGP 12.2.1, 13.12)"))
    if not items:
        return None
    o, x, y = [], 0.0, 0.0
    for kind, name, tip in items:
        w = 16 + 7.5 * len(name)
        if x + w > width and x > 0:
            x, y = 0.0, y + 30
        fill = {"failure": "#8e44ad", "penalty": "#c0392b"}.get(kind, "#7f8c8d")
        o.append(f'<g class="token {kind}">{title(tip)}<rect x="{x:.1f}" y="{y}" '
                 f'width="{w:.1f}" height="24" rx="4" fill="{fill}"/>'
                 + text(x + 8, y + 17, name, 13, fill="#fff") + "</g>")
        x += w + 6
    return Block(width if y else x, y + 26, o, "trouble")


# ---- layout -------------------------------------------------------------------------------
def blocks(bv: dict, width: float, marks: dict | None) -> list[Block]:
    """The board's blocks in reading order: the instruments and the hand in
    the first row (the hand takes what room is left, its cards shrinking),
    then the tyres, stress and the team; damage and penalties last."""
    inner = width - 2 * PAD
    speed, gauges = _speed(bv), _gauges(bv)
    room = inner - speed.w - gauges.w - 4 * PAD
    hand = _hand(bv, room if room >= 320 else inner, marks or {})
    out = [speed, gauges, hand, _tyre(bv, inner), _stress(bv), _header(bv, min(inner, 400))]
    trouble = _trouble(bv, inner)
    if trouble is not None:
        out.append(trouble)
    return out


def board_svg(bv: dict, marks: dict | None = None, width: float | None = None) -> str:
    """The board view as a standalone SVG `width` wide (by default as narrow as
    it reads well): speed grid, OT/ERS bars with LEDs, the hand as cards, the
    tyre-wear track and its marker, the stress track, parameter, damage and
    penalty tokens. Every card in hand is one `<g class="card">` with
    `data-card` (its id) and `marks` (card id -> attributes, the page's
    `data-action`)."""
    return "".join(board_pieces(bv, marks, width))


def board_pieces(bv: dict, marks: dict | None = None, width: float | None = None) -> tuple[str, ...]:
    """board_svg as the pieces of a Layer part (engine/spec.Layer), a block
    each: the root element first."""
    W = max(NARROW, width or NARROW)
    placed, x, y, row_h = [], PAD, PAD, 0.0
    for b in blocks(bv, W, marks):
        if x > PAD and x + b.w > W - PAD:
            x, y, row_h = PAD, y + row_h + PAD, 0.0
        placed.append(f'<g class="block-{b.name}" transform="translate({x:.1f},{y:.1f})">'
                      + "".join(b.body) + "</g>")
        x += b.w + 2 * PAD
        row_h = max(row_h, b.h)
    H = y + row_h + PAD
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.0f}" height="{H:.0f}" '
            f'viewBox="0 0 {W:.0f} {H:.0f}" font-family="sans-serif" class="fgp-board">'
            f'<rect x="0" y="0" width="{W:.0f}" height="{H:.0f}" rx="8" fill="#f6f3ea" '
            f'stroke="#333"/>', *pieces(placed), "</svg>")
