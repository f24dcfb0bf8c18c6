"""The decisions of a Race Pace race, one `Step` each (engine/steps.py).

Race Pace is sequential: one seat decides at a time, in the order the
rulebook gives (rules/round.py keeps the queue). Every choice is made in the
open (a token on the board, a board taken from the table), so no step is
secret and none is chosen from a hidden hand.
"""
from __future__ import annotations

from ....engine.protocol import Event, SharedEvents
from ....engine.steps import Step, ask_one
from ..actions import ChooseTyre, PickDriver, PickTeam
from . import actions


def ask_next(s, step: str) -> bool:
    """Ask the next seat of `s.queue` for the decision `step`, if any: a
    decision of a phase asks the next one itself, not through the phase's
    automatic step (rules/round.py), which runs when the queue is empty."""
    if not s.queue:
        return False
    ask_one(s, step, s.queue.pop(0))
    return True


# A pick's event, made once per seat and board (events are values: rules/actions.py)
_TEAM_PICKED = SharedEvents(lambda seat, team: Event("pick_team", {"seat": seat, "team": team},
                                                     "RP Setup K"))
_DRIVER_PICKED = SharedEvents(lambda seat, driver: Event(
    "pick_driver", {"seat": seat, "driver": driver}, "RP Setup L"))


# ---- RP Setup K: team boards ---------------------------------------------------------
def _teams(s, seat: int) -> list[PickTeam]:
    # (the boards in content order, less the taken ones: a copy of the table
    # and a pop per car costs a third less than a set and a comprehension)
    left = s.tables.team_picks.copy()
    for car in s.cars:
        left.pop(car.team, None)
    return list(left.values())


def _pick_team(s, seat: int, action: PickTeam) -> list[Event]:
    s.cars[seat].team = action.team
    if s.variants.team_play:         # RP Team Play: two boards of the same team
        s.cars[seat ^ 1].team = action.team
    ask_next(s, "pick_team")
    return [_TEAM_PICKED[seat, action.team]]


# ---- RP Setup L: driver boards -------------------------------------------------------
def _drivers(s, seat: int) -> list[PickDriver]:
    left = s.tables.driver_picks.copy()
    for car in s.cars:
        left.pop(car.driver, None)
    return list(left.values())


def _pick_driver(s, seat: int, action: PickDriver) -> list[Event]:
    s.cars[seat].driver = action.driver
    ask_next(s, "pick_driver")
    return [_DRIVER_PICKED[seat, action.driver]]


def _taken_board(what: str):
    def why_not(s, seat, action) -> str | None:
        key = getattr(action, what, None)
        if isinstance(key, str) and any(getattr(c, what) == key for c in s.cars):
            return f"that {what} board is taken already"
        return None
    return why_not


# ---- RP Setup 3: the starting compound ------------------------------------------------
def _tyres(s, seat: int) -> list[ChooseTyre]:
    return [ChooseTyre(c) for c in actions.TYRES]


def _choose_tyre(s, seat: int, action: ChooseTyre) -> list[Event]:
    events: list[Event] = []
    actions.fit_first_tyre(s.cars[seat], action.tyre, events)
    ask_next(s, "choose_tyre")
    return events


STEPS = (
    Step("pick_team", "RP Setup K", _teams, _pick_team, label="choose a Race Team board",
         why_not=_taken_board("team")),
    Step("pick_driver", "RP Setup L", _drivers, _pick_driver, label="choose a Driver board",
         why_not=_taken_board("driver")),
    Step("choose_tyre", "RP Setup 3", _tyres, _choose_tyre,
         label="choose the compound to start on"),
    Step("select", "RP Step 2", actions.legal_selects, actions.select,
         label="select an action button", why_not=actions.select_problem,
         single=actions.bot_select),
    Step("react", "RP React", actions.legal_copies, actions.copy,
         label="copy an action of a driver ahead, or nothing", why_not=actions.copy_problem),
)

# The step each phase of the round waits for (rules/round.py).
PHASE_STEP = {"team": "pick_team", "driver": "pick_driver", "tyre": "choose_tyre",
              "select": "select", "react": "react"}
