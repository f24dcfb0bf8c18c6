"""Bolide's terminal board: a pure function of the view.

The board is cropped to the part around the car to move and its choices,
with full coordinates on both axes (column numbers written downwards, one
digit a line, and row numbers on both sides), so that "to 63,10" is found
at a glance. Its height leaves room for the menu: the whole decision, board
and menu (terminal.Session.screen), fits a 100 x 40 terminal, and a larger
terminal (`screen`) shows more of the board.
"""
from __future__ import annotations

from .circuit import FORBIDDEN, KERB, RUNOFF, circuit
from .guide import car_facts, running_order, status_of
from .legend import terminal_line
from .rules.outlook import RISKY
from .view import ON_BOARD, focus_points

SCREEN_COLS, SCREEN_ROWS = 100, 40     # as terminal.py's
# Session.screen adds a blank line, the decision and the prompt, and keeps
# the menu within SCREEN_ROWS - 5 - len(board lines) rows (its `room`).
MENU_SPARE = 5
GOOD_ROWS = 14                         # a board this tall shows a corner and its approach
MIN_ROWS = 5
SURFACE = {FORBIDDEN: "#", RUNOFF: ",", KERB: ":"}


def text(v: dict, screen: tuple[int, int] | None = None) -> str:
    cols, screen_rows = screen or (SCREEN_COLS, SCREEN_ROWS)
    cols, screen_rows = max(cols, SCREEN_COLS), max(screen_rows, SCREEN_ROWS)
    c = circuit(v["circuit"]["key"], v["circuit"].get("content"))
    grid = [[SURFACE.get(c.kind[y][x], ".") for x in range(c.width)] for y in range(c.height)]

    def put(x, y, ch):
        if 0 <= x < c.width and 0 <= y < c.height:
            grid[y][x] = ch

    if c.meta.pit is not None:
        for x, y in c.meta.pit.squares:
            put(x, y, "=")
    cars = v["cars"]
    for car in cars:
        if car["mode"] in ON_BOARD and car["slip_point"]:
            put(*car["slip_point"], "s")
    for x, y, ok in v["reach"]:
        if not ok:
            put(x, y, "x")
    for car in cars:
        if car["seat"] in v["to_act"] and car["mode"] == "run":
            put(*car["pawn"], "o")
    for ch in v["choices"]:
        if not ch["slip"]:
            put(ch["x"], ch["y"], _symbol(ch))
    for x, y in v["places"]:
        put(x, y, "+")
    for car in cars:
        where = _where(c, car)
        if where is not None:
            put(*where, str(car["seat"] + 1))

    facts_lines = _you(v) + _order(v)
    legend = terminal_line(v, SCREEN_COLS)
    x0, x1 = _span(c.width, _focus_x(v), cols - 6)
    digits = len(str(max(x1 - 1, 0)))
    rows = _rows(v, 1 + digits + len(legend) + len(facts_lines), c.height, screen_rows)
    if rows < MIN_ROWS:
        # a very long menu: the running order and the legend's end give way
        facts_lines, legend = facts_lines[:1], legend[:1]
        rows = max(3, _rows(v, 1 + digits + len(legend) + len(facts_lines), c.height,
                            screen_rows))
    y0, y1 = _span(c.height, _focus_y(v), rows)
    lw = len(str(c.height - 1))
    lines = [_head(v)]
    for k in range(digits - 1, -1, -1):          # hundreds, tens, units: one digit a line
        lines.append(" " * (lw + 1) + "".join(
            str(x // 10 ** k % 10) if x >= 10 ** k or k == 0 else " " for x in range(x0, x1)))
    lines += [f"{y:>{lw}} " + "".join(grid[y][x0:x1]) + f" {y}" for y in range(y0, y1)]
    return "\n".join(lines + legend + facts_lines)


def _symbol(ch: dict) -> str:
    if any(r in RISKY for r in ch["risks"]):
        return "!"
    if "one_way" in ch["risks"]:
        return "?"
    if ch["kind"] in ("brake", "attack_brake"):
        return "b"
    return "*"


def _where(c, car) -> tuple[int, int] | None:
    if car["mode"] in ON_BOARD:
        return car["x"], car["y"]
    if car["mode"] in ("pit", "exit") and c.meta.pit is not None:
        squares = c.meta.pit.squares
        return tuple(squares[max(1, min(car["pit_square"], len(squares))) - 1])
    return None


def _head(v: dict) -> str:
    head = f"{v['circuit']['name']} - turn {v['turn']} - {v['weather']}"
    if v["results"] or v.get("championship"):
        head += f" - race {v['race']}"
    if v["phase"] in ("qualifying", "refit", "strategy"):
        head += f" - {v['phase']}"
    return head


def _rows(v: dict, fixed: int, height: int, screen_rows: int = SCREEN_ROWS) -> int:
    """The board's height: as tall as the menu of this decision allows,
    with the menu in as few columns as keep the board readable."""
    deciding = v["you"] is not None and v["you"] in v["to_act"]
    n = v["n_choices"] if deciding else 0
    room = screen_rows - MENU_SPARE - fixed
    # a decision made on the board wants a good view of it; the others
    # (strategy, service, tyres, joker) want their menu in one column
    want = min(GOOD_ROWS if v["choices"] or v["places"] else MIN_ROWS, height)
    for cols in (1, 2, 3, 4):
        rows = -(-n // cols)
        if room - rows >= want:
            return min(height, room - rows)
    # a long menu in four columns: the board takes what is left
    return min(height, room + 2 - -(-n // 4))


def _focus_x(v):
    pts = focus_points(v)
    return (min(p[0] for p in pts), max(p[0] for p in pts)) if pts else None


def _focus_y(v):
    pts = focus_points(v)
    return (min(p[1] for p in pts), max(p[1] for p in pts)) if pts else None


def _span(size: int, focus, length: int) -> tuple[int, int]:
    """A window of `length` out of `size` that holds the focus range when it
    can, centred on it (the whole board when it fits)."""
    if size <= length:
        return 0, size
    if focus is None:
        lo = (size - length) // 2
    else:
        mid = (focus[0] + focus[1]) // 2
        lo = mid - length // 2
    lo = max(0, min(lo, size - length))
    return lo, lo + length


def _you(v: dict) -> list[str]:
    """The viewer's car (or the car to move, for a spectator): its facts."""
    seat = v["you"] if v["you"] is not None else (v["to_act"][0] if v["to_act"] else None)
    if seat is None or not 0 <= seat < len(v["cars"]):
        return []
    car = v["cars"][seat]
    who = "You" if seat == v["you"] else "To move"
    parts = [f"{f.label} {f.value}" for f in car_facts(car, v)]
    status = status_of(car)
    if status:
        parts.append(status)
    return _wrap(f"{who}: {car['name']} ({seat + 1}) - " + ", ".join(parts), "  ")


def _order(v: dict) -> list[str]:
    cars = v["cars"]
    items = []
    for place, seat in enumerate(running_order(v), start=1):
        car = cars[seat]
        status = status_of(car)
        if car["finish"] or car["mode"] in ("crashed", "out", "garage", "pit", "exit"):
            tail = status.replace("in the pit lane, square", "pit")
        else:
            tail = f"L{car['lap']} {car['speed']}/{car['top']} b{car['brakes']}"
        items.append(f"{place}.{car['name'].split()[0]}({seat + 1}) {tail}")
    return _wrap("order (lap, speed/top, b sharp brakings): " + "  ".join(items), "  ")


def _wrap(line: str, indent: str, width: int = SCREEN_COLS) -> list[str]:
    out = []
    while len(line) > width:
        cut = line.rfind("  ", 0, width)
        if cut <= len(indent):
            cut = line.rfind(" ", 0, width)
        out.append(line[:cut].rstrip())
        line = indent + line[cut:].lstrip()
    return out + [line]
