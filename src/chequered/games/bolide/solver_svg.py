"""SVG of a solver line: the circuit's points (track, kerb, run-off,
forbidden), sector colours and red arrows, the grid, and the line drawn move
by move with each arrival point numbered. Pure functions returning text."""
from __future__ import annotations

from html import escape

from .circuit import FORBIDDEN, KERB, RUNOFF, TRACK, Circuit

S = 14                        # pixels per grid square
M = 20                        # margin


def _hue(i: int, n: int) -> str:
    return f"hsl({int(360 * i / max(n, 1))},55%,55%)"


def _xy(x, y):
    return M + x * S, M + y * S


def _frame(width: int, height: int, title: str, body: list[str]) -> str:
    w, h = 2 * M + (width - 1) * S, 2 * M + (height - 1) * S + 16
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="sans-serif">\n'
            f'<title>{escape(title)}</title>\n<rect width="{w}" height="{h}" fill="#fafaf7"/>\n'
            + "\n".join(body) + "\n</svg>\n")


def _line(sol) -> list[str]:
    out = []
    pts = sol.points
    for i, step in enumerate(sol.line):
        (x0, y0), (x1, y1) = _xy(*pts[i]), _xy(step.x, step.y)
        colour = "#d00" if step.sharp_braking else ("#06c" if step.lap % 2 else "#639")
        dash = ' stroke-dasharray="4 2"' if step.sharp_braking else ""
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{colour}" '
                   f'stroke-width="2"{dash}><title>move {i + 1}: speed {step.speed}'
                   f'{", sharp braking" if step.sharp_braking else ""}, lap {step.lap}'
                   f'</title></line>')
    for i, step in enumerate(sol.line):
        x1, y1 = _xy(step.x, step.y)
        out.append(f'<circle cx="{x1}" cy="{y1}" r="3" fill="#000"/>'
                   f'<text x="{x1 + 3}" y="{y1 - 3}" font-size="8" fill="#000">{i + 1}</text>')
    sx, sy = _xy(*sol.start)
    out.append(f'<circle cx="{sx}" cy="{sy}" r="4" fill="none" stroke="#000"/>')
    return out


def _caption(sol, height: int) -> str:
    laps = "+".join(map(str, sol.lap_turns))
    text = (f"{sol.track}: {sol.turns} turns ({laps})"
            + (f", best first lap {sol.first_lap_turns}" if sol.first_lap_turns else "")
            + (f", sharp brakings {'+'.join(map(str, sol.sharp_brakings))}"
               if sol.kind == "bolide" else ""))
    return (f'<text x="{M}" y="{M + (height - 1) * S + 14}" font-size="11">'
            f'{escape(text)}</text>')


def _circuit(c: Circuit, off_track: bool = True) -> list[str]:
    """The circuit's points (`off_track`: the forbidden ones too, as small
    dots), each sector's red arrow and the grid slots."""
    n = c.n_sectors
    groups: dict[str, list[str]] = {}      # one <g> a colour: a circle is then short
    for y in range(c.height):
        for x in range(c.width):
            k = c.kind[y][x]
            px, py = _xy(x, y)
            if k == FORBIDDEN:
                if off_track:
                    groups.setdefault("#ccc", []).append(
                        f'<circle cx="{px}" cy="{py}" r="0.8"/>')
                continue
            fill = {TRACK: _hue(c.sector[y][x], n), KERB: "#e33", RUNOFF: "#9b8"}[k]
            r = 2.6 if k in (TRACK, KERB) else 1.8
            groups.setdefault(fill, []).append(f'<circle cx="{px}" cy="{py}" r="{r}"/>')
    body = [f'<g fill="{fill}" fill-opacity="{1 if fill == "#ccc" else 0.55}">'
            + "".join(dots) + "</g>" for fill, dots in groups.items()]
    # the red arrow of each sector, at the middle of its points
    for s in range(n):
        pts = [(x, y) for y in range(c.height) for x in range(c.width)
               if c.sector[y][x] == s and c.kind[y][x] in (TRACK, KERB)]
        if not pts:
            continue
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        dx, dy = c.arrow(s)
        (x0, y0), (x1, y1) = _xy(cx - dx, cy - dy), _xy(cx + dx, cy + dy)
        body.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
                    f'stroke="#c00" stroke-width="3" marker-end="url(#arrow)"/>'
                    f'<text x="{x0:.1f}" y="{y0 - 4:.1f}" font-size="10" fill="#c00">'
                    f'{c.sector_names[s]}</text>')
    for i, (x, y) in enumerate(c.meta.grid):
        px, py = _xy(x, y)
        body.append(f'<rect x="{px - 4}" y="{py - 4}" width="8" height="8" fill="none" '
                    f'stroke="#c00" stroke-width="1.5"><title>grid {i + 1}</title></rect>')
    defs = ('<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
            'markerHeight="4" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
            'fill="#c00"/></marker></defs>')
    return [defs] + body


def circuit_line_svg(c: Circuit, sol) -> str:
    """A Bolide circuit with the solver's line."""
    return _frame(c.width, c.height, f"{c.meta.name}: fastest line",
                  _circuit(c) + _line(sol) + [_caption(sol, c.height)])


CAR = "#e07000"               # the reviewed car's line (the exact line keeps its blues)


def race_line_svg(c: Circuit, sol, car_points: list, name: str, caption: str) -> str:
    """A Bolide circuit with the solver's exact line, thin, and under it the
    line a car drove in a race, bold: `car_points` are where the car stood
    at the start of each of its turns, then where it ended; a number every
    fifth turn."""
    out = []
    for i in range(1, len(car_points)):
        (x0, y0), (x1, y1) = _xy(*car_points[i - 1]), _xy(*car_points[i])
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{CAR}" '
                   f'stroke-width="3.5" stroke-opacity="0.8" stroke-linecap="round">'
                   f'<title>{escape(name)}, turn {i}</title></line>')
    for i, p in enumerate(car_points):
        px, py = _xy(*p)
        out.append(f'<circle cx="{px}" cy="{py}" r="2.5" fill="{CAR}"/>')
        if i and i % 5 == 0:
            out.append(f'<text x="{px + 4}" y="{py + 10}" font-size="9" font-weight="bold" '
                       f'fill="{CAR}">{i}</text>')
    height = c.height + 1         # one more row for the two-line caption
    foot = M + (c.height - 1) * S + 14
    key = (f'<line x1="{M}" y1="{foot + 12}" x2="{M + 24}" y2="{foot + 12}" stroke="{CAR}" '
           f'stroke-width="3.5"/><text x="{M + 30}" y="{foot + 16}" font-size="11">'
           f'{escape(caption)}</text>')
    return _frame(c.width, height, f"{c.meta.name}: {name} against the exact line",
                  _circuit(c, off_track=False) + _line(sol) + out
                  + [_caption(sol, c.height), key])


def classic_line_svg(track, sol) -> str:
    """A classic racetrack map (free, wall, start, goal cells) with the line."""
    starts, goals = set(track.starts), set(track.goals)
    body = []
    for y in range(track.height):
        for x in range(track.width):
            px, py = _xy(x, y)
            if not track.free[y][x]:
                body.append(f'<rect x="{px - S / 2}" y="{py - S / 2}" width="{S}" '
                            f'height="{S}" fill="#777"/>')
            elif (x, y) in goals:
                body.append(f'<circle cx="{px}" cy="{py}" r="3" fill="#2a2"/>')
            elif (x, y) in starts:
                body.append(f'<circle cx="{px}" cy="{py}" r="3" fill="#c00"/>')
            else:
                body.append(f'<circle cx="{px}" cy="{py}" r="1.5" fill="#bbb"/>')
    return _frame(track.width, track.height, f"{track.name}: fastest line",
                  body + _line(sol) + [_caption(sol, track.height)])
