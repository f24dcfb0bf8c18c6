"""FormulaGP: a card-driven Formula race on modular tile tracks (the
Standard race of the rulebook; content authored by us, see docs/content)."""
from __future__ import annotations

from ...engine.legacy import LegacyGame as Game
from ...engine.protocol import BadInput, Event, IllegalAction, Result
from ...engine.rng import Rng
from . import checks, render
from . import actions as A
from .actions import ACTION_TYPES
from .bots import HeuristicBot
from .config import OPTIONS, RULE_LEVELS, FormulaGPConfig
from .rules.steps import MACHINE as machine
from .rules.points import race_points
from .rules.season import team_standings
from .rules.setup import new_race, setup_events
from .text import describe, describe_action, describe_choice, help_text, seat_names
from .track import track_keys
from .view import dump_position, load_position, redeterminize, view


class FormulaGP(Game):
    name = "formulagp"
    title = "FormulaGP"
    Config = FormulaGPConfig
    action_types = ACTION_TYPES
    bench_seats = "heuristic,heuristic,heuristic,heuristic,heuristic,heuristic"
    # A random six-car race is ~900 decisions with every check: 1,000 seeds in
    # the everyday test run (the minimum); the soak command runs more.
    conformance_seeds = 1000

    def tracks(self) -> list[str]:
        return track_keys()

    def rule_levels(self) -> list[str]:
        return list(RULE_LEVELS)

    def options(self) -> list[str]:
        return list(OPTIONS)

    def bots(self) -> list[str]:
        return ["random", "heuristic"]

    def make_agent(self, kind: str, seat: int, seed: int):
        if kind == "heuristic":
            return HeuristicBot(seed * 1000 + seat)
        return super().make_agent(kind, seat, seed)

    # ---- the race ------------------------------------------------------
    def new(self, config: FormulaGPConfig, seed: int):
        if not isinstance(seed, int):
            raise BadInput(f"seed must be an integer, not {seed!r}")
        if config.track not in track_keys():
            raise BadInput(f"unknown FormulaGP track {config.track!r}; choose from "
                           f"{', '.join(track_keys())}")
        n = len(config.seats)
        for t in config.season or ():
            if t not in track_keys():
                raise BadInput(f"unknown FormulaGP track {t!r} in the season; choose from "
                               f"{', '.join(track_keys())}")
        race = new_race(config.track, n, boards=config.boards, sides=config.sides,
                        tyres=config.tyres, drivers=config.drivers, controllers=list(config.seats), seed=seed,
                        content_dir=config.content, rules=config.rules, config=config)
        if "championship" in config.options:            # FGP 14.1: a series of races
            race.season = list(config.season or [config.track])[1:]
        setup_events(race)
        machine.advance(race)
        return race

    def to_act(self, state) -> frozenset[int]:
        return machine.to_act(state)

    def legal_actions(self, state, seat: int) -> list:
        return machine.legal(state, seat)

    def pending_step(self, state):
        return machine.pending_step(state)

    def apply(self, state, seat: int, action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"not a FormulaGP action: {action!r}", "FGP")
        return machine.apply(state, seat, action)

    def is_over(self, state) -> bool:
        return state.turn.over

    def result(self, state) -> Result:
        if not state.turn.over:
            raise BadInput("the race is not over yet")
        from .rules.cards import content_of
        names = self.seat_names(state)
        if "championship" in state.config.options:
            # FGP 14.3: the drivers' championship; ties by the last race
            last = state.results[-1]["classification"]
            order = sorted(state.standings, key=lambda s: (-state.standings[s], last.index(s)))
            return Result(classification=order, points=dict(state.standings),
                          laps={c.seat: max(0, c.laps) for c in state.cars}, names=names,
                          extra={"races": state.results,
                                 "teams": team_standings(state),
                                 "team_of": {str(c.seat): c.team for c in state.cars}})
        pts = race_points(content_of(state).control.points, state.classification)
        return Result(classification=list(state.classification), points=pts,
                      laps={c.seat: max(0, c.laps) for c in state.cars},
                      names=names,
                      notes={c.seat: f"{c.penalties} penalty token(s)" for c in state.cars
                             if c.penalties},
                      extra={"teams": {str(c.seat): c.team for c in state.cars}})

    def redeterminize(self, state, seat: int, rng: Rng):
        return redeterminize(state, seat, rng)

    # ---- information ---------------------------------------------------
    def view(self, state, seat):
        v = view(state, seat)
        if seat is not None and state.turn.pending and seat in state.turn.pending.seats:
            legal = self.legal_actions(state, seat)
            # the spaces this seat may move to now, marked on the pictures, and
            # the board elements that stand for an action (clickable in the web
            # page, engine/board.py)
            v["highlight"] = [a.to for a in legal if isinstance(a, (A.Step, A.Rejoin))]
            spaces, cards = {}, {}
            for a in legal:
                if isinstance(a, (A.Step, A.Rejoin)):
                    spaces.setdefault(str(a.to), self.encode_action(a))
                elif isinstance(a, (A.Return, A.Discard, A.PlayCard)):
                    cards.setdefault(a.card, self.encode_action(a))
                elif isinstance(a, A.Play) and len(a.cards) == 1 and not a.orange_as \
                        and not a.characteristic:
                    cards.setdefault(a.cards[0], self.encode_action(a))
            v["clickable"] = {"spaces": spaces, "cards": cards}
        return v

    def render_text(self, view: dict) -> str:
        return render.text(view)

    def render_svg(self, view: dict) -> str:
        return render.svg(view)

    def describe(self, event: Event, state=None) -> str:
        return describe(event, state)

    def seat_names(self, state) -> dict[int, str]:
        return seat_names(state)

    # A card discarded from a hand goes face down (FGP 4.2): only its owner
    # sees which one it was.
    PRIVATE_EVENTS = ("discard", "discarded")

    def event_visible(self, event: Event, seat) -> bool:
        return not (event.kind in self.PRIVATE_EVENTS and "card" in event.data
                    and event.data.get("seat") != seat)

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


GAME = FormulaGP()
__all__ = ["GAME", "FormulaGP"]
