"""The old hand-forwarded Game base class, kept only while the games move to
engine/spec.py + engine/steps.py (issue 10). Deleted when the last game has moved."""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from pydantic import ValidationError

from .hashing import sha256_of
from .protocol import BadInput, Event, GameConfig, IllegalAction, Result, Seat, _first_error


class LegacyGame:
    """Base class of every game. Subclasses fill in the rules.

    Actions are small frozen dataclasses listed in `action_types`; the
    generic encode/decode below turns them into JSON objects
    {"type": ClassName, field: value, ...}.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    Config: ClassVar[type[GameConfig]]
    action_types: ClassVar[tuple[type, ...]] = ()
    # Seat kinds every game accepts besides its own bots.
    base_seat_kinds: ClassVar[tuple[str, ...]] = ("human", "random")

    # ---- configuration -------------------------------------------------
    def config(self, **overrides) -> GameConfig:
        try:
            return self.Config(**overrides)
        except ValidationError as exc:
            raise BadInput(_first_error(exc)) from None

    def tracks(self) -> list[str]:
        raise NotImplementedError

    def rule_levels(self) -> list[str]:
        raise NotImplementedError

    def options(self) -> list[str]:
        return []

    def bots(self) -> list[str]:
        """Every seat kind other than human: random plus the game's own."""
        return ["random"]

    def seat_kinds(self) -> list[str]:
        return ["human", *self.bots()]

    def make_agent(self, kind: str, seat: Seat, seed: int):
        from ..agents.random_agent import RandomAgent

        if kind == "random":
            return RandomAgent(seed * 1000 + seat)
        raise BadInput(f"unknown seat kind {kind!r} for {self.name}; "
                       f"choose from {', '.join(self.seat_kinds())}")

    # ---- the race --------------------------------------------------------
    def new(self, config: GameConfig, seed: int):
        raise NotImplementedError

    def to_act(self, state) -> frozenset[Seat]:
        raise NotImplementedError

    def legal_actions(self, state, seat: Seat) -> list:
        raise NotImplementedError

    def apply(self, state, seat: Seat, action) -> list[Event]:
        raise NotImplementedError

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def result(self, state) -> Result:
        raise NotImplementedError

    def clone(self, state):
        return state.clone()

    def redeterminize(self, state, seat: Seat, rng):
        raise NotImplementedError

    # ---- information -----------------------------------------------------
    def view(self, state, seat: Seat | None) -> dict:
        raise NotImplementedError

    def render_text(self, view: dict) -> str:
        raise NotImplementedError

    def render_svg(self, view: dict) -> str:
        raise NotImplementedError

    def describe(self, event: Event, state=None) -> str:
        """One line of text for an event, for logs and the UI (the state, if
        given, lends names to seats)."""
        return f"{event.kind} {event.data} ({event.rule})"

    def describe_choice(self, state, seat: Seat, action) -> str:
        """A menu line for a legal action in this state (what it would do);
        by default the action's own description."""
        return self.describe_action(action)

    def seat_names(self, state) -> dict[Seat, str]:
        """A display name per seat (a driver, a colour), where there is one."""
        return {}

    def describe_action(self, action) -> str:
        return str(action)

    def event_visible(self, event: Event, seat: Seat | None) -> bool:
        """Whether `seat` (None: a spectator) may see this event in a log.

        Events are shown to every seat by default; a game whose events can
        carry one seat's private information (a card drawn into a hand)
        returns False for the other seats, so the web log never leaks it.
        """
        return True

    def help(self, state, seat: Seat) -> str:
        """Our own summary of the rule that governs the current decision."""
        return "No help for this decision."

    def time_limit(self, state, seat: Seat) -> float | None:
        """Seconds a person has for this decision (a sand timer), or None."""
        return None

    def timeout_action(self, state, seat: Seat):
        """The action the rules impose when a person's time runs out."""
        return None

    # ---- for tests and tools ----------------------------------------------
    def sample_configs(self) -> list[dict]:
        """Configurations that together cover every mode, track and option;
        the conformance test plays random races on each."""
        return [{"seats": ["random", "random"]}]

    def candidate_actions(self, state, seat: Seat) -> list:
        """A finite superset of the legal actions (legal and illegal ones),
        so tests can check that exactly the legal ones are accepted."""
        return self.legal_actions(state, seat)

    def invariants(self, state) -> list[str]:
        """Violations of the game's invariants (empty when all hold)."""
        return []

    # ---- positions and hashing -------------------------------------------
    def dump_position(self, state) -> dict:
        raise NotImplementedError

    def load_position(self, doc: dict):
        raise NotImplementedError

    def state_hash(self, state) -> str:
        return sha256_of(self.dump_position(state))

    # ---- actions as JSON ---------------------------------------------------
    def encode_action(self, action) -> dict:
        from .board import action_doc
        return action_doc(action)

    def decode_action(self, doc) -> Any:
        if not isinstance(doc, dict) or "type" not in doc:
            raise BadInput(f"an action must be an object with a 'type': {doc!r}")
        by_name = {cls.__name__: cls for cls in self.action_types}
        cls = by_name.get(doc["type"])
        if cls is None:
            raise BadInput(f"unknown action type {doc['type']!r} for {self.name}")
        names = {f.name for f in dataclasses.fields(cls)}
        fields_ = {k: v for k, v in doc.items() if k != "type"}
        if set(fields_) - names:
            raise BadInput(f"unknown fields {sorted(set(fields_) - names)} in {doc!r}")
        try:
            return cls(**fields_)
        except TypeError as exc:
            raise BadInput(f"malformed action {doc!r}: {exc}") from None


    # ---- shims for engine/session.py while a game is not yet on the spec ----
    def pending_step(self, state):
        return None

    def action_text(self, step, seat, action, viewer) -> str:
        return self.describe_action(action)

    def event_text(self, event, viewer, state=None):
        return self.describe(event, state) if self.event_visible(event, viewer) else None

    def refusal(self, state, seat, action):
        try:
            self.apply(self.clone(state), seat, action)
        except IllegalAction as exc:
            return exc
        return None

    def chance_of(self, state):
        return None
