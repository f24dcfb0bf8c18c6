"""The board and the running order: spaces, the Apron, the leader, lapped
cars, Position markers and finishing.

STOCK Spaces and sectors, The Apron, Running order, Lapped cars, Losing a
car, Start/Finish line and laps, Ending the race.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..state import FINISHED, LAPPED, RACING


# ---- spaces -------------------------------------------------------------------
def slot(T, dist: int, lane: int) -> int:
    return (dist % T.n) * (T.maxw + 1) + lane


def occupant(state, T, dist: int, lane: int) -> int:
    """The car index in a track space (lane >= 1), or -1."""
    return state.occ[(dist % T.n) * (T.maxw + 1) + lane]


def place(state, T, car, dist: int, lane: int) -> None:
    """Put a car on a space. STOCK The Apron: a car entering an Apron space
    goes on top of the stack; lower in the stack ranks further up."""
    if dist < car.dist:
        state.lap_line = None             # a car moved back may be a lap down
    car.dist, car.lane = dist, lane
    if lane == 0:
        state.apron.setdefault(dist % T.n, []).append(car.idx)
    else:
        i = (dist % T.n) * (T.maxw + 1) + lane
        if state.occ[i] != -1:
            raise AssertionError(f"space {dist % T.n}/{lane} already holds a car")
        state.occ[i] = car.idx
    # The known leader stays it unless this car now runs ahead of it (one
    # more car on the board can only pass it), instead of a scan of the field.
    k = state.lead
    if k is not None:
        if k < 0:
            state.lead = None             # none raced: found again
        elif passes(state.cars[k], dist, lane):
            state.lead = car.idx


def lift(state, T, car) -> None:
    """Take a car off its space (it moves, or leaves the race)."""
    if state.lead == car.idx:
        state.lead = None                 # found again; another car leaving keeps it
    if car.lane == 0:
        stack = state.apron.get(car.dist % T.n)
        if stack and car.idx in stack:
            stack.remove(car.idx)
    else:
        i = (car.dist % T.n) * (T.maxw + 1) + car.lane
        if state.occ[i] == car.idx:
            state.occ[i] = -1


def rebuild(state, T) -> None:
    """Recompute the track spaces from the racing cars (positions loaded by
    hand list the cars; the Apron stacks keep their written order)."""
    state.lead = state.lines = state.lap_line = None
    state.occ = [-1] * (T.n * (T.maxw + 1))
    on_apron = {i for stack in state.apron.values() for i in stack}
    for car in state.cars:
        if car.status != RACING:
            continue
        if car.lane == 0:
            if car.idx not in on_apron:
                state.apron.setdefault(car.dist % T.n, []).append(car.idx)
        else:
            place_only = (car.dist % T.n) * (T.maxw + 1) + car.lane
            if state.occ[place_only] != -1:
                raise ValueError(f"two cars on sector {car.dist % T.n} lane {car.lane}")
            state.occ[place_only] = car.idx
    for k in list(state.apron):
        state.apron[k] = [i for i in state.apron[k]
                          if state.cars[i].status == RACING and state.cars[i].lane == 0
                          and state.cars[i].dist % T.n == k]
        if not state.apron[k]:
            del state.apron[k]


# ---- running order ------------------------------------------------------------
def order_key(state, T, car) -> tuple:
    """STOCK Running order: most laps and closest to the line first (the
    larger dist), then the lower lane number within a sector; an Apron car is
    behind every track car of its sector, bottom of the stack first."""
    if car.lane == 0:
        stack = state.apron.get(car.dist % T.n, ())
        return (-car.dist, 100 + (stack.index(car.idx) if car.idx in stack else 0))
    return (-car.dist, car.lane)


def running_order(state, T) -> list:
    cars = [c for c in state.cars if c.status == RACING]
    cars.sort(key=lambda c: order_key(state, T, c))
    return cars


def leader(state, T):
    """The leading car, which holds the Current Leader marker (None when no car races).
    STOCK Running order: once cars finish, the racing car closest to the line."""
    i = state.lead                        # known since the cars last moved
    if i is not None:
        return state.cars[i] if i >= 0 else None
    best = scan_leader(state, T)
    state.lead = -1 if best is None else best.idx
    return best


def scan_leader(state, T):
    """leader(), found from where the cars stand (not the kept state.lead)."""
    best, top = None, _BEHIND_ALL
    for c in state.cars:
        d = c.dist
        # the distance first: most cars are behind the best so far
        if d >= top and c.status == RACING and (d > top or _ahead_in_sector(state, T, c, best)):
            best, top = c, d
    return best


_BEHIND_ALL = -(1 << 62)           # a dist below every car's, grid included


def passes(lead, dist: int, lane: int) -> bool:
    """Whether a car just put on (dist, lane) runs ahead of the racing car
    `lead` (STOCK Running order): further on, or in its sector on a lower
    lane or on the track beside it on the Apron; a car put on the Apron goes
    on top of its stack, behind every car of its sector."""
    d = lead.dist
    return dist > d or dist == d and lane and (lane < lead.lane or not lead.lane)


def _ahead_in_sector(state, T, a, b) -> bool:
    """Same dist: inside first, the Apron last (its stack bottom first)."""
    if a.lane and b.lane:
        return a.lane < b.lane
    if a.lane or b.lane:
        return bool(a.lane)
    return order_key(state, T, a) < order_key(state, T, b)


def lap_marker(state, T, laps: int) -> int:
    """STOCK Start/Finish line and laps: the Current Lap marker, derived from
    the leader's progress (leaving the grid over the line is no lap)."""
    if state.finished:
        return laps
    lead = leader(state, T)
    if lead is None:
        return laps
    return max(1, min(laps, lead.dist // T.n + 1))


# ---- lapped cars, Position markers, finishing ------------------------------------
def update_lapped(state, T, events: list):
    """STOCK Lapped cars: a car the leader has caught a whole lap on (the
    leader moved into its sector, a lap ahead) gets a Lap-down marker; one
    that is ahead of the leader again loses it. Returns the leader."""
    lead = leader(state, T)
    if lead is None:
        return None
    line = lead.dist - T.n             # a racing car at or behind this dist is a lap down
    if line == state.lap_line:
        # Nobody was at or behind this line and nobody lapped when it was
        # last looked at, and cars have only moved forward since (order.place
        # forgets it for a move back): no marker changes (most activations).
        return lead
    clear = True                       # no racing car at or behind the line
    for c in state.cars:
        # whether the marker changes first: it seldom does (two truth tests,
        # not a comparison of two bools, which CPython does not specialise)
        if c.dist <= line:
            if c.status != RACING:
                continue
            clear = False
            if c.lapdown:
                continue
        elif not c.lapdown or c.status != RACING:
            continue
        c.lapdown = down = c.dist <= line
        events.append(Event("lapped" if down else "unlapped", {"car": c.number},
                            "STOCK Lapped cars"))
    state.lap_line = line if clear else None
    return lead


def best_marker(state) -> int:
    """The highest Position marker left (the smallest number)."""
    taken = {c.position for c in state.cars if c.position is not None}
    p = 1
    while p in taken:
        p += 1
    return p


def worst_marker(state) -> int:
    """STOCK Losing a car: the lowest Position marker left (the largest number)."""
    taken = {c.position for c in state.cars if c.position is not None}
    p = len(state.cars)
    while p in taken:
        p -= 1
    return p


def lose_car(state, T, car, status: str, events: list, rule: str) -> None:
    """A car leaves the race with the lowest Position marker left."""
    lift(state, T, car)
    car.status = status
    car.lapdown = False
    car.position = worst_marker(state)
    events.append(Event("out", {"car": car.number, "why": status, "position": car.position},
                        rule))


def check_finish(state, T, laps: int, lead, events: list) -> bool:
    """STOCK Ending the race (ours): a car that completes the last lap (its
    dist reaches laps * sectors) takes the chequered flag and the highest
    Position marker still free; cars crossing together rank by running order. A car with a
    Lap-down marker cannot finish (it is removed at the end of the turn).
    `lead`: the leader now (update_lapped's)."""
    goal = laps * T.n
    if lead is None or lead.dist < goal:
        return False                       # no racing car is further than the leader
    done = [c for c in state.cars if c.status == RACING and c.dist >= goal and not c.lapdown]
    if not done:
        return False
    done.sort(key=lambda c: order_key(state, T, c))
    for c in done:
        lift(state, T, c)
        c.status = FINISHED
        c.position = best_marker(state)
        state.finished.append(c.idx)
        events.append(Event("finished", {"car": c.number, "position": c.position},
                            "STOCK Ending the race"))
    return True


def remove_lapped(state, T, events: list) -> None:
    """STOCK Lapped cars: cars a lap down when the turn ends leave the race;
    when there are several, their markers follow running order, the last one the
    lowest."""
    for c in state.cars:
        if c.lapdown and c.status == RACING:
            break
    else:
        return                        # most turns: nobody to remove, no order to sort
    down = [c for c in running_order(state, T) if c.lapdown]
    for c in reversed(down):
        lose_car(state, T, c, LAPPED, events, "STOCK Lapped cars")
