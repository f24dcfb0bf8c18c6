"""Menu lines: each choice with what it would do for your car now, in a few
words (the terminal's menu, the page's buttons). A line starts with the
action's own text (text.describe_action), so typing its start still picks it.
Kept short (about 45 characters) so that a long menu laid out in two columns
still shows every line whole.
"""
from __future__ import annotations

from .actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from .content import BARS, LEVELS
from .rules.actions import MAX_LEVEL
from .state import EBS, MEC, XP
from .tables import (BOXBOX, CHARGE, DEFEND, REACT, START, UPGRADE_BAR, USE_EBS, Tables,
                     tables)
from .text import describe_action

# A driver's special skill in a few words (the boards say it at length).
SKILL_SHORT = {
    "dutch_rain_medium": "mediums move in the rain",
    "bastian_free_pit": "free pit stop in a rain round",
    "eddy_feb": "+1 RP from a FEB lap",
    "kimi_corner": "+1 RP from a corner lap",
    "bjorn_backmarker": "backmarkers cost him 2 less",
    "valentino_overtake": "+1 lap after overtaking",
    "celine_gap": "+2 laps into a gap ahead",
    "jesus_no_defend": "Defend does not stop him",
}


def describe_choice(state, seat: int, action) -> str:
    T = tables(state.config.content)
    name = describe_action(action, T)
    what = effect(state, T, state.cars[seat], action)
    return f"{name}: {what}" if what else name


def effect(state, T: Tables, car, action) -> str:
    """What `action` does for `car` now, in a few words."""
    if isinstance(action, PickTeam) and action.team in T.teams:
        t = T.teams[action.team]
        return f"#{t.number}, " + " ".join(f"{b} {t.levels[b]}" for b in ("MEC", "PU", "AER",
                                                                         "EBS"))
    if isinstance(action, PickDriver) and action.driver in T.drivers:
        d = T.drivers[action.driver]
        return f"#{d.number}, SKI {d.levels['SKI']} XP {d.levels['XP']}, {SKILL_SHORT[d.skill]}"
    if isinstance(action, ChooseTyre):
        return tyre_effect(state, T, action.tyre)
    if isinstance(action, Select):
        return button_effect(state, T, car, action.button, action.tyre)
    if isinstance(action, Copy):
        if action.button is None:
            return "keep your round as it is"
        return button_effect(state, T, car, action.button, action.tyre, copying=True)
    return ""


def tyre_effect(state, T: Tables, tyre: str) -> str:
    t = T.tyres[tyre]
    life = T.tyre_life(state.circuit, tyre)
    return (f"{t.dry:+d} RP dry, " + ("stuck in rain" if not t.moves_in_rain
                                      else f"{t.rain:+d} in rain") + f", {life} laps")


def _level_up(car, bar: int) -> str:
    level = car.bars[bar]
    if level >= MAX_LEVEL:
        return f"{BARS[bar]} at E"
    return f"{BARS[bar]} {LEVELS[level]}->{LEVELS[level + 1]}"


def button_effect(state, T: Tables, car, n: int, tyre, copying: bool = False) -> str:
    if n in UPGRADE_BAR:
        bar = UPGRADE_BAR[n]
        up = _level_up(car, bar)
        if car.bars[bar] >= MAX_LEVEL:
            return up + ", no effect"
        new = car.bars[bar] + 1
        if bar == MEC:
            return up + (", EBS works in pit stops" if T.mec_pit_ebs[new]
                         else f", pit stops {T.mec_pit[new]} RP")
        if bar == XP:
            return up + ", safer from cards"
        gain = T.green[new] - T.green[car.bars[bar]]
        if gain:
            return up + f", +{gain} RP every round"
        pays = next((k for k in range(new + 1, MAX_LEVEL + 1) if T.green[k] > T.green[new]),
                    MAX_LEVEL)
        return up + f", no gain until {LEVELS[pays]}"
    if n == CHARGE:
        return _level_up(car, EBS) + ", no tyre wear now"
    if n == USE_EBS:
        bonus = 0 if state.safety_car else T.ebs[car.bars[EBS]]
        drop = LEVELS[car.bars[EBS] if car.bot         # RP Bot rules: bots keep it
                      else max(0, car.bars[EBS] - T.content.board.ebs_use_drop)]
        return f"+{bonus} RP now, EBS {LEVELS[car.bars[EBS]]}->{drop}"
    if n == DEFEND:
        return "+1 RP next round, passers get -2"
    if n == START:
        # the first to select Start takes the card; a copy never does
        card = "" if copying or START in state.taken else ", take the Start card"
        return "+1 RP now" + card
    if n == REACT:
        return "copy a car ahead once all chose"
    if n == BOXBOX and tyre in T.tyres:
        return f"pit, {_pit_cost(state, T, car)}, lasts {T.tyre_life(state.circuit, tyre)} laps"
    return ""


def _pit_cost(state, T: Tables, car) -> str:
    if state.safety_car:
        return "free (SC)"
    if state.rain_drawn and T.skill[car.driver] == "bastian_free_pit":
        return "free (rain)"
    return f"{T.mec_pit[car.bars[MEC]]} RP"
