"""A car's movement as one decision: the `type` and `move` steps offered as
whole moves (engine/routes.py). STOCK Movement, STOCK Race card parts.

At the table the active player counts out the whole move of the pack's head
at once; the rules stay written a movement point at a time (one `move` step
per space), and the machine lists one Route per distinct outcome (past
WAYS of them, the straightest per end space: `menu` below):

- a route begins at `type` (printed type or solo, when the card leaves the
  choice) and runs through every `move` step of the activation, so choosing
  the type and the end space is one decision; where `type` is not asked it
  begins at the first `move`;
- it ends where the activation ends (the next player's `car`, the pit stops,
  the discards, the end of the race) or at the step whose aftermath draws a
  card (the Event card at the end of a turn, the hands refilled), never past
  it;
- two paths are one route when they leave the race the same. Mid-move that
  is the pack and every pushed car where they stand, the MP left, the
  movement type and which lanes of the head's own sector it has left (STOCK
  Movement: the head never re-enters a space it has left; spaces of earlier
  sectors can never be entered again, since no step goes backwards, so they
  make no difference). The order of the path is not part of it: a pack
  follows its head space by space, so where the followers stand already
  says what the head's last spaces were.

The start of an activation is one decision too (STOCK Action segments 1-5:
the car, then its Race card or its retirement: `car` chained into `card`),
and so are a player's pit stops of one turn (STOCK Pit Stops: `pits`, each
stop and "no more"). The single steps stay legal (engine/steps.Machine.fine).

A route's `to` is the space the head of the pack (the car the player steers)
enters with its last step, as the board names spaces: `(sector, lane)`,
lane 0 the Apron (the view's cars carry the same "sector" and "lane", and
render.py draws a space from that pair; the start of an activation: where
the car to move stands; None for pit stops, a pass or a retirement). Its
`cost` says in players' words what the move amounts to.
"""
from __future__ import annotations

import math

from ....engine.routes import RouteSpec
from ..actions import Activate, MoveType, Pit, PitDone, PlayCard, Retire
from ..actions import Step as Move
from ..content import load_content
from ..state import RACING
from . import movement, pits
from .movement import PUSH_AHEAD, PUSH_ASIDE
from .turn import move_points


def _apron(state) -> tuple:
    return tuple(sorted((k, tuple(v)) for k, v in state.apron.items() if v))


def route_key(state, seat: int):
    """What a position of a route amounts to (see the module docstring)."""
    turn = state.turn
    p = turn.pending
    m = state.move
    cars = state.cars
    if m is not None and "snake" in m and p is not None and p.step == "move" and not turn.over:
        # Mid-move (STOCK Movement): only the cars' places, the Apron stacks
        # and the move itself (its car and card: the hand is the rest) change
        # between two of its steps.
        head = cars[m["snake"][0]]
        d = head.dist
        left = frozenset(lane for dd, lane in m["visited"] if dd == d)
        return ("move", m["car"], m["card"], m["kind"], m["mp"], tuple(m["snake"]), left,
                tuple([(c.dist, c.lane) for c in cars]), _apron(state))
    # The activation is over: the flip, the wear, the lead, the finish and
    # whatever the end of the turn did before the next decision.
    return ("end", turn.phase, turn.over,
            None if p is None else (p.step, tuple(p.seats), repr(p.context)),
            None if m is None else repr(sorted(m.items())),
            tuple([(c.status, c.dist, c.lane, tuple(c.temp), tuple(c.perm), c.flipped,
                    c.position, c.leads, c.lapdown) for c in cars]),
            _apron(state), state.first, state.side, state.turn_number, state.yellow,
            tuple(state.queue), state.pit_leader, tuple(state.pitted), tuple(state.finished),
            tuple(state.classification),
            None if state.scores is None else tuple(sorted(state.scores.items())),
            state.event_card, len(state.deck.pile), tuple(state.deck.discards),
            tuple([tuple(h) for h in state.hands]))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cars(state, idxs) -> str:
    return ", ".join(f"#{state.cars[i].number}" for i in idxs)


def route_label(start, before_last, after, seat: int, path: tuple):
    """(to, cost) of a route. Only what is known before the last step is
    read (`after` may be None: the activation's aftermath drew a card), so
    the last step's own effect is taken from `before_last`'s legal steps;
    nothing is replayed (the listing labels every route it finds)."""
    C = load_content(start.config.content)
    T = C.tracks[start.track]
    last = path[-1]
    m = before_last.move
    kind, snake, card = m["kind"], m["snake"], m["card"]
    head = before_last.cars[snake[0]]
    to = ((head.dist + last.ahead) % T.n, last.lane)
    _, cost, push, data, _ = movement.option(before_last, T, C.rules, last)
    # STOCK Movement: the points spent, all of them unless the pack got stuck
    first = start.move.get("mp") if start.move else None
    if first is None or "kind" not in start.move:
        first = move_points(C, start.cars[m["car"]], card, kind)
    mp = first - m["mp"] + cost
    moves = [a for a in path if isinstance(a, Move)]
    spaces = sum(1 for a in moves if a.ahead)
    changes = len(moves) - spaces
    # The cars pushed: out of the pack and moved since the start, and the
    # last step's push.
    members = set(snake)
    ahead, aside = set(), set()
    for c0, c1 in zip(start.cars, before_last.cars):
        if c0.idx not in members and (c0.dist, c0.lane) != (c1.dist, c1.lane):
            (ahead if c0.dist != c1.dist else aside).add(c0.idx)
    if push == PUSH_AHEAD:
        ahead.update(data)
    elif push == PUSH_ASIDE:
        aside.add(data)
    # What tells the moves to one space apart comes first (the terminal cuts
    # long menu lines): the type, the distance, the lane changes, the pushes;
    # then where the rest of the pack ends, the MP and the wear.
    bits = []
    if isinstance(path[0], MoveType) or len(snake) > 1:
        bits.append(kind)
    bits.append(_plural(spaces, "space") + (" along the Apron" if head.lane == 0 and
                                             last.lane == 0 else ""))
    if changes:
        bits.append(_plural(changes, "lane change"))
    for cars, way in ((aside, "aside"), (ahead, "ahead")):
        if cars:
            bits.append(f"pushes {_cars(before_last, sorted(cars))} {way}")
    if len(snake) > 1:
        # STOCK Movement: each car of the pack takes the space the car in
        # front of it has just left, so the pack's end is read before the
        # last step.
        bits.append(f"pack of {len(snake)} ({_cars(before_last, snake)})")
        for i, c in zip(snake[1:], snake[:-1]):
            front = before_last.cars[c]
            bits.append(f"#{before_last.cars[i].number} to "
                        f"{_space((front.dist % T.n, front.lane))}")
    bits.append(f"{mp} MP")
    wear = C.card_wear[card]
    if wear is not None:
        bits.append(f"+1 {wear} wear")        # STOCK Wear, after the move
    return to, ", ".join(bits)


def car_label(start, before_last, after, seat: int, path: tuple):
    """(to, cost) of an activation's start: where the car to move stands
    (it has not moved yet) and what its card gives it, in the card's own
    words (STOCK Race card parts, Speed penalties). A route ending in a
    retirement or a pass has no car to move: `to` is None."""
    C = load_content(start.config.content)
    T = C.tracks[start.track]
    bits = []
    car = None
    for a in path:
        if isinstance(a, Activate):
            # read where the route starts: nothing before it in the route
            # touched this car (a pass or a retirement is another car's)
            car = next(x for x in start.cars if x.team == seat and x.number == a.car)
            if car.status != RACING:
                bits.append(f"#{a.car} is out of the race: a pass")
            elif car.wear >= C.rules.retire_wear:
                bits.append(f"#{a.car} is worn out and retires")
        elif isinstance(a, Retire):
            bits.append("out for good (the worst Position marker left)")
        elif isinstance(a, PlayCard):
            mp = C.card_mp[a.card] - movement.speed_penalty(C.rules, car.wear)
            card = C.cards[a.card]
            text = f"{a.card}: {mp} MP {card.move}"
            if mp != card.mp:
                text += f" (slowed by {card.mp - mp} for its wear)"
            wear = C.card_wear[a.card]
            text += f", +1 {wear} wear" if wear else ", no wear"
            if card.effect:
                text += ", " + card.effect.replace("_", " ")
            bits.append(text)
    last = path[-1]
    to = None
    if isinstance(last, PlayCard):
        car = before_last.cars[before_last.move["car"]]
        to = (car.dist % T.n, car.lane)
    return to, "; ".join(bits)


def pits_label(start, before_last, after, seat: int, path: tuple):
    """(to, cost) of a player's pit stops: no car is steered (`to` None);
    the cost is the cars that stop (STOCK Pit Stops)."""
    cars = [a.car for a in path if isinstance(a, Pit)]
    if not cars:
        return None, "no pit stop"
    return None, ("pit stop" if len(cars) == 1 else "pit stops") + " for " + \
        ", ".join(f"#{n}" for n in cars)


def describe_route(route, state=None) -> str:
    """A whole move for players. A route decoded from a record or planned
    by a bot carries only its steps, so the text stands on them alone, and
    adds where it ends and what it costs when the listing said so (the
    labels name places as the board does, so `state` is not needed)."""
    path = route.path
    cost = route.cost
    if not any(isinstance(a, (MoveType, Move)) for a in path):
        # The start of an activation (its cost: the card's parts, or what
        # retiring means), or a player's pit stops.
        last = path[-1]
        if isinstance(path[0], Activate) and isinstance(last, PlayCard):
            return f"#{path[0].car} plays " + (cost or last.card)
        if isinstance(path[0], Activate) and isinstance(last, Retire):
            return f"#{path[0].car} retires" + (f": {cost}" if cost else "")
        pitted = [f"#{a.car}" for a in path if isinstance(a, Pit)]
        if pitted and len(pitted) == len(path) - isinstance(last, PitDone):
            return "pit " + (" and ".join(pitted) if len(pitted) < 3
                             else ", ".join(pitted[:-1]) + " and " + pitted[-1])
        from ..text import describe_action           # text.py imports the rules
        return ", then ".join(describe_action(a) for a in path) + (f" ({cost})" if cost else "")
    moves = [a for a in path if isinstance(a, Move)]
    kinds = [a.kind for a in path if isinstance(a, MoveType)]
    if route.to is not None:
        # as listed: where the steered car ends first, and the cost says the
        # rest (its type first when there was a choice)
        return f"to {_space(route.to)}" + (f" ({cost})" if cost else "")
    fwd = sum(1 for a in moves if a.ahead)
    side = len(moves) - fwd
    what = [_plural(fwd, "space") + " forward"] if fwd else []
    if side:
        what.append(_plural(side, "sideways step"))
    text = (f"move {kinds[0]}: " if kinds else "move: ") + (" and ".join(what)
                                                             or "stays put (no step open)")
    if moves:
        text += ", ending in " + ("the Apron" if moves[-1].lane == 0
                                  else f"lane {moves[-1].lane}")
    return text + (f" ({cost})" if cost else "")


def _space(to) -> str:
    sector, lane = to
    return f"the Apron at sector {sector}" if lane == 0 else f"sector {sector} lane {lane}"


# ---- a move with more ways than a person reads ----------------------------------------
# A pack that changes lanes late, or a solo car that can shove several rivals,
# reaches the same end space in dozens of ways (up to ~700 on a speedway),
# each leaving the followers or the shoved cars elsewhere. Listed whole they
# fill no screen and nobody reads them; past WAYS the list keeps, for each
# end space of the head, the straightest ways: first one per placing of the
# cars outside the pack (the followers keep the head's line as closely as
# possible), then, if that is still too many, one per end space (the fewest
# cars shoved, then the fewest lane changes). Every other way stays legal
# space by space (engine/steps.Machine.fine; "move space by space" on the
# page, --fine-moves in the terminal).
WAYS = 24


def menu(machine, state, seat: int, routes: list) -> list:
    """A move's listing as the menus show it: thinned (few_ways), then in
    the order a driver reads it: by movement type as the card leaves the
    choice (printed first), the furthest end first, then inside lanes first.
    When the two movement types still reach more than WAYS ends between
    them, the type is a decision of its own (its single actions), and the
    move after it is listed whole."""
    if state.turn.pending.step not in ("type", "move"):
        return routes
    routes = few_ways(machine, state, seat, routes)
    if len(routes) > WAYS and state.turn.pending.step == "type":
        # both types reach many spaces: the type is asked first, on its own
        return list(machine.fine(state, seat))
    kinds: dict = {}

    def order(item):
        i, r = item
        path = r.path if type(r).__name__ == "Route" else (r,)
        kind = next((a.kind for a in path if isinstance(a, MoveType)), "")
        moves = [a for a in path if isinstance(a, Move)]
        return (kinds.setdefault(kind, len(kinds)), -sum(a.ahead for a in moves),
                moves[-1].lane if moves else 0, i)
    return [r for _, r in sorted(enumerate(routes), key=order)]


def few_ways(machine, state, seat: int, routes: list) -> list:
    """`routes` (a listing, in its order), thinned to at most about WAYS
    moves as described above; unchanged when it is short already."""
    if len(routes) <= WAYS or state.turn.pending.step not in ("type", "move"):
        return routes
    facts = [_way(machine, state, seat, r) for r in routes]
    keep: set = set()
    # (type, end space, the others' places), then (type, end space) alone
    for width in (3, 2):
        best: dict = {}
        for i, f in enumerate(facts):
            if f is None:
                continue                     # a single step listed alone: always kept
            k = f[0][:width]
            if k not in best or f[1] < facts[best[k]][1]:
                best[k] = i
        keep = set(best.values())
        if len(keep) <= WAYS:
            break
    return [r for i, (r, f) in enumerate(zip(routes, facts)) if f is None or i in keep]


def _way(machine, state, seat: int, route):
    """((type, end of the head, where the cars outside the pack end), rank)
    of a listed move, or None for an action listed alone. The rank prefers
    the fewest cars shoved, then the fewest lane changes, then the listing
    order (which the caller breaks by keeping the first)."""
    if type(route).__name__ != "Route":
        return None
    c = state.clone()
    kind = c.move.get("kind") if c.move else None
    pack = set(c.move["snake"]) if c.move and "snake" in c.move else None
    changes = 0
    for a in route.path:
        if isinstance(a, MoveType):
            kind = a.kind
        elif isinstance(a, Move) and not a.ahead:
            changes += 1
        machine._decide(c, seat, a)
        if pack is None and c.move and "snake" in c.move:
            pack = set(c.move["snake"])
    pack = pack or set()
    others = tuple([(x.dist, x.lane) for x in c.cars if x.idx not in pack])
    shoved = sum(1 for x0, x1 in zip(state.cars, c.cars)
                 if x0.idx not in pack and (x0.dist, x0.lane) != (x1.dist, x1.lane))
    return (kind, route.to, others), (shoved, changes)


# STOCK Action segments 1-5: the car and its Race card (or its retirement),
# as one decision
CAR_ROUTE = RouteSpec(key=route_key, label=car_label, chain=frozenset({"card"}))
def pits_expand(state, seat: int, action) -> bool:
    """Whether a pit stop is listed with the team's other stops of the turn:
    while the ways to choose them fit in WAYS (the cars that stop, in their
    order: cars pitting under green stack on the Apron in that order); with
    more cars, each stop is a decision of its own."""
    n = len(pits.eligible(state, seat))
    return sum(math.perm(n, k) for k in range(n + 1)) <= WAYS


# STOCK Pit Stops: a player's stops this turn, as one decision
PITS_ROUTE = RouteSpec(key=route_key, label=pits_label, expand=pits_expand)
# STOCK Movement: the points of a move, as one decision
MOVE_ROUTE = RouteSpec(key=route_key, label=route_label)
# STOCK Race card parts: the movement type and the points it moves, as one decision
TYPE_ROUTE = RouteSpec(key=route_key, label=route_label, chain=frozenset({"move"}))

__all__ = ["CAR_ROUTE", "MOVE_ROUTE", "PITS_ROUTE", "TYPE_ROUTE", "WAYS", "car_label",
           "describe_route", "few_ways", "menu", "pits_label", "route_key", "route_label"]
