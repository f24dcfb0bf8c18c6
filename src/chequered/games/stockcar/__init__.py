"""The stock-car game: NASCAR-style team racing in lanes with drafting packs.

Built around the rulebook's gameplay chapter (the publisher's text, not in
this repository); the rules it points to but does not contain are
written in our own words in docs/rules/stockcar.md, and the cards and
tracks in content/ are our reconstruction. The decisions are the step
table of rules/steps.py, run by the engine's machine (engine/steps.py).
"""
from __future__ import annotations

from ...engine.protocol import Game
from ...engine.spec import GameSpec
from . import checks, guide, render
from .actions import ACTION_TYPES
from .bots import AGENTS
from .config import NOTES, RULE_LEVELS, StockCarConfig
from .content import load_content
from .positions import dump_position, load_position, redeterminize
from .rules.routes import describe_route
from .rules.scoring import result
from .rules.setup import new_race
from .rules.steps import MACHINE
from .search_value import search_value
from .text import describe, describe_action, describe_choice, help_text, seat_names
from .metrics import Tally, metrics

SPEC = GameSpec(
    name="stockcar",
    title="The stock-car game",
    config=StockCarConfig,
    actions=ACTION_TYPES,
    machine=MACHINE,
    new=new_race,
    result=result,
    view=render.view,
    decorate_view=render.decorate_view,
    render_text=render.text,
    render_svg=render.svg,
    dump_position=dump_position,
    load_position=load_position,
    redeterminize=redeterminize,
    tracks=lambda: list(load_content().tracks),
    track_names=lambda: {k: f"{t.name}, {t.laps} laps of {t.n} sectors"
                         for k, t in load_content().tracks.items()},
    describe=describe,
    describe_action=describe_action,
    describe_route=describe_route,
    describe_choice=describe_choice,
    seat_names=seat_names,
    help=help_text,
    agents=AGENTS,
    rule_levels=RULE_LEVELS,
    notes=NOTES,
    bench_seats="bot,bot,bot,bot",
    # the everyday test run: 1,000 seeds (0.13 CPU s a random race with the
    # checks) and 12 races with every check at every step (~7 CPU s each, every
    # one of the 10 sample configs at least once); the soak command runs more
    conformance_seeds=1000,
    conformance_deep=12,
    content_version=lambda config=None: load_content(getattr(config, "content", None)).version,
    hidden_information=True,
    sample_configs=checks.sample_configs,
    candidate_actions=checks.candidate_actions,
    invariants=checks.invariants,
    legend=guide.legend,
    standings=guide.standings,
    explain=guide.EXPLAIN,
    confirm=guide.confirm,
    tutorial=guide.tutorial,
    metrics=metrics,
    tally=Tally,
    search_value=search_value,
)
GAME = Game(SPEC)
__all__ = ["GAME", "SPEC"]
