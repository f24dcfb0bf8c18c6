"""The small drawings the board, the Team Sheets and the legend share: a
car seen from above, the Turn Leader and Current Leader star, the tick of an
activated car, the Lap-down ring, the wear bar, a Race card. Each is drawn
around (0, 0) or at given coordinates, so that the legend's 24x24 swatches
are the board's own marks."""
from __future__ import annotations

import math
from html import escape

from .content import EFFECTS, MOVES, WEAR_KINDS

INK = "#111"
# Wear markers by kind (STOCK Wear): temporary ones light, permanent ones dark.
WEAR_FILL = {"temp": "#f59e0b", "perm": "#7f1d1d", "none": "#fff"}
# The colour of a Race card's title: white for no wear (chapter: a white
# title gives no wear), else its wear marker's.
TITLE_INK = {None: "#fff", "tyre": "#fbbf24", "suspension": "#93c5fd", "fuel": "#86efac",
             "engine": "#fca5a5", "body": "#d8b4fe"}


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads on this fill."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 else "#fff"


def car_body(colour: str, number, angle: float = 0.0, size: float = 1.0) -> str:
    """A car seen from above at (0, 0), nose along `angle`, its number upright."""
    w, h = 14 * size, 11 * size
    return (f'<rect x="{-w / 2:.1f}" y="{-h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="{3.5 * size:.1f}" fill="{colour}" stroke="{INK}" stroke-width="1" '
            f'transform="rotate({angle:.1f})"/>'
            f'<text y="{2.6 * size:.1f}" font-size="{7.2 * size:.1f}" font-weight="bold" '
            f'fill="{_ink_on(colour)}" text-anchor="middle">{number}</text>')


def star(x: float, y: float, r: float, fill: str = "#facc15") -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{INK}" stroke-width="0.5"/>'


def tick(x: float, y: float, r: float = 2.8) -> str:
    """The mark of a car activated this turn: its counter is flipped."""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{INK}" stroke="#fff" '
            f'stroke-width="0.6"/><path d="M{x - r * .5:.1f},{y:.1f} l{r * .35:.1f},{r * .4:.1f} '
            f'l{r * .6:.1f},{-r * .8:.1f}" fill="none" stroke="#fff" stroke-width="0.9"/>')


# the car in its action segment
MOVING_HALO = ('<circle r="10.5" fill="#ffe14d" fill-opacity="0.55" stroke="#b45309" '
               'stroke-width="1.2"/>')
LAPPED_RING = 'fill="none" stroke="#dc2626" stroke-width="1.6" stroke-dasharray="2.5 1.5"'


def wear_bar(x: float, y: float, temp: int, perm: int, slots: int, size: float = 4.0) -> str:
    """The wear markers of a car as a bar of `slots` boxes (the retirement
    count): temporary ones first, then permanent, the rest empty."""
    out = []
    for k in range(max(slots, temp + perm)):
        kind = "temp" if k < temp else "perm" if k < temp + perm else "none"
        out.append(f'<rect x="{x + k * (size + 1):.1f}" y="{y:.1f}" width="{size:.1f}" '
                   f'height="{size:.1f}" fill="{WEAR_FILL[kind]}" stroke="#555" '
                   'stroke-width="0.5"/>')
    return "".join(out)


def face(c: dict, bar: dict) -> dict:
    """A hand card of the view (render._card) in words: its title, MP,
    movement type, wear kind (None: a white title), effect, and its Team
    Bar as (team key, colour) pairs; `bar` is the view's letter -> team."""
    return {"id": c["id"], "title": c["name"][len(c["id"]) + 1:], "mp": c["mp"],
            "move": MOVES[c["move"]], "wear": None if c["wear"] < 0 else WEAR_KINDS[c["wear"]],
            "effect": None if c["effect"] < 0 else EFFECTS[c["effect"]],
            "bar": [tuple(bar[ch]) for ch in c["bar"] if ch in bar]}


def card(x: float, y: float, c: dict, w: float = 52, h: float = 72) -> str:
    """A Race card face (STOCK Race card parts), from `face`: the title
    (white for no wear, else in its wear's colour), the MP, the movement
    type, the wear and effect, its id, and the Team Bar along the bottom."""
    wear = c["wear"]
    lines = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" '
             f'fill="#fffdf5" stroke="{INK}" stroke-width="1"/>',
             f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="13" rx="4" fill="#2b2b2b"/>',
             f'<text x="{x + w / 2:.1f}" y="{y + 9:.1f}" font-size="5.6" font-weight="bold" '
             f'fill="{TITLE_INK[wear]}" text-anchor="middle">{escape(c["title"])}</text>',
             f'<text x="{x + w / 2:.1f}" y="{y + 34:.1f}" font-size="19" font-weight="bold" '
             f'text-anchor="middle">{c["mp"]}</text>',
             f'<text x="{x + w / 2 + 12:.1f}" y="{y + 34:.1f}" font-size="5.5">MP</text>',
             f'<text x="{x + w / 2:.1f}" y="{y + 44:.1f}" font-size="7.5" '
             f'text-anchor="middle">{escape(c["move"])}</text>',
             f'<text x="{x + w / 2:.1f}" y="{y + 52:.1f}" font-size="5.5" text-anchor="middle">'
             + escape(f"+1 {wear}" if wear else "no wear") + "</text>"]
    if c["effect"]:
        lines.append(f'<text x="{x + w / 2:.1f}" y="{y + 59:.1f}" font-size="5.5" '
                     f'font-style="italic" text-anchor="middle">'
                     f'{escape(c["effect"].replace("_", " "))}</text>')
    lines.append(f'<text x="{x + 3:.1f}" y="{y + h - 7:.1f}" font-size="4.5" fill="#555">'
                 f'{escape(c["id"])}</text>')
    bw = (w - 6) / max(1, len(c["bar"]))
    for k, (_key, colour) in enumerate(c["bar"]):
        lines.append(f'<rect x="{x + 3 + k * bw:.1f}" y="{y + h - 5:.1f}" width="{bw:.1f}" '
                     f'height="3" fill="{colour}"/>')
    return "".join(lines)


def card_title(c: dict) -> str:
    """The tooltip of a card (from `face`)."""
    wear = (f"the car takes 1 {c['wear']} wear marker after the move" if c["wear"]
            else "no wear (a white title)")
    text = f"{c['id']} {c['title']}: {c['mp']} MP, {c['move']}; {wear}"
    if c["effect"]:
        text += f"; {c['effect'].replace('_', ' ')}"
    text += ". Team Bar: " + ", ".join(key.capitalize() for key, _ in c["bar"])
    return text + " (STOCK Race card parts)"
