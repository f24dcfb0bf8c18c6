"""The round machine (FGP 6, 7.1-7.3, 12): the only module that sequences the
rules' steps.

`race.turn.pending` names the decision the race waits for and the seats that
must make it; `legal` lists that step's finite choices; `apply` validates a
choice, carries it out and then `advance` runs every automatic step (draws,
dice, ordering, end-of-round bookkeeping) until the next decision or the
end of the race. `race.turn.phase` says where the race is between decisions:

  qualifying -> q_cards -> q_push -> pole -> r1_cards -> turns
  round_start -> turns -> round_end -> round_start ... -> over

Each decision step is registered in STEPS by the module that owns it
(start_steps, turn, battle_steps, incident_steps, pit_steps)."""
from __future__ import annotations

from collections.abc import Callable

from ....engine.protocol import Event, IllegalAction
from ....engine.steps import Pending
from ..state import Race

Legal = Callable[[Race, int], list]
Act = Callable[[Race, int, object], list[Event]]
STEPS: dict[str, tuple[Legal, Act, str]] = {}
PHASES: dict[str, Callable[[Race], list[Event]]] = {}

MAX_ROUNDS = 40        # A53: a race still running after 40 rounds is stopped and classified


def register(name: str, legal: Legal, act: Act, rule: str) -> None:
    STEPS[name] = (legal, act, rule)


def phase(name: str):
    def deco(fn):
        PHASES[name] = fn
        return fn
    return deco


def wait(race: Race, name: str, seats, **context) -> None:
    race.turn.pending = Pending(name, seats, context)
    race.turn.cache = None


def to_act(race: Race) -> frozenset[int]:
    if race.turn.over or race.turn.pending is None:
        return frozenset()
    return frozenset(race.turn.pending.seats)


def legal(race: Race, seat: int) -> list:
    p = race.turn.pending
    if race.turn.over or p is None or seat not in p.seats:
        return []
    cache = race.turn.cache if race.turn.cache is not None else {}
    if seat not in cache:
        cache[seat] = STEPS[p.step][0](race, seat)
        race.turn.cache = cache
    return list(cache[seat])


def remember(race: Race, seat: int, options: list) -> None:
    """Keep a legal list computed while deciding to wait (valid until the
    next action)."""
    race.turn.cache = {seat: list(options)}


def apply(race: Race, seat: int, action) -> list[Event]:
    p = race.turn.pending
    if race.turn.over:
        raise IllegalAction("FGP 12: the race is over", "FGP 12")
    if p is None or seat not in p.seats:
        raise IllegalAction(f"FGP 7.1: it is not seat {seat}'s decision now", "FGP 7.1")
    rule = STEPS[p.step][2]
    chosen = match(action, legal(race, seat))
    if chosen is None:
        raise IllegalAction(f"{rule}: {type(action).__name__} is not a legal choice "
                            f"at the {p.step.replace('_', ' ')} step", rule)
    race.turn.cache = None
    ev = STEPS[p.step][1](race, seat, chosen)
    race.turn.cache = None
    return ev + advance(race)


def match(action, options: list):
    """The legal option equal to `action`; card lists compare as sets (a
    player may name the cards of a play in any order)."""
    for o in options:
        if o == action:
            return o
    key = _canon(action)
    for o in options:
        if type(o) is type(action) and _canon(o) == key:
            return o
    return None


def _canon(a):
    fields = getattr(a, "__dataclass_fields__", {})
    out = []
    for f in fields:
        v = getattr(a, f)
        out.append(tuple(sorted(map(str, v))) if isinstance(v, tuple) and f != "orange_as" else v)
    return (type(a).__name__, tuple(out))


def advance(race: Race) -> list[Event]:
    """Run automatic steps until a decision is pending or the race is over."""
    ev: list[Event] = []
    guard = 0
    while race.turn.pending is None and not race.turn.over:
        guard += 1
        if guard > 10_000:
            raise RuntimeError(f"FormulaGP round machine stuck in phase {race.turn.phase!r}")
        ev += PHASES[race.turn.phase](race)
    return ev


def done_waiting(race: Race, seat: int) -> bool:
    """Take `seat` off a step several seats decide at once; True when every
    seat has decided (the pending step is cleared)."""
    p = race.turn.pending
    p.seats = [s for s in p.seats if s != seat]
    if not p.seats:
        race.turn.pending = None
        return True
    return False
