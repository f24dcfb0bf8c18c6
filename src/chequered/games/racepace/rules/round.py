"""RP Game Round Overview: the order of a race, as automatic steps of the
decision machine (engine/steps.py) around the decisions of rules/steps.py.

A race goes team picks -> driver picks -> tyre choice -> rounds of
(Step 1 cards, Step 2 selection in turn, React copies, Step 3 pace and
movement) -> classification; a Campaign then sets up its next race.

Each phase function runs when no decision is pending: it asks the next seat
of `state.queue` for the phase's decision, or, when the queue is empty,
moves the race on to the next phase. (The picks, tyre choices and
selections ask the next seat of their queue themselves, rules/steps.ask_next
and actions.select: their phase function runs once the queue is empty. The
round's resolution is rules/resolve.py's, which the last selection runs
itself when nobody reacts.)
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Machine
from ..state import RaceState
from ..text import describe_action, seat_names
from . import resolve, setup
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
        resolve.start_selection(s)
    return []


def _select(s: RaceState) -> list[Event]:
    # (resolve.start_selection asks the first seat, each selection the next
    # one, and the last resolves the round itself unless someone reacts:
    # this runs then)
    if _next_seat(s):
        return []
    if s.reactors:
        s.turn.phase = "react"                             # RP React: after everyone chose
        s.queue = list(s.reactors)
        return []
    return resolve.resolve_round(s, [])


def _react(s: RaceState) -> list[Event]:
    return [] if _next_seat(s) else resolve.resolve_round(s, [])


PHASES = {"team": _team, "driver": _driver, "tyre": _tyre, "select": _select,
          "react": _react}

MACHINE = Machine(STEPS, PHASES, turn_rule="RP Game Round Overview",
                  over_rule="RP Winning the Game", names=seat_names,
                  describe=describe_action)
