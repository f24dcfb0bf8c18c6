"""Draw the figures of docs/rules/bolide-trajectories.md.

Every segment's colour is decided by chequered's own geometry
(geometry.Surface.segment, geometry.lattice_points_between): green when the
rules engine accepts the trajectory, red when it refuses it. Nothing is
coloured by hand, so the pictures show what the code does.

    .venv/bin/python docs/rules/figures/make_trajectories.py          # write the SVGs
    .venv/bin/python docs/rules/figures/make_trajectories.py --check  # are they up to date?
"""
from __future__ import annotations

import sys
from pathlib import Path

from chequered.games.bolide.geometry import Surface, lattice_points_between

HERE = Path(__file__).parent
CELL = 44          # pixels between grid points
MARGIN = 30
GREEN, RED = "#1a7f37", "#cf222e"
SQUARE_FILL = "#dcefd9"
EDGE = "#9aa59a"


def surface(rows: list[str]) -> Surface:
    """'.' track, ':' kerb (both drivable), ',' run-off, '#' forbidden."""
    h, w = len(rows), max(len(r) for r in rows)
    return Surface(w, h, lambda x, y: x < len(rows[y]) and rows[y][x] in ".:")


def px(v: float) -> float:
    return MARGIN + v * CELL


def figure(rows: list[str], moves=(), cars=(), labels=()) -> str:
    """An SVG of a small surface with trajectories.

    moves: (x0, y0, x1, y1, tag); the colour comes from the geometry, and
    from cars (occupied points) when a move passes through one.
    cars: occupied points, drawn as squares.
    labels: (x, y, text) placed near grid points.
    The captions are in the markdown, under each picture.
    """
    s = surface(rows)
    w, h = s.width, s.height
    width = 2 * MARGIN + (w - 1) * CELL
    height = 2 * MARGIN + (h - 1) * CELL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
           "<defs>"]
    for name, colour in (("ok", GREEN), ("no", RED)):
        out.append(f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" '
                   f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
                   f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    out.append("</defs>")
    out.append(f'<rect width="{width}" height="{height}" fill="white"/>')
    # full squares: the open squares that belong to the track surface R
    for y in range(h - 1):
        for x in range(w - 1):
            if s.segment(x, y, x + 1, y + 1) and s.segment(x + 1, y, x, y + 1):
                out.append(f'<rect x="{px(x)}" y="{px(y)}" width="{CELL}" height="{CELL}" '
                           f'fill="{SQUARE_FILL}"/>')
    # the grid lines, faint, then the edges that belong to R
    for y in range(h):
        out.append(f'<line x1="{px(0)}" y1="{px(y)}" x2="{px(w - 1)}" y2="{px(y)}" '
                   'stroke="#e6e6e6" stroke-width="1"/>')
    for x in range(w):
        out.append(f'<line x1="{px(x)}" y1="{px(0)}" x2="{px(x)}" y2="{px(h - 1)}" '
                   'stroke="#e6e6e6" stroke-width="1"/>')
    for y in range(h):
        for x in range(w):
            for dx, dy in ((1, 0), (0, 1)):
                if x + dx < w and y + dy < h and s.segment(x, y, x + dx, y + dy):
                    out.append(f'<line x1="{px(x)}" y1="{px(y)}" x2="{px(x + dx)}" '
                               f'y2="{px(y + dy)}" stroke="{EDGE}" stroke-width="3"/>')
    # points
    for y in range(h):
        for x in range(w):
            ch = rows[y][x] if x < len(rows[y]) else "#"
            cx, cy = px(x), px(y)
            if ch == ".":
                out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="#222"/>')
            elif ch == ":":
                out.append(f'<circle cx="{cx}" cy="{cy}" r="5.5" fill="white" '
                           f'stroke="#c62828" stroke-width="3"/>')
            elif ch == ",":
                out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="#8d6e63"/>')
            else:
                out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="white" '
                           'stroke="#b0b0b0" stroke-width="1.5"/>')
    occupied = set(cars)
    for x0, y0, x1, y1 in moves:
        ok = s.segment(x0, y0, x1, y1) and not (
            set(lattice_points_between(x0, y0, x1, y1)) & occupied)
        colour, name = (GREEN, "ok") if ok else (RED, "no")
        dash = "" if ok else ' stroke-dasharray="7 4"'
        out.append(f'<line x1="{px(x0)}" y1="{px(y0)}" x2="{px(x1)}" y2="{px(y1)}" '
                   f'stroke="{colour}" stroke-width="3.5"{dash} '
                   f'marker-end="url(#arrow-{name})"/>')
        out.append(f'<circle cx="{px(x0)}" cy="{px(y0)}" r="6" fill="{colour}"/>')
    for x, y in cars:
        out.append(f'<rect x="{px(x) - 9}" y="{px(y) - 9}" width="18" height="18" rx="3" '
                   'fill="#1565c0" stroke="white" stroke-width="1.5"/>')
    for x, y, text in labels:
        out.append(f'<text x="{px(x) + 8}" y="{px(y) - 8}" fill="#333">{text}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---- the figures ------------------------------------------------------------------
def legend() -> str:
    """Points, edges and squares of the track surface R."""
    rows = ["####:...",
            "##:.....",
            "#:......",
            "#......#",
            "#....#.#",
            ",,,,,,,,"]
    return figure(rows)


def edge() -> str:
    rows = ["########",
            "........",
            "........",
            "........"]
    return figure(rows, moves=[(0, 1, 7, 1), (0, 3, 3, 1)])


def corner_point() -> str:
    rows = ["...##",
            "...#.",
            ".....",
            ".#...",
            "##..."]
    return figure(rows, moves=[(0, 0, 4, 4), (1, 0, 3, 2)],
                  labels=[(2, 2, "P")])


def clipped_square() -> str:
    rows = ["....#",
            ".....",
            ".....",
            "....."]
    return figure(rows, moves=[(0, 0, 4, 1), (0, 1, 4, 2)])


def knight() -> str:
    rows = [".#...#.",
            ".......",
            "......."]
    return figure(rows, moves=[(0, 0, 1, 2), (4, 0, 3, 2)])


def cut_corner() -> str:
    rows = ["##########",
            "..........",
            "..........",
            "........:.",
            "#####.:...",
            "######....",
            "######....",
            "######...."]
    return figure(rows, moves=[(0, 2, 7, 3), (7, 3, 8, 7), (1, 2, 7, 7), (2, 2, 8, 5)])


def protect() -> str:
    rows = ["..........",
            "..........",
            "..........",
            ".........."]
    return figure(rows, moves=[(0, 0, 6, 3), (0, 3, 8, 0), (0, 1, 9, 3)], cars=[(4, 2), (4, 1)])


FIGURES = {
    "trajectory-legend.svg": legend,
    "trajectory-edge.svg": edge,
    "trajectory-corner-point.svg": corner_point,
    "trajectory-clipped-square.svg": clipped_square,
    "trajectory-knight.svg": knight,
    "trajectory-cut-corner.svg": cut_corner,
    "trajectory-protect.svg": protect,
}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, make in FIGURES.items():
        svg = make()
        path = HERE / name
        if check:
            if not path.exists() or path.read_text() != svg:
                stale.append(name)
        else:
            path.write_text(svg)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run without --check)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
