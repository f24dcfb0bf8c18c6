"""RP Step 2: selecting one of the 11 actions, React, and what each does.

Also the variants' limits on selection: Bot mode (REACT out of order, bots
always get the action on their start light), Team Play (A/B buttons) and
Driver Academy (XP out of order).
"""
from __future__ import annotations

from ....engine.protocol import Event, SharedEvents
from ....engine.steps import ask_one
from ..actions import Copy, Select
from ..state import EBS, RaceState
from ..tables import (AER_B, BOXBOX, CHARGE, DEFEND, MAX_CARS, MEC_B, PU_B, REACT, SKI_B,
                      START, UPGRADE_BAR, USE_EBS, XP_B, Tables)
from . import resolve
from .pace import leaderboard

TYRES = ("S", "M", "H", "W")

MAX_LEVEL = 4   # level E


def bot_button(s: RaceState, T: Tables, car) -> int:
    """RP Bot mode: the number in the start light of the bot's colour on the
    current Race Situation card of the deck that lights that colour."""
    deck, lights = T.bot_actions[car.driver]
    return lights[s.situation[deck]]


def team_mate(s: RaceState, car):
    if not s.variants.team_play:
        return None
    return s.cars[car.seat ^ 1]


def button_problem(s: RaceState, T: Tables, car, n: int, copying: bool = False) -> str | None:
    """Why `car` may not select (or copy) button `n` now, or None if it may
    (the rule cited at the end: refusals are prefixed with the step's rule)."""
    cfg = s.variants
    if n == REACT and cfg.bot_mode:
        return "the React button is out of order when bots race (RP Bot mode)"
    if n == XP_B and cfg.academy:
        return "the Driver Experience button is out of order (RP Driver Academy)"
    if car.tyre not in T.tyre_ok[n]:
        return (f"{T.buttons[n].name} cannot be selected on "
                f"{T.tyres[car.tyre].name} tyres (RP Step 2, tyre lights)")
    if s.safety_car and not T.sc_ok[n]:
        return f"{T.buttons[n].name} is not active under the Safety Car (RP Safety Car)"
    if n == START and s.start_player == car.seat:
        return "you already have the Start Player Card (RP Step 2, Start)"
    if copying:
        return None          # RP React: a copy is not a selection of the button
    mate = team_mate(s, car)
    if n != BOXBOX:
        for other in s.taken.get(n, ()):
            if mate is None or other != mate.seat:
                return (f"{T.buttons[n].name} is already taken this round; "
                        "only Box Box can be shared")
    if mate is not None and mate.button is not None and not mate.bot:
        m = mate.button
        if not ((m in T.lit_a and n in T.lit_b) or (m in T.lit_b and n in T.lit_a)):
            return ("team mates need one A-lit and one B-lit button: "
                    f"{T.buttons[m].name} and {T.buttons[n].name} cannot be paired (RP Team Play)")
    return None


def pit_choices(car) -> list[str]:
    """RP Tyres and Pit Stops: a new set must be fitted; softs and mediums
    come in two sets each, hards and wets can be re-used."""
    return [c for c in TYRES if c not in car.sets or car.sets[c] > 0]


# The actions as offered, made once: building a frozen dataclass costs more
# than looking one up, and Race Pace offers them thousands of times a second.
SELECT = {n: Select(n) for n in range(1, 12)}
SELECT_PIT = {c: Select(BOXBOX, c) for c in TYRES}
COPY = {n: Copy(n) for n in range(1, 12)}
COPY_PIT = {c: Copy(BOXBOX, c) for c in TYRES}
COPY_NOTHING = Copy(None)

_UPGRADE_RULE = {MEC_B: "RP Step 2, Mechanics", PU_B: "RP Step 2, Power Unit",
                 AER_B: "RP Step 2, Aerodynamics", SKI_B: "RP Step 2, Driver Skill",
                 XP_B: "RP Step 2, Driver Experience"}

# The events of a selection and of most actions' effects, made once per seat
# (and button, bar level): they depend on nothing else, and building one (a
# dataclass and its dict) cost more than the rest of a bot's selection. An
# Event is a value nobody changes once made, so one object serves every race.
_SEATS = range(MAX_CARS)
SELECTED = tuple({n: Event("select", {"seat": seat, "button": n, "tyre": None}, "RP Step 2")
                  for n in range(1, 12)} for seat in _SEATS)


def _raised(bar: int, rule: str) -> tuple:
    """seat -> the level reached -> the event of a bar going up."""
    return tuple(tuple(Event("bar", {"seat": seat, "bar": bar, "level": level}, rule)
                       for level in range(MAX_LEVEL + 1)) for seat in _SEATS)


RAISED = {n: _raised(bar, _UPGRADE_RULE[n]) for n, bar in UPGRADE_BAR.items()}
RAISED[CHARGE] = _raised(EBS, "RP Energy Boost System")
NOT_ACTIVE = tuple({n: Event("not_active", {"seat": seat, "button": n}, "RP Safety Car")
                    for n in range(1, 12)} for seat in _SEATS)
DEFENDED = tuple(Event("defend", {"seat": seat}, "RP Step 2") for seat in _SEATS)
START_PLAYER = tuple(Event("start_player", {"seat": seat}, "RP Step 2") for seat in _SEATS)
NO_PIT = tuple(Event("no_pit", {"seat": seat}, "RP Bot rules: bots never pit") for seat in _SEATS)
_EBS_USED = SharedEvents(lambda seat, bonus: Event(         # (the bonuses are the content's)
    "use_ebs", {"seat": seat, "bonus": bonus}, "RP Energy Boost System"))


def bot_select(s: RaceState, seat: int) -> Select | None:
    """RP Bot mode: a bot's only legal selection, the button on its start
    light; None for a driver who chooses (the select step's `single` hint:
    every selection of a bot comes here without a list of one)."""
    car = s.cars[seat]
    if car.bot:
        # bot_button, inlined (tests/racepace/test_bot_mode.py pins the two equal)
        deck, lights = s.tables.bot_actions[car.driver]
        return SELECT[lights[s.situation[deck]]]
    return None


def legal_selects(s: RaceState, seat: int) -> list[Select]:
    """RP Step 2: the buttons this seat may select; a bot only its start light."""
    car = s.cars[seat]
    if car.bot:
        return [bot_select(s, seat)]
    T = s.tables
    out = []
    for n in range(1, 12):
        if button_problem(s, T, car, n) is None:
            if n == BOXBOX:
                out.extend(SELECT_PIT[c] for c in pit_choices(car))
            else:
                out.append(SELECT[n])
    return out


def legal_copies(s: RaceState, seat: int) -> list[Copy]:
    """RP React: copy one action of a driver ahead on the leaderboard, or none."""
    T = s.tables
    car = s.cars[seat]
    out = [COPY_NOTHING]
    seen = set()
    for other in leaderboard(s):
        if other is car:
            break
        n = other.button
        if n is None or n == REACT or n in seen:
            continue
        seen.add(n)
        if button_problem(s, T, car, n, copying=True) is None:
            if n == BOXBOX:
                out.extend(COPY_PIT[c] for c in pit_choices(car))
            else:
                out.append(COPY[n])
    return out


def select(s: RaceState, seat: int, action: Select) -> list[Event]:
    """RP Step 2: the action token on a button (a legal one: engine/steps.py
    checked it against legal_selects); then the next driver in turn is asked,
    or after the last one the round resolved, at once (the hot path of a
    race: no automatic step in between)."""
    car = s.cars[seat]
    n = action.button
    car.button = n
    takers = s.taken.get(n)
    if takers is None:
        s.taken[n] = [seat]
    else:
        takers.append(seat)
    tyre = action.tyre
    # (an empty list appended to: room for four at once; a list of one is
    # grown again by the action's event)
    events = []
    events.append(SELECTED[seat][n] if tyre is None else
                  Event("select", {"seat": seat, "button": n, "tyre": tyre}, "RP Step 2"))
    if n == REACT:
        s.reactors.append(seat)
    else:
        perform(s, s.tables, car, n, tyre, events, takers is None)
    if s.queue:
        ask_one(s, "select", s.queue.pop(0))
    elif not s.reactors:
        # The last selection, and nobody reacts: the round is resolved at once
        # (not by the select phase's automatic step, rules/round.py).
        resolve.resolve_round(s, events)
    return events


def copy(s: RaceState, seat: int, action: Copy) -> list[Event]:
    """RP React: the copied action takes effect at once (a legal one)."""
    car = s.cars[seat]
    car.copied = action.button
    events = [Event("copy", {"seat": seat, "button": action.button, "tyre": action.tyre},
                    "RP React")]
    if action.button is not None:
        perform(s, s.tables, car, action.button, action.tyre, events,
                first=False)
    return events


def select_problem(s: RaceState, seat: int, action) -> str | None:
    """Why a refused Select is refused, in the players' words."""
    if not isinstance(action, Select):
        return None
    T = s.tables
    car = s.cars[seat]
    n = action.button
    if car.bot:
        return f"this bot's start light shows action {bot_button(s, T, car)} (RP Bot mode)"
    if not _is_button(n):
        return "there is no such action button; they are numbered 1 to 11"
    return button_problem(s, T, car, n) or _pit_tyre_problem(T, car, n, action.tyre)


def copy_problem(s: RaceState, seat: int, action) -> str | None:
    """Why a refused Copy is refused, in the players' words."""
    if not isinstance(action, Copy):
        return None
    T = s.tables
    car = s.cars[seat]
    n = action.button
    if n is None:
        return "copying nothing takes no tyre compound" if action.tyre is not None else None
    if not _is_button(n):
        return "there is no such action button; they are numbered 1 to 11"
    ahead = set()
    for other in leaderboard(s):
        if other is car:
            break
        ahead.add(other.button)
    if n not in ahead or n == REACT:
        return "you may only copy an action that a driver ahead of you selected"
    return (button_problem(s, T, car, n, copying=True)
            or _pit_tyre_problem(T, car, n, action.tyre))


def _is_button(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 11


def _pit_tyre_problem(T: Tables, car, n: int, tyre) -> str | None:
    if n == BOXBOX:
        if tyre not in pit_choices(car):
            names = ", ".join(T.tyres[c].name for c in pit_choices(car))
            what = (f"there is no set of {T.tyres[tyre].name} tyres left to fit"
                    if isinstance(tyre, str) and tyre in T.tyres else
                    "Box Box names the compound to fit")
            return f"{what}; you can fit {names} (RP Tyres and Pit Stops)"
    elif tyre is not None:
        return "only Box Box takes a tyre compound"
    return None


def perform(s: RaceState, T: Tables, car, n: int, tyre, events: list[Event],
            first: bool) -> None:
    """Apply an action's effect at once (RP Step 2: 'immediately apply')."""
    if car.bot and s.safety_car and not T.sc_ok[n]:
        # RP Bot rules: bots are subject to the Safety Car too: a button whose
        # SC light is out does nothing for them.
        events.append(NOT_ACTIVE[car.seat][n])
        return
    if n in UPGRADE_BAR:
        # RP Steering Wheel M: one level up, to E at most. Bots take it even at E.
        bars = car.bars
        bar = UPGRADE_BAR[n]
        level = bars[bar]
        if level < MAX_LEVEL:
            bars[bar] = level + 1
            events.append(RAISED[n][car.seat][level + 1])
    elif n == CHARGE:
        # RP EBS Charge: EBS one level up and no tyre degradation this round.
        car.charge = True
        if car.bars[EBS] < MAX_LEVEL:
            car.bars[EBS] += 1
        events.append(RAISED[CHARGE][car.seat][car.bars[EBS]])
    elif n == USE_EBS:
        # RP EBS Use: RP by level this round, then two levels down (bots keep it).
        car.ebs_bonus = 0 if s.safety_car else T.ebs[car.bars[EBS]]
        if not car.bot:
            car.bars[EBS] = max(0, car.bars[EBS] - T.content.board.ebs_use_drop)
        events.append(_EBS_USED[car.seat, car.ebs_bonus])
    elif n == DEFEND:
        # RP Step 2, Defend: a +1 token for you, resolved next round.
        car.next_tokens.append(T.defend_bonus)
        events.append(DEFENDED[car.seat])
    elif n == START:
        # RP Step 2, Start: +1 RP; the first to choose it takes the card
        # (RP Bot rules: both bots get +1, the first bot takes the card).
        car.start_bonus = 1
        if first and s.start_player != car.seat:
            s.start_player = car.seat
            events.append(START_PLAYER[car.seat])
    elif n == BOXBOX:
        if car.bot:
            events.append(NO_PIT[car.seat])
            return
        pit(car, tyre, events)


def pit(car, tyre: str, events: list[Event]) -> None:
    """RP Tyres and Pit Stops: fit a new set; used softs/mediums are spent."""
    if tyre in car.sets:
        car.sets[tyre] -= 1
    car.pit = True
    car.tyre = tyre
    car.td = 0
    if tyre not in car.used:
        car.used.append(tyre)
    events.append(Event("pit", {"seat": car.seat, "tyre": tyre}, "RP Tyres and Pit Stops"))


def fit_first_tyre(car, tyre: str, events: list[Event]) -> None:
    """RP Setup 3: the starting compound, TD marker on 0."""
    if tyre in car.sets:
        car.sets[tyre] -= 1
    car.tyre = tyre
    car.td = 0
    car.used = [tyre]
    events.append(Event("tyre", {"seat": car.seat, "tyre": tyre}, "RP Setup 3"))

