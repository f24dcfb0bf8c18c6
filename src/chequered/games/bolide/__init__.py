"""Bolide: vector racing on a grid, a car and its momentum pawn."""
from __future__ import annotations

from ...engine.legacy import LegacyGame as Game
from ...engine.protocol import BadInput, Event, IllegalAction, Result
from ...engine.rng import Rng
from . import render
from .actions import ACTION_TYPES, Expire, Move
from .circuit import circuit, circuit_keys
from .config import OPTIONS, RULE_LEVELS, BolideConfig
from .positions import dump_position, load_position
from .rules import setup, turn
from .text import describe, describe_action, help_text


class Bolide(Game):
    name = "bolide"
    title = "Bolide"
    Config = BolideConfig
    action_types = ACTION_TYPES
    bench_seats = "club,club,club,club,club,club"

    def tracks(self) -> list[str]:
        return circuit_keys()

    def rule_levels(self) -> list[str]:
        return list(RULE_LEVELS)

    def options(self) -> list[str]:
        return list(OPTIONS)

    def bots(self) -> list[str]:
        return ["random", "club", "expert"]

    def make_agent(self, kind: str, seat: int, seed: int):
        if kind in ("club", "expert"):
            from .bots import make_bot
            return make_bot(kind, seat, seed)
        return super().make_agent(kind, seat, seed)

    # ---- the race ------------------------------------------------------
    def new(self, config: BolideConfig, seed: int):
        if not isinstance(seed, int):
            raise BadInput(f"seed must be an integer, not {seed!r}")
        state, events = setup.new_state(config, seed)
        turn.advance(state, setup.circuit_of(state), events)
        return state

    def to_act(self, state) -> frozenset[int]:
        step = state.step
        return frozenset((step["seat"],)) if step else frozenset()

    def legal_actions(self, state, seat: int) -> list:
        return turn.legal(state, seat)

    def apply(self, state, seat: int, action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"not a Bolide action: {action!r}", "BOLIDE")
        return turn.apply(state, seat, action)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def result(self, state) -> Result:
        if not state.results:
            raise BadInput("the race is not over yet")
        last = state.results[-1]
        champ = "championship" in state.config.options
        if champ:
            order = sorted(state.standings, key=lambda s: (-state.standings[s],
                                                           last["classification"].index(s)))
            points = dict(state.standings)
        else:
            order = list(last["classification"])
            points = {}
        notes = {}
        for car in state.cars:
            if car.mode in ("crashed", "out"):
                notes[car.seat] = "crashed" if car.mode == "crashed" else "out of fuel"
        return Result(classification=order, points=points,
                      laps={car.seat: max(0, car.progress) // circuit(state.circuit,
                            state.config.content).n_sectors for car in state.cars},
                      names={car.seat: f"car {car.seat + 1}" for car in state.cars},
                      notes=notes, extra={"races": state.results, "turns": state.turn})

    def redeterminize(self, state, seat: int, rng: Rng):
        """Nothing is hidden in Bolide but the dice to come."""
        s = state.clone()
        s.rng = Rng(state=rng.next64())
        return s

    # ---- information ---------------------------------------------------
    def view(self, state, seat):
        legal = None
        if state.step and state.step.get("kind") == "move":
            legal = [(a.x, a.y) for a in turn.legal(state, state.step["seat"])
                     if isinstance(a, Move)]
        return render.view(state, seat, legal)

    def render_text(self, view: dict) -> str:
        return render.text(view)

    def render_svg(self, view: dict) -> str:
        return render.svg(view)

    def describe(self, event: Event, state=None) -> str:
        return describe(event)

    def describe_action(self, action) -> str:
        return describe_action(action)

    def describe_choice(self, state, seat: int, action) -> str:
        """Say what a move would do: its speed, a sharp braking, an attack,
        leaving the track, the slipstream."""
        text = describe_action(action)
        if not isinstance(action, Move) or state.cars[seat].mode != "run":
            return text
        from .rules import running
        c = setup.circuit_of(state)
        car = state.cars[seat]
        opt = running.options(state, c, car)
        p = (action.x, action.y)
        speed = max(abs(action.x - car.x), abs(action.y - car.y))
        if action.slip:
            return f"{text} (speed {speed}, then +1 {action.slip})"
        if p in opt.engage or p in opt.engage_brake:
            who = next((o.seat + 1 for o in state.cars if (o.x, o.y) == p and o is not car), "?")
            return f"{text}: attack car {who}" + (" (with a sharp braking)"
                                                   if p in opt.engage_brake else "")
        if p in opt.off:
            return f"{text}: OFF THE TRACK"
        if p in opt.brake:
            return f"{text}: sharp braking to speed 2 ({car.brakes} left)"
        return f"{text} (speed {speed})"

    def seat_names(self, state) -> dict[int, str]:
        return {car.seat: f"car {car.seat + 1}" for car in state.cars}

    def time_limit(self, state, seat: int):
        """BOLIDE 3: with the sand timer, a person has `timer` seconds a move."""
        if Expire() in turn.legal(state, seat):
            return float(state.config.timer)
        return None

    def timeout_action(self, state, seat: int):
        return Expire()

    def help(self, state, seat: int) -> str:
        return help_text(state, seat)

    # ---- for tests and tools --------------------------------------------
    def sample_configs(self) -> list[dict]:
        from .checks import sample_configs
        return sample_configs()

    def candidate_actions(self, state, seat: int) -> list:
        from .checks import candidate_actions
        return candidate_actions(state, seat)

    def invariants(self, state) -> list[str]:
        from .checks import invariants
        return invariants(state)

    def dump_position(self, state) -> dict:
        return dump_position(state)

    def load_position(self, doc: dict):
        return load_position(doc)


GAME = Bolide()
