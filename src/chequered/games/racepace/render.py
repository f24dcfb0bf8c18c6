"""What a seat may see (view), and the terminal board drawn from it (the SVG
board is render_svg.py).

Race Pace has no private hands: every seat sees the same board. What nobody
sees is the order of the decks and the face-down cards, so a view shows only
how many cards each deck holds.
"""
from __future__ import annotations

import textwrap

from . import marks
from .content import BARS, LEVELS
from .rules.pace import is_rain, leaderboard, race_pace
from .tables import tables


def view(state, seat) -> dict:
    T = tables(state.config.content)
    circuit = T.circuits[state.circuit]
    order = leaderboard(state)
    turn = state.turn
    phase = turn.phase
    cars = []
    for car in state.cars:
        driver = T.drivers.get(car.driver) if car.driver else None
        team = T.teams.get(car.team) if car.team else None
        cars.append({
            "seat": car.seat,
            "kind": state.config.seats[car.seat],
            "driver": driver.name if driver else None,
            "number": driver.number if driver else None,
            "colour": driver.colour if driver else "grey",
            "skill": driver.skill_text if driver else None,
            "team": team.name if team else None,
            "bars": {name: LEVELS[v] for name, v in zip(BARS, car.bars)},
            "dist": car.dist,
            "lap": T.board_lap(car.dist),
            "tyre": car.tyre,
            "td": car.td,
            "tyre_life": T.tyre_life(state.circuit, car.tyre) if car.tyre else None,
            "sets": dict(car.sets),
            "used": list(car.used),
            "tokens": list(car.tokens),
            "next_tokens": list(car.next_tokens),
            "button": car.button,
            "copied": car.copied,
            # During selection, the RP counted so far (before the situation cards).
            "rp": (race_pace(state, T, car) if phase in ("select", "react")
                   and not car.finished else car.rp),
            "moved": car.moved,
            "finished": car.finished,
            "dsq": car.dsq,
        })
    situation = {}
    if not state.config.academy or state.config.bot_mode:
        for deck, key in state.situation.items():
            c = T.cards[key]
            situation[deck] = {"key": key, "title": c.title,
                               "text": c.text if not state.config.academy else "",
                               "lights": dict(c.lights)}
    return {
        "game": "racepace",
        "you": seat,
        "circuit": {"key": circuit.key, "name": circuit.name, "laps": circuit.laps,
                    "finish_lap": circuit.finish_lap, "finish_side": state.finish_side,
                    "boxbox": {"S": circuit.boxbox_soft, "M": circuit.boxbox_medium,
                               "H": T.tyre_life(circuit.key, "H"),
                               "W": T.tyre_life(circuit.key, "W")}},
        "track": {"length": T.track, "feb": sorted(T.feb), "corner": sorted(T.corner),
                  "backmarkers": {str(k): v for k, v in state.backmarkers.items()}},
        "mode": {"rules": state.config.rules, "options": list(state.config.options),
                 "bots": state.config.bot_mode},
        "race": state.race_index + 1,
        "round": state.round,
        "phase": phase,
        "to_act": [] if turn.over or turn.pending is None else list(turn.pending.seats),
        "start_player": state.start_player,
        "weather": list(state.weather),
        "raining": is_rain(state),
        "weather_card": state.weather_card,
        "situation": situation,
        "safety_car": state.safety_car,
        "sc_cause": sorted(state.sc_cause),
        "leaderboard": [c.seat for c in order],
        "cars": cars,
        "taken": {str(k): list(v) for k, v in state.taken.items()},
        "decks": {k: {"pile": len(d.pile), "discards": len(d.discards) + len(state.hidden[k])}
                  for k, d in state.decks.items()},
        "standings": {str(k): v for k, v in state.standings.items()},
        "fastest": list(state.fastest) if state.fastest else None,
        "results": [dict(r) for r in state.race_results],
    }


def text(v: dict) -> str:
    """The terminal board: the race, the lap track as a strip, the running
    order and your own car; a key under each part says what its marks mean,
    so that it reads without the rules at hand. At most 100 columns."""
    c = v["circuit"]
    lines = [f"{c['name']} - {c['laps']} laps - "
             + (f"round {v['round']}" if v["round"] else "before the start")
             + (f" - race {v['race']}" if "campaign" in v["mode"]["options"] else "")
             + ("  ** SAFETY CAR **" if v["safety_car"] else "")]
    if v["phase"] in ("team", "driver"):
        return "\n".join(lines + [""] + _catalogue(v))
    lines.append("Weather (now, then 3 rounds): "
                 + " > ".join(("RAIN" if w == "rain" else "sun") for w in v["weather"])
                 + f"   finish: lap {c['laps']}"
                 + (f" (token on {c['finish_lap']}, side B)" if c["finish_side"] == "B" else ""))
    for deck, card in v["situation"].items():
        lines += _wrapped(f"Card {deck}: {card['title']}"
                          + (f" - {card['text']}" if card["text"] else ""), "  ")
    if v["mode"]["bots"]:
        lines += _joined("Bots play their start lights: ", _bot_lights(v))
    lines += _strip(v)
    lines += _table(v)
    me = next((car for car in v["cars"] if car["seat"] == v["you"]), None)
    if me is not None and me["driver"]:
        if me["kind"] != "bot":
            lines += _wrapped(f"You (car {marks.car_label(me['seat'])}): sets left Soft "
                              f"{me['sets']['S']}, Medium {me['sets']['M']}"
                              f" - raced on {', '.join(me['used']) or 'none yet'} - tokens "
                              "next round "
                              + (" ".join(f"{t:+d}" for t in me["next_tokens"]) or "none"), "  ")
        lines += _wrapped(f"Skill ({me['driver']}): {me['skill']}", "  ")
    return "\n".join(lines)


WIDTH = 100
KEY_ORDER = ("grid", "corner", "feb", "backmarker", "token_b", "finish", "past")
KEY_WORD = {"grid": "grid", "corner": "corner", "feb": "FEB", "backmarker": "backmarker",
            "token_b": "B token", "finish": "finish", "past": "past it"}
STRIP_LABEL = 6             # "laps  " before the strip
MAX_CAR_ROWS = 4            # more cars in one lap show a "+"


def _wrapped(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent) or [""]


def _joined(head: str, items: list[str]) -> list[str]:
    """Items after `head`, comma-separated, wrapped between items only."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if len(line) + 1 + len(piece) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = "  "
        line += ("" if line.endswith((" ", ": ")) else " ") + piece
    lines.append(line.rstrip())
    return lines


def _bot_lights(v: dict) -> list[str]:
    """Which action each bot car plays this round (RP Bot mode)."""
    lit = {}
    for card in v["situation"].values():
        lit.update(card["lights"])
    out = []
    for car in v["cars"]:
        if car["kind"] == "bot" and car["colour"] in lit:
            n = lit[car["colour"]]
            out.append(f"{car['driver']} {n} {marks.short_action(n)}")
    return out or ["none"]


def _strip(v: dict) -> list[str]:
    """RP Circuit: the lap track, one character a lap, unrolled to the
    finish; the cars (by player number) under their laps."""
    last = marks.span(v)
    shown = [k for k in KEY_ORDER if k != "token_b" or v["circuit"]["finish_side"] == "B"]
    out = ["Lap track: " + "  ".join(f"{marks.SYMBOL[k]} {KEY_WORD[k]}" for k in shown)
           + "  1-8 cars"]
    room = WIDTH - STRIP_LABEL - len(marks.GRID) - 2
    first = 1
    while first <= last:
        end = min(last, first + room - 1)
        laps = list(range(first, end + 1))
        cols = ([*marks.GRID, None] if first == 1 else []) + laps
        if end == last:
            cols += [last + 1]          # past the line
        out += _strip_rows(v, cols, first == 1)
        first = end + 1
    return out


def _strip_rows(v: dict, cols: list, with_grid: bool) -> list[str]:
    last = marks.span(v)
    scale = [" "] * len(cols)
    cells = []
    for i, d in enumerate(cols):
        if d is None:
            cells.append(" ")
        elif d <= 0:
            cells.append(marks.SYMBOL["grid"])
        elif d > last:
            cells.append(marks.SYMBOL["past"])
        else:
            kinds = marks.lap_kinds(v, d)
            cells.append(marks.SYMBOL[kinds[0] if kinds else "plain"])
        if d is not None and 0 < d <= last and (d == 1 or d % 10 == 0):
            num = str(d)
            start = max(0, i - len(num) + 1)
            if all(ch == " " for ch in scale[max(0, start - 1):i + 1]):
                scale[start:i + 1] = list(num)
    column = {d: i for i, d in enumerate(cols) if d is not None}
    stacks: dict[int, list[str]] = {}     # column -> car labels, leader first
    for seat in v["leaderboard"]:
        car = next(c for c in v["cars"] if c["seat"] == seat)
        if car["driver"] is None:
            continue
        d = car["dist"]
        d = last + 1 if d > last else max(d, marks.GRID[0])
        if d in column:
            stacks.setdefault(column[d], []).append(marks.car_label(seat))
    rows = _car_rows(stacks, len(cols))
    pad = " " * STRIP_LABEL
    out = [pad + "".join(scale).rstrip(), "laps".ljust(STRIP_LABEL) + "".join(cells)]
    out += [("cars" if r == 0 else "").ljust(STRIP_LABEL) + "".join(row).rstrip()
            for r, row in enumerate(rows)]
    return out


def _car_rows(stacks: dict[int, list[str]], width: int) -> list[list[str]]:
    """Cars under their laps, one a cell. A car takes the first row where
    its neighbours' cells are empty too, so that cars on laps 6 and 7 never
    read as "61"; cars beyond MAX_CAR_ROWS in one lap show as "+"."""
    rows: list[list[str]] = []
    for i in sorted(stacks):
        for label in stacks[i]:
            spot = next((r for r in rows if r[i] == " " and (i == 0 or r[i - 1] == " ")
                         and (i + 1 >= width or r[i + 1] == " ")), None)
            if spot is None and len(rows) < MAX_CAR_ROWS:
                spot = [" "] * width
                rows.append(spot)
            if spot is None:
                spot = next((r for r in rows if r[i] == " "), None)
            if spot is None:
                rows[-1][i] = "+"
            else:
                spot[i] = label
    return rows


BAR_HEAD = "MEC PU AER SKI XP EBS"
COLUMN_KEY = ("action = button chosen this round (React>X: copied X)   tyres = S/M/H/W, laps "
              "used/Box-Box token")


def _table(v: dict) -> list[str]:
    """The leaderboard: one car a row, leader first (RP Leaderboard). The
    team column only in Team Play, where it says who races with whom."""
    teams = "team" in v["mode"]["options"]
    widths = [len(b) for b in BAR_HEAD.split()]
    head = (f"pos car {'driver':<11} " + (f"{'team':<10} " if teams else "")
            + f"{'lap':>3}  {BAR_HEAD}  {'tyres':<7} {'RP':>2} {'action':<13} notes")
    out = [head]
    cars = {car["seat"]: car for car in v["cars"]}
    for pos, seat in enumerate(v["leaderboard"], start=1):
        car = cars[seat]
        bars = " ".join(car["bars"][b].center(w) for b, w in zip(BARS, widths))
        tyres = (f"{car['tyre']} {car['td']}/{car['tyre_life']}" if car["tyre"]
                 else "none" if car["kind"] == "bot" else "-")
        you = "*" if seat == v["you"] else " "
        # Team Play: the team's first word pairs the team mates
        team = f"{(car['team'] or '-').split()[0][:10]:<10} " if teams else ""
        out.append(f"{pos:>3}{you} {marks.car_label(seat):>2} {(car['driver'] or '-')[:11]:<11} "
                   f"{team}{car['dist']:>3}  {bars}  {tyres:<7} {car['rp']:>2} "
                   f"{marks.action_cell(car):<13} {' '.join(_notes(v, car))}".rstrip())
    out.append(COLUMN_KEY)
    return out


def _notes(v: dict, car: dict) -> list[str]:
    """RP tokens to resolve this round, then the car's flags, in words."""
    notes = [f"{t:+d}RP" for t in car["tokens"]]
    if car["finished"]:
        notes.append("finished")
    if car["dsq"]:
        notes.append("DSQ")
    if car["seat"] == v["start_player"]:
        notes.append("start")
    if car["seat"] in v["sc_cause"]:
        notes.append("SC cause")
    return notes


def _catalogue(v: dict) -> list[str]:
    """Before the race: the boards still on the table."""
    T = tables()
    taken_t = {car["team"] for car in v["cars"]}
    taken_d = {car["driver"] for car in v["cars"]}
    lines = []
    if v["phase"] == "team":
        lines.append("Race Team boards (number, starting MEC PU AER EBS):")
        for t in T.teams.values():
            mark = "  taken" if t.name in taken_t else ""
            lv = " ".join(t.levels[b] for b in ("MEC", "PU", "AER", "EBS"))
            lines.append(f"  {t.name:<24} #{t.number}  {lv}{mark}")
    else:
        lines.append("Driver boards (number, starting SKI XP, skill):")
        for d in T.drivers.values():
            mark = "  taken" if d.name in taken_d else ""
            lines += textwrap.wrap(f"{d.name:<12} #{d.number:<3} {d.levels['SKI']} "
                                   f"{d.levels['XP']}  {d.skill_text}{mark}", WIDTH,
                                   initial_indent="  ", subsequent_indent=" " * 27)
    return lines
