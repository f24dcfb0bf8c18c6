"""The one decision machine every game runs on.

A race waits for one decision at a time: `Turn.pending` names the step and
the seats that make it. Each game declares its decision steps (`Step`) and its
automatic steps (a function per `Turn.phase`) in explicit tables and hands
them to a `Machine`, which writes the protocol's `to_act`, `legal_actions`
and `apply` once for every game:

- the legal list of the pending step is built once and cached until the next
  action; an action is applied only if it is a member of it, and a refusal
  cites the step's rule;
- after a decision, automatic steps (draws, dice, bookkeeping) run until the
  next decision or the end of the race;
- a step says itself whether several seats decide at once (`concurrent`)
  and whether the choice is face down (`secret`); nothing is guessed from
  how many seats are deciding.

Step functions: `legal(state, seat) -> list`, `apply(state, seat, action) ->
list[Event]`. `apply` may call `Machine.wait` to ask the next decision; a
sequential step's pending decision is cleared when `apply` returns without
asking another, and a concurrent step's seat is taken off the list.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .drive import drive_own
from .protocol import Event, IllegalAction, Overrun
from .routes import MAX_NODES, Route, RouteSpec, chain_of, continues, restore, ticks
from .turn import Pending, Turn, ask, ask_one, still_pending

MAX_AUTOMATIC = 10_000     # automatic steps in a row before the machine calls itself stuck


class RouteOverflow(RuntimeError):
    """A move with more partial moves than engine/routes.MAX_NODES to list."""


@dataclass(frozen=True, slots=True)
class Step:
    """A decision step, declared once in the game's step table."""

    name: str
    rule: str                                   # cited when a choice is refused
    legal: Callable                             # (state, seat) -> list of actions
    apply: Callable                             # (state, seat, chosen action) -> events
    label: str = ""                             # what is decided, for players
    concurrent: bool = False                    # several seats decide, in any order
    secret: bool = False                        # face down: the others see public_text only
    from_hand: bool = False                     # chosen from what the others cannot see
    public_text: Callable | None = None         # (action) -> what the others see of it
    key: Callable | None = None                 # (action) -> identity for matching
    why_not: Callable | None = None             # (state, seat, action) -> reason or None
    shows: Callable | None = None               # (state, seat, action) -> what the table
                                                # sees of a secret choice (default: its kind)
    route: RouteSpec | None = None              # offered as whole moves (engine/routes.py)
    route_label: str = ""                       # what is decided when offered whole
    # (state, seat, legal) -> whether a single legal action may be applied
    # without asking; only the public facts may decide it (the others see that
    # the seat was not asked). Default: unless secret or from the hand.
    forced: Callable | None = None
    # (state, seat) -> the seat's only legal action when the step can tell it
    # cheaply, else None (then the legal list is built): a hint for forced()
    # and run_forced, which then need no list of one. It must agree with
    # `legal`, and leave the turn's cache alone (run_forced clears the cache
    # only after a legal list); read only for a step without a forced rule of its own.
    single: Callable | None = None
    # set from the above: a secret or from_hand step without a forced rule
    # of its own is never forced (Machine.forced reads it at every decision)
    never_forced: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "never_forced",
                           self.forced is None and (self.secret or self.from_hand))


class Machine:
    """The decision machine of one game: its step table and automatic steps."""

    def __init__(self, steps: Iterable[Step], phases: Mapping[str, Callable], *,
                 turn_rule: str, over_rule: str, names: Callable | None = None,
                 describe: Callable | None = None):
        self.on_overrun: Callable | None = None        # (state, seat) -> events; set by Game
        self.crossed: tuple = ()          # the steps the last route applied went through
        self.steps: dict[str, Step] = {}
        for s in steps:
            if s.name in self.steps:
                raise ValueError(f"step {s.name!r} declared twice")
            self.steps[s.name] = s
        self.phases = dict(phases)
        # the steps a route from each route step may run through
        self.chains = {s.name: chain_of(s.name, s.route)
                        for s in self.steps.values() if s.route is not None}
        self.turn_rule = turn_rule
        self.over_rule = over_rule
        self._names = names               # (state) -> {seat: name}
        self.action_types: frozenset = frozenset()     # set by Game from its spec
        self._describe = describe         # (action) -> text, for refusals

    # ---- asking for decisions -------------------------------------------------------
    def wait(self, state, step: str, seats, **context) -> None:
        """Ask `seats` for the decision `step` (a step of this machine)."""
        if step not in self.steps:
            raise KeyError(f"no decision step {step!r}")
        ask(state, step, seats, context)

    @staticmethod
    def clear(state) -> None:
        """Drop the pending decision (the rules made it moot: a car crashed
        the moment it was asked to move); the automatic steps go on."""
        state.turn.pending = None
        state.turn.cache = None
        state.turn.memo = None

    @staticmethod
    def forget(state) -> None:
        """Drop the cached legal lists (after a test or a tool edits a state)."""
        state.turn.cache = None

    @staticmethod
    def remember(state, seat: int, options: list) -> None:
        """Keep a legal list computed while deciding to wait (valid until
        the next action)."""
        state.turn.cache = {seat: list(options)}

    def pending_step(self, state) -> Step | None:
        p = state.turn.pending
        return None if p is None or state.turn.over else self.steps[p.step]

    # ---- the protocol ---------------------------------------------------------------
    def to_act(self, state) -> frozenset[int]:
        turn = state.turn
        if turn.over or turn.pending is None:
            return frozenset()
        return frozenset(turn.pending.seats)

    def legal(self, state, seat: int) -> list:
        """The legal list of `seat` now: whole moves (routes) for a step
        declared with a RouteSpec, else the step's own actions (the cached
        list itself: callers must not change it)."""
        turn = state.turn
        p = turn.pending
        if p is None or turn.over or turn.fine:
            return self.fine(state, seat)
        step = self.steps[p.step]
        if step.route is None or seat not in p.seats:
            return self.fine(state, seat)
        cache = turn.cache
        options = cache.get(("routes", seat)) if cache is not None else None
        if options is None:
            try:
                options = self.routes(state, seat)
            except RouteOverflow:
                # too many ways to list whole: offered one point at a time
                options = self.fine(state, seat)
            turn.cache[("routes", seat)] = options      # fine() made the cache
        return options

    def fine(self, state, seat: int) -> list:
        """The pending step's own legal actions for `seat` (one movement
        point at a time for a route step; cached until the next action)."""
        turn = state.turn
        cache = turn.cache
        if cache is not None:
            options = cache.get(seat)
            if options is not None:
                return options
        p = turn.pending
        if turn.over or p is None or seat not in p.seats:
            return []
        legal = self.steps[p.step].legal          # (called from a local: see run_forced)
        options = legal(state, seat)
        if type(options) is not list:
            options = list(options)
        cache = turn.cache                # the legal function may have made one
        if cache is None:
            turn.cache = {seat: options}
        else:
            cache[seat] = options
        return options

    # ---- whole moves (engine/routes.py) ---------------------------------------------------
    def routes(self, state, seat: int) -> list[Route]:
        """One Route per distinct outcome of the pending route step, found by
        playing the fine steps on copies of the state (never past chance)."""
        p = state.turn.pending
        step = self.steps[p.step]
        spec = step.route
        names = self.chains[step.name]
        t0 = ticks(state)
        found: dict = {}
        seen: set = set()
        budget = [MAX_NODES]

        def walk(st, path: tuple) -> None:
            for a in self.fine(st, seat):
                full = path + (a,)
                if spec.expand is not None and not spec.expand(st, seat, a):
                    k = ("alone", spec.key(st, seat), a)
                    if k not in found:
                        found[k] = a if not path else Route(
                            full, *self._label(spec, state, st, None, seat, full))
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    raise RouteOverflow(f"{step.rule}: more than {MAX_NODES} partial moves")
                c = st.clone()
                self._decide(c, seat, a)
                if ticks(c) != t0:
                    # The step itself rolled or drew: only what came before it
                    # may be read, and the route ends with it.
                    k = ("chance", spec.key(st, seat), a)
                    if k not in found:
                        found[k] = a if len(full) == 1 else Route(
                            full, *self._label(spec, state, st, None, seat, full))
                    continue
                # Keyed and labelled before the automatic steps that follow
                # (the next car's dice): they follow from this position alone.
                k = spec.key(c, seat)
                if ("end", k) in found or k in seen:
                    continue
                # (a single step is listed as itself: no label)
                label = self._label(spec, state, st, c, seat, full) if path else None
                if c.turn.pending is None:
                    self.advance(c)
                if continues(self, c, seat, names, t0):
                    seen.add(k)
                    walk(c, full)
                else:
                    found[("end", k)] = a if len(full) == 1 else Route(full, *label)

        walk(state, ())
        return list(found.values())

    @staticmethod
    def _label(spec, start, before_last, after, seat, path) -> tuple:
        if spec.label is None:
            return None, ""
        return spec.label(start, before_last, after, seat, path)

    def plan(self, state, seat: int, choose) -> Route:
        """A whole move chosen point by point by `choose(state) -> fine
        action` (a bot's own policy), worked out on a copy of `state`."""
        turn = state.turn
        step = self.steps[turn.pending.step]
        names = self.chains[step.name]
        c = state.clone()
        c.turn.fine = True
        t0 = ticks(state)
        path: list = []
        while True:
            a = choose(c)
            self._apply_fine(c, seat, a)
            path.append(a)
            if not continues(self, c, seat, names, t0):
                break
        return Route(tuple(path))

    def drive(self, state, seat: int, choose) -> tuple[Route, list[Event]]:
        """Apply, in place, a whole move chosen point by point by
        `choose(state) -> fine action` (which sees the fine lists): the Route
        it amounts to and its events (for loops that apply what a bot
        chooses anyway: the same result as `plan` then `apply`, without the
        copy)."""
        fine = state.turn.fine

        def pick(st, _seat, _step, _legal):
            turn = st.turn
            turn.fine = True
            try:
                return choose(st)
            finally:
                turn.fine = fine
        return drive_own(self, state, seat, pick)

    def _apply_route(self, state, seat: int, route: Route) -> list[Event]:
        path = route.path
        turn = state.turn
        p = turn.pending
        step = self.steps[p.step] if p is not None and not turn.over else None
        if step is None or step.route is None or seat not in p.seats:
            raise self.refusal(state, seat, route) or IllegalAction(
                f"{self.turn_rule}: there is no move to make now", self.turn_rule)
        if type(path) is not tuple or not path or any(type(a) in (Route, Overrun) for a in path):
            raise IllegalAction(f"{step.rule}: a move is a list of single steps", step.rule)
        snapshot = state.clone()
        names = self.chains[step.name]
        t0 = ticks(state)
        events: list[Event] = []
        crossed: list[str] = []
        try:
            for i, a in enumerate(path):
                if i and not continues(self, state, seat, names, t0):
                    raise IllegalAction(f"{step.rule}: the move stops after {i} step"
                                        f"{'' if i == 1 else 's'}; the rest of this route "
                                        "is a new decision", step.rule)
                crossed.append(state.turn.pending.step)
                events += self._apply_fine(state, seat, a)
        except BaseException:
            restore(state, snapshot)
            raise
        self.crossed = tuple(crossed)
        return events

    def from_hand(self, names) -> bool:
        """Whether any of these steps is chosen from a hidden hand."""
        return any(self.steps[n].from_hand for n in names)

    def refusal(self, state, seat: int, action) -> IllegalAction | None:
        """Why `seat` may not take `action` now (None when it may)."""
        if type(action) is Route and not state.turn.over and state.turn.pending is not None \
                and seat in state.turn.pending.seats:
            trial = state.clone()
            try:
                self._apply_route(trial, seat, action)
            except IllegalAction as exc:
                return exc
            return None
        if self.action_types and type(action) not in self.action_types:
            return IllegalAction(f"{self.turn_rule}: not an action of this game "
                                 f"({type(action).__name__})", self.turn_rule)
        turn = state.turn
        if turn.over:
            return IllegalAction(f"{self.over_rule}: the race is over", self.over_rule)
        p = turn.pending
        if p is None or seat not in p.seats:
            who = self._name(state, seat)
            if p is not None and self.steps[p.step].concurrent:
                text = f"{self.turn_rule}: {who} has no decision to make now"
            else:
                text = f"{self.turn_rule}: {who} is not the one to decide now"
            return IllegalAction(text, self.turn_rule)
        step = self.steps[p.step]
        if self.match(step, action, self.fine(state, seat)) is not None:
            return None
        reason = step.why_not(state, seat, action) if step.why_not is not None else None
        if not reason:
            what = self._describe(action) if self._describe is not None else type(action).__name__
            label = step.label or step.name.replace("_", " ")
            reason = f"{what} is not a legal choice now ({label})"
        if not reason.startswith(step.rule.split(" ")[0] + " "):    # cites no rule of its own
            reason = f"{step.rule}: {reason}"
        return IllegalAction(reason, step.rule)

    def apply(self, state, seat: int, action) -> list[Event]:
        t = type(action)
        if t is Overrun:
            return self._overrun(state, seat)
        if t is Route:
            return self._apply_route(state, seat, action)
        # _apply_fine, inlined: this is every race's hottest call
        events = self._decide(state, seat, action)
        if state.turn.pending is None:
            events += self.advance(state)
        return events

    def forced(self, state):
        """(seat, action) when a seat has a single legal action that may be
        applied without asking it (Step.forced), else None."""
        turn = state.turn
        p = turn.pending
        if p is None or turn.over:
            return None
        step = self.steps[p.step]
        if step.never_forced:
            return None                 # never applied for the seat: no list needed
        rule = step.forced
        single = step.single if rule is None else None
        legal_of = step.legal             # (called from a local: see run_forced)
        cache = turn.cache
        for seat in p.seats:
            if cache is None or (legal := cache.get(seat)) is None:
                if single is not None and (action := single(state, seat)) is not None:
                    return seat, action
                # fine(), inlined: the seat is deciding and nothing is cached
                legal = legal_of(state, seat)
                if type(legal) is not list:
                    legal = list(legal)
                # (without a rule of its own, a step that got here may be forced)
                if len(legal) == 1 and (rule is None or rule(state, seat, legal)):
                    # applied at once (run_forced): a list of one is not worth
                    # keeping, and apply() finds the action without it
                    return seat, legal[0]
                cache = turn.cache            # the legal function may have made one
                if cache is None:
                    turn.cache = cache = {seat: legal}
                else:
                    cache[seat] = legal
            elif len(legal) == 1 and (rule is None or rule(state, seat, legal)):
                return seat, legal[0]
        return None

    def run_forced(self, state, first, record: list, limit: int, on_step=None) -> int:
        """Apply `first`, the (seat, action) `forced` names, and the forced
        decisions that follow it, until a seat must be asked or the race is
        over, at most `limit` of them: each appended to `record` and shown
        to `on_step(seat, action, events, step)` when given; how many. (The
        play loop's work for each, in one call: Race Pace's bots are forced
        at 79 of a race's 91 decisions, mostly six in a row.)"""
        if limit <= 0:
            return 0
        n = 0
        seat, action = f = first
        steps, add = self.steps, record.append
        turn = state.turn
        p = turn.pending
        step = steps[p.step]
        # The step's fields, in locals while the next decision is of the same
        # step (mostly: six selections in a row), read again when it changes.
        # (A function kept in an attribute is called from a local: called as
        # step.apply(...), CPython 3.11 looks it up as a method, not specialized.)
        apply, legal_of, plain, single = step.apply, step.legal, step.forced is None, step.single
        turn.cache = None
        while True:
            # _commit, inline: a call a forced decision costs ~2 % of a Race
            # Pace race (a member of the seat's legal list: not looked up
            # again). The cache is None here: each way round the loop sees to it.
            events = apply(state, seat, action)
            turn = state.turn
            if turn.pending is p:               # nobody asked again: the decision is over
                turn.cache = None
                turn.pending = still_pending(p, seat) if step.concurrent else None
            if turn.pending is None:
                events += self.advance(state)
                turn = state.turn
            add(f)
            if on_step is not None:
                on_step(seat, action, events, step)
            n += 1
            if n >= limit:
                return n
            # forced(), inline for its common case (one seat deciding a step
            # without a forced rule of its own, nothing cached): the next
            # decision and its step are then at hand for the loop, without a
            # call a decision (test_run_forced pins the run to forced() and
            # apply() one at a time)
            p = turn.pending
            if p is None or turn.over:
                return n
            if p.step is not step.name:         # (mostly the same step again)
                step = steps[p.step]
                if step.never_forced:
                    return n
                apply, legal_of = step.apply, step.legal
                plain, single = step.forced is None, step.single
            seats = p.seats
            if len(seats) == 1 and turn.cache is None and plain:
                seat = seats[0]
                if single is None or (action := single(state, seat)) is None:
                    legal = legal_of(state, seat)
                    if type(legal) is not list:
                        legal = list(legal)
                    if len(legal) != 1:
                        # asked: kept as forced() keeps it (the legal function
                        # may have made a cache)
                        if turn.cache is None:
                            turn.cache = {seat: legal}
                        else:
                            turn.cache[seat] = legal
                        return n
                    action = legal[0]
                    turn.cache = None           # (the legal function may have made one)
                f = (seat, action)              # the record's entry
            else:
                f = self.forced(state)
                if f is None:
                    return n
                seat, action = f
                turn.cache = None

    def _apply_fine(self, state, seat: int, action) -> list[Event]:
        events = self._decide(state, seat, action)
        if state.turn.pending is None:
            events += self.advance(state)
        return events

    def _decide(self, state, seat: int, action) -> list[Event]:
        """Check and apply one fine action, without the automatic steps after it."""
        turn = state.turn
        cache = turn.cache
        options = cache.get(seat) if cache is not None else None
        if options is None:
            options = self.fine(state, seat)         # [] when seat is not deciding
        # Agents answer with an object of the legal list: found by identity
        # (no action's __eq__ called), else by equality (a decoded action).
        if options and options[0] is action:
            chosen = action
        else:
            for chosen in options:
                if chosen is action:
                    break
            else:
                chosen = self.match(self.steps[turn.pending.step], action, options) \
                    if options else None
                if chosen is None:
                    raise self.refusal(state, seat, action) or IllegalAction(
                        f"{self.turn_rule}: not a legal choice now", self.turn_rule)
        p = turn.pending
        return self._commit(state, seat, p, self.steps[p.step], chosen)

    @staticmethod
    def _commit(state, seat: int, p: Pending, step: Step, chosen) -> list[Event]:
        """Apply `chosen`, a member of `seat`'s legal list for the pending
        decision `p` (of `step`): the decision is over unless the step asked
        another (a concurrent one waits for its other seats)."""
        state.turn.cache = None
        apply = step.apply                      # (called from a local: see run_forced)
        events = apply(state, seat, chosen)
        turn = state.turn
        if turn.pending is p:
            # No new decision asked (wait() resets the cache itself, and a
            # legal list remembered after it stays valid).
            turn.cache = None
            turn.pending = still_pending(p, seat) if step.concurrent else None
        return events

    def _overrun(self, state, seat: int) -> list[Event]:
        if self.on_overrun is None:
            raise IllegalAction(f"{self.turn_rule}: this game has no time limit", self.turn_rule)
        if seat not in self.to_act(state):
            raise IllegalAction(f"{self.turn_rule}: {self._name(state, seat)} is not deciding "
                                "now, so cannot be over the time limit", self.turn_rule)
        events = self.on_overrun(state, seat)
        state.turn.cache = None                # what the seat may do can change (a token)
        return events

    def advance(self, state) -> list[Event]:
        """Run automatic steps until a decision is pending or the race is over."""
        turn = state.turn
        if turn.pending is not None or turn.over:
            return []
        events: list[Event] = []
        for _ in range(MAX_AUTOMATIC):
            if turn.pending is not None or turn.over:
                return events
            events += self.phases[turn.phase](state)
            turn = state.turn
        raise RuntimeError(f"the turn machine is stuck in phase {turn.phase!r}")

    @staticmethod
    def match(step: Step, action, options: list):
        """The legal option that `action` stands for, or None."""
        try:
            return options[options.index(action)]     # in C, identity first
        except ValueError:
            pass
        if step.key is not None:
            key = step.key(action)
            for o in options:
                if type(o) is type(action) and step.key(o) == key:
                    return o
        return None

    def _name(self, state, seat) -> str:
        if self._names is not None:
            name = self._names(state).get(seat)
            if name:
                return name
        return f"player {seat + 1}" if isinstance(seat, int) else "this player"


__all__ = ["Machine", "Pending", "Route", "RouteSpec", "Step", "Turn", "ask", "ask_one"]
