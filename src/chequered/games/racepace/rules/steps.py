"""The decisions of a Race Pace race, one `Step` each (engine/steps.py).

Race Pace is sequential: one seat decides at a time, in the order the
rulebook gives (rules/round.py keeps the queue). Every choice is made in the
open (a token on the board, a board taken from the table), so no step is
secret and none is chosen from a hidden hand.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from ..tables import tables
from . import actions
from .pace import leaderboard

TYRES = ("S", "M", "H", "W")


# ---- RP Setup K: team boards ---------------------------------------------------------
def _teams(s, seat: int) -> list[PickTeam]:
    T = tables(s.config.content)
    taken = {c.team for c in s.cars}
    return [PickTeam(k) for k in T.teams if k not in taken]


def _pick_team(s, seat: int, action: PickTeam) -> list[Event]:
    s.cars[seat].team = action.team
    if s.config.team_play:           # RP Team Play: two boards of the same team
        s.cars[seat ^ 1].team = action.team
    return [Event("pick_team", {"seat": seat, "team": action.team}, "RP Setup K")]


# ---- RP Setup L: driver boards -------------------------------------------------------
def _drivers(s, seat: int) -> list[PickDriver]:
    T = tables(s.config.content)
    taken = {c.driver for c in s.cars}
    return [PickDriver(k) for k in T.drivers if k not in taken]


def _pick_driver(s, seat: int, action: PickDriver) -> list[Event]:
    s.cars[seat].driver = action.driver
    return [Event("pick_driver", {"seat": seat, "driver": action.driver}, "RP Setup L")]


def _taken_board(what: str):
    def why_not(s, seat, action) -> str | None:
        key = getattr(action, what, None)
        if isinstance(key, str) and any(getattr(c, what) == key for c in s.cars):
            return f"that {what} board is taken already"
        return None
    return why_not


# ---- RP Setup 3: the starting compound ------------------------------------------------
def _tyres(s, seat: int) -> list[ChooseTyre]:
    return [ChooseTyre(c) for c in TYRES]


def _choose_tyre(s, seat: int, action: ChooseTyre) -> list[Event]:
    events: list[Event] = []
    actions.fit_first_tyre(s.cars[seat], action.tyre, events)
    return events


# ---- RP Step 2: one of the 11 actions --------------------------------------------------
def _selects(s, seat: int) -> list[Select]:
    return actions.legal_selects(s, tables(s.config.content), s.cars[seat])


def _select(s, seat: int, action: Select) -> list[Event]:
    events: list[Event] = []
    actions.select(s, tables(s.config.content), s.cars[seat], action, events)
    return events


def _why_not_select(s, seat: int, action) -> str | None:
    if not isinstance(action, Select):
        return None
    return actions.select_problem(s, tables(s.config.content), s.cars[seat], action)


# ---- RP React: copy an action of a driver ahead ----------------------------------------
def _copies(s, seat: int) -> list[Copy]:
    return actions.legal_copies(s, tables(s.config.content), s.cars[seat], leaderboard(s))


def _copy(s, seat: int, action: Copy) -> list[Event]:
    events: list[Event] = []
    actions.copy(s, tables(s.config.content), s.cars[seat], action, events)
    return events


def _why_not_copy(s, seat: int, action) -> str | None:
    if not isinstance(action, Copy):
        return None
    return actions.copy_problem(s, tables(s.config.content), s.cars[seat], action,
                                leaderboard(s))


STEPS = (
    Step("pick_team", "RP Setup K", _teams, _pick_team, label="choose a Race Team board",
         why_not=_taken_board("team")),
    Step("pick_driver", "RP Setup L", _drivers, _pick_driver, label="choose a Driver board",
         why_not=_taken_board("driver")),
    Step("choose_tyre", "RP Setup 3", _tyres, _choose_tyre,
         label="choose the compound to start on"),
    Step("select", "RP Step 2", _selects, _select, label="select one of the 11 actions",
         why_not=_why_not_select),
    Step("react", "RP React", _copies, _copy,
         label="copy an action of a driver ahead, or nothing", why_not=_why_not_copy),
)

# The step each phase of the round waits for (rules/round.py).
PHASE_STEP = {"team": "pick_team", "driver": "pick_driver", "tyre": "choose_tyre",
              "select": "select", "react": "react"}
