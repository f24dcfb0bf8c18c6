"""Where a race is between decisions: its `Turn` (the phase of the automatic
steps, the pending decision, whether the race is over) and the `Pending`
decision, and `ask`, which sets one. engine/steps.Machine runs them; step
modules that cannot see their machine call `ask` (re-exported there).
"""
from __future__ import annotations

from collections.abc import Iterable


class Pending:
    """The decision the race waits for: a step, the seats deciding, and small
    JSON-ready context for that step (a car, the points left, a battle)."""

    __slots__ = ("step", "seats", "context")

    def __init__(self, step: str, seats: Iterable[int] = (), context: dict | None = None):
        self.step = step
        self.seats: list[int] = sorted(seats)
        self.context: dict = context if context is not None else {}

    def clone(self) -> "Pending":
        p = Pending.__new__(Pending)        # seats are sorted already
        p.step = self.step
        p.seats = self.seats.copy()
        p.context = copy_doc(self.context) if self.context else {}
        return p

    def to_doc(self) -> dict:
        return {"step": self.step, "seats": list(self.seats), "context": copy_doc(self.context)}

    @classmethod
    def from_doc(cls, doc: dict | None) -> "Pending | None":
        if doc is None:
            return None
        return cls(doc["step"], doc.get("seats", ()), copy_doc(doc.get("context") or {}))

    def __eq__(self, other) -> bool:
        return isinstance(other, Pending) and self.to_doc() == other.to_doc()

    def __repr__(self) -> str:
        return f"Pending({self.step!r}, seats={self.seats}, context={self.context})"


class Turn:
    """Where a race is between decisions: the phase of its automatic steps,
    the pending decision, whether it is over, and two things kept for the
    decision in hand only, never part of the position: the cached legal
    lists and `memo`, a game's own working for it (a move's options).
    `fine` (not part of the position either) lists a route step's fine steps
    instead of its routes: a bot planning a whole move on a copy sets it."""

    __slots__ = ("phase", "pending", "over", "cache", "memo", "fine")

    def __init__(self, phase: str = "setup", pending: Pending | None = None, over: bool = False):
        self.phase = phase
        self.pending = pending
        self.over = over
        self.cache: dict | None = None
        self.memo = None
        self.fine = False

    def clone(self) -> "Turn":
        t = Turn.__new__(Turn)
        t.phase = self.phase
        t.pending = self.pending.clone() if self.pending is not None else None
        t.over = self.over
        t.cache = None
        t.memo = None
        t.fine = self.fine
        return t

    def to_doc(self) -> dict:
        return {"phase": self.phase, "over": self.over,
                "pending": self.pending.to_doc() if self.pending is not None else None}

    @classmethod
    def from_doc(cls, doc: dict | None) -> "Turn":
        doc = doc or {}
        return cls(doc.get("phase", "setup"), Pending.from_doc(doc.get("pending")),
                   bool(doc.get("over", False)))

    def __eq__(self, other) -> bool:
        return isinstance(other, Turn) and self.to_doc() == other.to_doc()


def still_pending(p: Pending, seat: int) -> Pending | None:
    """What stays pending once `seat` has decided `p`, a concurrent step's
    decision that asked nothing new: the same decision for its other seats,
    or none when it was the last. (A sequential step's is simply over.)"""
    p.seats = [s for s in p.seats if s != seat]
    return p if p.seats else None


def ask(state, step: str, seats, context: dict | None = None) -> None:
    """Ask `seats` for the decision `step` (Machine.wait without the check
    that the step exists: for a step module that cannot see its machine)."""
    t = type(seats)
    if (t is tuple or t is list) and len(seats) == 1:
        ask_one(state, step, seats[0], context)
        return
    turn = state.turn
    turn.pending = Pending(step, seats, context)
    turn.cache = None
    turn.memo = None


def ask_one(state, step: str, seat: int, context: dict | None = None) -> None:
    """ask() of one seat: the common sequential ask (every movement point,
    every selection), with nothing to sort or check."""
    p = _OneSeat()
    p.step = step
    p.seats = [seat]
    p.context = context if context is not None else NO_CONTEXT
    turn = state.turn
    turn.pending = p
    turn.cache = None
    turn.memo = None


class _NoContext(dict):
    """An empty context nothing can write into, shared by every decision
    asked without one (ask_one: a dict made and freed a decision saved).
    Readers see an empty dict; a step that wants to change its context
    copies it first, as it must any context."""

    __slots__ = ()

    def _read_only(self, *_args, **_kw):
        raise TypeError("a decision's shared empty context cannot be changed: copy it")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only


NO_CONTEXT = _NoContext()


class _OneSeat(Pending):
    """A Pending as ask_one makes it: with object's __init__, so that the
    class call does not run Pending's (a Python call, to sort the seats),
    and builds the object in C (cheaper than object.__new__(Pending), which
    checks its argument first). It is a Pending in every other way."""

    __slots__ = ()
    __init__ = object.__init__


def copy_doc(v):
    """A copy of small JSON-ready data (dicts and lists of scalars; tuples are
    kept as they are). Games copy their own documents with it too."""
    if isinstance(v, dict):
        return {k: copy_doc(x) for k, x in v.items()}
    if isinstance(v, list):
        return [copy_doc(x) for x in v]
    return v


__all__ = ["Pending", "Turn", "ask", "ask_one", "copy_doc"]
