"""Words for Race Pace: actions, events and the in-game help."""
from __future__ import annotations

from ...engine.chance import CHANCE_KINDS, describe_chance
from ...engine.protocol import Event
from .actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from .content import BARS, LEVELS
from .rules import actions as action_rules
from .rules.cards import DECK_OF_WORD
from .rules.pace import leaderboard
from .tables import BOXBOX, tables


def describe_action(action, T=None) -> str:
    """An action in words, with the names of the content in use (the
    built-in content unless a race's own tables are given)."""
    T = T or tables()
    if isinstance(action, Select):
        name = _button(T, action.button)
        if action.button == BOXBOX and action.tyre:
            return f"{name} {_tyre(T, action.tyre)}"
        return name
    if isinstance(action, Copy):
        if action.button is None:
            return "Copy nothing"
        name = _button(T, action.button)
        if action.tyre:
            name += f" {_tyre(T, action.tyre)}"
        return f"Copy {name}"
    if isinstance(action, ChooseTyre):
        return f"Start on {_tyre(T, action.tyre)}"
    if isinstance(action, PickTeam):
        return _lookup(T.teams, action.team, "team")
    if isinstance(action, PickDriver):
        return _lookup(T.drivers, action.driver, "driver")
    return type(action).__name__


def _lookup(table, key, what: str) -> str:
    if isinstance(key, str) and key in table:
        return table[key].name
    return f"an unknown {what}"


def seat_names(state) -> dict[int, str]:
    """A name per seat: its driver; before the driver picks its team (when
    no other seat shares it); else "player N"."""
    T = tables(state.config.content)
    teams = [c.team for c in state.cars]
    out = {}
    for c in state.cars:
        if c.driver:
            out[c.seat] = T.drivers[c.driver].name
        elif c.team and teams.count(c.team) == 1:
            out[c.seat] = T.teams[c.team].name
        else:
            out[c.seat] = f"player {c.seat + 1}"
    return out


def _card(T, deck: str | None, academy: bool):
    """Names a card of `deck` (None: either kind) for the log."""
    def name(key) -> str:
        if deck != "weather" and key in T.cards:
            c = T.cards[key]
            if academy:       # RP Driver Academy: no situation cards, only the bots' lights
                return f"{c.title} (start lights only)"
            return f"{c.title}: {c.text}"
        if key in T.weather:
            w = T.weather[key]
            if w.kind == "sun":
                return "sun"
            return "rain, forecast " + " ".join(w.forecast)
        return str(key)
    return name


def _chance_text(event: Event, names, T, academy: bool) -> str:
    d = event.data
    deck = DECK_OF_WORD.get(d.get("what"))
    if event.kind == "draw" and "cards" not in d and "seat" not in d:
        n = d.get("count", 1)
        return f"{n} {d.get('what', 'card')}{'s' if n != 1 else ''} set aside face down"
    text = describe_chance(event, names, _card(T, deck, academy))
    if text is None:
        raise ValueError(f"no text for event kind {event.kind!r}")
    return text


def describe(event: Event, state=None) -> str:
    """The event in the players' words, citing its rule. Raises ValueError
    for an event kind without a text (a test checks every kind has one)."""
    d = event.data
    T = tables(state.config.content if state is not None else None)
    names = seat_names(state) if state is not None else {}

    def name(seat) -> str:
        return names.get(seat) or f"player {seat + 1}"

    who = name(d["seat"]) if "seat" in d else ""
    k = event.kind
    if k in CHANCE_KINDS:
        text = _chance_text(event, names, T, state is not None and state.config.academy)
    elif k == "select":
        text = f"{who} selects {describe_action(Select(d['button'], d.get('tyre')), T)}"
    elif k == "copy":
        text = f"{who} reacts: {describe_action(Copy(d['button'], d.get('tyre')), T)}"
    elif k == "bar":
        text = f"{who}: {BARS[d['bar']]} to level {LEVELS[d['level']]}"
        if d.get("card"):
            text += f", {T.cards[d['card']].title}"
    elif k == "forecast":
        text = "Forecast: " + ", ".join(d["weather"])
    elif k == "safety_car":
        text = "SAFETY CAR, caused by " + ", ".join(name(s) for s in d["cause"])
    elif k == "move":
        text = f"{who} moves {_laps(d['laps'])} to lap {d['dist']}"
    elif k == "stopped":
        text = f"{who} cannot move"
    elif k == "overtake":
        text = f"{who} overtakes {name(d['passed'])}"
    elif k == "pit":
        text = f"{who} pits for {_tyre(T, d['tyre'])}"
    elif k == "tyre":
        text = f"{who} starts on {_tyre(T, d['tyre'])}"
    elif k == "card_rp":
        text = f"{who}: {d['rp']:+d} RP, {T.cards[d['card']].title}"
    elif k == "tyre_wear":
        text = f"{who}: tyres wear {_laps(d['laps'])} more, {T.cards[d['card']].title}"
    elif k == "backmarker":
        text = f"{who} meets a backmarker: {d['rp']:+d} RP next round"
    elif k == "defend_penalty":
        text = f"{who} overtook {name(d['defender'])}, who defends: -2 RP next round"
    elif k == "defend":
        text = f"{who} defends: +1 RP next round"
    elif k == "use_ebs":
        text = f"{who} uses EBS: +{d['bonus']} RP"
    elif k == "not_active":
        text = (f"{who}: {_button(T, d['button'])} does nothing under the Safety Car "
                "(its SC light is out)")
    elif k == "no_pit":
        text = f"{who} is a bot: bots never pit"
    elif k == "double_pit":
        text = f"{who}: both team mates boxed this round, -1 RP for the better placed"
    elif k == "skill":
        text = f"{who}: {_SKILL_WORDS.get(d['skill']) or _skill(T, d['skill'])} (special skill)"
    elif k == "finish":
        text = f"{who} crosses the finish line"
    elif k == "finish_flip":
        text = "Every car has passed the finish token: it flips to side A"
    elif k == "race_over":
        text = f"Race over at {T.circuits[d['circuit']].name}: " + \
            ", ".join(f"{i}. {name(s)}" for i, s in enumerate(d["classification"], start=1))
    elif k == "grid":
        text = "Grid: " + ", ".join(name(s) for s in d["order"])
    elif k == "pick_team":
        # Before the driver picks a seat has no name but its number.
        car = state.cars[d["seat"]] if state is not None else None
        by = who if car is not None and car.driver else f"player {d['seat'] + 1}"
        text = f"{by} takes the {T.teams[d['team']].name} team"
    elif k == "pick_driver":
        team = state.cars[d["seat"]].team if state is not None else None
        by = T.teams[team].name if team else f"player {d['seat'] + 1}"
        text = f"{by} takes driver {T.drivers[d['driver']].name}"
    elif k == "start_player":
        text = f"{who} takes the Start Player Card"
    elif k == "fastest_lap":
        text = f"{who} takes the Fastest Lap Card ({_laps(d['laps'])})"
    elif k == "round_end":
        text = f"End of round {d['round']}"
    elif k == "dsq":
        text = f"{who} is disqualified: {d['why']}"
    else:
        raise ValueError(f"no text for Race Pace event kind {k!r}")
    return f"{text} ({event.rule})"


# The skills that move a car after its turn (movement.move_all), in short.
_SKILL_WORDS = {"valentino_overtake": "1 lap more for overtaking this round",
                "celine_gap": "2 laps more into the empty lap ahead"}


def _laps(n: int) -> str:
    return f"{n} lap{'s' if n != 1 else ''}"


def _tyre(T, key) -> str:
    return T.tyres[key].name if isinstance(key, str) and key in T.tyres else "an unknown compound"


def _button(T, n) -> str:
    if isinstance(n, int) and n in T.buttons:
        return T.buttons[n].name
    return f"button {n}" if isinstance(n, int) else "an unknown button"


def _skill(T, skill: str) -> str:
    for d in T.drivers.values():
        if d.skill == skill:
            return d.skill_text
    return skill.replace("_", " ")


def help_text(state, seat: int) -> str:
    """Our own summary of the rule that governs the decision in front of you."""
    T = tables(state.config.content)
    phase = state.turn.phase
    names = seat_names(state)
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
                ahead.append(f"{names[c.seat]}: {T.buttons[c.button].name}")
        lines.append("RP React: copy one action of a driver ahead of you on the "
                     "leaderboard, or nothing. Ahead of you: " + ("; ".join(ahead) or "nobody"))
    lines.append("")
    lines.append("Where RP comes from (Reference Card):")
    lines.extend(f"  + {g}" for g in T.content.reference.gains)
    lines.append("What limits it:")
    lines.extend(f"  - {g}" for g in T.content.reference.limits)
    return "\n".join(lines)
