"""FormulaGP: a card-driven Formula race on modular tile tracks (the
Standard race of the rulebook; content authored by us, see docs/content)."""
from __future__ import annotations

from ...engine.protocol import Game
from ...engine.spec import GameSpec
from . import checks, render
from .actions import ACTION_TYPES
from .bot.agent import agents as bot_agents
from .bots import HeuristicBot
from .config import NOTES, OPTIONS, RULE_LEVELS, FormulaGPConfig
from .content import content_version
from .guide import EXPLAIN, confirm, tutorial
from .legend import legend
from .standings import standings
from .rules.season import result
from .rules.setup import new_game
from .rules.steps import MACHINE
from .search_value import search_value
from .rules.move_routes import describe_route
from .rules import time_limit
from .log import describe
from .position import FORMAT as SHORT_POSITION, load_short
from .text import describe_action, describe_choice, help_text, seat_names
from .track import track, track_keys
from .view import decorate_view, dump_position, load_position, redeterminize, view
from .metrics import Tally, metrics

SPEC = GameSpec(
    name="formulagp",
    title="FormulaGP",
    config=FormulaGPConfig,
    actions=ACTION_TYPES,
    machine=MACHINE,
    new=new_game,
    result=result,
    view=view,
    decorate_view=decorate_view,
    render_text=render.text,
    render_svg=render.svg,
    dump_position=dump_position,
    load_position=load_position,
    position_formats={SHORT_POSITION: load_short},        # position.py, hand-written
    redeterminize=redeterminize,
    tracks=track_keys,
    track_names=lambda: {k: track(k).name for k in track_keys()},
    describe=describe,
    describe_action=describe_action,
    describe_choice=describe_choice,
    describe_route=describe_route,                # rules/move_routes.py
    seat_names=seat_names,
    help=help_text,
    time_limit=time_limit.time_limit,            # FGP 15.12
    on_overrun=time_limit.overrun,
    agents={"heuristic": lambda seat, seed: HeuristicBot(seed * 1000 + seat),
            **bot_agents()},                 # BOT 1: the Pro and Rookie BOTs (bot/agent.py)
    rule_levels=RULE_LEVELS,
    options=OPTIONS,
    notes=NOTES,
    bench_seats="heuristic,heuristic,heuristic,heuristic,heuristic,heuristic",
    # A random six-car race is ~900 decisions with every check: 1,000 seeds in
    # the everyday test run (the minimum), 20 races with every check
    # at every step (each of the 19 sample configs at least once, ~17 CPU s
    # a race); the soak command runs more.
    conformance_seeds=1000,
    conformance_deep=20,
    content_version=lambda config=None: content_version(config.content if config else None),
    hidden_information=True,           # hands, deck orders, held EVENT cards
    simultaneous=True,                 # qualifying, round 1 and battle cards (FGP 6, 7.2.1, 9.3)
    sample_configs=checks.sample_configs,
    candidate_actions=checks.candidate_actions,
    invariants=checks.invariants,
    legend=legend,                     # legend.py: every mark of the boards
    standings=standings,               # standings.py: the running order (A212)
    search_value=search_value,         # search_value.py: distance less penalties, in rounds
    explain=EXPLAIN,                   # guide.py: a word on each decision
    confirm=confirm,
    tutorial=tutorial,
    metrics=metrics,                   # metrics.py: numbers for studies
    tally=Tally,
)
GAME = Game(SPEC)

__all__ = ["GAME", "SPEC"]
