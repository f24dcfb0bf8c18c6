"""RP Game Round Overview: who decides now, and what happens between decisions.

A race goes team picks -> driver picks -> tyre choice -> rounds of
(Step 1 cards, Step 2 selection in turn, React copies, Step 3 pace and
movement) -> classification; a Campaign then sets up its next race.
"""
from __future__ import annotations

from ....engine.protocol import Event, IllegalAction
from ..actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from ..state import RaceState
from ..tables import Tables, tables
from . import actions, cards, finish, movement, pace, setup

PHASE_ACTION = {"team": PickTeam, "driver": PickDriver, "tyre": ChooseTyre,
                "select": Select, "react": Copy}


def legal(s: RaceState, seat: int) -> list:
    if not s.queue or s.queue[0] != seat:
        return []
    T = tables(s.config.content)
    car = s.cars[seat]
    phase = s.phase
    if phase == "select":
        return actions.legal_selects(s, T, car)
    if phase == "react":
        return actions.legal_copies(s, T, car, pace.leaderboard(s))
    if phase == "tyre":
        return [ChooseTyre(c) for c in ("S", "M", "H", "W")]
    if phase == "team":
        return [PickTeam(k) for k in _free_teams(s, T)]
    if phase == "driver":
        taken = {c.driver for c in s.cars}
        return [PickDriver(k) for k in T.drivers if k not in taken]
    return []


def _free_teams(s: RaceState, T: Tables) -> list[str]:
    taken = {c.team for c in s.cars}
    return [k for k in T.teams if k not in taken]


def apply(s: RaceState, seat: int, action) -> list[Event]:
    if s.phase == "over":
        raise IllegalAction("RP Winning the Game: the race is over", "RP Winning the Game")
    if not s.queue or s.queue[0] != seat:
        who = s.queue[0] if s.queue else None
        raise IllegalAction(f"RP Step 2: it is seat {who}'s turn, not seat {seat}'s",
                            "RP Step 2")
    want = PHASE_ACTION[s.phase]
    if type(action) is not want:
        raise IllegalAction(f"RP: now is the time for {want.__name__}, not "
                            f"{type(action).__name__}", "RP Game Round Overview")
    T = tables(s.config.content)
    car = s.cars[seat]
    events: list[Event] = []
    if s.phase == "select":
        actions.select(s, T, car, action, events)
    elif s.phase == "react":
        actions.copy(s, T, car, action, pace.leaderboard(s), events)
    elif s.phase == "tyre":
        if action.tyre not in ("S", "M", "H", "W"):
            raise IllegalAction(f"RP Setup 3: there is no compound {action.tyre!r}", "RP Setup 3")
        actions.fit_first_tyre(car, action.tyre, events)
    elif s.phase == "team":
        if action.team not in _free_teams(s, T):
            raise IllegalAction(f"RP Setup K: team {action.team!r} is not available",
                                "RP Setup K")
        car.team = action.team
        if s.config.team_play:           # RP Team Play: two boards of the same team
            s.cars[seat ^ 1].team = action.team
        events.append(Event("pick_team", {"seat": seat, "team": action.team}, "RP Setup K"))
    else:
        if action.driver not in T.drivers or any(c.driver == action.driver for c in s.cars):
            raise IllegalAction(f"RP Setup L: driver {action.driver!r} is not available",
                                "RP Setup L")
        car.driver = action.driver
        events.append(Event("pick_driver", {"seat": seat, "driver": action.driver},
                            "RP Setup L"))
    s.queue.pop(0)
    advance(s, T, events)
    return events


def advance(s: RaceState, T: Tables, events: list[Event]) -> None:
    """Run everything that needs no decision until someone must decide."""
    while not s.queue and s.phase != "over":
        phase = s.phase
        if phase == "team":
            s.phase = "driver"
            s.start_player = setup.first_start_player(s)   # RP Setup L
            s.queue = setup.driver_pick_order(s)
        elif phase == "driver":
            setup.prepare_race(s, events)
        elif phase == "tyre":
            _start_selection(s)
        elif phase == "select" and s.reactors:
            s.phase = "react"                              # RP React: after everyone chose
            s.queue = list(s.reactors)
        else:
            _resolve_round(s, T, events)


def _start_selection(s: RaceState) -> None:
    """RP Step 2: the start player first, then clockwise."""
    s.phase = "select"
    s.queue = [seat for seat in setup.rotation(s) if not s.cars[seat].finished]


def _resolve_round(s: RaceState, T: Tables, events: list[Event]) -> None:
    order = pace.running(pace.leaderboard(s))
    # Step 3a: situation cards after the actions, then count every RP.
    pace.apply_situations(s, T, order, events)
    pace.double_pit(s, T, order, events)
    for car in order:
        car.rp = pace.race_pace(s, T, car)
        car.ebs_used = pace.ebs_rp(s, T, car) > 0
    # Step 3b: tyres and cars, leader first.
    movement.move_all(s, T, order, events)
    if s.config.campaign:
        finish.fastest_lap(s, order, events)
    events.append(Event("round_end", {"round": s.round,
                                      "moved": {c.seat: c.moved for c in order}},
                        "RP Step 3"))
    if finish.race_over(s):
        finish.close_race(s, T, events)
        if s.config.campaign and s.race_index + 1 < len(setup.season_of(s)):
            s.race_index += 1
            setup.prepare_race(s, events)                   # RP Campaign Mode
        else:
            s.phase = "over"
            s.queue = []
        return
    _next_round(s, T, events)


def _next_round(s: RaceState, T: Tables, events: list[Event]) -> None:
    for car in s.cars:
        # RP Race Pace Tokens: tokens taken this round resolve in the next.
        car.tokens = car.next_tokens
        car.next_tokens = []
        setup.reset_round_fields(car)
    s.taken = {}
    s.reactors = []
    s.round += 1
    cards.turn_round_cards(s, T, events)                   # Step 1
    _start_selection(s)
