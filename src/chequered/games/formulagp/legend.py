"""The legend of FormulaGP's boards (engine/guide.Mark): every mark the
terminal board (render_text, render_track.track_text) and the picture
(render_track.track_svg, render_board_svg) draw, with the symbol the
terminal writes, a sentence in our words, the rule and a 24 x 24 swatch
drawn as the picture draws it. `help rules` prints it too.

legend(view) leaves out what that view cannot show: the board's marks for a
spectator, the Advanced hazards and weather in a Standard race."""
from __future__ import annotations

from ...engine.guide import Mark
from .render_board import CARD_FILL, PACE_FILL, PARAM_FILL
from .render_track import TOKEN_COLOURS
from .track_marks import TOKEN_TEXT


def _rect(fill: str, stroke: str = "#ddd", extra: str = "") -> str:
    return (f'<rect x="2" y="6" width="20" height="12" rx="2" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="1.5"/>{extra}')


def _road(inner: str) -> str:
    return f'<rect width="24" height="24" fill="#555"/>{inner}'


def _text(s: str, size: int = 10, fill: str = "#111", y: float = 16) -> str:
    return (f'<text x="12" y="{y}" font-size="{size}" font-weight="bold" text-anchor="middle" '
            f'font-family="sans-serif" fill="{fill}">{s}</text>')


def _disc(label: str, fill: str = "#fff", stroke: str = "#222", colour: str = "#111") -> str:
    return (f'<circle cx="12" cy="12" r="10" fill="{fill}" stroke="{stroke}"/>'
            + _text(label, 9 if len(label) < 3 else 7, colour, 15))


def _token(word: str, key: str) -> str:
    return (f'<rect x="1" y="5" width="22" height="14" rx="2" fill="{TOKEN_COLOURS[key]}" '
            f'stroke="#000"/>' + _text(word, 8, "#fff", 15))


KERB = ('<rect x="2" y="6" width="20" height="12" fill="#fff"/>'
        + "".join(f'<rect x="{x}" y="6" width="3" height="12" fill="#d0302a"/>'
                  for x in (3, 9, 15, 21) if x < 22))
CAR = ('<path d="M 2 7 h 13 l 6 5 l -6 5 h -13 z" fill="#d62728" stroke="#111"/>'
       '<circle cx="10" cy="12" r="7" fill="#d62728" stroke="#fff" stroke-width="1.5"/>'
       + _text("1", 9, "#fff", 15))
CHECKER = "".join(f'<rect x="{2 + 5 * c}" y="{6 + 6 * r}" width="5" height="6" '
                  f'fill="{"#000" if (r + c) % 2 else "#fff"}"/>' for r in range(2) for c in range(4))

TRACK = [
    Mark(".", "space", "A space of a racing lane: one car fits in it, a movement point "
         "takes you to the next one.", "FGP 2.1.2", _road(_rect("#7b7b7b"))),
    Mark("=", "kerb", "A kerb: red and white, but part of the track like any space.",
         "FGP 2.1.1", _road(KERB)),
    Mark("<>", "double-lane space", "A wide space across two lanes: leaving it into either "
         "lane is no lane change. The text shows a car's number in its left half.",
         "FGP 2.1.2, 8.3", _road('<rect x="2" y="3" width="20" height="18" rx="2" '
                                 'fill="#7b7b7b" stroke="#ddd" stroke-width="1.5"/>')),
    Mark("s", "slipstream space, one shadow", "A slipstream space: a second car may stop "
         "here behind the car in it and gains +2 OT for an attack (from round 3).", "FGP 8.5",
         _road(_rect("#7b7b7b", extra='<ellipse cx="9" cy="12" rx="3" ry="2.5" fill="#222" '
                                      'fill-opacity="0.6"/>'))),
    Mark("S", "slipstream space, more shadows", "A slipstream space with room for two or "
         "more cars behind the one in it.", "FGP 8.5",
         _road(_rect("#7b7b7b", extra='<ellipse cx="7" cy="12" rx="3" ry="2.5" fill="#222" '
                                      'fill-opacity="0.6"/><ellipse cx="14" cy="12" rx="3" '
                                      'ry="2.5" fill="#222" fill-opacity="0.6"/>'))),
    Mark("!", "tricky corner", "Skid marks begin here: ending a move on this space rolls the "
         "RED die, and a car that loses control spins to the shadow car at the end of the "
         "marks. On the tile's line, `!` says the tile has one.", "FGP 8.7",
         _road(_rect("#7b7b7b", "#ff8c00", _text("!", 11, "#ff8c00", 16)))),
    Mark("+", "reachable space", "Where your next movement point can go (the page marks the "
         "end of each whole move instead).", "FGP 8.3", _road(_rect("#39c16c", "#0b6b2e"))),
    Mark("P", "pit lane space", "The PIT LANE space: reach it without crossing the yellow "
         "line and your car goes to its pit box; the points left are lost.", "FGP 11.1",
         _road(_rect("#b8b8b8", extra='<line x1="0" y1="22" x2="24" y2="22" stroke="#f1c40f" '
                                      'stroke-dasharray="3,2"/>'))),
    Mark("x", "shadow car at the pit entry", "A car that does not mean to enter the pits "
         "stops here, before the yellow line.", "FGP 11.1", _road(_rect("#b8b8b8"))),
    Mark("p", "pit exit space", "Where cars leave the pits and join the track.", "FGP 11.3",
         _road(_rect("#b8b8b8"))),
    Mark("#", "wall", "A wall along the edge: a car pushed or spinning into it hits it and is "
         "damaged instead of going off the track.", "FGP 2.1.3, 13.4.4",
         '<rect width="24" height="24" fill="#6fa35a"/><rect x="0" y="8" width="24" '
         'height="12" fill="#555"/><line x1="0" y1="8" x2="24" y2="8" stroke="#f2f2f2" '
         'stroke-width="4"/>'),
    Mark("1", "car", "A car with its number (the seat's number, the same all race), in its "
         "team's colour; the small second number is the team's. @ marks your car in the "
         "running order.", "FGP 16.5", CAR),
    Mark("- L R", "tile: straight, left, right", "Each line of the text board is a tile: its "
         "number, whether it is straight or bends left or right, then its marks and four "
         "lanes from left to right.", "FGP 2.1", _road("")),
    Mark("g4", "gear of the tile", "The gear you use when your move starts on this tile (2, "
         "4, 6 or 8); the picture writes it in a white disc beside the tile.", "FGP 8.1",
         _disc("4")),
    Mark("NP", "no pairs", "A move starting from this tile is made with a single card.",
         "FGP 8.4.1", _disc("NP")),
    Mark("'R G'", "speed-limit gear token", "RED ('R) or GREEN (G') speed limit: drive "
         "through or start from this tile with that colour or slower, else roll the RED die. "
         "The dot's side tells the colours apart.", "FGP 8.4.2, 16.2",
         _disc("R", "#fff", "#c8322b", "#c8322b")
         + '<circle cx="5" cy="5" r="3" fill="#fff" stroke="#111"/>'),
    Mark("F", "finish line", "The start and finish line: a lap counts where it is crossed.",
         "FGP 12.1", '<rect width="24" height="24" fill="#555"/>' + CHECKER),
    Mark("D1", "DRS zone", "A DRS zone (blue): a car ending its move behind another in the "
         "zone moves up behind it. Not in rounds 1-2, under yellow flags or the Safety Car.",
         "FGP 8.6", _road(_rect("#6f86b8") + '<line x1="3" y1="0" x2="3" y2="24" '
                                            'stroke="#2e86de" stroke-width="3"/>')),
    Mark("P> >P", "pit entry and pit exit tiles", "The tiles where the pit lane leaves the "
         "track and where it comes back.", "FGP 11.1, 11.3",
         '<rect width="24" height="24" fill="#6fa35a"/><path d="M 0 10 h 24" stroke="#9a9a9a" '
         'stroke-width="8"/><path d="M 0 10 h 24" stroke="#f1c40f" stroke-dasharray="4,3"/>'),
    Mark("YF", "yellow flag", "A yellow-flag zone starts on this tile: no overtaking and no "
         "DRS, tricky corners or hazards up to the green flag.", "FGP 13.8",
         _token("YF", "yellow")),
    Mark("GF", "green flag", "The yellow-flag zone ends on this tile.", "FGP 13.8",
         _token("GF", "green_flag")),
    Mark("SC", "Safety Car", "The Safety Car is on this tile: the field follows it and nobody "
         "passes it.", "FGP 13.9", _token("SC", "safety_car")),
    Mark("GR", "gravel", "A Gravel token: driving through with RED or BLUE cards costs tyre "
         "wear; stopping on it costs your next tyre bonus and pairs.", "FGP 13.13.1",
         _token("GR", "gravel")),
    Mark("panel", "race control panel side", "The side of the race control panel in use, the "
         "colour of a WHITE die face: a red face has its button left and two dots, a green "
         "face its button right and one dot.", "FGP 3.2, 16.1",
         '<rect x="2" y="2" width="20" height="20" rx="4" fill="#2e9d4f" stroke="#111"/>'
         '<circle cx="17" cy="8" r="2.2" fill="#fff"/><circle cx="12" cy="19" r="1.6" '
         'fill="#fff"/>'),
]

ADVANCED = [
    Mark("OIL", "oil", "An Oil token: through it or stopping on it, spend a counter-steer "
         "card or spin.", "FGP 13.13.3", _token("OIL", "oil")),
    Mark("DEB", "debris", "A Debris token: change lanes on its tile or take a DAMAGE card.",
         "FGP 13.13.2", _token("DEB", "debris")),
    Mark("WTR", "standing water", "Standing water: a GREEN speed limit for the tile; "
         "stopping on it is a loss of control.", "FGP 13.13.4",
         '<rect x="1" y="5" width="22" height="14" rx="2" fill="#2e86de" stroke="#000"/>'
         + _text("WTR", 8, "#fff", 15)),
]

ORDER = [
    Mark("RL", "Race Leader token", "The Race Leader token: it moves to another car only when "
         "that car ends a round a whole tile ahead, so its holder is first on its tile.",
         "FGP 13.3", _text("RL", 11)),
    Mark("box", "in the pit box", "The car is in its pit box (space drawn empty).",
         "FGP 11.2", _text("box", 9)),
    Mark("pit", "pit-lane start", "The car crashed in qualifying and starts from the pit "
         "lane.", "FGP 6.2, 7.2", _text("pit", 9)),
    Mark("spun", "spun", "The car spun: it faces the wrong way and moves last next round.",
         "FGP 13.4.2", _text("spun", 8)),
    Mark("off", "off the track", "The car went off the track and rejoins next turn.",
         "FGP 13.4.3, 13.4.5", _text("off", 9)),
    Mark("blue 2blue", "blue flags", "One (blue) or two (2blue) laps down: lapped cars let "
         "the leaders by.", "FGP 13.11", _text("blue", 8, "#2e86de")),
    Mark("W2W", "wheel to wheel", "Sharing a tile with another car at the end of a round: "
         "the two pass each other without a battle.", "FGP 9.5", _text("W2W", 8)),
    Mark("dmg fail", "damage and failures", "The car carries DAMAGE or FAILURE cards that "
         "weaken its board.", "FGP 13.6, 13.7", _text("dmg", 9, "#7f8c8d")),
]

BOARD = [
    Mark("SPEED", "speed table", "Movement points by the gear of the tile you start from (in "
         "[ ] on the text board) and the pace of your cards; * marks a damage malus.",
         "FGP 8.1", '<rect x="1" y="1" width="11" height="11" fill="#2e9d4f"/><rect x="12" '
         f'y="1" width="11" height="11" fill="{PACE_FILL["red"]}"/><rect x="1" y="12" '
         'width="22" height="11" fill="#fff" stroke="#333"/>' + _text("3", 9, "#111", 21)),
    Mark("OT", "OT bar", "Overtaking points from a move cut short by a car ahead; their LEDs "
         "count in a battle. [n] is the level now.", "FGP 9.2",
         '<rect x="2" y="6" width="20" height="12" rx="3" fill="#e67e22" stroke="#000" '
         'stroke-width="2"/>'),
    Mark("ERS", "ERS bar", "ERS charges: one extends a move on a straight or pays for BLUE "
         "pace; the LEDs beside the charge raise your hand limit.", "FGP 4.10, 8.8",
         '<rect x="2" y="6" width="20" height="12" rx="3" fill="#27ae60" stroke="#000" '
         'stroke-width="2"/>'),
    Mark("*", "LED", "An LED: on a card or beside a level, it counts in battles, qualifying "
         "and the start, or raises the hand limit.", "FGP 4.3, 8.8",
         '<circle cx="12" cy="12" r="5" fill="#ff3b30" stroke="#600"/>'),
    Mark("~", "level lost to damage", "A bar level above a damaged maximum.", "FGP 13.6",
         '<rect x="2" y="6" width="20" height="12" rx="3" fill="#bbbbbb" stroke="#777"/>'),
    Mark("limit", "hand limit", "You draw up to 4 cards plus the LEDs beside your ERS "
         "charge, less for damage.", "FGP 7.3.1, 8.8", _text("6", 13)),
    Mark("W Y R", "parameter tokens", "WHITE (draw again), YELLOW (+1 ERS) and RED (+1 OT): "
         "each once a race; a dash or a dashed circle means spent.", "FGP 4.12",
         f'<circle cx="6" cy="12" r="4" fill="{PARAM_FILL["white"]}" stroke="#333"/>'
         f'<circle cx="12" cy="12" r="4" fill="{PARAM_FILL["yellow"]}" stroke="#333"/>'
         f'<circle cx="18" cy="12" r="4" fill="{PARAM_FILL["red"]}" stroke="#333"/>'),
    Mark("card", "movement card", "A card in your hand, in its colour: GREEN, RED and BLUE "
         "set the pace, ORANGE is either; grey cards are Tyre Wear, Option or Draw Failure. "
         "The dots are its LEDs, the oval its Sprint speed.", "FGP 4.3, 16.4",
         f'<rect x="5" y="1" width="14" height="22" rx="3" fill="{CARD_FILL["red"]}" '
         'stroke="#222"/><circle cx="12" cy="9" r="2" fill="#fff35c"/>'),
    Mark("[]> =>", "arrows", "A red arrow with a square (worse: more tyre wear or stress) or "
         "a plain green one (better) on a card.", "FGP 16.3",
         '<path d="M 2 9 h 12 v -4 l 8 7 l -8 7 v -4 h -12 z" fill="#c8322b"/>'
         '<rect x="3" y="10" width="4" height="4" fill="#fff"/>'),
    Mark("WEAR", "tyre-wear track", "Your wear marker ([ ] on the text board) moves right as "
         "the tyres wear: dSM/dHW degrade Soft and Medium or Hard and Wet tyres, xS xM xSM "
         "xHW wear them out, RED rolls the RED die after each move.", "FGP 10.1",
         '<rect x="1" y="6" width="7" height="12" fill="#fff" stroke="#555"/><rect x="8" y="6" '
         'width="7" height="12" fill="#fdebd0" stroke="#555"/><rect x="15" y="6" width="8" '
         'height="12" fill="#c0392b" stroke="#555"/><path d="M 4 5 l -3 -4 h 6 z" '
         'fill="#111"/>'),
    Mark("TYRE", "tyres fitted and in the box", "The compound on your car (S soft, M medium, "
         "H hard, W wet) with its speed bonus, and the sets left in your pit box.",
         "FGP 10.1, 11.2",
         '<circle cx="12" cy="12" r="9" fill="#d62728" stroke="#111" stroke-width="3"/>'
         + _text("S", 9, "#111", 15)),
    Mark("F S!", "stress track", "Your driver's stress: FOCUS (F) gives +1 movement point, "
         "STRESSED (S!) forbids pairs.", "FGP 13.3",
         '<rect x="1" y="6" width="10" height="12" fill="#d5f5e3" stroke="#555"/><rect x="13" '
         'y="6" width="10" height="12" fill="#f5b7b1" stroke="#555"/><circle cx="18" cy="12" '
         'r="4" fill="#34495e"/>'),
    Mark("DAMAGE", "damage, failures, penalties", "DAMAGE and FAILURE cards and the tokens "
         "that cover board values, and Penalty tokens (5 tiles each at the finish).",
         "FGP 13.6, 13.7, 12.2.1",
         '<rect x="1" y="6" width="22" height="12" rx="3" fill="#7f8c8d"/>'),
]


def legend(view: dict) -> list[Mark]:
    """The marks this view's boards can show."""
    marks = list(TRACK)
    if view.get("weather") is not None or "radio_discard_top" in view:     # [ADV]
        marks += ADVANCED
    marks += ORDER
    if view.get("board"):
        marks += BOARD
    return marks


def legend_lines(view: dict, width: int = 100) -> list[str]:
    """The legend as text lines for `help rules`."""
    out = []
    for m in legend(view):
        line = f"{m.symbol:>7}  {m.name}: {m.text} ({m.rule})"
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            out.append(line[:cut])
            line = " " * 9 + line[cut + 1:]
        out.append(line)
    return out


__all__ = ["legend", "legend_lines", "TOKEN_TEXT"]
