"""The Game protocol every game implements, and the small types it speaks.

The CLI, the web app, simulation, agents, records and storage only ever talk
to a game through this protocol, so they are written once for every game.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .hashing import sha256_of

Seat = int
"""A seat is its index in the config's seat list (0 = first player)."""


class IllegalAction(Exception):
    """An action the rules forbid. The state is left untouched.

    The message names the rule, e.g. "RP Step 2: the React button is out of
    order in Bot mode".
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class BadInput(Exception):
    """User input that cannot be used: unknown names, malformed documents."""


@dataclass(slots=True)
class Event:
    """One change of state, citing the rulebook section that caused it.

    `data` is small and JSON-ready; the text is only formatted when shown
    (Game.describe). `reveal` marks events that showed hidden information or
    a random outcome (a card turned, a die rolled): undo never crosses them.
    """

    kind: str
    data: dict
    rule: str
    reveal: bool = False

    def to_doc(self) -> dict:
        return {"kind": self.kind, "data": self.data, "rule": self.rule}


@dataclass(slots=True)
class Result:
    """The outcome of a finished race (or a season of races)."""

    classification: list[Seat]              # seats, winner first
    points: dict[Seat, int] = field(default_factory=dict)
    laps: dict[Seat, int] = field(default_factory=dict)
    names: dict[Seat, str] = field(default_factory=dict)
    notes: dict[Seat, str] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    def to_doc(self) -> dict:
        return {
            "classification": list(self.classification),
            "points": {str(k): v for k, v in self.points.items()},
            "laps": {str(k): v for k, v in self.laps.items()},
            "names": {str(k): v for k, v in self.names.items()},
            "notes": {str(k): v for k, v in self.notes.items()},
            "extra": self.extra,
        }


class GameConfig(BaseModel):
    """Fields every game's Config has; games subclass it."""

    model_config = ConfigDict(extra="forbid")
    seats: list[str]

    def check_seat_kinds(self, kinds) -> None:
        for kind in self.seats:
            if kind not in kinds:
                raise ValueError(f"unknown seat kind {kind!r}; choose from {', '.join(kinds)}")

    def season_from_track(self, option: str) -> None:
        """`--track a,b,c` with a series option (a campaign, a championship):
        the circuits of the season, in order; `season` is then a field of
        the game's config and `track` its first circuit."""
        if "," in self.track:
            if option not in self.options:
                raise ValueError(f"several circuits make a season: add the {option} option")
            if self.season is None:
                self.season = [t.strip() for t in self.track.split(",") if t.strip()]
            self.track = self.season[0]
        if self.season is not None and option not in self.options:
            raise ValueError(f"season is only used with the {option} option")


class Game:
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


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "config"
    return f"{where}: {err.get('msg')}"
