"""Text and SVG of a FormulaGP view. The text is render_text's; the SVG puts
the track (render_track: the static layer a page receives once a race, issue
16) and the seat's own board and hand (render_board_svg) in one picture, the board below the track or beside it:
the race page scales the picture to its column's width and scrolls what is
taller than 80% of the window, so the arrangement chosen is the one seen
whole at 1366 x 768, and the larger of two seen whole. Pure functions of the
view dict."""
from __future__ import annotations

from functools import lru_cache
from html import escape

from ...engine.board import Drawings, data_action
from ...engine.spec import Layer, LayeredSvg
from .render_board_svg import NARROW, board_pieces
from .render_text import car_marks, status_line, text, tile_tokens
from .render_track import cars_part, spaces_part, state_part, track_drawing
from .standings import NOTES, standings
from .track import track as load_track

__all__ = ["svg", "text"]

BOX = (900, 614)         # the page's board box at 1366 x 768 (its column, 80vh)
GAP = 8
TRACK_MARGIN = 0.8       # tile lengths of grass around the road: room for the gear icons


def car_titles(view: dict) -> dict[int, str]:
    """Each car's tooltip: who, where in the running order, what the table sees."""
    out = {}
    for st in standings(view):
        f = {x.label: x.value for x in st.facts}
        notes = "; ".join(f"{NOTES[k][0]} ({NOTES[k][1]})" for k in f.get("notes", "").split())
        out[st.seat] = (f"{st.name}, P{st.place}, lap {f['lap']}: {f['tyre'].split()[0]} tyres "
                        f"(wear {f['tyre'].split()[1]}), ERS {f['ERS']}, {f['cards']} cards"
                        + (f"; {notes}" if notes else "")
                        + "; colour and number of its team (FGP 16.5)")
    return out


def info_lines(view: dict) -> list[str]:
    """What the picture says in words beside the board: a battle, the pole
    draw, the TEAM RADIO card, the time limit."""
    out = []
    b = view.get("battle")
    if b:
        out.append(f"Battle (FGP 9.3): #{b['attacker'] + 1} attacks #{b['defender'] + 1}")
    if view.get("pole_cards"):
        out.append("Pole bonus cards (FGP 7.2.1): " + ", ".join(view["pole_cards"]))
    me = next((c for c in view["cars"] if c["seat"] == view.get("seat")), None)
    if me is not None and "radio_discard_top" in view:
        held = me.get("radio")
        out.append("TEAM RADIO (FGP 4.9): " + (f"{held['name']}: {held['text']}" if held
                                               else "none"))
    tl = view.get("time_limit")
    if tl:
        out.append(f"Time limit (FGP 15.12): {tl['seconds']:g} s a decision")
    return out


def _info_svg(lines: list[str], width: float) -> tuple[str, float]:
    if not lines:
        return "", 0.0
    h = 12 + 22 * len(lines)
    body = "".join(f'<text x="12" y="{26 + 22 * k}" font-size="15" fill="#222">'
                   f'<title>{escape(line)}</title>{escape(line[:int(width / 8)])}</text>'
                   for k, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{h:.0f}" '
            f'viewBox="0 0 {width:.0f} {h:.0f}" class="fgp-info" font-family="sans-serif">'
            f'<rect width="{width:.0f}" height="{h:.0f}" fill="#fffef0" stroke="#333"/>'
            f'{body}</svg>'), h


# ---- the picture in two layers (engine/spec.LayeredSvg) ---------------------------------------
# The static board is the track (render_track.TrackDrawing), alone (a
# spectator's picture) or framed with room for the info lines and the seat's
# own board; the view fills the race's state line, the spaces it marks, the
# tokens and cars, and what is beside the track.
ALONE, FRAMED = "alone", "framed"


def board_keys(config) -> tuple:
    """Both pictures of every track of the race or its championship (FGP 14.1)."""
    return tuple((form, name) for name in dict.fromkeys([config.track, *(config.season or ())])
                 for form in (ALONE, FRAMED))


@lru_cache(maxsize=32)
def static_layer(key: tuple) -> tuple[str, ...]:
    form, name = key
    d = track_drawing(load_track(name), TRACK_MARGIN)
    track = (d.head + "\n", "", "\n" + d.road + "\n", "\n".join(d.spaces), "\n" + d.marks + "\n",
             "", "\n</svg>")
    if form == ALONE:
        return track
    # its size, title and the parts beside the track are the view's
    return ('<svg xmlns="http://www.w3.org/2000/svg" class="formulagp-view">', "",
            '<g class="track" transform="translate(0,0)">' + track[0], *track[1:-1],
            track[-1] + "</g>", "", "</svg>")


def layer(view: dict) -> Layer:
    trk = load_track(view["track"])
    click = view.get("clickable") or {}
    spaces = {int(s): data_action(doc) for s, doc in click.get("spaces", {}).items()}
    cards = {c: data_action(doc) for c, doc in click.get("cards", {}).items()}
    tips = car_titles(view)
    cars = [dict(c, title=tips.get(c["seat"], "")) for c in car_marks(view)]
    status = status_line(view)
    on_track = (state_part(trk, status, view.get("panel_side"), TRACK_MARGIN),
                spaces_part(trk, view.get("highlight"), spaces, TRACK_MARGIN),
                cars_part(trk, cars, tile_tokens(view), spaces))
    tw, th = _size(track_drawing(trk, TRACK_MARGIN).head)
    info, ih = _info_svg(info_lines(view), tw)
    if not view.get("board") and not info:
        return Layer((ALONE, view["track"]), (), on_track)
    parts = []
    if info:
        parts.append((info, 0.0, th + GAP, "info"))
    left_h = th + (GAP + ih if info else 0)
    w, h = tw, left_h
    if view.get("board"):
        below, beside = _boards(view.get("seat"), view["board"], cards, tw)
        bw1, bh1 = _size(below[0])
        bw2, bh2 = _size(beside[0])
        size_below = (max(tw, bw1), left_h + GAP + bh1)
        size_beside = (tw + GAP + bw2, max(left_h, bh2))
        if _fit(*size_below) >= _fit(*size_beside):
            parts.append((below, 0.0, left_h + GAP, "board"))
            w, h = size_below
        else:
            parts.append((beside, tw + GAP, 0.0, "board"))
            w, h = size_beside
    # one picture (nested, each part keeps its own coordinates), sized so that
    # every element lies inside it
    return Layer((FRAMED, view["track"]),
                 (("width", f"{w:.0f}"), ("height", f"{h:.0f}"), ("viewBox", f"0 0 {w:.0f} {h:.0f}")),
                 (f"<title>{escape(status)}</title>", *on_track,
                  # in pieces (engine/spec.Layer): a move changes a block
                  # or two of the seat's board, seldom the info lines
                  tuple(piece for p, x, y, cls in parts
                        for piece in (f'<g class="{cls}" transform="translate({x:.0f},{y:.0f})">',
                                      *((p,) if isinstance(p, str) else p), "</g>"))))


svg = LayeredSvg(static=static_layer, keys=board_keys, dynamic=layer)


# The seat's own board below the track (its width) and beside it (NARROW): it
# changes only when its own car or hand does, while the picture is drawn
# again for every move of every car.
_boards = Drawings(lambda seat, bv, cards, width: (board_pieces(bv, cards, width=width),
                                                   board_pieces(bv, cards, width=NARROW)))


def _fit(w: float, h: float) -> tuple[bool, float]:
    """How well a w x h picture shows in the page's board box: the page
    scales it to the box's width and scrolls what is taller, so first
    whether it is all seen at once, then how large."""
    whole = w / h >= BOX[0] / BOX[1]
    return whole, BOX[0] / w if whole else min(BOX[0] / w, BOX[1] / h)


def _size(svg_text: str) -> tuple[float, float]:
    """(width, height) of a standalone SVG from its root element."""
    head = svg_text.split(">", 1)[0]

    def attr(name: str) -> float:
        try:
            return float(head.split(f' {name}="', 1)[1].split('"', 1)[0])
        except (IndexError, ValueError):
            return 0.0
    return attr("width"), attr("height")
