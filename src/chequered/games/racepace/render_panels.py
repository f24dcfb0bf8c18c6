"""The SVG board's panels under the lap track (render_svg.py): the Race
Situation cards as cards, your car (steering wheel bars, tyres and their
wear, sets left), the running order, and the action buttons the page makes
clickable. Pure functions of the view; every mark has a <title>.
"""
from __future__ import annotations

import textwrap
from functools import lru_cache
from html import escape

from ...engine.board import action_doc, data_action
from . import marks
from .actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from .content import BARS, LEVELS
from .tables import BOXBOX, tables

PANEL_H = 196
CARD_W = 196
WHEEL_X, WHEEL_W = 420, 272
ORDER_X = 702
BAR_COLOUR = {"PU": "#27ae60", "AER": "#27ae60", "SKI": "#27ae60", "XP": "#2f80ed",
              "MEC": "#d7263d", "EBS": "#d7263d"}
BAR_TIP = {
    "MEC": "Mechanics: how much a Box Box pit stop costs (-3 RP, -2 from C); at E, EBS "
           "works during the stop (RP Racing Team and Driver Status, MEC)",
    "PU": "Power Unit: +1 RP a round at C and D, +2 at E (RP Racing Team and Driver Status)",
    "AER": "Aerodynamics: +1 RP a round at C and D, +2 at E (RP Racing Team and Driver Status)",
    "SKI": "Driver Skill: +1 RP a round at C and D, +2 at E (RP Racing Team and Driver Status)",
    "XP": "Driver Experience: the higher, the more Race Situation cards spare or reward you "
          "(RP Racing Team and Driver Status, XP)",
    "EBS": "Energy Boost System: Use EBS gives +1 RP at C, +2 from D, then drops 2 levels; a "
           "FEB lap gives it free (RP Energy Boost System)",
}


def panels(v: dict, y: int, width: int) -> tuple[list[str], int]:
    """The panels from height `y`; returns them and the board's height."""
    out: list[str] = []
    if v["phase"] not in ("team", "driver"):
        out += situation_cards(v, 10, y)
        out += your_car(v, WHEEL_X, y)
        out += running_order(v, ORDER_X, y, width - ORDER_X - 8)
        y += PANEL_H + 14
    controls, h = _controls(v, y)
    out += controls
    return out, y + h + 10


@lru_cache(maxsize=512)
def _wrapped(text: str, chars: int) -> tuple[str, ...]:
    return tuple(textwrap.wrap(text, chars, break_long_words=False)) or ("",)


def _wrap(text: str, chars: int) -> list[str]:
    return list(_wrapped(text, chars))


def _lines(x: float, y: float, lines: list[str], size: int, fill: str, gap: float,
           weight: str = "normal") -> str:
    return "".join(f'<text x="{x}" y="{y + i * gap:.0f}" font-size="{size}" fill="{fill}" '
                   f'font-weight="{weight}">{escape(t)}</text>' for i, t in enumerate(lines))


# ---- Race Situation cards --------------------------------------------------------------
def situation_cards(v: dict, x: int, y: int) -> list[str]:
    """RP Step 1: the face-up Race Situation I and II cards; their start
    lights at the bottom (the actions bots play, RP Bot mode)."""
    if not v["situation"]:
        return [f'<g><title>Driver Academy: no Race Situation cards are turned (RP Driver '
                f'Academy Mode)</title><rect x="{x}" y="{y}" width="{2 * CARD_W + 8}" '
                f'height="{PANEL_H}" rx="8" fill="#263238" stroke="#555"/>'
                + _lines(x + 14, y + 30, ["No Race Situation cards", "in the Driver Academy"],
                         13, "#ccc", 18) + '</g>']
    out = []
    drivers = {c["colour"]: c for c in v["cars"] if c["driver"]}
    for i, (deck, card) in enumerate(sorted(v["situation"].items())):
        cx = x + i * (CARD_W + 8)
        tip = (f"Race Situation {deck} card: {card['title']}"
               + (f" - {card['text']}" if card["text"] else "")
               + " It applies after everyone has chosen an action (RP Step 1)")
        out.append(f'<g class="situation" data-deck="{deck}"><title>{escape(tip)}</title>'
                   f'<rect x="{cx}" y="{y}" width="{CARD_W}" height="{PANEL_H}" rx="9" '
                   f'fill="#f7f3e8" stroke="#b9a46a" stroke-width="2"/>'
                   f'<rect x="{cx}" y="{y}" width="{CARD_W}" height="22" rx="9" fill="#b9a46a"/>'
                   f'<text x="{cx + 10}" y="{y + 16}" font-size="11" font-weight="bold" '
                   f'fill="#222">RACE SITUATION {deck}</text>'
                   + _lines(cx + 10, y + 40, _wrap(card["title"], 26), 13, "#111", 16, "bold")
                   + _lines(cx + 10, y + 40 + 16 * len(_wrap(card["title"], 26)) + 4,
                            _wrap(card["text"], 31)[:7], 11, "#333", 14)
                   + '</g>')
        out += _lights(v, card["lights"], drivers, cx + 8, y + PANEL_H - 22)
    return out


def _lights(v: dict, lights: dict, drivers: dict, x: float, y: float) -> list[str]:
    """The start lights: one per driver colour, holding the action number a
    bot of that colour plays (RP Bot mode)."""
    out = []
    for j, (colour, n) in enumerate(lights.items()):
        car = drivers.get(colour)
        who = (f"{car['driver']}" + (" (a bot)" if car["kind"] == "bot" else "")) if car \
            else f"a {colour} driver (not racing)"
        tip = (f"Start light for {who}: a bot of this colour plays action {n}, "
               f"{marks.short_action(n)} (RP Bot mode)")
        cx = x + 12 + j * 26
        out.append(f'<g class="light"><title>{escape(tip)}</title>'
                   f'<circle cx="{cx}" cy="{y + 8}" r="10" fill="{marks.colour(colour)}" '
                   f'stroke="#333"/><text x="{cx}" y="{y + 12}" font-size="11" '
                   f'font-weight="bold" text-anchor="middle" fill="#111">{n}</text></g>')
    return out


# ---- your car --------------------------------------------------------------------------
def your_car(v: dict, x: int, y: int) -> list[str]:
    """Your steering wheel: the six bars, your RP, tyres and their wear
    against the Box-Box token, sets left and compounds raced."""
    me = next((c for c in v["cars"] if c["seat"] == v["you"]), None)
    frame = (f'<rect x="{x}" y="{y}" width="{WHEEL_W}" height="{PANEL_H}" rx="8" '
             'fill="#263238" stroke="#555"/>')
    if me is None or me["driver"] is None:
        return [f'<g><title>You are watching: no car of your own</title>{frame}'
                + _lines(x + 14, y + 30, ["Watching the race"], 13, "#ccc", 18) + '</g>']
    out = [f'<g class="wheel"><title>Your steering wheel: {escape(me["driver"])} for '
           f'{escape(me["team"] or "")} (RP Steering Wheel)</title>{frame}'
           f'<text x="{x + 10}" y="{y + 18}" font-size="13" font-weight="bold" fill="#fff">'
           f'{escape(me["driver"])} #{me["number"]} - {escape(me["team"] or "")}</text></g>']
    for i, bar in enumerate(BARS):
        out.append(_bar(x + 10, y + 30 + i * 17, bar, me["bars"][bar]))
    out.append(f'<g><title>Race Pace: the laps your car moves this round as counted so far '
               f'(situation cards apply after the actions) (RP Steering Wheel N)</title>'
               f'<text x="{x + 208}" y="{y + 44}" font-size="11" fill="#ccc" '
               f'text-anchor="middle">RP</text><text x="{x + 208}" y="{y + 76}" font-size="30" '
               f'font-weight="bold" fill="#fff" text-anchor="middle">{me["rp"]}</text></g>')
    out += _tyres(v, me, x + 10, y + 136)
    return out


def _bar(x: float, y: float, bar: str, level: str) -> str:
    n = LEVELS.index(level)
    boxes = "".join(f'<rect x="{x + 34 + i * 24}" y="{y}" width="22" height="13" rx="2" '
                    f'fill="{BAR_COLOUR[bar] if i <= n else "#3c464c"}" stroke="#111"/>'
                    f'<text x="{x + 45 + i * 24}" y="{y + 10}" font-size="9" fill="#fff" '
                    f'text-anchor="middle">{LEVELS[i]}</text>' for i in range(5))
    return (f'<g class="bar"><title>{escape(BAR_TIP[bar])}: level {level}</title>'
            f'<text x="{x}" y="{y + 10}" font-size="11" fill="#ddd">{bar}</text>{boxes}</g>')


def tyre_token(tyre: str, cx: float, cy: float, r: float = 9) -> str:
    ink = "#111" if tyre in ("M", "H") else "#fff"
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{marks.TYRE_COLOUR[tyre]}" '
            f'stroke="#111" stroke-width="1.5"/><text x="{cx}" y="{cy + r * 0.4:.1f}" '
            f'font-size="{r * 1.1:.0f}" font-weight="bold" fill="{ink}" '
            f'text-anchor="middle">{tyre}</text>')


def _tyres(v: dict, me: dict, x: float, y: float) -> list[str]:
    if me["tyre"] is None:
        text = "A bot: no tyres (RP Bot rules)" if me["kind"] == "bot" else "No tyres yet"
        return [f'<g><title>{text}</title>' + _lines(x, y + 12, [text], 11, "#ccc", 14)
                + '</g>']
    life, td = me["tyre_life"], me["td"]
    name = marks.TYRE_NAME[me["tyre"]]
    tip = (f"{name} tyres: {td} of {life} laps used; the car stops at the Box-Box token "
           f"({max(0, life - td)} laps left) (RP Tyre Degradation Bar)")
    bar_w = 170
    fill = min(1.0, td / life) if life else 1.0
    out = [f'<g class="tyre"><title>{escape(tip)}</title>{tyre_token(me["tyre"], x + 10, y + 8)}'
           f'<rect x="{x + 26}" y="{y + 2}" width="{bar_w}" height="12" rx="3" fill="#3c464c"/>'
           f'<rect x="{x + 26}" y="{y + 2}" width="{bar_w * fill:.1f}" height="12" rx="3" '
           f'fill="{marks.TYRE_COLOUR[me["tyre"]]}" opacity="0.8"/>'
           f'<rect x="{x + 26 + bar_w - 3}" y="{y - 2}" width="6" height="20" fill="#fff" '
           f'stroke="#111"/><text x="{x + 26 + bar_w + 10}" y="{y + 12}" font-size="11" '
           f'fill="#fff">{td}/{life}</text></g>']
    sets = ", ".join(f"{marks.TYRE_NAME[k]} {n}" for k, n in me["sets"].items())
    used = ", ".join(marks.TYRE_NAME[t] for t in me["used"])
    tip = ("Sets left to fit at a Box Box: " + sets + " (hards and wets can be re-used). Raced "
           "on: " + used + "; every car must race on two compounds (RP Tyres and Pit Stops)")
    tokens = " ".join(f"{t:+d}" for t in me["next_tokens"]) or "none"
    out.append(f'<g class="sets"><title>{escape(tip)}</title>'
               + _lines(x, y + 34, [f"sets left: {sets}", f"raced on: {used}"], 11, "#ddd", 14)
               + '</g>')
    out.append(f'<g><title>RP tokens taken this round, resolved next round (RP Race Pace '
               f'Tokens)</title>' + _lines(x + 160, y + 48, [f"tokens: {tokens}"], 11, "#ddd", 14)
               + '</g>')
    return out


# ---- the running order -----------------------------------------------------------------
def running_order(v: dict, x: int, y: int, w: int) -> list[str]:
    """RP Leaderboard: the cars in race order with lap, tyres, RP and the
    action each chose this round."""
    out = [f'<g><title>The leaderboard: cars move in this order each round (RP Leaderboard)'
           f'</title><rect x="{x}" y="{y}" width="{w}" height="{PANEL_H}" rx="8" '
           f'fill="#263238" stroke="#555"/><text x="{x + 10}" y="{y + 18}" font-size="13" '
           f'font-weight="bold" fill="#fff">Running order</text></g>']
    cars = {c["seat"]: c for c in v["cars"]}
    step = min(21, (PANEL_H - 30) / max(1, len(v["leaderboard"])))
    for pos, seat in enumerate(v["leaderboard"], start=1):
        car = cars[seat]
        ry = y + 28 + (pos - 1) * step
        name = car["driver"] or f"player {seat + 1}"
        act = marks.action_cell(car)
        tyre = marks.TYRE_NAME.get(car["tyre"]) if car["tyre"] else None
        tip = (f"P{pos} {name}, car {marks.car_label(seat)}: lap {car['dist']}, RP {car['rp']}"
               + (f", {tyre} tyres {car['td']}/{car['tyre_life']}" if tyre else "")
               + (f", chose {act}" if act else "")
               + (", holds the Start Player Card" if seat == v["start_player"] else "")
               + (", finished" if car["finished"] else "") + " (RP Leaderboard)")
        weight = "bold" if seat == v["you"] else "normal"
        out.append(f'<g class="order-row" data-seat="{seat}"><title>{escape(tip)}</title>'
                   f'<text x="{x + 8}" y="{ry + 12:.0f}" font-size="11" fill="#ccc">{pos}</text>'
                   f'<circle cx="{x + 30}" cy="{ry + 8:.0f}" r="7" '
                   f'fill="{marks.colour(car["colour"])}" stroke="#111"/>'
                   f'<text x="{x + 42}" y="{ry + 12:.0f}" font-size="11" fill="#fff" '
                   f'font-weight="{weight}">{escape(name[:11])}</text>'
                   f'<text x="{x + 122}" y="{ry + 12:.0f}" font-size="11" fill="#ddd">'
                   f'L{car["dist"]}</text>'
                   + (tyre_token(car["tyre"], x + 160, ry + 8, 6) if tyre else "")
                   + f'<text x="{x + 172}" y="{ry + 12:.0f}" font-size="11" fill="#ddd">'
                   f'RP{car["rp"]}</text><text x="{x + 206}" y="{ry + 12:.0f}" font-size="10" '
                   f'fill="#9cf">{escape(act[:9])}</text></g>')
    return out


# ---- the action buttons ----------------------------------------------------------------
PHASE_TITLES = {"select": "Your steering wheel: choose an action button",
                "react": "React: copy the action of a driver ahead, or nothing",
                "tyre": "Choose the compound to start on",
                "team": "Choose your Race Team board", "driver": "Choose your Driver board"}


def _controls(v: dict, y: int) -> tuple[list[str], int]:
    """One button per action of the current phase, each marked with its
    action (engine/board.py) so the page makes the legal ones clickable.
    Drawn for every viewer; only the seat to act gets them live."""
    T = tables()
    phase = v["phase"]
    out = [f'<text x="14" y="{y + 12}" fill="#ccc" font-size="13">'
           f'{escape(PHASE_TITLES.get(phase, ""))}</text>']
    body, h = _control_body(v, T, phase, y + 20)
    return out + body, 20 + h


def _control_body(v: dict, T, phase: str, y: int) -> tuple[list[str], int]:
    out: list[str] = []
    if phase in ("select", "react"):
        make = Select if phase == "select" else Copy
        takers = {int(k): s for k, s in v["taken"].items()}
        for n in range(1, 12):
            out.append(_action_button(v, n, 12 + (n - 1) * 86, y, make, takers.get(n, [])))
        if phase == "react":
            out.append(_button(12, y + 102, 180, 28, "Copy nothing", Copy(None),
                               "Copy no action and keep your round as it is (RP React)"))
            return out, 134
        return out, 100
    if phase == "tyre":
        for i, tyre in enumerate("SMHW"):
            t = T.tyres[tyre]
            sub = (f"{t.dry:+d} RP dry, " + ("stuck in rain" if not t.moves_in_rain
                                             else f"{t.rain:+d} RP rain"))
            tip = (f"Start on {t.name}: {sub}; lasts {v['circuit']['boxbox'][tyre]} laps here "
                   "(RP Setup 3, Tyre Information)")
            out.append(_button(12 + i * 150, y, 140, 60, t.name, ChooseTyre(tyre), tip, sub,
                               extra=[f"lasts {v['circuit']['boxbox'][tyre]} laps here"]))
        return out, 68
    if phase in ("team", "driver"):
        return _boards(v, T, phase, y)
    return out, 0


def _boards(v: dict, T, phase: str, y: int) -> tuple[list[str], int]:
    """RP Setup K/L: the Race Team or Driver boards on the table, with their
    starting levels (and a driver's skill); a taken board says by whom."""
    field = "team" if phase == "team" else "driver"
    taken = {car[field]: car for car in v["cars"] if car[field]}
    out = []
    h = 50 if phase == "team" else 84
    boards = list(T.teams.values()) if phase == "team" else list(T.drivers.values())
    for i, b in enumerate(boards):
        x, yy = 12 + (i % 4) * 238, y + (i // 4) * (h + 8)
        levels = " ".join(f"{k} {lv}" for k, lv in b.levels.items())
        sub = f"#{b.number}  {levels}"
        owner = taken.get(b.name)
        if owner is not None:
            sub = f"taken by player {owner['seat'] + 1}"
        if phase == "team":
            action, rule, more = PickTeam(b.key), "RP Setup K", ""
        else:
            action, rule, more = PickDriver(b.key), "RP Setup L", b.skill_text
        tip = (f"{b.name}: number {b.number} (team + driver number sets the grid), starting "
               f"levels {levels}" + (f". Skill: {more}" if more else "")
               + (f" - {sub}" if owner is not None else "") + f" ({rule})")
        out.append(_button(x, yy, 228, h, b.name, None if owner is not None else action, tip,
                           sub, extra=_wrap(more, 44)[:3]))
    return out, 2 * (h + 8)


def _action_button(v, n: int, x: int, y: int, make, takers: list[int]) -> str:
    """An action button with its seven lights above it (RP Step 2): the four
    compounds it may be chosen on, Team Play A/B and the Safety Car light;
    chips in the colours of the cars that chose it this round."""
    tip, lights, body = _button_face(n, x, y, make)
    who = {c["seat"]: c for c in v["cars"]}
    chips = "".join(f'<circle cx="{x + 70 - i * 9}" cy="{y + 20}" r="5" '
                    f'fill="{marks.colour(who[s]["colour"])}" stroke="#111"/>'
                    for i, s in enumerate(takers[:4]))
    if takers:
        tip += ". Chosen this round by " + ", ".join(who[s]["driver"] or f"player {s + 1}"
                                                      for s in takers)
    head = (f'<g class="action-button" data-button="{n}"><title>{escape(tip)}</title>'
            f'{lights}')
    if n == BOXBOX:          # the compound buttons follow the button's group
        main, subs = body
        return head + main + chips + "</g>" + subs
    return head + body + chips + "</g>"


@lru_cache(maxsize=64)
def _button_face(n: int, x: int, y: int, make):
    """What an action button looks like whoever chose it: its tooltip, its
    lights and its clickable face (drawn the same every round)."""
    T = tables()
    b = T.buttons[n]
    lit = [marks.TYRE_NAME[t] for t in "SMHW" if t in b.tyres]
    tip = (f"{n} {b.name}: " + _BUTTON_WORDS.get(b.key, "") + f" Lit for {', '.join(lit)} tyres"
           + ("; works under the Safety Car" if b.safety_car else "; dark under the Safety Car")
           + (f"; Team Play light {'/'.join(b.team)}" if b.team else "") + " (RP Step 2)")
    lights = "".join(
        f'<circle cx="{x + 8 + i * 10}" cy="{y + 5}" r="3.5" '
        f'fill="{marks.TYRE_COLOUR[t] if t in b.tyres else "#111"}" stroke="#555"/>'
        for i, t in enumerate("SMHW"))
    lights += "".join(
        f'<circle cx="{x + 50 + i * 10}" cy="{y + 5}" r="3.5" '
        f'fill="{"#27ae60" if ab in b.team else "#111"}" stroke="#555"/>'
        for i, ab in enumerate("AB"))
    lights += (f'<circle cx="{x + 74}" cy="{y + 5}" r="3.5" '
               f'fill="{"#27ae60" if b.safety_car else "#111"}" stroke="#555"/>')
    label = "".join(f'<text x="{x + 40}" y="{y + 44 + i * 12}" fill="#ddd" font-size="10" '
                    f'text-anchor="middle" pointer-events="none">{escape(w)}</text>'
                    for i, w in enumerate(_wrap(b.name, 11)[:2]))
    if n == BOXBOX:      # the compound to fit is part of the choice
        subs = "".join(_button(x + 1 + i * 19, y + 54, 18, 22, t, make(n, t),
                               f"Box Box: pit and fit new {marks.TYRE_NAME[t]} tyres "
                               "(RP Tyres and Pit Stops)", fill=marks.TYRE_COLOUR[t],
                               ink="#111" if t in "MH" else "#fff")
                       for i, t in enumerate("SMHW"))
        main = (f'<rect x="{x}" y="{y + 10}" width="80" height="42" rx="5" fill="#3a3f47" '
                f'stroke="#9aa"/><text x="{x + 40}" y="{y + 30}" fill="#fff" font-size="14" '
                f'text-anchor="middle">{n}</text>{label}')
        return tip, lights, (main, subs)
    mark = data_action(action_doc(make(n)))
    body = (f'<g{mark}><rect x="{x}" y="{y + 10}" width="80" height="66" rx="5" '
            f'fill="#3a3f47" stroke="#9aa"/><text x="{x + 40}" y="{y + 32}" fill="#fff" '
            f'font-size="16" font-weight="bold" text-anchor="middle" pointer-events="none">'
            f'{n}</text>{label}</g>')
    return tip, lights, body


_BUTTON_WORDS = {
    "MEC": "Mechanics one level up: cheaper pit stops.",
    "PU": "Power Unit one level up: more RP every round from C.",
    "AER": "Aerodynamics one level up: more RP every round from C.",
    "SKI": "Driver Skill one level up: more RP every round from C.",
    "XP": "Driver Experience one level up: Race Situation cards spare you more often.",
    "CHARGE": "EBS one level up, and no tyre wear this round.",
    "USE_EBS": "Extra RP from your EBS level this round, then EBS drops two levels.",
    "DEFEND": "+1 RP token for you next round; a car that passes you takes -2.",
    "START": "+1 RP this round; the first to choose it takes the Start Player Card.",
    "REACT": "After everyone chose, copy the action of a driver ahead of you.",
    "BOXBOX": "A pit stop: fit a new set (choose the compound below); costs RP by your MEC "
              "level, free under the Safety Car. Several cars may choose it.",
}


def _button(x, y, w, h, label, action, tip, sub=None, fill="#3a3f47", ink="#fff",
            extra=()) -> str:
    """A clickable button: a label, a sub-label and more lines under it."""
    mark = data_action(action_doc(action)) if action is not None else ""
    lines = ([sub] if sub else []) + list(extra)
    top = y + h / 2 + 4 - 6 * len(lines)
    text = (f'<text x="{x + w / 2:.0f}" y="{top:.0f}" fill="{ink}" font-size="12" '
            f'font-weight="bold" text-anchor="middle" pointer-events="none">'
            f'{escape(str(label))}</text>')
    for i, line in enumerate(lines):
        # the whole line, smaller if need be: never cut ("Driver Experie")
        size = min(10, (w - 8) / max(1, len(line)) * 1.8)
        text += (f'<text x="{x + w / 2:.0f}" y="{top + 14 + 12 * i:.0f}" fill="#ddd" '
                 f'font-size="{size:.1f}" text-anchor="middle" pointer-events="none">'
                 f'{escape(line)}</text>')
    return (f'<g{mark}><title>{escape(tip)}</title><rect x="{x}" y="{y}" width="{w}" '
            f'height="{h}" rx="5" fill="{fill}" stroke="#9aa"/>{text}</g>')
