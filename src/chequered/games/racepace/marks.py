"""What the boards draw, said once: the kinds of lap on the lap track, the
symbols the terminal writes, the colours the SVG paints and the words the
legend and the tooltips use. The text board (render.py), the SVG board
(render_svg.py, render_panels.py) and the legend (guide.py) all read these,
so a mark means the same everywhere.

The lap track is drawn unrolled: one cell per lap of the race (the board's
60 spaces are driven round twice on a long race, RP Circuit Information), so
lap 65 is its own cell, after lap 64, and carries the marks of board space 5.
"""
from __future__ import annotations

from .content import BARS
from .tables import UPGRADE_BAR, tables

GRID = (-3, -2, -1, 0)      # RP Starting grid: positions 3-8 drive 1 to 3 more laps

# Lap kinds, strongest first: a lap shows the first that applies in the
# terminal (one character), every one that applies on the SVG.
LAP_KINDS = ("finish", "token_b", "backmarker", "feb", "corner")
SYMBOL = {"finish": "#", "token_b": "b", "backmarker": "B", "feb": "F", "corner": "c",
          "plain": ".", "grid": ":", "past": ">"}
NAME = {"finish": "finish lap", "token_b": "finish token (side B)",
        "backmarker": "backmarker lap", "feb": "FEB lap", "corner": "corner lap",
        "plain": "lap", "grid": "starting grid", "past": "past the finish line"}
RULE = {"finish": "RP Winning the Game", "token_b": "RP Circuit Information",
        "backmarker": "RP Backmarkers", "feb": "RP Free Energy Boost laps",
        "corner": "RP Corners", "plain": "RP Step 3b", "grid": "RP Starting grid",
        "past": "RP Winning the Game"}
TEXT = {
    "finish": "The race ends at the end of the round in which a car reaches this lap; "
              "the furthest across the line wins.",
    "token_b": "The finish token lies here on its B side: it is not the finish yet. Once "
               "every car has passed it, it flips to A and the finish is one lap track later.",
    "backmarker": "Blue flag: the first three cars to enter this lap are slowed by cars "
                  "being lapped and take -3, -2 and -1 RP for the next round (not under "
                  "the Safety Car).",
    "feb": "Free Energy Boost: a car that starts its round here with EBS at C or more gets "
           "the EBS RP without draining the bar (not on wets).",
    "corner": "A corner: Kimi gets +1 RP when his round starts here.",
    "plain": "A lap of the race; cars move along the laps by their RP each round.",
    "grid": "The four parts of the starting grid: from the back rows a car drives "
            "1 to 3 laps more.",
    "past": "Cars that crossed the finish line, by how far they went.",
}

TYRE_COLOUR = {"S": "#d7263d", "M": "#f2c14e", "H": "#f4f4f4", "W": "#2f80ed"}
TYRE_NAME = {"S": "Soft", "M": "Medium", "H": "Hard", "W": "Wet"}
LAP_FILL = {"backmarker": "#28476b", "finish": "#ffffff", "plain": "#2e3238",
            "token_b": "#2e3238", "feb": "#2e3238", "corner": "#2e3238"}
FEB_STROKE = "#f5d000"
# The situation cards' start lights are coloured like the drivers (content).
LIGHT_COLOUR = {"orange": "#f28c28", "red": "#d7263d", "yellow": "#f2d024",
                "white": "#f4f4f4", "blue": "#2f80ed", "purple": "#8e44ad",
                "pink": "#ff6fb5", "green": "#27ae60", "grey": "#999999"}

_SHORT = {"CHARGE": "Charge", "USE_EBS": "Use EBS", "DEFEND": "Defend", "START": "Start",
          "REACT": "React", "BOXBOX": "Box Box"}


def colour(name: str | None) -> str:
    return LIGHT_COLOUR.get(name or "grey", "#999999")


def short_action(n: int | None) -> str:
    """An action button in a few letters: the bar it raises, or its name."""
    if n is None:
        return ""
    b = tables().buttons.get(n)
    if b is None:
        return f"#{n}"
    return BARS[UPGRADE_BAR[n]] if n in UPGRADE_BAR else _SHORT.get(b.key, b.name)


def action_cell(car: dict) -> str:
    """The action column: what the car selected this round; `React>X` when
    it copied X with React."""
    if car["button"] is None:
        return ""
    text = short_action(car["button"])
    if car["copied"] is not None:
        text += ">" + short_action(car["copied"])
    return text


def car_label(seat: int) -> str:
    """A car on the text board: its player number (seat + 1)."""
    return str(seat + 1)


def space(v: dict, dist: int) -> int:
    """The lap-track space of race lap `dist` (0: the grid)."""
    n = v["track"]["length"]
    return (dist - 1) % n + 1 if dist > 0 else 0


def lap_kinds(v: dict, dist: int) -> list[str]:
    """Every kind the race lap `dist` is, strongest first."""
    c = v["circuit"]
    sp = space(v, dist)
    out = []
    if dist == c["laps"]:
        out.append("finish")
    if c["finish_side"] == "B" and dist == c["finish_lap"] and dist < c["laps"]:
        out.append("token_b")
    if str(sp) in v["track"]["backmarkers"]:
        out.append("backmarker")
    if sp in v["track"]["feb"]:
        out.append("feb")
    if sp in v["track"]["corner"]:
        out.append("corner")
    return out


def lap_title(v: dict, dist: int) -> str:
    """The tooltip of race lap `dist`: its number, its board space when the
    race goes round twice, and what each of its marks does."""
    sp = space(v, dist)
    head = f"Lap {dist}" + (f" (board space {sp})" if sp != dist else "")
    kinds = lap_kinds(v, dist)
    if not kinds:
        return head
    parts = []
    for k in kinds:
        extra = ""
        if k == "backmarker":
            tokens = v["track"]["backmarkers"][str(sp)]
            extra = (" Tokens left: " + " ".join(f"{t:+d}" for t in tokens) + "."
                     if tokens else " No tokens left here.")
        parts.append(f"{NAME[k][0].upper()}{NAME[k][1:]}: {TEXT[k]}{extra} ({RULE[k]})")
    return head + ". " + " ".join(parts)


def span(v: dict) -> int:
    """The last lap drawn: the finish lap."""
    return v["circuit"]["laps"]
