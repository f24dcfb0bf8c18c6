"""Race Pace: pit-wall strategy, one action a round, race pace in laps.

The game is this spec: the protocol (engine/protocol.Game) reads it. The
decisions are the steps of rules/steps.py, the order of a race the phases of
rules/round.py; every card is turned through engine/chance.py.
"""
from __future__ import annotations

from ...engine.protocol import Game
from ...engine.spec import GameSpec
from . import checks, guide, render, render_svg
from .actions import ACTION_TYPES
from .bots import AGENTS
from .choices import describe_choice
from .metrics import Tally, metrics
from .config import NOTES, OPTIONS, RULE_LEVELS, RacePaceConfig
from .positions import dump_position, load_position, redeterminize
from .rules import finish
from .rules.round import MACHINE
from .rules.setup import new_state
from .tables import content_version, tables
from .text import describe, describe_action, help_text, seat_names

SPEC = GameSpec(
    name="racepace",
    title="Race Pace",
    config=RacePaceConfig,
    actions=ACTION_TYPES,
    machine=MACHINE,
    new=new_state,
    result=finish.result,
    view=render.view,
    render_text=render.text,
    render_svg=render_svg.svg,
    dump_position=dump_position,
    load_position=load_position,
    redeterminize=lambda state, seat, rng: redeterminize(state, rng),
    tracks=lambda: list(tables().circuits),
    track_names=lambda: {k: f"{c.name}, {c.laps} laps" for k, c in tables().circuits.items()},
    describe=describe,
    describe_action=describe_action,
    agents=AGENTS,
    rule_levels=RULE_LEVELS,
    options=OPTIONS,
    notes=NOTES,
    bench_seats="bot,bot,bot,bot,bot,bot",
    # the rulebook bot is weak and the lists short: the search's own choice
    # wins more (seeds 1-40, 350 iterations: 31 wins, 26 with a one-error
    # anchor)
    search_anchor=None,
    content_version=content_version,
    # Deck orders, the cards dealt face down and the rain cards left out
    # (RP Setup J) are hidden from everyone; nothing is private to one seat.
    hidden_information=True,
    describe_choice=describe_choice,
    seat_names=seat_names,
    help=help_text,
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
)

GAME = Game(SPEC)
__all__ = ["GAME", "SPEC"]
