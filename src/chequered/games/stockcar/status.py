"""A car's markers in players' words: written once here, read by the terminal
board, the SVG tooltips and team sheet, the running order and the legend.

Everything is read from a view's car (render.view) and the rule numbers the
view carries (`view["numbers"]`), so a text never says more than the view.

STOCK The Team Sheet, Cars and activation, Wear, Speed penalties, End of turn,
Lapped cars, Losing a car.
"""
from __future__ import annotations

from functools import lru_cache

WEAR_WORDS = {"tyre": "tyre", "suspension": "suspension", "fuel": "fuel",
              "engine": "engine", "body": "body"}
OUT_WORDS = {"finished": "finished", "retired": "retired", "worn": "worn out",
             "lapped": "lapped and removed"}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def temp_wear(car: dict) -> int:
    return sum(car["temp"].values())


def perm_wear(car: dict) -> int:
    return sum(car["perm"].values())


def penalty_words(numbers: dict, short: bool = False) -> str:
    """The speed penalties and the retirement (STOCK Speed penalties, Wear):
    "3 or more: 1 MP slower, 5 or more: 2 MP slower, 6: retires", or short
    "3+ -1 MP, 5+ -2 MP, 6 retires"."""
    return _penalty_words(tuple(sorted(numbers["speed_penalty"].items(),
                                       key=lambda kv: int(kv[0]))),
                          numbers["retire_wear"], short)


@lru_cache(maxsize=8)
def _penalty_words(penalty: tuple, retire: int, short: bool) -> str:
    steps, last = [], 0
    for k, mp in penalty:
        if mp != last:
            steps.append(f"{k}+ -{mp} MP" if short else f"{k} or more: {mp} MP slower")
            last = mp
    steps.append(f"{retire} retires" if short else f"{retire}: retires")
    return ", ".join(steps)


def wear_text(car: dict) -> str:
    """Each wear marker of a car by kind, temporary then permanent."""
    def kinds(box: dict) -> str:
        got = [f"{n} {WEAR_WORDS[k]}" for k, n in box.items() if n]
        return ", ".join(got) or "none"
    return (f"temporary {kinds(car['temp'])} (a pit stop clears them); "
            f"permanent {kinds(car['perm'])} (for the rest of the race)")


def place_text(car: dict, laps: int) -> str:
    """Where the car is in the race: its lap, or why it is out and its
    Position marker."""
    if car["status"] != "racing":
        return f"out of the race, {OUT_WORDS.get(car['status'], car['status'])}: " \
               f"Position marker {car['position']}"
    text = f"lap {max(1, car['lap'])} of {laps}"
    if car["lapdown"]:
        text += ", a lap down (Lap-down marker)"
    return text


def title(car: dict, team: dict, view: dict) -> str:
    """The tooltip of a car on the board and on the team sheet."""
    numbers = view["numbers"]
    lines = [f"#{car['number']} of {team['name']}"
             + (" (yours)" if team["seat"] == view["you"] else ""),
             place_text(car, view["track"]["laps"]).capitalize() + "."]
    if car["status"] == "racing":
        where = "the Apron (pit road)" if car["lane"] == 0 else f"lane {car['lane']}"
        lines[0] += f", sector {car['sector']}, {where}"
        if view.get("leader") == car["number"]:
            lines.append("Holds the Current Leader marker (STOCK Running order).")
        lines.append("Already activated this turn: its counter is flipped." if car["flipped"]
                     else "Not activated yet this turn (STOCK Cars and activation).")
        lines.append(f"Wear: {car['wear']} markers in all - {wear_text(car)}.")
        lines.append(f"Speed: {penalty_words(numbers)} (STOCK Speed penalties, Wear); "
                     + (f"now {car['penalty']} MP slower." if car["penalty"]
                        else "no penalty now."))
    lines.append(f"Turn Leader markers: {car['leads']} "
                 f"({numbers['turn_leader_points']} point each, STOCK End of turn).")
    return "\n".join(lines)


# ---- the terminal's short form --------------------------------------------------------
def cell(car: dict) -> str:
    """A car on the terminal's team sheet, e.g. `#43* w1+2 ^1 moved` or
    `#6 P14 lapped` (the key is KEY below)."""
    n = f"#{car['number']}"
    if car["status"] != "racing":
        return f"{n} P{car['position']} {OUT_WORDS.get(car['status'], car['status']).split()[0]}"
    text = f"{n}{'*' if car['lapdown'] else ''} w{temp_wear(car)}+{perm_wear(car)}"
    if car["leads"]:
        text += f" ^{car['leads']}"
    if car["flipped"]:
        text += " moved"
    return text


def key_lines(numbers: dict) -> list[str]:
    """What the terminal board's marks and Team Sheet fields mean (each line
    under 100 columns)."""
    return [
        "Key: 43R = car #43 of team R, * = a lap down, F = Start/Finish line, g = green restart"
        " line,",
        "  c = corner, ~5 = 5 empty sectors, wT+P = wear markers: T temporary (tyre, suspension,"
        " fuel)",
        f"  + P permanent (engine, body), a pit stop clears T; by wear "
        f"{penalty_words(numbers, short=True)}",
        "  ^n = Turn Leader markers, moved = activated this turn, P3 = out with Position marker"
        " 3",
    ]
