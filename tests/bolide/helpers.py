"""Shared helpers for the Bolide rule tests.

A scenario is built through the protocol (`chequered.game("bolide")`,
`config`, `new`, `legal_actions`, `apply`): a fresh race is created, then the
cars are put where the test wants them by setting their fields (point,
car-pawn vector, mode, progress, sharp brakings, damage, ...), and the turn
is restarted from the first car in race order (`begin`). Dice are forced
with `chequered.engine.chance.scripted(s.chance, rolls=[...])`: the next
12-sided rolls of the race, whatever table they are for, come out as given
(and a test fails if one is not rolled). The dice of a race's preparation
are rolled by the machine's first automatic step: `fresh` gives the race
before it, `prepare` runs it.

The test circuits live in tests/bolide/tracks (ours):
  devoval.track  a 44 x 22 clockwise oval: sectors a (E, the top straight,
                 x 9..34), b (S, x 35..42), c (W, the bottom straight),
                 d (N, x 1..8); run-off all round; intermediate line into c;
                 pit lane In x = 7, y 4..6, Out (12, 3) and (12, 5), squares
                 1..6, Full Fuel 2, Pit Stop 3, 1/2 Fuel 5, speed limit 4.
  wall.track     devoval with white rows (forbidden) instead of run-off
                 along the top edge for x 16..33: a car forced off there crashes.
"""
from __future__ import annotations

from pathlib import Path

import chequered
from chequered.games.bolide.actions import Move, Request, Strategy
from chequered.games.bolide.circuit import circuit
from chequered.games.bolide.rules.order import race_order

G = chequered.game("bolide")
TRACKS = str(Path(__file__).parent / "tracks")
POSITIONS = Path(__file__).parent / "positions"
SHIPPED = ("ring", "twisty", "hairpin")


def _config(n, track, rules, options, seats, **kw):
    content = None if all(t.strip() in SHIPPED for t in track.split(",")) else TRACKS
    return G.config(seats=list(seats or ["human"] * n), track=track, rules=rules,
                    options=list(options), content=content, **kw)


def new_race(n=2, track="devoval", rules="basic", options=(), seed=1, seats=None, **kw):
    """A fresh race through the protocol. Test tracks come from tests/bolide/tracks."""
    return G.new(_config(n, track, rules, options, seats, **kw), seed)


def fresh(n=2, track="devoval", rules="basic", options=(), seed=1, seats=None, **kw):
    """A race before its preparation (the grid dice, the weather): `prepare`
    runs it, inside `scripted` to force those dice."""
    return G.spec.new(_config(n, track, rules, options, seats, **kw), seed)


def prepare(s):
    """Run the machine's automatic steps up to the first decision; the events."""
    return G.machine.advance(s)


def decision(s) -> dict:
    """The decision in hand as one dict: its step (`kind`), seat and context."""
    p = s.turn.pending
    return {"kind": p.step, "seat": p.seats[0], **p.context} if p is not None else {}


def circ(s):
    return circuit(s.circuit, s.config.content)


def choose_strategies(s, *choices):
    """Advanced rules: every driver picks a strategy, first on the grid first.
    `choices` are Strategy actions by seat (default: full fuel, soft, booster)."""
    while s.phase == "strategy":
        seat = to_act(s)
        a = choices[seat] if seat < len(choices) else Strategy("full", "soft", "booster")
        G.apply(s, seat, a)


def put(s, seat, x, y, vx=0, vy=0, mode="run", progress=None, **fields):
    """Put a car on (x, y) with the car-pawn vector (vx, vy). Progress defaults
    to the sector of the point in the first lap."""
    car = s.cars[seat]
    car.x, car.y, car.vx, car.vy, car.mode = x, y, vx, vy, mode
    if progress is None:
        progress = circ(s).sector_at(x, y)
    car.progress = progress
    for k, v in fields.items():
        assert hasattr(car, k), k
        setattr(car, k, v)
    _edited(s)
    return car


def _edited(s):
    """The state was edited by hand: forget the legal list of the decision in hand."""
    s.turn.cache = None
    s.turn.memo = None


def retire(s, *seats):
    """Take cars out of a scenario (they do not move, protect no point)."""
    for seat in seats:
        s.cars[seat].mode = "crashed"
    _edited(s)


def begin(s, first=None, turn_no=5, events=None):
    """Restart the current turn: ranks from race order (seat order among tied
    cars), then the first decision is set up (start rolls, pit crawling, ...
    happen as in a real turn). With `first`, the cars ranked ahead of that
    seat count as having moved already this turn."""
    c = circ(s)
    s.phase = "race"
    s.turn_no = turn_no
    order = race_order(c, s.cars)
    for pos, car in enumerate(order):
        car.rank = pos
    s.order = [car.seat for car in order]
    s.idx = 0 if first is None else s.order.index(first)
    s.turn.pending = None
    s.this_turn = {}
    _edited(s)
    ev = [] if events is None else events
    ev += G.machine.advance(s)
    return ev


def to_act(s):
    (seat,) = G.to_act(s)
    return seat


def legal(s):
    return G.legal_actions(s, to_act(s))


def points(s):
    """The plain moves (no slipstream) on offer, as a set of points."""
    return {(a.x, a.y) for a in legal(s) if isinstance(a, Move) and a.slip is None}


def act(s, action):
    """The seat to act applies `action`; returns the events."""
    return G.apply(s, to_act(s), action)


def move(s, x, y, slip=None):
    return act(s, Move(x, y, slip))


def request(s, kind):
    return act(s, Request(kind))


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def speed(dx, dy):
    return max(abs(dx), abs(dy))
