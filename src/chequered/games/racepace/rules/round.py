"""RP Game Round Overview: the order of a race, as automatic steps of the
decision machine (engine/steps.py) around the decisions of rules/steps.py.

A race goes team picks -> driver picks -> tyre choice -> rounds of
(Step 1 cards, Step 2 selection in turn, React copies, Step 3 pace and
movement) -> classification; a Campaign then sets up its next race.

Each phase function runs when no decision is pending: it asks the next seat
of `state.queue` for the phase's decision, or, when the queue is empty,
moves the race on to the next phase. (The picks, tyre choices and
selections ask the next seat of their queue themselves, rules/steps.ask_next
and actions.select: their phase function runs once the queue is empty.)
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Machine, ask
from ..state import RaceState
from ..text import describe_action, seat_names
from . import cards, finish, movement, pace, setup
from .steps import PHASE_STEP, STEPS, ask_next


def _next_seat(s: RaceState) -> bool:
    """Ask the next seat of the queue for this phase's decision, if any."""
    return ask_next(s, PHASE_STEP[s.turn.phase])


def _team(s: RaceState) -> list[Event]:
    if not _next_seat(s):
        s.turn.phase = "driver"
        s.start_player = setup.first_start_player(s)      # RP Setup L
        s.queue = setup.driver_pick_order(s)
    return []


def _driver(s: RaceState) -> list[Event]:
    events: list[Event] = []
    if not _next_seat(s):
        setup.prepare_race(s, events)                      # the phase becomes "tyre"
    return events


def _tyre(s: RaceState) -> list[Event]:
    if not _next_seat(s):
        start_selection(s)
    return []


def _select(s: RaceState) -> list[Event]:
    # (start_selection asks the first seat and each selection the next one:
    # this runs when the last seat has selected)
    if _next_seat(s):
        return []
    if s.reactors:
        s.turn.phase = "react"                             # RP React: after everyone chose
        s.queue = list(s.reactors)
        return []
    return _resolve_round(s)


def _react(s: RaceState) -> list[Event]:
    return [] if _next_seat(s) else _resolve_round(s)


def start_selection(s: RaceState) -> None:
    """RP Step 2: the start player first, then clockwise; the first of them
    is asked at once (not by the next automatic step: once a round)."""
    s.turn.phase = "select"
    queue = setup.rotation(s)
    cars = s.cars
    if pace.any_finished(cars):                    # (Team Play: they sit out)
        queue = [seat for seat in queue if not cars[seat].finished]
    s.queue = queue
    if queue:
        ask(s, "select", (queue.pop(0),))


def _resolve_round(s: RaceState) -> list[Event]:
    T = s.tables
    events: list[Event] = []
    order = pace.running(pace.leaderboard(s))
    # Step 3a: situation cards after the actions; then each car's RP is
    # counted and (3b) its tyres and the car move, leader first.
    pace.apply_situations(s, T, order, events)
    pace.double_pit(s, T, order, events)
    moved = movement.move_all(s, T, order, events)
    if s.variants.campaign:
        finish.fastest_lap(s, order, events)
    events.append(Event("round_end", {"round": s.round, "moved": moved}, "RP Step 3"))
    if finish.race_over(s):
        finish.close_race(s, T, events)
        if s.variants.campaign and s.race_index + 1 < len(setup.season_of(s)):
            s.race_index += 1
            setup.prepare_race(s, events)                   # RP Campaign Mode
        else:
            s.turn.phase = "over"
            s.turn.over = True
            s.queue = []
        return events
    _next_round(s, T, events)
    return events


def _next_round(s: RaceState, T, events: list[Event]) -> None:
    setup.reset_round_fields(s.cars)
    s.taken = {}
    if s.reactors:                  # (mostly empty: no new list each round)
        s.reactors = []
    s.round += 1
    cards.turn_round_cards(s, T, events)                   # Step 1
    start_selection(s)


PHASES = {"team": _team, "driver": _driver, "tyre": _tyre, "select": _select,
          "react": _react}

MACHINE = Machine(STEPS, PHASES, turn_rule="RP Game Round Overview",
                  over_rule="RP Winning the Game", names=seat_names,
                  describe=describe_action)
