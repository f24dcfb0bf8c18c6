"""Support for colour blindness (FGP 16): the marks that say by shape, letter or
number what a component otherwise says by colour, for the SVG and text
renderings.

Every SVG mark carries the class `cb-mark`; a standalone SVG shows them, and the
web page shows them when the player switches its colour-blind setting on
(web/static/common.js). The text rendering always writes them: they cost a few
characters and a terminal has no setting to switch.

* 16.1 WHITE die: a RED face has its button on the left and two dots at the
  bottom, a GREEN face the button on the right and one dot.
* 16.2 gear tokens: a RED speed limit has a white dot top left, a GREEN one top
  right (text: `'R`, `G'`, the apostrophe standing for the dot).
* 16.3 arrows: a red arrow (a bad effect: more tyre wear or stress) has a square
  at its back, a green arrow (a good one) is solid (text: `[]>` and `=>`).
  Which of our card icons carry an arrow is our reconstruction (A111).
* 16.4 movement cards: the Sprint Race speed, GREEN 2, RED 4, BLUE 6,
  ORANGE 2/4 (content.SPRINT_MP, which every card is checked against).
* 16.5 team colours: each car shows its team's identifier number (the board's
  `number`), so two cars of one colour are one team.
"""
from __future__ import annotations

from html import escape

from .content import SPRINT_MP

CB = "cb-mark"
DIE_FILL = {"green": "#2e9d4f", "red": "#c8322b"}


# ---- 16.1 WHITE die -------------------------------------------------------------
def die_marks(colour: str) -> tuple[str, int]:
    """FGP 16.1: (side of the button, dots at the bottom) of a WHITE face."""
    return ("left", 2) if colour == "red" else ("right", 1)


def white_die_text(colour: str, value: int | None = None) -> str:
    """`3 green (button right, one dot)`: a WHITE result in words and marks."""
    side, dots = die_marks(colour)
    head = f"{value} {colour}" if value is not None else colour
    return f"{head} (button {side}, {'two dots' if dots == 2 else 'one dot'})"


def white_die_svg(x: float, y: float, colour: str, value: int | None = None,
                  size: float = 22, what: str = "WHITE die", label: str | None = None) -> str:
    """A WHITE die face at (x, y) (top left): its colour, its number if given,
    the 16.1 button and dots as `cb-mark`s, and `label` to its right."""
    side, dots = die_marks(colour)
    bx = x + (size * 0.22 if side == "left" else size * 0.78)
    marks = [f'<circle class="die-button" cx="{bx:.1f}" cy="{y + size * 0.3:.1f}" '
             f'r="{size * 0.11:.1f}" fill="#fff"/>']
    for k in range(dots):
        dx = x + size * (0.5 if dots == 1 else 0.35 + 0.3 * k)
        marks.append(f'<circle class="die-dot" cx="{dx:.1f}" cy="{y + size * 0.82:.1f}" '
                     f'r="{size * 0.07:.1f}" fill="#fff"/>')
    num = (f'<text x="{x + size / 2:.1f}" y="{y + size * 0.62:.1f}" font-size="{size * 0.45:.0f}" '
           f'text-anchor="middle" fill="#fff" font-weight="bold">{value}</text>'
           if value is not None else "")
    return (f'<g class="white-die" data-colour="{colour}" data-button="{side}" '
            f'data-dots="{dots}"><title>{escape(what)}: {escape(white_die_text(colour, value))}'
            f'</title><rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="4" '
            f'fill="{DIE_FILL.get(colour, "#888")}" stroke="#111"/>{num}'
            f'<g class="{CB}">{"".join(marks)}</g>'
            + (f'<text x="{x + size + 5:.1f}" y="{y + size * 0.7:.1f}" font-size="{size * 0.6:.0f}" '
               f'fill="#fff">{escape(label)}</text>' if label else "") + '</g>')


# ---- 16.2 gear tokens -------------------------------------------------------------
def gear_token_text(limit: str) -> str:
    """FGP 16.2: `'R` (dot top left) or `G'` (dot top right)."""
    return "'R" if limit.upper() == "RED" else "G'"


def gear_token_mark(cx: float, cy: float, r: float, limit: str) -> str:
    """FGP 16.2: the white dot on a speed-limit gear token (centre cx, cy,
    radius r): top left for RED, top right for GREEN."""
    s = -1 if limit.upper() == "RED" else 1
    return (f'<circle class="{CB} gear-dot" data-limit="{limit.lower()}" '
            f'cx="{cx + s * r * 0.62:.1f}" cy="{cy - r * 0.62:.1f}" r="{r * 0.3:.1f}" '
            f'fill="#fff" stroke="#111" stroke-width="0.8"/>')


# ---- 16.3 arrows --------------------------------------------------------------------
# A111 (ours): the icons of our cards that stand for more or less tyre wear or
# stress: a RED or ORANGE lane change wears the tyres (red arrow), a Tyre Wear
# card adds wear when played (red), a single GREEN eases stress (green), the
# pair function -1 tyre wear (green).
ICON_ARROW = {"lane_change_wear": "red", "stress_down": "green"}
SECONDARY_ARROW = {"tyre_2x": "green"}
KIND_ARROW = {"tyre_wear": "red"}
ARROW_TEXT = {"red": "[]>", "green": "=>"}
ARROW_FILL = {"red": "#c8322b", "green": "#2e9d4f"}


def arrow_text(colour: str | None) -> str:
    return ARROW_TEXT.get(colour or "", "")


def arrow_svg(x: float, y: float, colour: str, w: float = 14) -> str:
    """An arrow pointing right from (x, y) (its middle left): the red one with
    a square at its back (a `cb-mark`), the green one solid."""
    h = w * 0.5
    body = (f'<path d="M {x:.1f} {y - h * 0.3:.1f} h {w * 0.6:.1f} v {-h * 0.3:.1f} '
            f'l {w * 0.4:.1f} {h * 0.6:.1f} l {-w * 0.4:.1f} {h * 0.6:.1f} v {-h * 0.3:.1f} '
            f'h {-w * 0.6:.1f} z" fill="{ARROW_FILL[colour]}"/>')
    square = (f'<rect class="{CB} arrow-square" x="{x + w * 0.06:.1f}" y="{y - h * 0.22:.1f}" '
              f'width="{h * 0.44:.1f}" height="{h * 0.44:.1f}" fill="#fff"/>'
              if colour == "red" else "")
    back = (f'<rect x="{x - 1.5:.1f}" y="{y - h * 0.75:.1f}" width="{w + 3:.1f}" '
            f'height="{h * 1.5:.1f}" rx="2" fill="#fff"/>')       # seen on any card colour
    return f'<g class="arrow" data-arrow="{colour}">{back}{body}{square}</g>'


def card_arrows(card: dict) -> list[str]:
    """The arrow colours a card of the board view shows (A111), in order."""
    out = [KIND_ARROW[card["kind"]]] if card["kind"] in KIND_ARROW else []
    out += [ICON_ARROW[i] for i in card["icons"] if i in ICON_ARROW]
    if card.get("secondary") in SECONDARY_ARROW:
        out.append(SECONDARY_ARROW[card["secondary"]])
    return out


# ---- 16.4 Sprint speeds -------------------------------------------------------------
def sprint_text(colour: str | None) -> str:
    """FGP 16.4: `2`, `4`, `6` or `2/4`; empty for cards that are not movement."""
    return "/".join(str(v) for v in SPRINT_MP.get(colour or "", ()))


def sprint_badge(x: float, y: float, colour: str | None) -> str:
    """FGP 16.4: the Sprint speed in a white oval centred on (x, y)."""
    s = sprint_text(colour)
    if not s:
        return ""
    return (f'<g class="{CB} sprint" data-sprint="{s}"><rect x="{x - 9:.1f}" y="{y - 7:.1f}" width="18" '
            f'height="14" rx="7" fill="#fff" stroke="#222"/><text x="{x:.1f}" y="{y + 3:.1f}" '
            f'font-size="{8 if len(s) < 3 else 6}" text-anchor="middle" fill="#111" '
            f'font-weight="bold">{s}</text></g>')


# ---- 16.5 team numbers --------------------------------------------------------------
def team_badge(x: float, y: float, number: int) -> str:
    """FGP 16.5: the team's identifier number beside a car at (x, y)."""
    return (f'<g class="{CB} team-no" data-team="{number}"><rect x="{x - 6:.1f}" '
            f'y="{y - 6:.1f}" width="12" height="11" rx="2" fill="#fff" stroke="#111" '
            f'stroke-width="0.6"/><text x="{x:.1f}" y="{y + 2.5:.1f}" font-size="8" '
            f'text-anchor="middle" fill="#111" font-weight="bold">{number}</text></g>')
