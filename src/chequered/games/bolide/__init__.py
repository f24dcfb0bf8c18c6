"""Bolide: vector racing on a grid, a car and its momentum pawn.

Bolide hides nothing but the dice to come: every seat sees the same board
(`hidden_information=False`); the decisions are one car at a time, face up.

Speed (issue 16): a running car's options are cached per circuit by point,
velocity and the cars in the way (rules/reach.py). What is not cached yet is
worked out by a numba kernel when numba is installed (the `fast` extra,
rules/reach_fast.py, compiled once and kept on disk), else in pure Python;
the two give the same races. CHEQUERED_NUMBA=0 forces pure Python.
"""
from __future__ import annotations

from functools import partial

from ...engine.protocol import Game
from ...engine.spec import GameSpec
from . import board_svg, board_text, checks, guide, legend
from .actions import ACTION_TYPES, Expire
from .bots import make_bot
from .circuit import circuit, circuit_keys, content_version
from .config import BOT_KINDS, NOTES, OPTIONS, STRATEGY_KINDS, RULE_LEVELS, BolideConfig
from .positions import dump_position, load_position, redeterminize
from .rules.phases import result
from .rules.setup import new_state
from .rules.steps import MACHINE, time_limit
from .text import describe, describe_action, describe_choice, help_text, seat_names
from .view import view
from .warm import warm
from .metrics import Tally, metrics
from .search_value import search_value

SPEC = GameSpec(
    name="bolide",
    title="Bolide",
    config=BolideConfig,
    actions=ACTION_TYPES,
    machine=MACHINE,
    new=new_state,
    result=result,
    view=view,
    render_text=board_text.text,
    render_svg=board_svg.svg,
    dump_position=dump_position,
    load_position=load_position,
    redeterminize=redeterminize,
    tracks=circuit_keys,
    track_names=lambda: {k: f"{circuit(k).meta.name}, {circuit(k).meta.laps} laps"
                         for k in circuit_keys()},
    describe=describe,
    describe_action=describe_action,
    agents={kind: partial(make_bot, kind) for kind in (*BOT_KINDS, *STRATEGY_KINDS)},
    rule_levels=RULE_LEVELS,
    options=OPTIONS,
    notes=NOTES,
    bench_seats="club,club,club,club,club,club",
    search_value=search_value,
    # the expert reads the exact tables: 84 % wins against five club bots
    # (bolide_bots_basic.json), where a search whose own seat played club
    # moves won 10 % (mcts-strength.json); it costs about 5x a club move,
    # paid for one seat in six
    search_bot="expert",
    # the expert alone wins these races: leave it only on clear evidence
    # (one error let single lucky rollouts of thirty moves through)
    search_anchor=2.0,
    search_anchor_pooled=True,
    content_version=content_version,
    hidden_information=False,
    simultaneous=False,
    describe_choice=describe_choice,
    seat_names=seat_names,
    help=help_text,
    time_limit=time_limit,
    timeout_action=lambda state, seat: Expire(),   # BOLIDE 3: the pawn's point
    sample_configs=checks.sample_configs,
    candidate_actions=checks.candidate_actions,
    invariants=checks.invariants,
    legend=legend.legend,
    standings=guide.standings,
    explain=guide.EXPLAIN,
    confirm=guide.confirm,
    tutorial=guide.tutorial,
    warm=lambda: warm(GAME),
    metrics=metrics,
    tally=Tally,
)

GAME = Game(SPEC)
