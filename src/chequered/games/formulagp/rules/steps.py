"""The FormulaGP decision machine (FGP 6, 7.1-7.3, 12): every decision step
and every automatic phase of the race, joined from the tables of the step
modules into one engine/steps.Machine. Nothing registers itself on import.

`race.turn.phase` says where the race is between decisions:

  (bot_setup ->) (start_tyres -> start_tyres_shown ->) qualifying -> q_cards -> q_reveal
  -> q_push -> grid -> pole -> r1_cards
  -> r1_order -> turns -> round_end -> round_end_dice -> round_end_rest
  -> round_start -> sequence -> turns ... -> finish -> over

(vsc, red_flag_choices and restart come in from a turn's end; with the option
quali_die_roll, FGP 15.3, q_cards goes to qd_start -> qd_next -> grid). While a car
takes its turn (phase `turns`) `race.move["stage"]` names the part of the
turn that comes next; the STAGES table runs it (rules/turn.py, move_steps,
battle_steps, incident_steps, pit_steps, round_flow).
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Machine
from ..bot import setup as bot_setup
from ..bot import team_orders
from ..state import Race
from ..text import describe_action, seat_names
from . import (battle_retry, battle_steps, flag_steps, incident_steps, move_steps,
               optional_steps, optional_steps_b, optional_steps_c, pit_steps, radio_steps,
               rejoin_steps, round_flow, setup_steps, start_steps, turn, white_steps)

STAGES = {**turn.STAGES, **white_steps.STAGES, **move_steps.STAGES, **battle_steps.STAGES, **battle_retry.STAGES,
          **incident_steps.STAGES, **rejoin_steps.STAGES, **pit_steps.STAGES, **round_flow.STAGES, **radio_steps.STAGES,
          **optional_steps_c.STAGES, **team_orders.STAGES}


def _turns(race: Race) -> list[Event]:
    """FGP 7.3.3: the next part of the turn in progress, forced discards
    first (FGP 8.8); else the next car's turn. (One call a stage: a race
    runs some 1,400.)"""
    mv = race.move
    if mv is None:
        return turn.next_turn(race)
    if mv.get("now"):
        return incident_steps.run_now(race)
    return STAGES[mv["stage"]](race)


def _round_end_dice(race: Race) -> list[Event]:
    """FGP 13.3: the RED dice of the end of the round, each as a move's dice."""
    if race.move is not None:
        return _turns(race)                             # the die's move, stage by stage
    return round_flow.round_end_dice(race)


STEPS = (*setup_steps.STEPS, *start_steps.STEPS, *turn.STEPS, *white_steps.STEPS, *move_steps.STEPS, *battle_steps.STEPS,
         *battle_retry.STEPS, *incident_steps.STEPS, *rejoin_steps.STEPS, *pit_steps.STEPS, *flag_steps.STEPS,
         *radio_steps.STEPS, *optional_steps.STEPS, *optional_steps_b.steps(),
         *optional_steps_c.steps(), *team_orders.STEPS)

PHASES = {**bot_setup.PHASES,                     # BOT 1.3-1.4: before everything else
          **setup_steps.PHASES, **start_steps.PHASES, **round_flow.PHASES,
          **flag_steps.PHASES, **radio_steps.PHASES, **optional_steps.PHASES,
          **optional_steps_b.PHASES, **optional_steps_c.PHASES, "turns": _turns, "round_end_dice": _round_end_dice}

MACHINE = Machine(STEPS, PHASES, turn_rule="FGP 7.1", over_rule="FGP 12",
                  names=seat_names, describe=describe_action)
