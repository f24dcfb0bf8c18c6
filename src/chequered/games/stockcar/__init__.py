"""The stock-car game: NASCAR-style team racing in lanes with drafting packs.

Built around the rulebook's gameplay chapter (../shared/rulebooks/
stockcar-gameplay.txt); the rules it points to but does not contain are
written in our own words in docs/rules/stockcar.md, and the cards and
tracks in content/ are our reconstruction.
"""
from __future__ import annotations

from ...engine.legacy import LegacyGame as Game
from ...engine.protocol import BadInput, Event, IllegalAction, Result
from ...engine.rng import Rng
from . import checks, render
from .actions import ACTION_TYPES, MoveType, Step
from .bots import TeamBot
from .config import RULE_LEVELS, StockCarConfig
from .content import load_content
from .positions import dump_position, load_position, redeterminize
from .rules import setup, turn
from .text import describe, describe_action, describe_choice, help_text


class StockCar(Game):
    name = "stockcar"
    title = "The stock-car game"
    Config = StockCarConfig
    action_types = ACTION_TYPES
    bench_seats = "bot,bot,bot,bot"

    def tracks(self) -> list[str]:
        return list(load_content().tracks)

    def rule_levels(self) -> list[str]:
        return list(RULE_LEVELS)

    def bots(self) -> list[str]:
        return ["random", "bot"]

    def make_agent(self, kind: str, seat: int, seed: int):
        if kind == "bot":
            return TeamBot(seed * 1000 + seat)
        return super().make_agent(kind, seat, seed)

    def content_version(self) -> str:
        return load_content().version

    # ---- the race ------------------------------------------------------
    def new(self, config: StockCarConfig, seed: int):
        if not isinstance(seed, int):
            raise BadInput(f"seed must be an integer, not {seed!r}")
        C = load_content(config.content)
        state, events = setup.new_state(config, C, seed)
        turn.begin_turn(state, C, C.tracks[state.track], events)
        return state

    def to_act(self, state) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        return frozenset((state.actor,))

    def legal_actions(self, state, seat: int) -> list:
        return turn.legal(state, load_content(state.config.content), seat)

    def apply(self, state, seat: int, action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"not a stock-car action: {action!r}", "STOCK")
        return turn.apply(state, load_content(state.config.content), seat, action)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def result(self, state) -> Result:
        if state.phase != "over":
            raise BadInput("the race is not over yet")
        C = load_content(state.config.content)
        names = self.seat_names(state)
        laps = {}
        T = C.tracks[state.track]
        for seat in range(len(state.hands)):
            mine = [c for c in state.cars if c.team == seat]
            laps[seat] = max(max(c.dist, 0) // T.n for c in mine)
        cars = {str(c.number): {"seat": c.team, "position": c.position, "status": c.status,
                                "leads": c.leads} for c in state.cars}
        return Result(classification=list(state.queue), points=dict(state.scores),
                      laps=laps, names=names,
                      notes={s: "best car P" + str(min(c.position for c in state.cars
                                                       if c.team == s))
                             for s in range(len(state.hands))},
                      extra={"cars": cars})

    def redeterminize(self, state, seat: int, rng: Rng):
        return redeterminize(state, seat, rng)

    # ---- information ---------------------------------------------------
    def view(self, state, seat):
        v = render.view(state, seat)
        if seat is not None and seat in self.to_act(state):
            # the steps and movement types this seat may choose now, drawn as
            # clickable marks on the board (engine/board.py)
            legal = self.legal_actions(state, seat)
            v["steps"] = [{"ahead": a.ahead, "lane": a.lane} for a in legal
                          if isinstance(a, Step)]
            v["types"] = [a.kind for a in legal if isinstance(a, MoveType)]
        return v

    def render_text(self, view: dict) -> str:
        return render.text(view)

    def render_svg(self, view: dict) -> str:
        return render.svg(view)

    def describe(self, event: Event, state=None) -> str:
        return describe(event, state)

    def seat_names(self, state) -> dict[int, str]:
        C = load_content(state.config.content)
        from .rules.events import team_indexes
        return {seat: C.teams[t].name for seat, t in enumerate(team_indexes(state, C))}

    def describe_action(self, action) -> str:
        return describe_action(action)

    def describe_choice(self, state, seat: int, action) -> str:
        return describe_choice(state, seat, action)

    def help(self, state, seat: int) -> str:
        return help_text(state, seat)

    # ---- for tests and tools --------------------------------------------
    def sample_configs(self) -> list[dict]:
        return checks.sample_configs()

    def candidate_actions(self, state, seat: int) -> list:
        return checks.candidate_actions(state, seat)

    def invariants(self, state) -> list[str]:
        return checks.invariants(state)

    def dump_position(self, state) -> dict:
        return dump_position(state)

    def load_position(self, doc: dict):
        return load_position(doc)


GAME = StockCar()
__all__ = ["GAME", "StockCar"]
