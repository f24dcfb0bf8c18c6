"""The marks of Bolide's SVG board, one function each, so that the board
and the legend's swatches (guide.py) draw them alike. Pure functions
returning SVG text; sizes are in grid squares of `cell` units."""
from __future__ import annotations

from html import escape

CELL = 12                     # SVG units per grid square

# A move's speed, slow (cool) to fast (warm); 9 is a Booster's.
SPEED_COLOURS = ("#9e9e9e", "#3949ab", "#1e88e5", "#00acc1", "#43a047", "#9ccc65",
                 "#fdd835", "#fb8c00", "#e53935", "#8e24aa")
LIGHT = (5, 6)                # speeds whose colour takes dark writing
RISK = "#c62828"              # a ring round a risky move
CAUTION = "#ff8f00"           # a ring round a move leaving one way on
PLACE = "#1a9850"
SURFACE = {"track": "#333", "kerb": "#c0392b", "runoff": "#8a6d3b"}
SHADES = ("#e6ece6", "#e2e6f0", "#efe6e6", "#e8e8de", "#e6eef0", "#ede6ef", "#eaeadb",
          "#e3ede9", "#f0e9e1", "#e5e5ef")
ARROW = "#c00"


def speed_colour(d: int) -> str:
    return SPEED_COLOURS[max(0, min(d, len(SPEED_COLOURS) - 1))]


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _label(cx: float, cy: float, text: str, size: float, fill: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{cx:.1f}" y="{cy + size * 0.36:.1f}" font-size="{size:.1f}"{weight} '
            f'fill="{fill}" text-anchor="middle" pointer-events="none">{escape(text)}</text>')


def move_mark(cx: float, cy: float, speed: int, kind: str, risky: bool, caution: bool,
              cell: float = CELL) -> str:
    """A point the car may drive to: coloured by the speed it gives, a
    square for a sharp braking, a red ring round a risky move, an amber one
    round a move that leaves a single way on."""
    fill = speed_colour(speed)
    ink = "#111" if speed in LIGHT else "#fff"
    out = []
    if kind == "attack":
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.72:.1f}" fill="#fff" '
                   f'fill-opacity="0.01" stroke="{RISK}" stroke-width="2.4" '
                   f'stroke-dasharray="3,1.5"/>')
        return "".join(out)
    if risky or caution:
        dash = "" if risky else ' stroke-dasharray="2.5,1.5"'
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.56:.1f}" fill="#fff" '
                   f'stroke="{RISK if risky else CAUTION}" stroke-width="2"{dash}/>')
    if kind in ("brake", "attack_brake"):
        h = cell * 0.4
        out.append(f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" '
                   f'height="{2 * h:.1f}" fill="{fill}" stroke="#222" stroke-width="0.8"/>')
    else:
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.4:.1f}" fill="{fill}" '
                   f'stroke="#222" stroke-width="0.8"/>')
    out.append(_label(cx, cy, str(speed), cell * 0.62, ink, bold=True))
    return "".join(out)


def slip_badge(cx: float, cy: float, dx: int, dy: int, speed: int, cell: float = CELL) -> str:
    """The slipstream's +1 after a move: a small arrowhead beside the point."""
    ox, oy = cx + dx * cell * 0.52, cy + dy * cell * 0.52
    a = cell * 0.22
    # a triangle pointing (dx, dy)
    pts = [(ox + dx * a, oy + dy * a), (ox - dx * a * 0.6 - dy * a, oy - dy * a * 0.6 + dx * a),
           (ox - dx * a * 0.6 + dy * a, oy - dy * a * 0.6 - dx * a)]
    return (f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}" '
            f'fill="{speed_colour(speed)}" stroke="#111" stroke-width="0.8"/>')


def place_mark(cx: float, cy: float, cell: float = CELL) -> str:
    """A point where the car may be put (after an engagement, behind the
    Safety Car, at the pit lane exit)."""
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.42:.1f}" fill="#fff" '
            f'stroke="{PLACE}" stroke-width="2.4"/>')


def blocked_mark(cx: float, cy: float, cell: float = CELL) -> str:
    """A point around the pawn the car may not take (off the track, too
    fast, through a car)."""
    h = cell * 0.22
    return (f'<path d="M{cx - h:.1f},{cy - h:.1f}L{cx + h:.1f},{cy + h:.1f}M{cx - h:.1f},'
            f'{cy + h:.1f}L{cx + h:.1f},{cy - h:.1f}" stroke="#888" stroke-width="1.3"/>')


def car_body(cx: float, cy: float, colour: str, number: str, cell: float = CELL,
             ghost: bool = False) -> str:
    """A car: a disc in its colour, larger than a square, with its number."""
    r = cell * 0.7
    if ghost:                 # crashed or out of fuel: grey, crossed
        return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.8:.1f}" fill="#bbb" '
                f'stroke="{colour}" stroke-width="2"/>'
                + _label(cx, cy, "x", cell * 0.9, "#333", bold=True))
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 1.2:.1f}" fill="#111"/>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}" stroke="#fff" '
            f'stroke-width="1.6"/>' + _label(cx, cy, number, cell * 0.9, "#fff", bold=True))


def halo(cx: float, cy: float, cell: float = CELL) -> str:
    """The car whose turn it is."""
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 1.15:.1f}" fill="none" '
            f'stroke="#ffd600" stroke-width="3" pointer-events="none"/>')


def pawn(cx: float, cy: float, px: float, py: float, colour: str, cell: float = CELL) -> str:
    """The pawn (a hollow square in the car's colour) and the car-pawn
    vector: the speed and direction the car carries."""
    h = cell * 0.3
    return (f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{px:.1f}" y2="{py:.1f}" stroke="{colour}" '
            f'stroke-width="1.6" stroke-dasharray="4,2"/>'
            f'<rect x="{px - h:.1f}" y="{py - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" '
            f'fill="#fff" fill-opacity="0.6" stroke="{colour}" stroke-width="2"/>')


def slip_point(cx: float, cy: float, colour: str, cell: float = CELL) -> str:
    """The slipstream point a car at speed 3 or more offers behind it."""
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.3:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="1.5" stroke-dasharray="1.5,1.5"/>'
            + _label(cx, cy, "s", cell * 0.5, colour, bold=True))


def button(x: float, y: float, w: float, h: float, text: str, fill: str = "#fff") -> str:
    """A button drawn in the panel (its <g> carries the action)."""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="5" '
            f'fill="{fill}" stroke="#333" stroke-width="1.2"/>'
            + _label(x + w / 2, y + h / 2, text, 12, "#111", bold=True))
