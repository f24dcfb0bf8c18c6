"""The legend of Bolide's boards (engine/guide.Mark): every kind of mark the
SVG and the terminal draw, its terminal symbol (empty: drawn on the page
only), a word in our own words, the rule, and a swatch drawn by the board's
own functions (svg_marks.py). The terminal's legend line is made from it."""
from __future__ import annotations

from ...engine.guide import Mark
from .svg_marks import (ARROW, SHADES, SURFACE, blocked_mark, button, car_body, halo, move_mark,
                        pawn, place_mark, slip_badge, slip_point)
from .view import COLOURS

SPEED_WORDS = ("", "indigo", "blue", "teal", "green", "light green", "yellow", "orange", "red",
               "purple")


def _dot(colour: str, r: float) -> str:
    return f'<circle cx="12" cy="12" r="{r}" fill="{colour}"/>'


def _cell(fill: str, dot: str = "", r: float = 1.6) -> str:
    return (f'<rect x="2" y="2" width="20" height="20" fill="{fill}"/>'
            + (_dot(dot, r) if dot else ""))


def marks(v: dict | None = None) -> list[Mark]:
    pit = True
    if v is not None:
        from .circuit import circuit
        pit = circuit(v["circuit"]["key"], v["circuit"].get("content")).meta.pit is not None
    out = [
        Mark("1-8", "car", "A car in its colour, with its seat's number; a yellow ring "
             "round the car whose turn it is.", "BOLIDE 1",
             halo(12, 12, 9) + car_body(12, 12, COLOURS[0], "1", 12)),
        Mark("o", "pawn", "The pawn (hollow square) and the dashed car-pawn vector: the "
             "car's speed and direction. Next turn it reaches the 25 points around the pawn.",
             "BOLIDE 1", pawn(3, 21, 17, 7, COLOURS[1], 16)),
        Mark("*", "reachable", "A point the car to move may drive to; its number and "
             "colour give the speed it makes. Click it to move there.", "BOLIDE 1",
             move_mark(12, 12, 5, "pawn", False, False, 22)),
    ]
    out += [Mark("", f"speed {d}", f"{SPEED_WORDS[d].capitalize()}: a move at speed {d}"
                 + (" (above the top speeds: a Booster's)" if d == 9 else "") + ".",
                 "BOLIDE 1" if d < 9 else "BOLIDE 7", move_mark(12, 12, d, "pawn", False,
                                                                  False, 22))
            for d in range(1, 10)]
    out += [
        Mark("b", "sharp braking", "A square: a sharp braking to speed 2, ignoring the pawn, "
             "at less than 90 degrees from the car's course; it uses one of the tyres' "
             "sharp brakings.", "BOLIDE 4", move_mark(12, 12, 2, "brake", False, False, 22)),
        Mark("!", "risky move", "A red ring: a die roll that may damage or spin the car (an "
             "attack, slicks at top speed in the rain, a Brake request's spin), leaving the "
             "track, or a next turn with no move but a sharp braking.",
             "BOLIDE 2, 4, 6, 13", move_mark(12, 12, 7, "pawn", True, False, 20)),
        Mark("?", "one way on", "An amber dashed ring: after this move the car has only one "
             "point it can reach next turn without a sharp braking.", "BOLIDE 1, 4",
             move_mark(12, 12, 6, "pawn", False, True, 20)),
        Mark("", "attack", "A red dashed ring round a car: drive at its point to attack it; "
             "the die decides who keeps the point.", "BOLIDE 6",
             car_body(12, 12, COLOURS[2], "3", 12) + move_mark(12, 12, 0, "attack", True,
                                                              False, 13)),
        Mark("", "slipstream +1", "An arrowhead beside a point: the move there, then the "
             "slipstream's +1 square in the main direction.", "BOLIDE 5",
             move_mark(8, 12, 4, "pawn", False, False, 14) + slip_badge(8, 12, 1, 0, 4, 14)),
        Mark("s", "slipstream", "The point right behind a car at speed 3 or more: "
             "stopping there earns +1 square next turn.", "BOLIDE 5",
             slip_point(12, 12, COLOURS[3], 22)),
        Mark("x", "blocked", "A point around the pawn the car may not take now: off the "
             "track, above its top speed, or through another car.", "BOLIDE 1, 5",
             blocked_mark(12, 12, 24)),
        Mark("+", "place", "A point where your car may be put: after losing an engagement, "
             "behind the Safety Car, or at the Pit Lane Out.", "BOLIDE 6, 9",
             place_mark(12, 12, 22)),
        Mark("", "request button", "Buttons beside the board: roll the die for a Booster "
             "(+1 speed, at speed 3 or more) or a Brake (a sharp braking with none left); "
             "a bad roll can damage the car.", "BOLIDE 7",
             button(1, 5, 22, 14, "B")),
        Mark(".", "track", "A track point: cars stop only on these black points.", "BOLIDE 1",
             _cell(SHADES[0], SURFACE["track"])),
        Mark(":", "kerb", "A kerb point: part of the track.", "BOLIDE 1",
             _cell(SHADES[1], SURFACE["kerb"], 2.2)),
        Mark(",", "run-off", "Run-off: off the track. A car forced off stops here and "
             "creeps back one square a turn.", "BOLIDE 2", _cell(SHADES[2], SURFACE["runoff"])),
        Mark("#", "off limits", "White rows and off the board: a car forced there crashes.",
             "BOLIDE 2", '<rect x="2" y="2" width="20" height="20" fill="#f4f1e8" '
             'stroke="#ccc"/>'),
        Mark("", "sector and red arrow", "Each shaded sector has a red arrow: within a "
             "sector the car further along it moves first.", "BOLIDE 3",
             _cell(SHADES[3]) + f'<line x1="4" y1="12" x2="17" y2="12" stroke="{ARROW}" '
             'stroke-width="3"/><path d="M15,7 L21,12 L15,17 z" fill="#c00"/>'),
        Mark("", "finish line", "Black and white: touching or crossing it ends a lap.",
             "BOLIDE Preparation", '<path d="M12,2v20" stroke="#111" stroke-width="5"/>'
             '<path d="M12,2v20" stroke="#fff" stroke-width="5" stroke-dasharray="3,3"/>'),
        Mark("", "intermediate line", "Blue dashes: the 1/2 GP line, for the weather draws "
             "and championship points.", "BOLIDE 10, 16",
             '<path d="M12,2v20" stroke="#1565c0" stroke-width="3" stroke-dasharray="5,3"/>'),
        Mark("", "grid slot", "A red square of the starting grid.", "BOLIDE Preparation",
             '<rect x="5" y="5" width="14" height="14" fill="none" stroke="#c00" '
             'stroke-width="2"/>'),
    ]
    if pit:
        out += [
            Mark("=", "pit lane", "A numbered square of the pit lane, one a turn; S "
                 "Pit Stop, F Full Fuel, ½ 1/2 Fuel cell.", "BOLIDE 9, 15",
                 '<rect x="1" y="6" width="22" height="13" rx="3" fill="#fff" stroke="#555"/>'
                 '<text x="12" y="16" font-size="10" text-anchor="middle">3S</text>'),
            Mark("", "Pit Lane In", "The red line: a move touching it between the laps "
                 "takes the car into the pit lane.", "BOLIDE 9",
                 '<line x1="3" y1="12" x2="21" y2="12" stroke="#e53935" stroke-width="5" '
                 'stroke-linecap="round"/>'),
            Mark("", "Pit Lane Out", "The points where a car leaving the pit lane makes its "
                 "standing start.", "BOLIDE 9",
                 '<rect x="5" y="5" width="14" height="14" fill="#e53935" fill-opacity="0.35" '
                 'stroke="#e53935"/>'),
        ]
    return out


def legend(v: dict) -> list[Mark]:
    return marks(v)


def terminal_line(v: dict, width: int = 100) -> list[str]:
    """The legend as the terminal board writes it, on as few lines as fit."""
    items, seen = [], set()
    for m in marks(v):
        if m.symbol and m.symbol not in seen:
            seen.add(m.symbol)
            items.append(f"{m.symbol} {m.name}")
    lines, line = [], "legend:"
    for item in items:
        if len(line) + 2 + len(item) > width:
            lines.append(line)
            line = "       "
        line += "  " + item
    return lines + [line]

