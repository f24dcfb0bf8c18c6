"""The words and small marks of the track picture and the text board:
token names and tooltips, the rules behind a space's marks and a tile's
icons, and the car mark (render_track draws them in place, legend.py
explains them)."""
from __future__ import annotations

from html import escape

from . import render_cb as CBM
from .track import LANES

# the picture's scale, shared with render_track (pixels per tile length)
SCALE = 64
ROAD = 0.9                  # road width in tile lengths
LANE_W = ROAD / LANES
CAR_LEN = 0.62              # a car's length in tile lengths (its width is a lane's)
CAR_BADGE = 10              # the radius of the disc with the car's number (pixels)


WALL_TITLE = "a wall: a car pushed or spinning into it hits it and is damaged (FGP 2.1.3, 13.4.4)"
TOKEN_TITLES = {
    "yellow": "Yellow Flag: a zone up to the green flag where nobody overtakes and DRS, tricky "
              "corners and hazards are off (FGP 13.8)",
    "green": "Green Flag: the end of the yellow zone (FGP 13.8)",
    "SC": "the Safety Car: nobody passes it (FGP 13.9)",
    "gravel": "Gravel token: through it with RED or BLUE cards, +1 tyre wear; stop on it and "
              "your next move has no tyre bonus and no pairs (FGP 13.13.1)",
    "oil": "Oil token: through it or stopping on it, spend a counter-steer card or spin "
           "(FGP 13.13.3)",
    "debris": "Debris token: change lanes on this tile or take a DAMAGE card (FGP 13.13.2)",
    "standing_water": "Standing Water: a GREEN speed limit for the tile (RED or BLUE: roll the "
                      "RED die); stopping on it is a loss of control (FGP 13.13.4)",
}


TOKEN_TEXT = {"yellow": "YF", "green": "GF", "SC": "SC", "gravel": "GR", "oil": "OIL",
              "debris": "DEB", "standing_water": "WTR"}


def token_text(what: str) -> str:
    """A token's short word, the same on the text board and the picture."""
    return TOKEN_TEXT.get(what, what[:3].upper())


def token_title(what: str) -> str:
    return TOKEN_TITLES.get(what, what.replace("_", " ") + " token (FGP 13.13)")


def space_rules(sp) -> str:
    """The sections a space's marks come from."""
    rules = ["FGP 2.1.2"]
    if sp.kerb:
        rules.append("kerb 2.1.1")
    if len(sp.lanes) > 1:
        rules.append("double-lane 8.3")
    if sp.slipstream:
        rules.append("slipstream 8.5")
    if sp.skid_to is not None:
        rules.append("tricky 8.7")
    if sp.pit_lane or sp.pit_exit or sp.shadow_car:
        rules.append("pit 11.1-11.3")
    return ", ".join(rules)


def gear_title(t) -> str:
    bits = [f"tile {t.index}: start a move here in gear {t.gear} (FGP 8.1)"]
    if t.no_pairs:
        bits.append("NP: no pairs of cards from here (FGP 8.4.1)")
    if t.speed_limit:
        bits.append(f"{t.speed_limit} gear token: speed limit, {t.speed_limit} or slower cards "
                    "through it, else the RED die (FGP 8.4.2, 16.2)")
    return escape("; ".join(bits))


def car_svg(x: float, y: float, heading: float, label: str, colour: str, space: int | None,
            seat: int | None = None, team: int | None = None, tip: str = "",
            through: bool = False) -> str:
    """A car at (x, y) pixels facing `heading` degrees: a body in its team's
    colour, a lane wide, with a white nose, and its number upright in a disc of
    that colour (a dark outline keeps it readable on any colour); the FGP 16.5
    team number beside it. `data-car` is the number (the same car all race),
    `data-seat` its seat; a car on a clickable space lets the click through
    to the space (`through`)."""
    L, W = CAR_LEN * SCALE, LANE_W * 1.05 * SCALE
    attrs = f' data-car="{escape(label)}"' + (f' data-seat="{seat}"' if seat is not None else "") \
        + (f' data-space="{space}"' if space is not None else "")
    if through:
        attrs += ' pointer-events="none"'
    c = escape(colour)
    body = (f'<g transform="translate({x:.1f},{y:.1f}) rotate({heading:.1f})">'
            f'<path d="M {-L / 2:.1f} {-W / 2:.1f} h {L * 0.7:.1f} l {L * 0.3:.1f} {W / 2:.1f} '
            f'l {-L * 0.3:.1f} {W / 2:.1f} h {-L * 0.7:.1f} z" fill="{c}" stroke="#111" '
            f'stroke-width="1.5"/><path d="M {L * 0.2:.1f} {-W / 2 + 1:.1f} l {L * 0.3 - 2:.1f} '
            f'{W / 2 - 1:.1f} l {-L * 0.3 + 2:.1f} {W / 2 - 1:.1f} z" fill="#fff" '
            'fill-opacity="0.85"/></g>')
    r = CAR_BADGE
    badge = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{c}" stroke="#fff" '
             f'stroke-width="2"/><text x="{x:.1f}" y="{y + r * 0.45:.1f}" '
             f'font-size="{r * 1.3:.0f}" font-weight="bold" fill="#fff" stroke="#111" '
             f'stroke-width="2.5" paint-order="stroke" text-anchor="middle">{escape(label)}</text>')
    tip = tip or f"car {label}" + (f" on space {space}" if space is not None else "")
    return (f'<g class="car"{attrs}><title>{escape(tip)}</title>{body}{badge}'
            + (CBM.team_badge(x + r * 0.95, y - r * 0.95, team) if team else "") + '</g>')
