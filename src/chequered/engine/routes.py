"""Whole moves as one decision: routes through a run of fine decision steps.

At the table a player counts out a whole move in one go. The rules are still
written space by space (each movement point is a decision step with its own
legal list), so a game marks such a step with a `RouteSpec` and the machine
offers, instead of the single steps, one `Route` per distinct outcome:

- a route is a path of fine actions by one seat, applied in order through the
  same step functions, so a race played by routes has the events, records and
  hash of the same race played step by step;
- it runs while the same seat alone decides a step of the chain and no die is
  rolled and no card drawn: it ends where the move ends, where another
  decision is asked (a battle, a counter-steer) or at the step whose rules
  use chance (the route is never extended past an outcome its player could
  not know when choosing);
- two paths with the same outcome (`RouteSpec.key`) are one route, the first
  found; the key of a route that ends in chance is taken before that step,
  so the list never depends on a die not yet rolled.

The fine steps stay legal: `Machine.apply` takes either form, and
`Machine.fine` lists the fine steps for whoever wants to move space by space.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

MAX_NODES = 50_000          # fine states explored for one route list before giving up


# Not frozen: a frozen dataclass sets each field through object.__setattr__,
# three times the cost of building a plain one, and every bot's move is a
# Route. Nothing changes a Route once made; it hashes by its path.
@dataclass(slots=True, unsafe_hash=True)
class Route:
    """A whole move: the fine actions of one seat, in order.

    `to` (where it ends, for the board) and `cost` (what it costs, for
    players) are labels the game computes when it lists routes; they take no
    part in equality, so a decoded route equals the listed one."""

    path: tuple
    to: object = field(default=None, compare=False)
    cost: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class RouteSpec:
    """How a decision step is offered as whole moves.

    key:   (state, seat) -> hashable: what a position mid-route or at its end
           amounts to (two paths reaching the same key are one route);
    chain: further steps of the same seat that continue a route (the step
           itself always does);
    label: (start, before_last, after, seat, path) -> (to, cost) for players;
           `after` is None when the last step used chance (then only
           `before_last` and the last action may be read);
    A route of a single step is listed as that step's own action."""

    key: Callable
    chain: frozenset = frozenset()
    label: Callable | None = None
    # (state, seat, action) -> whether the listing looks past this fine
    # action (default: always); an action not looked past is offered alone
    expand: Callable | None = None


def restore(dst, src) -> None:
    """Make `dst` hold what `src` holds (attribute by attribute, in place):
    the state object the caller holds stays the same object (a refused
    route puts the state back from its snapshot)."""
    for cls in type(dst).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name in ("__dict__", "__weakref__"):
                continue
            try:
                value = getattr(src, name)
            except AttributeError:
                continue
            object.__setattr__(dst, name, value)
    d = getattr(src, "__dict__", None)
    if d is not None:
        dst.__dict__.update(d)


def ticks(state) -> int:
    try:
        return state.chance.ticks
    except AttributeError:                # a state without chance
        return 0


def continues(machine, state, seat, names, start_ticks: int) -> bool:
    """Whether a route from a step of `names` may go on from `state`: the
    same seat decides a step of the chain (alone, or at the same time as
    others when the step is a simultaneous one) and nothing came by chance."""
    turn = state.turn
    p = turn.pending
    if turn.over or p is None or p.step not in names or ticks(state) != start_ticks:
        return False
    seats = p.seats
    if len(seats) == 1:                   # (no list built to compare with)
        return seats[0] == seat
    return seat in seats and machine.steps[p.step].concurrent


def chain_of(name: str, spec: RouteSpec) -> frozenset:
    return spec.chain | {name}


__all__ = ["MAX_NODES", "Route", "RouteSpec", "chain_of", "continues", "restore", "ticks"]
