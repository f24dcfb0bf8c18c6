"""Bolide's decision machine: every decision step, and the automatic step of
every phase (engine/steps.py). Nothing is registered elsewhere.

Decisions (one car at a time, face up: Bolide hides nothing but the dice):
  move        the car's move (BOLIDE 1, 2, 8), a Booster or Brake request
              (BOLIDE 7), the sand timer (BOLIDE 3)
  joker       the set-up's second roll after a bad request (BOLIDE 11)
  reposition  where the loser of an engagement is put back (BOLIDE 6)
  regrid      a car's place behind the Safety Car line-up (BOLIDE 6)
  exit        the Pit Lane Out point (BOLIDE 9)
  service     what the pit stop is for (BOLIDE 9, 15)
  pit_tyres   the tyres for the second lap (BOLIDE 11)
  strategy    fuel, tyres, set-up before the race (BOLIDE 11)
  refit       repairs or new tyres after qualifying (BOLIDE 12)
Phases: setup, strategy, qualifying, race, refit (rules/phases.py,
rules/setup.py, rules/qualifying.py).
"""
from __future__ import annotations

from ....engine.steps import Machine, Step
from ..actions import Expire, Joker, Place, Refit, Service
from ..text import describe_action, seat_names
from . import phases, qualifying, turn
from .setup import setup_phase

JOKER_CHOICES = [Joker(True), Joker(False)]
REFIT_CHOICES = [Refit(r, t) for r in (False, True) for t in (False, True)]


def _places(s, seat: int) -> list:
    return [Place(x, y) for x, y in s.turn.pending.context["options"]]


def _services(s, seat: int) -> list:
    return [Service(k) for k in s.turn.pending.context["options"]]


STEPS = (
    Step("move", "BOLIDE 1", turn.move_actions, turn.apply_move, label="move your car",
         why_not=turn.why_not_move),
    Step("joker", "BOLIDE 11", lambda s, seat: JOKER_CHOICES, turn.apply_joker,
         label="roll again with the set-up joker, or keep the result"),
    Step("reposition", "BOLIDE 6", _places, turn.apply_reposition,
         label="put your car back after the engagement"),
    Step("regrid", "BOLIDE 6", _places, phases.apply_regrid,
         label="place your car behind the car ahead (Safety Car)"),
    Step("exit", "BOLIDE 9", _places, turn.apply_exit,
         label="choose your Pit Lane Out point"),
    Step("service", "BOLIDE 9", _services, turn.apply_service,
         label="say what the pit stop is for"),
    Step("pit_tyres", "BOLIDE 11", phases.pit_tyre_choices, turn.apply_pit_tyres,
         label="choose the tyres for the second lap"),
    Step("strategy", "BOLIDE 11", lambda s, seat: phases.STRATEGY_CHOICES,
         phases.apply_strategy, label="choose your race strategy"),
    Step("refit", "BOLIDE 12", lambda s, seat: REFIT_CHOICES, turn.apply_refit,
         label="repair or fit new tyres (back of the grid), or race as qualified"),
)

PHASES = {
    "setup": setup_phase,
    "strategy": phases.strategy_phase,
    "qualifying": phases.car_phase,
    "race": phases.car_phase,
    "refit": qualifying.refit_phase,
}


MACHINE = Machine(STEPS, PHASES, turn_rule="BOLIDE 3", over_rule="BOLIDE Preparation",
                  names=seat_names, describe=describe_action)


def time_limit(s, seat: int) -> float | None:
    """BOLIDE 3: with the sand timer, a person has `timer` seconds a move."""
    if Expire() in MACHINE.legal(s, seat):
        return float(s.config.timer)
    return None
