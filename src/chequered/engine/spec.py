"""The declarative game spec: what a game is, said once.

A game module builds one `GameSpec` and `Game(spec)` gives the object the
CLI, the web app, simulation, agents and records talk to (engine/protocol.py).
The spec holds the game's names, config model, action types, seat kinds with
the agent that plays each, rule levels, options, benchmark seats, conformance
seed count, content version, its decision machine (engine/steps.py) and the
pure functions for results, views, text, positions and checks. Nothing is
forwarded by hand: the protocol's generic methods read the spec.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from html import escape

from .steps import Machine


def _no_help(state, seat) -> str:
    return "No help for this decision."


def _none(*_args):
    return None


def _empty(*_args):
    return []


def _no_names(_state) -> dict:
    return {}


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    config: type                                   # a GameConfig subclass
    actions: tuple[type, ...]                      # the action dataclasses
    machine: Machine
    new: Callable                                  # (config, seed) -> state; the machine then advances it
    result: Callable                               # (state) -> Result
    view: Callable                                 # (state, seat | None) -> dict
    render_text: Callable                          # (view) -> str
    render_svg: Callable                           # (view) -> str
    dump_position: Callable                        # (state) -> dict
    load_position: Callable                        # (doc) -> state
    redeterminize: Callable                        # (state, seat, rng) -> state
    tracks: Callable                               # () -> list of names `--track` accepts
    describe: Callable                             # (event, state | None) -> text
    describe_action: Callable                      # (action) -> text
    agents: Mapping[str, Callable] = field(default_factory=dict)   # kind -> (seat, seed) -> agent
    rule_levels: tuple[str, ...] = ("standard",)
    options: tuple[str, ...] = ()
    # What each of the game's own seat kinds, options and rule levels means,
    # a few words for a player choosing it (the engine's own kinds: Game.note)
    notes: Mapping[str, str] = field(default_factory=dict)
    # () -> {track key: what a player choosing it reads ("Monaco, 78 laps")}
    track_names: Callable | None = None
    bench_seats: str = ""
    # The everyday test run's random races (tests/test_conformance.py): seeds
    # played with the per-step checks, and races with every check at every
    # step (never fewer than one a sample config). A slow game asks for fewer
    # to keep the suite near 20 minutes; the soak command plays many more.
    conformance_seeds: int = 2000
    conformance_deep: int = 40
    content_version: Callable = lambda config=None: ""
    hidden_information: bool = False               # hands, deck orders, face-down cards
    simultaneous: bool = False                     # simultaneous secret choices exist
    describe_choice: Callable | None = None        # (state, seat, action) -> menu line
    describe_route: Callable | None = None         # (routes.Route, state | None) -> text of a whole move
    seat_names: Callable = _no_names               # (state) -> {seat: name}
    help: Callable = _no_help                      # (state, seat) -> text
    time_limit: Callable = _none                   # (state, seat) -> seconds | None
    timeout_action: Callable = _none               # (state, seat) -> action
    # (state, seat) -> events: a person over the time limit who still decides
    # (the front ends then send steps.Overrun instead of a timeout_action)
    on_overrun: Callable | None = None
    sample_configs: Callable = lambda: [{"seats": ["random", "random"]}]
    candidate_actions: Callable | None = None      # (state, seat) -> superset of legal
    invariants: Callable = _empty                  # (state) -> list of violations
    decorate_view: Callable | None = None          # (state, seat, view, legal) -> view
    # a game's own short position formats a position file may declare instead
    # of chequered-position/1: format name -> (doc) -> state (engine/positions.py)
    position_formats: Mapping[str, Callable] = field(default_factory=dict)
    # For players, beside the board (engine/guide.py):
    legend: Callable = _empty                      # (view) -> [guide.Mark]
    standings: Callable = _empty                   # (view) -> [guide.Standing], running order
    explain: Mapping[str, str] = field(default_factory=dict)   # step name -> a short word
    confirm: Callable = _none                      # (state, seat, action) -> warning | None
    tutorial: Callable | None = None               # () -> guide.Tutorial
    # () -> None: load or compile what the game's first race would (a server
    # calls it once before it takes races, not in the middle of one)
    warm: Callable | None = None
    metrics: Callable | None = None                # (final state) -> {seat: {name: value}}, for studies
    # (start state) -> a counter with .step(state, seat, action, events) and
    # .values() -> {seat: {name: value}}: study metrics read off the events
    tally: Callable | None = None
    # (state) -> {seat: value}: where the running seats stand, finer than the
    # running order, or by what the classification counts where the order
    # does not show it (higher is better, never positive; one unit is about a
    # turn, or a point), for a search whose rollout stops before the end
    # (agents/mcts.py); None: the order only
    search_value: Callable | None = None
    # the bot kind a search plays its own seat with in its rollouts, and
    # whose move it keeps unless clearly beaten (agents/mcts.py); None: the
    # rollout bot (the first bench seat) that plays the others
    search_bot: str | None = None
    # standard errors by which a searched move must beat that bot's move to
    # be played instead (agents/mcts.py _rate; None: the most visited move)
    search_anchor: float | None = 1.0
    # ... each action's variance taken as at least the pooled variance of
    # every rollout at the root (a move tried once or twice shows no spread)
    search_anchor_pooled: bool = False
    # how many of the seat's own decisions an iteration takes from the
    # search tree before its bot takes over (agents/mcts.py; None: no limit)
    search_depth: int | None = None
    # how a search's rollouts play the other seats: "seats", each bot seat
    # by its own kind (measured in agents/mcts.py), or "rollout", all by
    # the rollout bot
    search_others: str = "seats"


# ---- a board in two layers (issue 16) --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Layer:
    """What one view draws over a static board: `key` names the static
    board, `attrs` are set on its root <svg>, `parts` fill its slots in
    order (None keeps the slot's own content). A part may be a tuple of
    pieces, its text being their concatenation: a front end can then send
    again only the pieces a move changed (one car of many, one card)."""
    key: Hashable
    attrs: tuple[tuple[str, str], ...] = ()
    parts: tuple[str | tuple[str, ...] | None, ...] = ()


def part_text(part: str | tuple[str, ...] | None) -> str | None:
    """A Layer part's text (its pieces joined)."""
    return "".join(part) if isinstance(part, tuple) else part


def pieces(items, sep: str = "\n") -> tuple[str, ...]:
    """The pieces of a Layer part whose text is sep.join(items): each item
    but the first carries the separator before it, so that a piece is the
    same text wherever it stands."""
    return tuple(item if i == 0 else sep + item for i, item in enumerate(items))


@dataclass(frozen=True)
class LayeredSvg:
    """A game's render_svg drawn in two layers, so that a front end sends
    the board that never changes during a race once and then only what a
    move changes.

    `static(key)`: the static board as text pieces around its slots,
    (text, default, text, ..., default, text), the first beginning "<svg";
    a slot keeps its default when a view leaves it out. `keys(config)`:
    every key a race with this config may show, so the static board is a
    function of the config alone (never of a state or a seat) and hides
    nothing. `dynamic(view)`: the view's Layer. Called with a view it is
    render_svg: the static board with the view's layer in it (the slots'
    elements left out: the picture as if drawn in one piece)."""
    static: Callable
    keys: Callable
    dynamic: Callable

    def __call__(self, view: dict) -> str:
        layer = self.dynamic(view)
        return compose(self.static(layer.key), layer, slots=False)


def slot(i: int) -> str:
    """The element a static board's slot `i` is (the page fills it)."""
    return f'<g data-layer="{i}">'


def static_text(pieces: tuple[str, ...]) -> str:
    """The static board as one SVG, each slot with its default content."""
    out = [pieces[0]]
    for i in range(len(pieces) // 2):
        out += [slot(i), pieces[2 * i + 1], "</g>", pieces[2 * i + 2]]
    return "".join(out)


def compose(pieces: tuple[str, ...], layer: Layer, slots: bool = True) -> str:
    """The whole SVG: the root's attributes and the slots filled, as the
    page does it on its copy of the static board (`slots`: keeping the
    slots' elements, as the page's copy has them)."""
    attrs = "".join(f' {k}="{escape(str(v))}"' for k, v in layer.attrs)
    out = ["<svg" + attrs + pieces[0][4:]]
    parts = layer.parts
    for i in range(len(pieces) // 2):
        part = part_text(parts[i]) if i < len(parts) and parts[i] is not None \
            else pieces[2 * i + 1]
        out += [slot(i), part, "</g>", pieces[2 * i + 2]] if slots else [part, pieces[2 * i + 2]]
    return "".join(out)
