"""Race Pace for players, beside the board (engine/guide.py): the legend of
every mark the boards draw, the running order, a word on each decision,
warnings before a choice that wrecks your own race, and the first race.

Race Pace hides nothing from one seat that another sees (the boards, tyres
and tokens are all on the table; only the decks' order and the face-down
cards are secret from everyone), and the legend and the running order are
built from a seat's view alone, so they can tell it nothing more.
"""
from __future__ import annotations

from dataclasses import replace

from ...engine.guide import Fact, Mark, Standing, Tutorial
from . import marks, render_panels, render_svg
from .actions import ChooseTyre, Copy, Select
from .rules.pace import is_rain
from .state import EBS
from .strategy import stuck_in_rain
from .tables import BOXBOX, USE_EBS, tables

# ---- the legend ------------------------------------------------------------------------


def _cell(fill="#2e3238", stroke="#666", sw=1, dash="") -> str:
    return (f'<rect x="2" y="2" width="20" height="20" rx="3" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw}"{dash}/>')


def _num(text="7", fill="#ddd", underline=False) -> str:
    out = f'<text x="12" y="11" font-size="8" fill="{fill}" text-anchor="middle">{text}</text>'
    if underline:
        out += f'<line x1="7" y1="13" x2="17" y2="13" stroke="{fill}" stroke-width="1.2"/>'
    return out


# every swatch is drawn on the board's own green, whatever the page's panel is
BACKGROUND = '<rect width="24" height="24" rx="4" fill="#1d2b1f"/>'
SWATCH = {
    "plain": _cell() + _num(),
    "grid": _cell("#3b3b3b", "#777", 1, ' stroke-dasharray="3 2"'),
    "corner": _cell() + _num("8", underline=True),
    "feb": _cell(stroke=marks.FEB_STROKE, sw=2.5) + _num("5"),
    "backmarker": _cell(marks.LAP_FILL["backmarker"]) + render_svg.backmarker_flag(7, 9),
    "token_b": _cell() + render_svg.token_b(12, 12),
    "finish": _cell("#fff", "#111") + "".join(
                  f'<rect x="{x}" y="{y}" width="5" height="5" fill="#111"/>'
                  for x in (2, 12) for y in (2, 12)) + "".join(
                  f'<rect x="{x}" y="{y}" width="5" height="5" fill="#111"/>'
                  for x in (7, 17) for y in (7, 17)),
    "past": _cell("#16301c", "#4a7"),
}


def legend(view: dict) -> list[Mark]:
    """Every kind of mark the SVG and the text boards draw."""
    c = view["circuit"]
    track_marks = [k for k in ("plain", "grid", "corner", "feb", "backmarker", "token_b",
                               "finish", "past")
                   if k != "token_b" or c["laps"] > view["track"]["length"]]
    out = [Mark(marks.SYMBOL[k], marks.NAME[k][0].upper() + marks.NAME[k][1:],
                marks.TEXT[k], marks.RULE[k], SWATCH[k]) for k in track_marks]
    car = ('<circle cx="12" cy="12" r="9" fill="#d7263d" stroke="#111" stroke-width="1.5"/>'
           '<text x="12" y="15.5" font-size="9" font-weight="bold" fill="#fff" '
           'text-anchor="middle">5</text>')
    out.append(Mark("1-8", "Car", "A car on its lap. On the page: a disc in its driver's colour "
                    "with the driver's number, yours ringed in white. On the text board: the "
                    "player's number; * in the table marks yours.", "RP Step 3b", car))
    out.append(Mark("sun", "Dry weather token", "Dry in that round: softs +1 RP, wets -2 RP.",
                    "RP Weather Forecast", render_svg.weather_icon("sun", 12, 12)))
    out.append(Mark("RAIN", "Rain weather token", "Rain in that round: softs and mediums "
                    "cannot move, hards -1 RP, wets +1 RP. The forecast shows this round and "
                    "the next three.", "RP Weather Forecast", render_svg.weather_icon("rain", 12, 12)))
    T = tables()
    for k in "SMHW":
        t = T.tyres[k]
        life = c["boxbox"][k]
        out.append(Mark(k, f"{t.name} tyres",
                        f"{t.dry:+d} RP in the dry, " + ("no movement in the rain"
                                                         if not t.moves_in_rain else
                                                         f"{t.rain:+d} RP in the rain")
                        + f"; the set lasts {life} laps here"
                        + ("; two sets a race." if t.sets else "; can be fitted again."),
                        "RP Tyres and Pit Stops", render_panels.tyre_token(k, 12, 12, 10)))
    out.append(Mark("M 12/29", "Tyre wear (TD)", "The compound, then the laps raced on it out "
                    "of the laps it lasts: at the Box-Box token (the white bar on the page) the "
                    "car stops until it pits.",
                    "RP Tyre Degradation Bar",
                    '<rect x="1" y="8" width="22" height="8" rx="2" fill="#3c464c"/>'
                    '<rect x="1" y="8" width="12" height="8" rx="2" fill="#f2c14e"/>'
                    '<rect x="19" y="5" width="4" height="14" fill="#fff" stroke="#111"/>'))
    out.append(Mark("A-E", "Steering wheel bars", "Levels A to E of MEC, PU, AER, SKI, XP and "
                    "EBS. Green bars (PU, AER, SKI) add RP every round, blue XP spares you "
                    "situation cards, red MEC and EBS matter when you pit or boost.",
                    "RP Steering Wheel M",
                    '<rect x="1" y="7" width="7" height="10" fill="#27ae60"/>'
                    '<rect x="9" y="7" width="7" height="10" fill="#27ae60"/>'
                    '<rect x="17" y="7" width="6" height="10" fill="#3c464c"/>'))
    out.append(Mark("RP", "Race Pace", "The laps a car moves this round: 1 plus the bars, "
                    "tyres, weather, cards, tokens, EBS, Start and pit stop, 0 to 10. During "
                    "selection it is counted before the situation cards apply.",
                    "RP Steering Wheel N", '<text x="12" y="17" font-size="13" '
                    'font-weight="bold" fill="#fff" text-anchor="middle">4</text>'))
    out.append(Mark("Card", "Race Situation card", "Turned each round, it applies after "
                    "everyone has chosen, so the right action can counter it; XP often decides "
                    "who it spares.", "RP Step 1",
                    '<rect x="4" y="1" width="16" height="22" rx="3" fill="#f7f3e8" '
                    'stroke="#b9a46a" stroke-width="2"/>'))
    out.append(Mark("light", "Start light", "The number in a driver's colour at the bottom of "
                    "a situation card: the action a bot of that colour plays this round.",
                    "RP Bot mode", '<circle cx="12" cy="12" r="10" fill="#f28c28" '
                    'stroke="#333"/><text x="12" y="16" font-size="11" font-weight="bold" '
                    'text-anchor="middle" fill="#111">8</text>'))
    out.append(Mark("action", "Action chosen", "The text board's action column and the "
                    "coloured chips on a button: the action each car chose this round "
                    "(React>X: it copied X with React). Only Box Box can be chosen by "
                    "several players.", "RP Step 2",
                    '<rect x="1" y="4" width="22" height="18" rx="3" fill="#3a3f47" '
                    'stroke="#9aa"/><circle cx="18" cy="9" r="4" fill="#8e44ad" stroke="#111"/>'))
    out.append(Mark("lights", "Button lights", "Above each action button: the four compounds "
                    "it can be chosen on (dark: not on those tyres), the Team Play A and B "
                    "lights and the Safety Car light (dark: not under the Safety Car).",
                    "RP Step 2", "".join(
                        f'<circle cx="{3 + i * 6}" cy="12" r="2.5" fill="{col}"/>'
                        for i, col in enumerate(("#d7263d", "#f2c14e", "#f4f4f4", "#111")))))
    out.append(Mark("+1RP", "Race Pace token", "A token taken last round (Defend +1, passing a "
                    "defender -2, backmarkers -3 to -1) is paid this round.",
                    "RP Race Pace Tokens", '<circle cx="12" cy="12" r="9" fill="#27ae60"/>'
                    '<text x="12" y="15" font-size="9" fill="#fff" text-anchor="middle">+1'
                    '</text>'))
    out.append(Mark("start", "Start Player Card", "Its holder chooses first next round; take "
                    "it with the Start action.", "RP Step 2, Start",
                    '<rect x="6" y="3" width="12" height="18" rx="2" fill="#fff" '
                    'stroke="#111"/>'))
    out.append(Mark("SC", "Safety Car", "Called by a situation card when cars bunch up: the "
                    "leader moves 3 laps at most and the cars that caused it 2; nobody passes "
                    "the leader unless he pits; no EBS; pit stops are free; no backmarkers. "
                    "\"SC cause\" marks the cars that caused it.", "RP Safety Car Situations",
                    '<rect x="1" y="6" width="22" height="12" rx="3" fill="#f5d000"/>'))
    out.append(Mark("finished", "Finished", "The car has crossed the finish line; the round "
                    "is played out and the furthest across wins.", "RP Winning the Game",
                    SWATCH["finish"]))
    out.append(Mark("DSQ", "Disqualified", "Raced on one compound only: every car must use "
                    "two (our choice: disqualified, as in the real sport).",
                    "RP Tyres and Pit Stops", '<text x="12" y="16" font-size="10" '
                    'font-weight="bold" fill="#d7263d" text-anchor="middle">DSQ</text>'))
    return [replace(m, swatch=BACKGROUND + m.swatch) for m in out]


# ---- the running order -----------------------------------------------------------------
def standings(view: dict) -> list[Standing]:
    """The leaderboard with what a pit wall decides from."""
    cars = {c["seat"]: c for c in view["cars"]}
    laps = view["circuit"]["laps"]
    out = []
    ahead = None
    for place, seat in enumerate(view["leaderboard"], start=1):
        car = cars[seat]
        gap = "leader" if ahead is None else f"{ahead - car['dist']} behind"
        facts = [Fact("lap", f"{car['dist']}/{laps}", "Laps driven of the race distance "
                      "(grid slots behind the line count below 0) (RP Step 3b)"),
                 Fact("gap", gap, "Laps to the car ahead; in the same lap, who entered it "
                      "first (or with EBS) is ahead (RP Race Positions)"),
                 Fact("RP", str(car["rp"]), "Race Pace this round: the laps the car moves, "
                      "counted so far (RP Steering Wheel N)")]
        if car["tyre"]:
            facts.append(Fact("tyres", f"{marks.TYRE_NAME[car['tyre']]} {car['td']}/"
                              f"{car['tyre_life']}", "Compound and laps raced on it of the "
                              "laps it lasts (RP Tyre Degradation Bar)"))
        elif car["kind"] == "bot":
            facts.append(Fact("tyres", "none", "Bots race without tyres: always +0 RP from "
                              "them, and they never pit (RP Bot rules)"))
        facts.append(Fact("bars", " ".join(f"{b}:{lv}" for b, lv in car["bars"].items()),
                          "Steering wheel levels A-E (RP Steering Wheel M)"))
        act = marks.action_cell(car)
        if act:
            facts.append(Fact("action", act, "The action chosen this round (RP Step 2)"))
        if car["tokens"]:
            facts.append(Fact("tokens", " ".join(f"{t:+d}" for t in car["tokens"]),
                              "RP tokens paid this round (RP Race Pace Tokens)"))
        status = ("disqualified" if car["dsq"] else "finished" if car["finished"]
                  else "boxed this round" if BOXBOX in (car["button"], car["copied"])
                  else "caused the Safety Car" if seat in view["sc_cause"] else "")
        out.append(Standing(place, car["driver"] or f"player {seat + 1}", seat, tuple(facts),
                            status))
        ahead = car["dist"]
    return out


# ---- each decision ---------------------------------------------------------------------
EXPLAIN = {
    "pick_team": "Pick the team half of your steering wheel. It sets where MEC, PU, AER and "
                 "EBS start; PU and AER already at C pay 1 RP every round, while a low team "
                 "number puts you further back on the grid.",
    "pick_driver": "Pick your driver: SKI and XP levels, a number (team + driver number "
                   "decides the grid) and a special skill. Pick a skill you will use: Kimi "
                   "loves corners, Eddy FEB laps, Dutch rain on mediums.",
    "choose_tyre": "Choose the tyres you start on. Look at the forecast: softs are quick "
                   "but short-lived and stuck in the rain, mediums last longer, hards and "
                   "wets last 37 laps. You must race on two compounds, so plan your stop.",
    "select": "Choose one action for this round; it applies at once, the situation cards "
              "after everyone chose. Early on, raise PU, AER and SKI for RP every round; "
              "watch your tyre wear and the weather, and Box Box before the tyres stop you.",
    "react": "You chose React: copy one action of a driver ahead of you, or nothing. Copy "
             "what helps most now, often a bar upgrade or a pit stop when the weather turns.",
}


# ---- warnings --------------------------------------------------------------------------
def confirm(state, seat: int, action) -> str | None:
    """A warning before a choice that costs your race for nothing: tyres
    that cannot move in the rain, or a boost that gives no RP but drains
    the bar."""
    T = tables(state.config.content)
    car = state.cars[seat]
    tyre = None
    if isinstance(action, ChooseTyre):
        tyre = action.tyre
    elif isinstance(action, (Select, Copy)) and action.button == BOXBOX:
        tyre = action.tyre
    if tyre in T.tyres and car.driver and is_rain(state) and stuck_in_rain(T, car, tyre):
        return (f"It is raining: on {marks.TYRE_NAME[tyre].lower()} tyres your car cannot move "
                "at all this round (RP Reference Card). Fit them anyway?")
    if isinstance(action, (Select, Copy)) and action.button == USE_EBS and not car.bot:
        if state.safety_car or T.ebs[car.bars[EBS]] == 0:
            why = ("no EBS under the Safety Car" if state.safety_car
                   else "EBS gives nothing below level C")
            return (f"Use EBS gains you no RP now ({why}) and still drains your EBS bar by "
                    "two levels (RP Energy Boost System). Use it anyway?")
    return None


# ---- the first race --------------------------------------------------------------------
def tutorial() -> Tutorial:
    return Tutorial(
        config={"seats": ["human", "bot", "bot"], "track": "belgium"},
        seed=4,
        intro=("Your first Race Pace: Belgium, 44 laps, against two of the game's bots. You do "
               "not drive: you run the pit wall. Each round you choose one action (upgrade the "
               "car, charge or use the boost, defend, box for tyres) and your car moves as many "
               "laps as its Race Pace. The first across the line ends the race."),
        outro=("That was a race. The winners raise PU, AER and SKI early, keep an eye on the "
               "weather tokens and the tyre wear bar, and box before the tyres stop them. Try "
               "a longer circuit, more bots or the Team Play variant next."),
        max_decisions=40,
        notes={"choose_tyre": "Look at the weather tokens first. Softs give +1 RP in the dry "
                              "but last only 16 laps at Belgium; plan a Box Box.",
               "select": "The bots play the number in their colour on the situation cards: "
                         "you can see what they will take."},
    )
