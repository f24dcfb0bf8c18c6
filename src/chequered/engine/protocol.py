"""The Game protocol every game implements, and the small types it speaks.

The CLI, the web app, simulation, agents, records and storage only ever talk
to a game through this protocol, so they are written once for every game.
"""
from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..agents.random_agent import RandomAgent
from ..agents.search_kind import KIND as SEARCH_KIND, SeatKinds, is_search_kind, parse_budget
from ..agents.whole_moves import WholeMoves
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

    Who sees it: everyone when `to` is None; otherwise only seat `to`, and
    every other viewer sees `masked` instead (or nothing when `masked` is
    None). `seen_by` applies this; logs, views and the web app only ever show
    events through it.
    """

    kind: str
    data: dict
    rule: str
    reveal: bool = False
    to: int | None = None
    masked: dict | None = None

    def to_doc(self) -> dict:
        return {"kind": self.kind, "data": self.data, "rule": self.rule}

    def seen_by(self, viewer: "Seat | None") -> "Event | None":
        """This event as `viewer` (None: a spectator) sees it, or None."""
        if self.to is None or viewer == self.to:
            return self
        if self.masked is None:
            return None
        return Event(self.kind, self.masked, self.rule, self.reveal)


class SharedEvents(dict):
    """Events that depend on nothing but a few values, made the first time
    each key is asked for (`make(*key)`, or `make(key)` for a key that is not a
    tuple) and then handed to every race:
    building an Event and its dict costs more than much of the rule that
    makes it. Sound because an Event is a value nobody changes once made
    (tests/racepace/test_shared_events.py checks it while races are shown).
    Keys must be few (seats, small numbers, content keys): the table keeps
    every one."""

    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        make = self.make        # (a local: CPython 3.11 looks self.make(...) up as a method)
        event = self[key] = make(*key) if type(key) is tuple else make(key)
        return event


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


@dataclass(frozen=True, slots=True)
class Overrun:
    """A front end's report that a deciding seat went over its time limit.

    Never in a legal list (an agent choosing from `legal` cannot pick it);
    accepted from a seat that is deciding when the game's spec has
    `on_overrun` (engine/steps.Machine.apply). The decision stays pending: the
    player still makes it. It is recorded like any action, so a replay gives
    the same warnings and tokens."""


# The seat kinds every game has (Game.bots), for players choosing seats.
ENGINE_NOTES = {
    "human": "a person, in the terminal or the browser",
    "random": "picks any legal move at random (for tests and studies)",
    SEARCH_KIND: "the search bot: plays many races ahead from each decision "
                 "(mcts:2s gives it 2 seconds a decision)",
}


class GameConfig(BaseModel):
    """Fields every game's Config has; games subclass it and narrow the
    types (a Literal of their rule levels and options)."""

    model_config = ConfigDict(extra="forbid")
    seats: list[str]
    track: str = ""
    rules: str = "standard"
    options: list[str] = Field(default_factory=list)
    season: list[str] | None = None       # the circuits of a series, in order
    content: str | None = None            # a folder of the owner's own content

    def check_seat_kinds(self, kinds) -> None:
        for kind in self.seats:
            if is_search_kind(kind):
                parse_budget(kind)              # every game has the search bot (agents/mcts.py)
            elif kind not in kinds:
                raise ValueError(f"unknown seat kind {kind!r}; choose from {', '.join(kinds)}")

    def season_from_track(self, option: str) -> None:
        """`--track a,b,c` with a series option (a campaign, a championship):
        the circuits of the season, in order; `track` is then its first."""
        if "," in self.track:
            if option not in self.options:
                raise ValueError(f"several circuits make a season: add the {option} option")
            if self.season is None:
                self.season = [t.strip() for t in self.track.split(",") if t.strip()]
            if not self.season:
                raise ValueError("a season needs at least one circuit")
            self.track = self.season[0]
        if self.season is not None and option not in self.options:
            raise ValueError(f"season is only used with the {option} option")
        if self.season is not None and not self.season:
            raise ValueError("a season needs at least one circuit")


class Game:
    """A game: the protocol, written once and driven by the game's spec
    (engine/spec.py) and its decision machine (engine/steps.py).

    Actions are small frozen dataclasses listed in the spec; encode/decode
    turn them into JSON objects {"type": ClassName, field: value, ...}.
    """

    # Seat kinds every game accepts besides its own bots.
    base_seat_kinds: ClassVar[tuple[str, ...]] = ("human", "random")

    def __init__(self, spec):
        for kind in spec.agents:
            if kind == "random" or is_search_kind(kind):
                raise ValueError(f"{spec.name}: seat kind {kind!r} is the engine's own")
        self.spec = spec
        self.name = spec.name
        self.title = spec.title
        self.Config = spec.config
        self.machine = spec.machine
        self.machine.on_overrun = spec.on_overrun
        # steps.Overrun is an action of every game with a time-limit offence,
        # routes.Route of every game with a step offered as whole moves
        from .routes import Route
        self.has_routes = any(s.route is not None for s in self.machine.steps.values())
        self.action_types = tuple(spec.actions) + ((Overrun,) if spec.on_overrun else ()) \
            + ((Route,) if self.has_routes else ())
        self.bench_seats = spec.bench_seats
        self.conformance_seeds = spec.conformance_seeds
        self.conformance_deep = spec.conformance_deep
        self._by_name = {cls.__name__: cls for cls in self.action_types}
        self._types = frozenset(self.action_types)
        # The hot calls go straight to the machine (no extra call layer).
        self.machine.action_types = self._types
        self.to_act = self.machine.to_act
        self.legal_actions = self.machine.legal
        self.fine_actions = self.machine.fine
        self.apply = self.machine.apply          # refuses other games' actions itself
        self.forced = self.machine.forced
        self.clone = _clone

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    # ---- configuration -------------------------------------------------
    def config(self, **overrides) -> GameConfig:
        try:
            return self.Config(**overrides)
        except ValidationError as exc:
            raise BadInput(_first_error(exc, self.Config.model_fields)) from None
        except (ValueError, TypeError) as exc:
            raise BadInput(str(exc)) from None

    def tracks(self) -> list[str]:
        return list(self.spec.tracks())

    def track_names(self) -> dict[str, str]:
        """Each track's name for a player choosing it; its key where the game
        gives none."""
        named = self.spec.track_names() if self.spec.track_names is not None else {}
        return {k: named.get(k) or k for k in self.tracks()}

    def rule_levels(self) -> list[str]:
        return list(self.spec.rule_levels)

    def options(self) -> list[str]:
        return list(self.spec.options)

    def note(self, name: str) -> str:
        """What a seat kind, option or rule level means, for a player
        choosing it ("" when nobody wrote it down)."""
        if is_search_kind(name):
            name = SEARCH_KIND
        return self.spec.notes.get(name) or ENGINE_NOTES.get(name, "")

    def notes(self) -> dict[str, str]:
        """note() of every seat kind, option and rule level."""
        names = [*self.seat_kinds(), *self.options(), *self.rule_levels()]
        return {n: self.note(n) for n in names}

    def bots(self) -> list[str]:
        """Every seat kind other than human: random, the game's own, and
        the search bot (`mcts`, also written with a budget: `mcts:2s`)."""
        return ["random", *self.spec.agents, SEARCH_KIND]

    def seat_kinds(self) -> list[str]:
        return SeatKinds(["human", *self.bots()])

    def make_agent(self, kind: str, seat: Seat, seed: int):
        # The game's own kinds first (every seat of a bench race): none is
        # named as an engine kind (Game() refuses it), so none hides one
        factory = self.spec.agents.get(kind)
        if factory is None:
            if kind == "random":
                return RandomAgent(seed * 1000 + seat)
            if is_search_kind(kind):
                from ..agents.mcts import search_agent
                try:
                    return search_agent(self, kind, seat, seed)
                except ValueError as exc:
                    raise BadInput(str(exc)) from None
            raise BadInput(f"unknown seat kind {kind!r} for {self.name}; "
                           f"choose from {', '.join(self.seat_kinds())}")
        agent = factory(seat, seed)
        if self.has_routes:
            agent = WholeMoves(agent)           # asked once a move, not once a point
        return agent

    def content_version(self, config=None) -> str:
        return self.spec.content_version(config)

    # ---- the race --------------------------------------------------------
    def new(self, config: GameConfig, seed: int):
        return self.start(config, seed)[0]

    def start(self, config: GameConfig, seed: int) -> tuple[object, list[Event]]:
        """A fresh race and the events of its automatic opening steps (the
        grid dice, the first cards), up to the first decision."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadInput(f"seed must be an integer, not {seed!r}")
        if not isinstance(config, self.Config):
            raise BadInput(f"not a {self.title} config: {type(config).__name__}")
        state = self.spec.new(config, seed)
        return state, self.machine.advance(state)

    def to_act(self, state) -> frozenset[Seat]:
        return self.machine.to_act(state)

    def legal_actions(self, state, seat: Seat) -> list:
        return self.machine.legal(state, seat)

    def fine_actions(self, state, seat: Seat) -> list:
        """The legal list one movement point at a time: a route step's own
        fine steps (engine/routes.py), the legal list for any other step."""
        return self.machine.fine(state, seat)

    def forced(self, state):
        """(seat, action) of a decision nobody needs to be asked (a single
        legal action whose being single is public), else None."""
        return self.machine.forced(state)

    def plan(self, state, seat: Seat, choose):
        """A whole move chosen one fine step at a time by `choose(state)`
        (bots keep their point-by-point policy and answer with a Route)."""
        return self.machine.plan(state, seat, choose)

    def apply(self, state, seat: Seat, action) -> list[Event]:
        """Carry out a legal action (bound to the machine in __init__)."""
        return self.machine.apply(state, seat, action)

    def refusal(self, state, seat: Seat, action) -> IllegalAction | None:
        """Why `seat` may not take `action` now, without touching the state."""
        return self.machine.refusal(state, seat, action)

    def pending_step(self, state):
        """The decision step the race waits for (engine/steps.Step), or None."""
        return self.machine.pending_step(state)

    def is_over(self, state) -> bool:
        return state.turn.over

    def result(self, state) -> Result:
        if not self.is_over(state):
            raise BadInput("the race is not over yet")
        return self.spec.result(state)

    def clone(self, state):
        return state.clone()

    def chance_of(self, state):
        """The race's engine/chance.Chance (the conformance kit reads its ticks)."""
        return state.chance

    def redeterminize(self, state, seat: Seat, rng):
        return self.spec.redeterminize(state, seat, rng)

    # ---- information -----------------------------------------------------
    def view(self, state, seat: Seat | None) -> dict:
        v = self.spec.view(state, seat)
        if self.spec.decorate_view is not None and seat is not None \
                and seat in self.to_act(state):
            # the board marks single steps: listing whole moves is a search,
            # and the front ends get the routes with the legal list itself
            v = self.spec.decorate_view(state, seat, v, self.fine_actions(state, seat))
        return v

    def render_text(self, view: dict, screen: tuple[int, int] | None = None) -> str:
        """The view as text. `screen`, the terminal's (columns, rows), lets a
        board that is cropped to fit (Bolide's) use a larger terminal; a
        renderer without a `screen` parameter draws the same at any size."""
        if screen is not None and self._text_fits_screen():
            return self.spec.render_text(view, screen=screen)
        return self.spec.render_text(view)

    def _text_fits_screen(self) -> bool:
        found = self.__dict__.get("_fits_screen")
        if found is None:
            import inspect
            found = self.__dict__["_fits_screen"] = \
                "screen" in inspect.signature(self.spec.render_text).parameters
        return found

    def render_svg(self, view: dict) -> str:
        return self.spec.render_svg(view)

    @property
    def board_layers(self):
        """The game's render_svg as a spec.LayeredSvg (its board in a
        static and a dynamic layer), or None when it draws in one piece."""
        from .spec import LayeredSvg
        r = self.spec.render_svg
        return r if isinstance(r, LayeredSvg) else None

    def describe(self, event: Event, state=None) -> str:
        """One line of text for an event as it is (already seen through
        Event.seen_by), for logs and the UI."""
        return self.spec.describe(event, state)

    def event_text(self, event: Event, viewer: Seat | None, state=None) -> str | None:
        """The event's text as `viewer` (None: a spectator) may read it, or
        None when that viewer does not see it at all."""
        seen = event.seen_by(viewer)
        return None if seen is None else self.spec.describe(seen, state)

    def describe_action(self, action) -> str:
        if type(action) is Overrun:
            return "over the time limit"
        if self.has_routes and type(action).__name__ == "Route":
            return self.describe_route(action)
        return self.spec.describe_action(action)

    def describe_route(self, route, state=None) -> str:
        """A whole move for players: the game's own text (given the state
        it is listed in, when there is one, to name places as the board
        shows them), else the last step's, its cost and how many steps it takes."""
        if self.spec.describe_route is not None:
            return self.spec.describe_route(route, state)
        text = self.spec.describe_action(route.path[-1])
        n = len(route.path)
        extra = [route.cost] if route.cost else []
        if n > 1:
            extra.append(f"{n} steps")
        return f"{text} ({', '.join(extra)})" if extra else text

    @property
    def overruns(self) -> bool:
        """Going over the time limit is an offence the seat is told of (and
        still decides), not a move the rules make for it."""
        return self.spec.on_overrun is not None

    def describe_choice(self, state, seat: Seat, action) -> str:
        """A menu line for a legal action in this state (what it would do)."""
        if self.has_routes and type(action).__name__ == "Route":
            return self.describe_route(action, state)
        if self.spec.describe_choice is not None:
            return self.spec.describe_choice(state, seat, action)
        return self.describe_action(action)

    def action_text(self, step, seat: Seat, action, viewer: Seat | None) -> str:
        """What `viewer` reads of `seat`'s action taken at `step` (the
        engine/steps.Step it answered): a face-down choice shows only its
        public text to the others."""
        if step is not None and step.secret and viewer != seat and type(action) is not Overrun:
            if step.public_text is not None:
                if self.has_routes and type(action).__name__ == "Route":
                    action = action.path[-1]         # what the table sees: how it ended
                return step.public_text(action)
            return f"chooses face down ({step.label or step.name.replace('_', ' ')})"
        return self.describe_action(action)

    def seat_names(self, state) -> dict[Seat, str]:
        return self.spec.seat_names(state)

    def help(self, state, seat: Seat) -> str:
        return self.spec.help(state, seat)

    def time_limit(self, state, seat: Seat) -> float | None:
        return self.spec.time_limit(state, seat)

    # ---- for players, beside the board (engine/guide.py) -------------------
    def legend(self, view: dict) -> list:
        """What each kind of mark on this board means ([guide.Mark])."""
        return list(self.spec.legend(view))

    def standings(self, view: dict) -> list:
        """The running order as this view shows it ([guide.Standing])."""
        return list(self.spec.standings(view))

    def explain(self, step) -> str:
        """A short word on the decision `step` (an engine/steps.Step) asks:
        what it is and how to choose, for players."""
        if step is None:
            return ""
        return self.spec.explain.get(step.name, "")

    def turn(self, state, whole: bool = True) -> dict | None:
        """Whose turn it is and what they are deciding: public facts only
        (the table sees who thinks, and about what). `whole`: the viewer
        sees moves offered whole (a step's route_label), not space by space."""
        seats = sorted(self.to_act(state))
        if not seats:
            return None
        step = self.pending_step(state)
        names = self.seat_names(state)
        label = ""
        if step is not None:
            label = step.label or step.name.replace("_", " ")
            if whole and step.route is not None and step.route_label and not state.turn.fine:
                label = step.route_label
        return {"seats": seats,
                "names": [names.get(s) or f"player {s + 1}" for s in seats],
                "deciding": label,
                "rule": step.rule if step else "",
                "step": step.name if step else "",
                "explain": self.explain(step)}

    def confirm(self, state, seat: Seat, action) -> str | None:
        """A warning to show, and have the player confirm, before an action
        that harms their own race for good (retiring a car)."""
        if self.has_routes and type(action).__name__ == "Route":
            action = action.path[-1]
        return self.spec.confirm(state, seat, action)

    def tutorial(self):
        """The game's first-race tutorial (guide.Tutorial), or None."""
        return self.spec.tutorial() if self.spec.tutorial is not None else None

    def warm(self) -> None:
        """Pay, once per process, the start-up costs of the game's first race
        (spec.warm): a server does so before it takes races."""
        if self.spec.warm is not None and not self.__dict__.get("_warmed"):
            self.spec.warm()
            self._warmed = True

    def timeout_action(self, state, seat: Seat):
        return self.spec.timeout_action(state, seat)

    # ---- for tests and tools ----------------------------------------------
    def sample_configs(self) -> list[dict]:
        return self.spec.sample_configs()

    def candidate_actions(self, state, seat: Seat) -> list:
        """A finite superset of the legal actions (legal and illegal ones)."""
        if self.spec.candidate_actions is not None:
            return self.spec.candidate_actions(state, seat)
        return self.legal_actions(state, seat)

    def invariants(self, state) -> list[str]:
        return self.spec.invariants(state)

    # ---- positions and hashing -------------------------------------------
    def dump_position(self, state) -> dict:
        return self.spec.dump_position(state)

    def load_position(self, doc: dict):
        try:
            return self.spec.load_position(doc)
        except BadInput:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BadInput(f"not a {self.title} position: {type(exc).__name__}: {exc}") from None

    def state_hash(self, state) -> str:
        return sha256_of(self.dump_position(state))

    # ---- actions as JSON ---------------------------------------------------
    def encode_action(self, action) -> dict:
        from .board import action_doc
        if self.has_routes and type(action).__name__ == "Route":
            # only the path: where it ends and what it costs are labels
            return {"type": "Route", "path": [action_doc(a) for a in action.path]}
        return action_doc(action)

    def decode_action(self, doc) -> Any:
        if not isinstance(doc, dict) or "type" not in doc:
            raise BadInput("an action must be an object with a 'type'")
        if doc["type"] == "Route" and self.has_routes:
            from .routes import Route
            path = doc.get("path")
            if set(doc) != {"type", "path"} or not isinstance(path, list) or not path:
                raise BadInput("a Route is {\"type\": \"Route\", \"path\": [steps...]}")
            steps = [self.decode_action(a) for a in path]
            if any(type(a) is Route for a in steps):
                raise BadInput("a Route's steps are single steps, not routes")
            return Route(tuple(steps))
        cls = self._by_name.get(doc["type"]) if isinstance(doc["type"], str) else None
        if cls is None:
            raise BadInput(f"unknown action type {str(doc['type'])[:40]!r} for {self.title}")
        names = {f.name for f in dataclasses.fields(cls)}
        fields_ = {k: v for k, v in doc.items() if k != "type"}
        if set(fields_) - names:
            raise BadInput(f"unknown fields {sorted(set(fields_) - names)} for {cls.__name__}")
        try:
            return cls(**fields_)
        except TypeError as exc:
            raise BadInput(f"malformed {cls.__name__} action: {exc}") from None


# Game.clone(state) is state.clone(): called from C, without a Python frame
# of its own (a search copies positions thousands of times a second).
_clone = operator.methodcaller("clone")


def _first_error(exc: ValidationError, fields=()) -> str:
    """The first of pydantic's errors in players' words: the field, then
    what is wrong, without pydantic's own wording ("Value error, ",
    "List should have at least 2 items after validation")."""
    err = exc.errors()[0]
    # (a list's index left out: "options", not "options.0")
    where = ".".join(str(p) for p in err.get("loc", ()) if not isinstance(p, int))
    kind, msg, ctx = err.get("type"), str(err.get("msg", "")), err.get("ctx") or {}
    if kind == "literal_error" and "expected" in ctx:
        msg = f"{err.get('input')!r} should be {ctx['expected']}"
    elif kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind == "too_short" and "min_length" in ctx:
        msg = f"at least {ctx['min_length']} needed, {ctx.get('actual_length', 'fewer')} given"
    elif kind == "too_long" and "max_length" in ctx:
        msg = f"at most {ctx['max_length']} allowed, {ctx.get('actual_length', 'more')} given"
    elif kind == "extra_forbidden":
        msg = "not a setting of this game" + (f" (its settings: {', '.join(fields)})"
                                              if fields else "")
    else:
        msg = msg.replace("Input should be", "should be")
    return f"{where}: {msg}" if where else msg
