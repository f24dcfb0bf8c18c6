"""Race Pace: pit-wall strategy, one action a round, race pace in laps."""
from __future__ import annotations

from ...engine.legacy import LegacyGame as Game
from ...engine.protocol import BadInput, Event, IllegalAction, Result
from ...engine.rng import Rng
from . import checks, render
from .actions import ACTION_TYPES
from .bots import RulebookBot
from .config import OPTIONS, RULE_LEVELS, RacePaceConfig
from .positions import dump_position, load_position, redeterminize
from .rules import finish, round as round_rules, setup
from .tables import tables
from .text import describe, describe_action, help_text


class RacePace(Game):
    name = "racepace"
    title = "Race Pace"
    Config = RacePaceConfig
    action_types = ACTION_TYPES
    bench_seats = "bot,bot,bot,bot,bot,bot"

    def tracks(self) -> list[str]:
        return list(tables().circuits)

    def rule_levels(self) -> list[str]:
        return list(RULE_LEVELS)

    def options(self) -> list[str]:
        return list(OPTIONS)

    def bots(self) -> list[str]:
        return ["random", "bot"]

    def make_agent(self, kind: str, seat: int, seed: int):
        if kind == "bot":
            return RulebookBot(seed * 1000 + seat)
        return super().make_agent(kind, seat, seed)

    def content_version(self) -> str:
        from ...engine.hashing import sha256_of
        return sha256_of(tables().content.model_dump(mode="json"))[:12]

    # ---- the race ------------------------------------------------------
    def new(self, config: RacePaceConfig, seed: int):
        if not isinstance(seed, int):
            raise BadInput(f"seed must be an integer, not {seed!r}")
        tables(config.content)           # validate the content before anything
        state, events = setup.new_state(config, seed)
        round_rules.advance(state, tables(config.content), events)
        return state

    def to_act(self, state) -> frozenset[int]:
        return frozenset(state.queue[:1])

    def legal_actions(self, state, seat: int) -> list:
        return round_rules.legal(state, seat)

    def apply(self, state, seat: int, action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"not a Race Pace action: {action!r}", "RP")
        return round_rules.apply(state, seat, action)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def result(self, state) -> Result:
        T = tables(state.config.content)
        names = {c.seat: T.drivers[c.driver].name if c.driver else f"seat {c.seat}"
                 for c in state.cars}
        if not state.race_results:
            raise BadInput("the race is not over yet")
        last = state.race_results[-1]
        if state.config.campaign:
            # RP Campaign Mode: the champion has the most points over the season.
            order = sorted(state.standings, key=lambda s: (-state.standings[s],
                                                           last["classification"].index(s)))
            points = dict(state.standings)
        else:
            order = list(last["classification"])
            points = {int(k): v for k, v in last["points"].items()}
        extra = {"races": state.race_results}
        if state.config.team_play:
            teams: dict[str, int] = {}
            for car in state.cars:
                teams[car.team] = teams.get(car.team, 0) + points[car.seat]
            extra["teams"] = dict(sorted(teams.items(), key=lambda kv: -kv[1]))
        return Result(
            classification=order,
            points=points,
            laps={c.seat: c.dist for c in state.cars},
            names=names,
            notes={c.seat: f"DSQ: {c.dsq}" for c in state.cars if c.dsq},
            extra=extra,
        )

    def redeterminize(self, state, seat: int, rng: Rng):
        return redeterminize(state, rng)

    # ---- information ---------------------------------------------------
    def view(self, state, seat):
        return render.view(state, seat)

    def render_text(self, view: dict) -> str:
        return render.text(view)

    def render_svg(self, view: dict) -> str:
        return render.svg(view)

    def describe(self, event: Event, state=None) -> str:
        return describe(event, state)

    def seat_names(self, state) -> dict[int, str]:
        T = tables(state.config.content)
        return {c.seat: T.drivers[c.driver].name for c in state.cars if c.driver}

    def describe_action(self, action) -> str:
        return describe_action(action)

    def describe_choice(self, state, seat: int, action) -> str:
        return describe_action(action, tables(state.config.content))

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


GAME = RacePace()
__all__ = ["GAME", "RacePace", "finish"]
