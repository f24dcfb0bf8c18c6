"""The terminal board: a pure function of a view (render.view).

The track is drawn as a strip read left to right in the direction of
travel, one 4-column cell per sector, the Apron on top and the lanes below
it as on the page's bottom straight; long runs of empty sectors fold into
one `~n` column so the field fits 100 columns (a field spread further takes
a second strip). Under it the Team Sheet, one line a team, with a key
saying what each field means (status.py), the move in progress and the
seat's own hand. The whole stays short so that a decision's screen (the
board, the menu: terminal.Session.screen) fits 100x40.
"""
from __future__ import annotations

from . import status

WIDTH = 100
LABEL = 7                      # "lane 4 ", "Apron  ", "sector "
CELL = 4
FOLD = 3                       # empty sectors folded into one column from this many


def text(v: dict) -> str:
    lines = [_header(v)]
    lines += _strips(v)
    lines += _sheet(v)
    lines += _move(v)
    lines += _hand(v)
    if v["scores"]:
        names = {str(tm["seat"]): tm["key"].capitalize() for tm in v["teams"]}
        lines += _wrap("Final points: " + ", ".join(f"{names[k]} {p}"
                                                  for k, p in v["scores"].items()))
    return "\n".join(lines)


def _team_word(tm: dict) -> str:
    return tm["key"].capitalize()


def _header(v: dict) -> str:
    t = v["track"]
    teams = {tm["seat"]: tm for tm in v["teams"]}
    parts = [t["name"], f"lap {v['lap']}/{t['laps']}", f"turn {v['turn']}"]
    if v["leader"] is not None:
        parts.append(f"leader #{v['leader']}")
    parts.append(f"First Player: {_team_word(teams[v['first']])}")
    if v["yellow"]:
        parts.append("YELLOW FLAG")
    return " - ".join(parts)


# ---- the track strip ------------------------------------------------------------------
def _columns(v: dict) -> list:
    """The strip's columns, behind first: a dist (one sector), or ("gap", n)
    for n empty sectors folded into one column."""
    dists = sorted({c["dist"] for c in v["cars"] if c["status"] == "racing"})
    if not dists:
        return []
    cols: list = []
    for a, b in zip(dists, dists[1:] + [None]):
        cols.append(a)
        if b is None:
            break
        empty = b - a - 1
        if empty >= FOLD:
            cols.append(("gap", empty))
        else:
            cols += list(range(a + 1, b))
    return cols


def _ruler_cell(v: dict, col) -> str:
    t = v["track"]
    if isinstance(col, tuple):
        return f" ~{col[1]:<2}"
    s = col % t["sectors"]
    mark = ("F" if s == 0 else "g" if s == t["green_line"]
            else "c" if t["corner"][s] else " ")
    return f"{s:>3}{mark}"


def _strips(v: dict) -> list[str]:
    t = v["track"]
    cols = _columns(v)
    if not cols:
        return ["(no car on the track)"]
    codes = {tm["seat"]: tm["code"] for tm in v["teams"]}
    at = {(c["dist"], c["lane"]): c for c in v["cars"]
          if c["status"] == "racing" and c["lane"]}
    apron = {}
    for c in v["cars"]:
        if c["status"] == "racing" and c["lane"] == 0:
            apron.setdefault(c["dist"], []).append(c)
    stacks = {int(k): nums for k, nums in v["apron"].items()}

    def car_cell(c: dict, more: bool = False) -> str:
        mark = "+" if more else "*" if c["lapdown"] else " "
        return f"{mark}{c['number']:>2}{codes[c['seat']]}"

    per = (WIDTH - LABEL) // CELL
    chunks = [cols[max(0, i - per):i] for i in range(len(cols), 0, -per)]   # the front first
    maxw = max(t["width"])
    out = []
    for chunk in chunks:
        rows = ["sector " + "".join(_ruler_cell(v, c) for c in chunk)]
        if apron:
            cells = []
            for col in chunk:
                here = apron.get(col, []) if not isinstance(col, tuple) else []
                if here:
                    # the bottom of the stack counts as ahead (STOCK The Apron)
                    order = stacks.get(col % t["sectors"], [])
                    here.sort(key=lambda c: order.index(c["number"]) if c["number"] in order
                              else 99)
                    cells.append(car_cell(here[0], more=len(here) > 1))
                else:
                    cells.append("  ~ " if isinstance(col, tuple) else "  . ")
            rows.append("Apron  " + "".join(cells))
        for lane in range(1, maxw + 1):
            cells = []
            for col in chunk:
                if isinstance(col, tuple):
                    cells.append("  ~ ")
                elif lane > t["width"][col % t["sectors"]]:
                    cells.append("    ")
                elif (col, lane) in at:
                    cells.append(car_cell(at[(col, lane)]))
                else:
                    cells.append("  . ")
            rows.append(f"lane {lane} " + "".join(cells))
        out += [r.rstrip() for r in rows]
    for dist, cars in sorted(apron.items(), reverse=True):
        if len(cars) > 1:
            out.append(f"  Apron stack at sector {dist % t['sectors']}, ahead first: "
                       + ", ".join(f"#{c['number']}" for c in cars))
    return out


# ---- the Team Sheet ---------------------------------------------------------------------
def _sheet(v: dict) -> list[str]:
    out = status.key_lines(v["numbers"])
    if any(len(x) > 1 for x in v["apron"].values()):
        out.append("  +43R = a stack of cars on the Apron, #43 at the bottom (ahead)")
    for tm in v["teams"]:
        you = "you " if tm["seat"] == v["you"] else "    "
        first = " 1st" if tm["seat"] == v["first"] else "    "
        head = f"{you}{tm['code']} {_team_word(tm):<7}{first} hand {tm['hand']}  "
        cells = [status.cell(c) for c in v["cars"] if c["seat"] == tm["seat"]]
        out += _wrap(head + "  ".join(cells), indent=len(head), sep="  ")
    ev = v["events"]
    deck = v["deck"]
    line = (f"Race deck {deck['pile']} cards ({deck['discards']} discarded); Event deck "
            f"{ev['pile']}")
    if ev["last_title"]:
        line += f", last Event: {ev['last_title']} ({ev['last_kind']})"
    out.append(line)
    return out


def _wrap(line: str, indent: int = 2, sep: str = ", ") -> list[str]:
    """A line cut at `sep` to fit WIDTH, continued indented."""
    out = []
    while len(line) > WIDTH:
        cut = line.rfind(sep, 0, WIDTH)
        if cut <= indent:
            cut = WIDTH
        out.append(line[:cut].rstrip())
        line = " " * indent + line[cut + (len(sep) if line[cut:cut + len(sep)] == sep else 0):]
    out.append(line)
    return out


def _move(v: dict) -> list[str]:
    m = v["move"]
    if not m:
        return []
    if "affect" in m:
        return ["Event: choose which of your cars it hits: "
                + " ".join(f"#{n}" for n in m["affect"])]
    line = f"Moving #{m['car']}" + (f" with {m['card']}" if "card" in m else "")
    if "mp" in m:
        line += (f" - {m['kind']}, {m['mp']} MP left, pack "
                 + " ".join(f"#{n}" for n in m["pack"]))
    return _wrap(line)


def _hand(v: dict) -> list[str]:
    hand = v["hand"]
    if hand is None:
        return []
    out = []
    line = f"Your hand ({len(hand)} of {v['hand_size']}):"
    for card in hand:
        if len(line) + 3 + len(card["text"]) > WIDTH:
            out.append(line)
            line = " "
        line += "   " + card["text"]
    return out + [line]
