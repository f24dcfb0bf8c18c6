"""The panel beside Bolide's SVG board: the viewing seat's car (or the car
to move, for a spectator) as its strategy block shows it — speed and top
speed, the car-pawn vector, sharp brakings as circles, tyres, fuel, set-up,
damage — the Booster and Brake request buttons, and the running order.

Its layout depends only on the number of cars, so its frame is fixed for a
race. Facts and their tooltips come from guide.car_facts, as the page's
running-order panel does."""
from __future__ import annotations

from html import escape

from ...engine.board import action_doc, data_action
from .actions import Request, Stay
from .rules.advanced import STRATEGIES, strategy_name
from .guide import HEADING, car_facts, running_order, standings, status_of, vector_words
from .svg_marks import LIGHT, button, car_body, speed_colour, title

PANEL_W = 232                 # one column of the panel
COL = PANEL_W + 10
CAR_TOP = 44                  # the car's block, under the race's name
CAR_H = 132
ROW = 21
# Drawn as pictures, not words (the race's direction: the board's red arrows).
DRAWN = ("lap", "speed", "heading", "sharp brakings", "race runs")
GRANTED = {"boost": "Booster granted: +1 speed this move (BOLIDE 7)",
           "same_gear": "Same gear: keep the speed of last turn (BOLIDE 7)",
           "no_brake": "No sharp braking this move (BOLIDE 7)",
           "brake_ok": "Brake granted: one sharp braking this move (BOLIDE 7)",
           "brake_spin": "The granted braking ends in a half spin (BOLIDE 7)"}
REQUESTS = {"booster": ("Booster", "Request a Booster: roll the die for +1 speed this move; "
                        "a bad roll can damage the engine (BOLIDE 7)."),
            "brake": ("Brake", "Request a Brake: roll the die for a sharp braking with none "
                      "left; a bad roll can damage the car or spin it (BOLIDE 7).")}


def fact_rows(rules: str) -> int:
    """Rows of facts in two columns: the advanced rules have tyres, fuel
    and a set-up to show."""
    return 5 if rules == "advanced" else 2


def layout(rules: str, n_cars: int, wide: bool) -> dict:
    """Where each part of the panel goes, and its size: one column beside
    the board, or three side by side under it (`wide`). Fixed for a race:
    it depends on the rules and the number of cars only."""
    facts_h = 15 * fact_rows(rules) + 4
    order_h = 26 + ROW * n_cars
    if wide:
        out = {"car": (0, CAR_TOP), "facts": (COL, 14), "buttons": (COL, 14 + facts_h + 14),
               "order": (2 * COL, 16)}
        out["size"] = (3 * COL - 10, max(CAR_TOP + CAR_H, 14 + facts_h + 54, 16 + order_h))
    else:
        top = CAR_TOP + CAR_H
        out = {"car": (0, CAR_TOP), "facts": (0, top), "buttons": (0, top + facts_h + 14),
               "order": (0, top + facts_h + 58)}
        out["size"] = (PANEL_W, top + facts_h + 58 + order_h)
    return out


def _text(x, y, text, size=11, bold=False, fill="#222", anchor="start") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{fill}" '
            f'text-anchor="{anchor}">{escape(str(text))}</text>')


def focus_seat(v: dict) -> int | None:
    """Whose car the panel shows: the viewer's, else the car to move, else
    the leader."""
    if v["you"] is not None and 0 <= v["you"] < len(v["cars"]):
        return v["you"]
    if v["to_act"]:
        return v["to_act"][0]
    order = running_order(v)
    return order[0] if order else None


def panel(v: dict, wide: bool = False) -> str:
    at = layout(v["rules"], len(v["cars"]), wide)
    w, h = at["size"]
    out = [f'<rect x="0" y="0" width="{w}" height="{h}" rx="6" fill="#fff" stroke="#bbb"/>']
    weather = {"sun": "sunny", "rain": "rain"}.get(v["weather"], v["weather"])
    head = f"turn {v['turn']} · {weather}" + (" (variable)" if v["variable_weather"] else "")
    out.append(f'<g>{title(_race_tip(v))}{_text(10, 18, v["circuit"]["name"], 13, True)}'
               f'{_text(10, 33, head, 11, fill="#555")}</g>')
    seat = focus_seat(v)
    if seat is not None:
        car = v["cars"][seat]
        out.append(_at(at["car"], _car_block(v, car)))
        out.append(_at(at["facts"], _facts(v, car)))
        if car["seat"] in v["to_act"]:
            out.append(_at(at["buttons"], _buttons(v)))
    out.append(_at(at["order"], _order(v)))
    return "\n".join(out)


def _at(where: tuple[int, int], body: str) -> str:
    return f'<g transform="translate({where[0]},{where[1]})">{body}</g>' if body else ""


def _race_tip(v: dict) -> str:
    laps = v["circuit"]["laps"]
    tip = f"{v['circuit']['name']}: {laps} laps, turn {v['turn']} (BOLIDE 3)."
    if v["rules"] == "advanced":
        tip += (f" Weather: {v['weather']}" + (", may change at the intermediate line"
                                              if v["variable_weather"] else ", for good")
                + " (BOLIDE 10).")
    return tip


def _car_block(v: dict, car: dict) -> str:
    """The car: name, lap, speed and top speed, heading, the speed scale and
    the sharp brakings (or the table of strategies while choosing one)."""
    role = ("you" if car["seat"] == v["you"] else "") + (
        (" · to move" if car["seat"] == v["you"] else "to move") if car["seat"] in v["to_act"]
        else "")
    who = f"{car['name']}, seat {car['seat'] + 1} ({car['kind']})"
    out = [f'<g>{title(who)}'
           f'{car_body(18, 10, car["colour"], str(car["seat"] + 1), 14)}'
           f'{_text(38, 9, car["name"], 14, True)}'
           f'{_text(38, 23, role or car["kind"], 11, fill="#555")}</g>']
    facts = {f.label: f for f in car_facts(car, v)}
    lap = facts["lap"]
    lap_text = _text(PANEL_W - 10, 16, "lap " + lap.value, 13, True, anchor="end")
    out.append(f'<g>{title(lap.tip)}{lap_text}</g>')
    status = status_of(car)
    if v["decision"] in ("strategy", "pit_tyres") and car["seat"] in v["to_act"]:
        out.append(_strategies(v, car, 44))
        return "".join(out)
    if "speed" not in facts:
        out.append(_text(10, 56, status or "out of the race", 14, True, "#555"))
        return "".join(out)
    speed, top = car["speed"], car["top"]
    ink = speed_colour(speed) if speed not in LIGHT else "#8a7a00"     # yellow is pale
    out.append(f'<g>{title(facts["speed"].tip)}{_text(10, 66, speed, 34, True, ink)}'
               f'{_text(50, 50, "speed", 11, fill="#555")}'
               f'{_text(50, 66, f"top {top}", 12, True)}</g>')
    out.append(_vector(car, HEADING, PANEL_W - 40, 30))
    out.append(_scale(speed, top, car.get("safe"), 10, 88))
    out.append(_brakes(car, facts["sharp brakings"], 10, 120))
    if status and car["mode"] != "run":
        out.append(_text(10, 82, status, 11, True, "#b71c1c"))
    return "".join(out)


def _facts(v: dict, car: dict) -> str:
    """The car's other facts in two columns, and what a request granted."""
    if v["decision"] in ("strategy", "pit_tyres") and car["seat"] in v["to_act"]:
        return ""
    out = []
    rest = [f for f in car_facts(car, v) if f.label not in DRAWN]
    rows = fact_rows(v["rules"])
    for i, f in enumerate(rest[:2 * rows]):
        x, y = 10 + (i % 2) * 112, 10 + (i // 2) * 15
        out.append(f'<g>{title(f.tip)}{_text(x, y, f"{f.label}: {f.value}", 11)}</g>')
    granted = [GRANTED[k] for k in v["granted"]] if car["seat"] in v["to_act"] else []
    if granted:
        out.append(f'<g>{title("; ".join(granted))}'
                   f'{_text(10, 15 * rows + 14, granted[0].split(" (")[0], 11, True, "#1b5e20")}'
                   "</g>")
    return "".join(out)


def _strategies(v: dict, car: dict, y0: float) -> str:
    """BOLIDE 11's table of the four strategies (the tyres only, at a pit
    stop), with this weather's word on slicks and rain tyres (BOLIDE 13)."""
    pit = v["decision"] == "pit_tyres"
    out = [_text(10, y0, "tyres for lap 2" if pit else "strategies", 12, True),
           _text(PANEL_W - 10, y0, "top lap 1/2 · brakings", 10, fill="#555", anchor="end")]
    y = y0 + 4
    for (fuel, tyres), (first, second, brakes) in STRATEGIES.items():
        if pit and fuel != car["fuel"]:
            continue
        y += 16
        name = strategy_name(fuel, tyres)
        tops = f"{first}" if second is None else f"{first}/{second}"
        load = "1/2 fuel (one lap, then the pit lane)" if fuel == "half" else "full fuel (no stop)"
        tip = f"{name}: {load}, {tyres} tyres: top speed {tops}, {brakes} sharp brakings (BOLIDE 11)."
        out.append(f'<g>{title(tip)}<rect x="6" y="{y - 12}" width="{PANEL_W - 12}" height="15" '
                   f'rx="3" fill="#f6f4ec"/>{_text(12, y, name, 12, True)}'
                   f'{_text(66, y, f"{fuel} fuel, {tyres}", 11)}'
                   f'{_text(PANEL_W - 10, y, f"{tops} · {brakes}", 11, anchor="end")}</g>')
    weather = ("Rain: slicks are safe 1 below the top, which needs a die roll; their sharp "
               "brakings are frozen. Rain tyres drive as slicks do in the sun."
               if v["weather"] == "rain" else
               "Sun: rain tyres lose 2 of top speed but keep their sharp brakings.")
    words = "rain: slicks -1, no brakings" if v["weather"] == "rain" else "sun: rain tyres -2"
    out.append(f'<g>{title(weather + " (BOLIDE 13)")}'
               f'{_text(10, y + 16, words, 11, True, "#1565c0")}</g>')
    return "".join(out)


def _vector(car: dict, tip: str, cx: float, cy: float) -> str:
    """The car-pawn vector in a small box: direction and length."""
    s = 20
    k = s / 9
    ex, ey = cx + car["vx"] * k, cy + s + car["vy"] * k
    out = [f'<rect x="{cx - s}" y="{cy}" width="{2 * s}" height="{2 * s}" fill="#f7f7f2" '
           'stroke="#ccc"/>',
           f'<path d="M{cx - s},{cy + s}h{2 * s}M{cx},{cy}v{2 * s}" stroke="#ddd"/>']
    if car["vx"] or car["vy"]:
        n = (car["vx"] ** 2 + car["vy"] ** 2) ** 0.5
        ux, uy = car["vx"] / n, car["vy"] / n
        head = [(ex + ux * 4, ey + uy * 4), (ex - uy * 4, ey + ux * 4), (ex + uy * 4, ey - ux * 4)]
        out.append(f'<line x1="{cx}" y1="{cy + s}" x2="{ex:.1f}" y2="{ey:.1f}" '
                   f'stroke="{car["colour"]}" stroke-width="2.5"/>'
                   f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in head)}" '
                   f'fill="{car["colour"]}"/>')
    out.append(f'<circle cx="{cx}" cy="{cy + s}" r="3" fill="{car["colour"]}"/>')
    out.append(_text(cx, cy + 2 * s + 12, vector_words(car["vx"], car["vy"]), 10,
                     fill="#555", anchor="middle"))
    return f'<g>{title(tip)}{"".join(out)}</g>'


def _scale(speed: int, top: int, safe: int | None, x0: float, y0: float) -> str:
    """Speeds 0-9 as coloured boxes: the car's speed raised, those above
    its top speed crossed out."""
    out = []
    for d in range(10):
        x = x0 + d * 21
        over = top is not None and d > top
        out.append(f'<rect x="{x}" y="{y0}" width="19" height="16" rx="2" '
                   f'fill="{"#eee" if over else speed_colour(d)}" '
                   f'stroke="{"#111" if d == speed else "#999"}" '
                   f'stroke-width="{2.5 if d == speed else 0.6}"/>')
        ink = "#bbb" if over else ("#111" if d in LIGHT or d == 0 else "#fff")
        out.append(_text(x + 9.5, y0 + 12, d, 10, d == speed, ink, "middle"))
        if over:
            out.append(f'<path d="M{x + 2},{y0 + 14}L{x + 17},{y0 + 2}" stroke="#bbb"/>')
    words = f"Speeds: this car is at {speed}; its top speed is {top}"
    if safe is not None and top is not None and safe < top:
        words += f" ({safe} without a die roll, slicks in the rain, BOLIDE 13)"
    return f'<g>{title(words + ". The colours are those of the points on the board (BOLIDE 1).")}' \
           + "".join(out) + "</g>"


def _brakes(car: dict, fact, x0: float, y0: float) -> str:
    """Sharp brakings as the strategy block's circles: filled while left."""
    n = car["brakes"]
    slots = max(car["brakes_full"], n)
    out = [_text(x0, y0 + 4, "sharp brakings", 11, fill="#555")]
    for i in range(slots):
        left = i < n and not car["frozen"]
        out.append(f'<circle cx="{x0 + 100 + i * 18}" cy="{y0}" r="6.5" '
                   f'fill="{"#333" if left else "#fff"}" stroke="#333" stroke-width="1.5"/>')
    if car["frozen"]:
        out.append(_text(x0 + 100 + slots * 18, y0 + 4, "frozen", 11, True, "#1565c0"))
    return f'<g>{title(f"{fact.label}: {fact.value}. {fact.tip}")}{"".join(out)}</g>'


def _buttons(v: dict) -> str:
    out = []
    x = 10
    for kind in v["requests"]:
        label, tip = REQUESTS[kind]
        out.append(f'<g class="request"{data_action(action_doc(Request(kind)))}>'
                   f'{title(tip)}{button(x, 0, 100, 26, label, "#fff3c4")}</g>')
        x += 108
    if v["stay"]:
        out.append(f'<g class="request"{data_action(action_doc(Stay()))}>'
                   f'{title("Stay put and pass this turn, the pawn on the car (BOLIDE 8).")}'
                   f'{button(x, 0, 100, 26, "Stay put", "#e3f2fd")}</g>')
    return "".join(out)


def _order(v: dict) -> str:
    tip = ("The running order: who moves first next turn, by sectors passed and then "
           "along the red arrow (BOLIDE 3); finishers in the order they crossed the line.")
    out = [f'<g>{title(tip)}{_text(10, 0, "Running order", 12, True)}</g>']
    for i, st in enumerate(standings(v)):
        y = 8 + i * ROW
        car = v["cars"][st.seat]
        facts = {f.label: f.value for f in st.facts}
        words = st.status or "  ".join(
            f"{k} {facts[k]}" for k in ("lap", "speed", "sharp brakings") if k in facts
        ).replace("sharp brakings", "brk")
        you = " (you)" if st.seat == v["you"] else ""
        tip = (f"{st.place}. {st.name}{you}: " + ", ".join(
            f"{f.label} {f.value}" for f in st.facts) + (f", {st.status}" if st.status else "")
            + " (BOLIDE 3)")
        mine = st.seat == v["you"]
        out.append(f'<g>{title(tip)}'
                   + (f'<rect x="4" y="{y}" width="{PANEL_W - 8}" height="{ROW - 2}" rx="3" '
                      'fill="#fff8d6"/>' if mine else "")
                   + _text(16, y + 14, st.place, 11, True, anchor="end")
                   + car_body(30, y + 9.5, car["colour"], str(st.seat + 1), 10,
                              ghost=car["mode"] in ("crashed", "out"))
                   + _text(44, y + 14, st.name.replace(" car", ""), 11, mine)
                   + _text(PANEL_W - 8, y + 14, words, 10, fill="#444", anchor="end")
                   + "</g>")
    return "".join(out)
