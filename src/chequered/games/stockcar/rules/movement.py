"""Moving a car and its pack: movement types, linked cars, pushing, drafting
through corners, the Apron.

STOCK Race card parts, Speed penalties, Movement (ours, docs/rules/stockcar.md):

- Linked cars are adjacent in the same lane (sector s and s+1, same lane
  number). The pack that moves is fixed when the move starts: Solo = the
  active car; Draft = the linked chain in front, the active car, the linked
  chain behind; Lead = the active car and the chain behind; Pursuit = the
  chain in front and the active car.
- The active player steers the pack's head (its front car); every other
  car of the pack takes the space the car in front of it has just left, so
  a pack follows its head's line through corners, converging and diverging
  lanes (STOCK Drafting and corners).
- Each step costs: forward or sideways into an empty space 1; sideways
  pushing a car one lane further over 2; forward pushing the linked line in
  front one space, solo moves only, 3. The head never enters a space it has
  left this move; movement points must be spent while a step is possible.
- A car on the Apron moves alone: along the Apron (2 a space, pit road speed)
  or up onto lane 1 of its sector (1, empty only). Track cars never enter
  the Apron while moving: they get there only by a pit stop.
"""
from __future__ import annotations

from operator import itemgetter

from ....engine.protocol import Event
from ..actions import Step
from ..state import RACING
from .order import lift, place

# What a legal step does: (cost, kind of push, data for the push).
NO_PUSH, PUSH_ASIDE, PUSH_AHEAD = 0, 1, 2

# The step actions, made once: a frozen dataclass is slow to build, and the
# legal steps are worked out after every step of every move.
_FWD = tuple(Step(1, lane) for lane in range(16))
_SIDE = tuple(Step(0, lane) for lane in range(16))
_FIRST = itemgetter(0)


def chain(state, T, car, direction: int) -> list:
    """The linked cars in front (direction 1) or behind (-1) of `car`, nearest
    first: each adjacent in the same lane to the previous one."""
    lane = car.lane
    if lane == 0:
        return []
    links = T.ahead if direction == 1 else T.behind     # (content.Track's)
    occ = state.occ
    k = links[(car.dist % T.n) * T.w1 + lane]
    if k < 0 or occ[k] == -1:
        return []          # most often: nobody there
    out = []
    limit = len(state.cars)   # a lane full of cars all the way round ends here
    while k >= 0:
        i = occ[k]
        if i == -1:
            break
        out.append(i)      # a car a lap ahead or behind in that space is linked too
        if len(out) == limit:
            break
        k = links[k]
    return out


def lines(state, T, car) -> tuple:
    """(chain in front, chain behind) of the car the move in progress
    activates, before its first step: the bot's card and type and the pack
    of the card and of the type all read them, and no car moves from the
    activation to the first step, so they are walked once an activation
    (state.lines: the move they were found for, the car, the two lines).
    The lists are shared: callers only read them."""
    m = state.move
    hit = state.lines
    if hit is not None and hit[0] is m and hit[1] == car.idx and "snake" not in m:
        return hit[2], hit[3]
    front, back = chain(state, T, car, 1), chain(state, T, car, -1)
    if m is not None and "snake" not in m:
        state.lines = (m, car.idx, front, back)
    return front, back


def pack(state, T, car, kind: str) -> list:
    """The moving pack, head (front car) first. STOCK Race card parts."""
    if kind == "solo" or car.lane == 0:
        return [car.idx]
    ahead, behind = lines(state, T, car)
    if kind == "lead":
        return [car.idx, *behind]
    if kind == "pursuit":
        return [*reversed(ahead), car.idx]
    return [*reversed(ahead), car.idx, *behind]


def speed_penalty(R, wear: int) -> int:
    """STOCK Speed penalties (ours): MP the active car loses for the wear it
    starts its activation with."""
    if wear < 3:
        return 0
    K = _COSTS.get(id(R))                # costs(R), inline: once an activation
    if K is None or K.rules is not R:
        K = costs(R)
    pen = K.penalty
    return pen[min(wear, len(pen) - 1)]


def options(state, T, R) -> list:
    """The legal steps of the move in progress with what each does, in the
    order the legal list gives them: [(Step, cost, kind of push, data, the
    slot the head enters)] (-1 on the Apron).
    Computed once per position of the pack (state.cache), since the legal
    list, the bot and apply() all ask for it."""
    out = state.cache
    if out is None:
        out = state.cache = work_out(state, T, R)
    return out


def legal_steps(state, T, R) -> list:
    """The legal list of the `move` step."""
    return list(map(_FIRST, options(state, T, R)))


def steps(state, T, R) -> dict:
    """The legal steps of the move in progress: Step -> (cost, push, data)."""
    return {o[0]: o[1:4] for o in options(state, T, R)}


def option(state, T, R, step: Step) -> tuple:
    """(step, cost, push, data, slot entered) of a legal step."""
    opts = state.cache
    if opts is None:
        opts = options(state, T, R)
    for o in opts:
        if o[0] is step:            # the legal list's own objects (_FWD, _SIDE)
            return o
    for o in opts:
        if o[0] == step:
            return o
    raise KeyError(step)


class Costs:
    """The rules' step costs (STOCK Movement) as plain attributes and the
    speed penalty per wear (STOCK Speed penalties): a pydantic model's
    attribute is several times slower to read than a slot."""

    __slots__ = ("rules", "forward", "sideways", "aside", "ahead", "apron", "penalty")

    def __init__(self, R):
        self.rules = R                    # kept alive: costs() finds it by id
        self.forward, self.sideways = R.cost_forward, R.cost_sideways
        self.aside, self.ahead, self.apron = R.cost_push_aside, R.cost_push_forward, R.cost_apron
        # wear -> MP lost, up to the last wear the table names (more wear: as that)
        self.penalty = tuple(R.speed_penalty.get(w, 0) for w in range(max(R.speed_penalty) + 1))


_COSTS: dict = {}


def costs(R) -> Costs:
    """The Costs of these rules (content.Rules), made once per rules object."""
    hit = _COSTS.get(id(R))
    if hit is None or hit.rules is not R:
        hit = _COSTS[id(R)] = Costs(R)
    return hit


class Moves:
    """A track's steps under these rules, per space (content.Track's slot
    index), made once: work_out reads them at every movement point. Each
    option names the space the head enters (its slot; -1 on the Apron), so
    the bot and do_step need not work it out again.

    fwd[slot]: (slot entered, the option of a step there when it is empty)
    per lane a forward step reaches (STOCK Drafting and corners);
    lone[slot]: the option of a forward step into an empty space when it is
    the only forward step (the lane neither narrows nor splits), else None;
    side[slot]: (lane, slot entered, the slot one lane further over or -1,
    the option when empty) per lane a sideways step reaches;
    onto_track[sector]: the step from the Apron up onto lane 1 (STOCK The
    Apron)."""

    __slots__ = ("rules", "track", "costs", "fwd", "lone", "side", "along_apron", "onto_track")

    def __init__(self, R, T):
        self.rules, self.track = R, T     # kept alive: moves() finds them by id
        K = self.costs = costs(R)
        w1 = T.w1
        self.fwd = tuple(tuple((k2, (_FWD[l2], K.forward, NO_PUSH, None, k2))
                               for l2, k2 in row) for row in T.fwd_slots)
        self.lone = tuple(row[0][1] if len(row) == 1 else None for row in self.fwd)
        self.side = tuple(tuple((l2, k2, k3, (_SIDE[l2], K.sideways, NO_PUSH, None, k2))
                                for l2, k2, k3 in row) for row in T.side_slots)
        self.along_apron = (_FWD[0], K.apron, NO_PUSH, None, -1)
        self.onto_track = tuple((_SIDE[1], K.sideways, NO_PUSH, None, s * w1 + 1)
                                for s in range(T.n))


_MOVES: dict = {}


def moves(R, T) -> Moves:
    """The Moves of this track under these rules, made once per pair."""
    hit = _MOVES.get(id(T))
    if hit is None or hit.track is not T or hit.rules is not R:
        hit = _MOVES[id(T)] = Moves(R, T)
    return hit


def work_out(state, T, R, M=None) -> list:
    """The legal steps of the move in progress worked out afresh (options()
    keeps them for the position): forward_steps, then sideways_steps. `M`:
    moves(R, T), when the caller has it."""
    if M is None:
        M = _MOVES.get(id(T))            # moves(R, T), inline: once a movement point
        if M is None or M.track is not T or M.rules is not R:
            M = moves(R, T)
    out = forward_steps(state, T, M)
    sideways_steps(state, T, M, out)
    return out


def forward_steps(state, T, M) -> list:
    """The legal list's first part: the head's forward steps, into an empty
    space or pushing the line in front (on the Apron, both its steps: the
    whole list). `M`: moves(R, T)."""
    K = M.costs
    m = state.move
    mp = m["mp"]
    snake = m["snake"]
    cars = state.cars
    head = cars[snake[0]]
    d, lane = head.dist, head.lane
    occ = state.occ
    out: list = []
    # The head never re-enters a space it has left this move: the spaces
    # ahead were never left (no step goes back), so only the sideways
    # steps, within its own sector, look at `visited`.
    if lane == 0:
        # STOCK The Apron: pit road, alone, at the speed limit.
        if K.apron <= mp:
            out.append(M.along_apron)
        s = d % T.n
        if K.sideways <= mp and occ[s * T.w1 + 1] == -1 and (d, 1) not in m["visited"]:
            out.append(M.onto_track[s])
        return out
    for k2, free in M.fwd[(d % T.n) * T.w1 + lane]:
        x = occ[k2]
        if x == -1:
            if K.forward <= mp:
                out.append(free)
        elif len(snake) == 1 and x not in snake and K.ahead <= mp:
            # Forward push, solo moves only: the linked line in front moves on one space.
            line = [x] + chain(state, T, cars[x], 1)
            front = cars[line[-1]]
            fs = (front.dist + 1) % T.n
            if occ[fs * T.w1 + min(front.lane, T.width[fs])] == -1:
                out.append((free[0], K.ahead, PUSH_AHEAD, line, k2))
    return out


def sideways_steps(state, T, M, out: list) -> None:
    """The legal list's second part, appended to `out` (forward_steps's):
    the head's sideways steps on the track, into an empty space or pushing
    a car aside."""
    m = state.move
    snake = m["snake"]
    head = state.cars[snake[0]]
    d, lane = head.dist, head.lane
    if lane == 0:
        return                            # the Apron's are forward_steps's
    side = M.side[(d % T.n) * T.w1 + lane]
    if not side:
        return
    K = M.costs
    mp = m["mp"]
    occ = state.occ
    visited = m["visited"]
    # The head's spaces in this sector are the last ones of `visited`
    # (it never goes back), the last its own: when it came into the
    # sector by a forward step (or starts here), it has left none of
    # this sector's spaces, and `visited` needs no search.
    fresh = len(visited) < 2 or visited[-2][0] != d
    # (`visited`, a list, is searched last: a blocked space needs no search)
    for l2, k2, k3, free in side:
        x = occ[k2]
        if x == -1:
            if K.sideways <= mp and (fresh or (d, l2) not in visited):
                out.append(free)
        elif x not in snake and K.aside <= mp:
            # Pushing aside: the car moves one lane further over, which must be free.
            if k3 >= 0 and occ[k3] == -1 and (fresh or (d, l2) not in visited):
                out.append((free[0], K.aside, PUSH_ASIDE, x, k2))


def do_step(state, T, option: tuple, events: list, then=None, path=None) -> None:
    """Apply one legal step (an entry of options()): the push first, then
    the head, then each car of the pack into the space the car in front of
    it left. With `then` (per slot of the track, the step to take next from
    there: bots.free_steps) and `path`, then each step it names while that
    step is legal into an empty space (as forward_steps tests it), every
    step applied appended to `path`."""
    step, cost, push, data, to = option
    state.cache = None
    m = state.move
    cars = state.cars
    snake = m["snake"]
    if push:                          # (NO_PUSH is 0: most steps push nobody)
        if push == PUSH_AHEAD:
            # The front of the pushed line first, so each car moves into a free space.
            for i in reversed(data):
                c = cars[i]
                lift(state, T, c)
                nd = c.dist + 1
                place(state, T, c, nd, min(c.lane, T.width[nd % T.n]))
            numbers = []              # (a loop: a comprehension is a call of its own)
            for i in data:
                numbers.append(cars[i].number)
            events.append(Event("push", {"cars": numbers, "way": "ahead"}, "STOCK Movement"))
        else:
            c = cars[data]
            head = cars[snake[0]]
            lift(state, T, c)
            place(state, T, c, c.dist, c.lane + (step.lane - head.lane))
            events.append(Event("push", {"cars": [c.number], "way": "aside"}, "STOCK Movement"))
    head = cars[snake[0]]
    occ = state.occ
    visited = m["visited"]
    while True:
        if path is not None:
            path.append(step)
        lane = step.lane
        k0 = to
        if head.lane == 0 or lane == 0:
            # On the Apron the car moves alone: stacks need the general place/lift.
            lift(state, T, head)
            place(state, T, head, head.dist + step.ahead, lane)
            d = head.dist
        elif len(snake) == 1:
            # The hot path: a car alone on the track.
            occ[(head.dist % T.n) * T.w1 + head.lane] = -1
            d = head.dist = head.dist + step.ahead
            head.lane = lane
            occ[to] = head.idx
        else:
            # A pack on the track: each car goes where the car in front of it
            # was, so each old space is read once and passed on; the head's new
            # space is empty (a step never enters the pack), the last car's old
            # one is left empty.
            n, w1 = T.n, T.w1
            nd, nl = head.dist + step.ahead, lane
            for i in snake:
                c = cars[i]
                k = (c.dist % n) * w1 + c.lane
                occ[to] = i
                c.dist, nd = nd, c.dist
                c.lane, nl = nl, c.lane
                to = k
            occ[to] = -1
            d = head.dist
        # order.leader's hint, kept (lift and place keep it for a push or the
        # Apron, and agree with what follows): the pack's other cars took
        # spaces of cars of the pack, so only the head's new space can pass
        # the leader (order.passes, inline: once a movement point); a car alone
        # stays the leader (no space lies between its old one and its new one);
        # in a pack that holds it, the car behind it took its space and leads
        # unless the head passes it (the last car's space is left empty: found
        # again).
        i = state.lead
        if i is not None:
            if i in snake:
                j = snake.index(i) + 1
                if j == len(snake):
                    if j > 1:
                        state.lead = None
                else:
                    L = cars[snake[j]]
                    state.lead = head.idx if d > L.dist or d == L.dist and lane and (
                        lane < L.lane or not L.lane) else L.idx
            else:
                L = cars[i]
                if d > L.dist or d == L.dist and lane and (lane < L.lane or not L.lane):
                    state.lead = head.idx
        mp = m["mp"] = m["mp"] - cost
        visited.append((d, lane))
        if then is None or k0 < 0:        # (k0 < 0: the head is on the Apron)
            return
        # the step `then` names from the head's new space, when legal: its
        # space empty and its cost left (forward_steps's test)
        option = then[k0]
        if option is None or occ[option[4]] != -1 or option[1] > mp:
            return
        step, cost, _, _, to = option


def drift(state, T, car, events: list) -> None:
    """The drift effect (ours): after moving, the active car slides one lane
    towards the outside wall if that space is empty."""
    if car.status != RACING or car.lane == 0:
        return
    s = car.dist % T.n
    out = car.lane + 1
    if out <= T.width[s] and state.occ[s * (T.maxw + 1) + out] == -1:
        lift(state, T, car)
        place(state, T, car, car.dist, out)
        events.append(Event("drift", {"car": car.number, "lane": out}, "STOCK Race card parts"))
