"""Words for Race Pace: actions, events and the in-game help."""
from __future__ import annotations

from ...engine.protocol import Event
from .actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from .content import BARS, LEVELS
from .rules import actions as action_rules
from .rules.pace import leaderboard
from .tables import BOXBOX, tables

TYRE_NAMES = {"S": "Soft", "M": "Medium", "H": "Hard", "W": "Wet"}


def describe_action(action, T=None) -> str:
    """An action in words, with the names of the content in use (the
    built-in content unless a race's own tables are given)."""
    T = T or tables()
    if isinstance(action, Select):
        name = T.buttons[action.button].name if action.button in T.buttons else f"#{action.button}"
        if action.button == BOXBOX and action.tyre:
            return f"{name} {TYRE_NAMES.get(action.tyre, action.tyre)}"
        return name
    if isinstance(action, Copy):
        if action.button is None:
            return "Copy nothing"
        name = T.buttons[action.button].name
        if action.tyre:
            name += f" {TYRE_NAMES.get(action.tyre, action.tyre)}"
        return f"Copy {name}"
    if isinstance(action, ChooseTyre):
        return f"Start on {TYRE_NAMES.get(action.tyre, action.tyre)}"
    if isinstance(action, PickTeam):
        return T.teams[action.team].name if action.team in T.teams else action.team
    if isinstance(action, PickDriver):
        return T.drivers[action.driver].name if action.driver in T.drivers else action.driver
    return repr(action)


def seat_name(state, seat: int) -> str:
    if state is None:
        return f"seat {seat}"
    car = state.cars[seat]
    if car.driver:
        return f"{tables(state.config.content).drivers[car.driver].name} (seat {seat})"
    return f"seat {seat}"


def describe(event: Event, state=None) -> str:
    d = event.data
    T = tables(state.config.content if state is not None else None)
    who = seat_name(state, d["seat"]) if "seat" in d else ""
    k = event.kind
    if k == "select":
        text = f"{who} selects {describe_action(Select(d['button'], d.get('tyre')), T)}"
    elif k == "copy":
        text = f"{who} reacts: {describe_action(Copy(d['button'], d.get('tyre')), T)}"
    elif k == "bar":
        text = f"{who}: {BARS[d['bar']]} to level {LEVELS[d['level']]}"
        if d.get("card"):
            text += f" ({T.cards[d['card']].title})"
    elif k == "card":
        if d["deck"] == "weather":
            text = f"Weather card: {T.weather[d['card']].kind}"
        else:
            c = T.cards[d["card"]]
            text = f"Race Situation {d['deck']}: {c.title}: {c.text}"
    elif k == "forecast":
        text = "Forecast: " + " ".join(d["weather"])
    elif k == "safety_car":
        text = "SAFETY CAR, caused by " + ", ".join(seat_name(state, s) for s in d["cause"])
    elif k == "move":
        text = f"{who} moves {d['laps']} lap{'s' if d['laps'] != 1 else ''} (lap {d['dist']})"
    elif k == "stopped":
        text = f"{who} cannot move"
    elif k == "overtake":
        text = f"{who} overtakes {seat_name(state, d['passed'])}"
    elif k == "pit":
        text = f"{who} pits for {TYRE_NAMES[d['tyre']]}"
    elif k == "tyre":
        text = f"{who} starts on {TYRE_NAMES[d['tyre']]}"
    elif k == "card_rp":
        text = f"{who}: {d['rp']:+d} RP ({T.cards[d['card']].title})"
    elif k == "tyre_wear":
        text = f"{who}: tyres wear {d['laps']} extra lap(s) ({T.cards[d['card']].title})"
    elif k == "backmarker":
        text = f"{who} meets a backmarker: {d['rp']:+d} RP next round"
    elif k == "defend_penalty":
        text = f"{who} overtook a defender: -2 RP next round"
    elif k == "defend":
        text = f"{who} defends: +1 RP next round"
    elif k == "use_ebs":
        text = f"{who} uses EBS: +{d['bonus']} RP"
    elif k == "finish":
        text = f"{who} crosses the finish line"
    elif k == "finish_flip":
        text = "Every car has passed the finish token: it flips to side A"
    elif k == "race_over":
        text = f"Race over at {T.circuits[d['circuit']].name}"
    elif k == "grid":
        text = "Grid: " + ", ".join(seat_name(state, s) for s in d["order"])
    elif k == "pick_team":
        text = f"{who} takes team {T.teams[d['team']].name}"
    elif k == "pick_driver":
        text = f"seat {d['seat']} takes driver {T.drivers[d['driver']].name}"
    elif k == "start_player":
        text = f"{who} takes the Start Player Card"
    elif k == "fastest_lap":
        text = f"{who} takes the Fastest Lap Card ({d['laps']} laps)"
    elif k == "round_end":
        text = f"End of round {d['round']}"
    elif k == "dsq":
        text = f"{who} is disqualified: {d['why']}"
    else:
        text = f"{k} {who} {d}".strip()
    return f"{text}  [{event.rule}]"


def help_text(state, seat: int) -> str:
    """Our own summary of the rule that governs the decision in front of you."""
    T = tables(state.config.content)
    phase = state.phase
    lines = []
    if phase == "team":
        lines.append("RP Setup K: choose a Race Team. Its board sets your starting MEC, PU, "
                     "AER and EBS levels; team number + driver number decides the grid.")
    elif phase == "driver":
        lines.append("RP Setup L: choose a Driver. The driver brings SKI and XP levels, a "
                     "number for the grid and a special skill.")
        for d in T.drivers.values():
            lines.append(f"  {d.name} #{d.number}: {d.skill_text}")
    elif phase == "tyre":
        lines.append("RP Setup 3: choose a starting compound. Softs +1 RP in the dry but "
                     "short-lived and stuck in the rain; mediums last longer; hards and wets "
                     "last 37 laps and can be re-used; wets are +1 in the rain, -2 in the dry. "
                     "You must race on at least two compounds.")
    elif phase == "select":
        lines.append("RP Step 2: choose one action. It applies at once; the situation cards "
                     "apply after everyone has chosen. Then cars move in leaderboard order.")
        car = state.cars[seat]
        for n, b in T.buttons.items():
            why = action_rules.button_problem(state, T, car, n) if not car.bot else None
            lines.append(f"  {n:2d} {b.name:<18} {'available' if why is None else why}")
    elif phase == "react":
        ahead = []
        for c in leaderboard(state):
            if c.seat == seat:
                break
            if c.button:
                ahead.append(f"{seat_name(state, c.seat)}: {T.buttons[c.button].name}")
        lines.append("RP React: copy one action of a driver ahead of you on the "
                     "leaderboard, or nothing. Ahead of you: " + ("; ".join(ahead) or "nobody"))
    lines.append("")
    lines.append("Where RP comes from (Reference Card):")
    lines.extend(f"  + {g}" for g in T.content.reference.gains)
    lines.append("What limits it:")
    lines.extend(f"  - {g}" for g in T.content.reference.limits)
    return "\n".join(lines)
