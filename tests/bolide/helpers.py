"""Shared helpers for the Bolide rule tests.

A scenario is built through the protocol (`chequered.game("bolide")`,
`config`, `new`, `legal_actions`, `apply`): a fresh race is created, then the
cars are put where the test wants them by setting their fields (point,
car-pawn vector, mode, progress, sharp brakings, damage, ...), and the turn
is restarted from the first car in race order (`begin`). Dice are forced by
`rig`, which gives the state an rng whose next 12-sided rolls are the wanted
values (the rules roll with `chequered.engine.dice.roll(state.rng, 12)`).

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

from functools import lru_cache
from pathlib import Path

import chequered
from chequered.engine.rng import Rng
from chequered.games.bolide.actions import Move, Request, Strategy
from chequered.games.bolide.circuit import circuit
from chequered.games.bolide.rules import turn
from chequered.games.bolide.rules.order import race_order

G = chequered.game("bolide")
TRACKS = str(Path(__file__).parent / "tracks")
POSITIONS = Path(__file__).parent / "positions"
SHIPPED = ("ring", "twisty", "hairpin")


def new_race(n=2, track="devoval", rules="basic", options=(), seed=1, seats=None, **kw):
    """A fresh race through the protocol. Test tracks come from tests/bolide/tracks."""
    content = None if all(t.strip() in SHIPPED for t in track.split(",")) else TRACKS
    cfg = G.config(seats=list(seats or ["human"] * n), track=track, rules=rules,
                   options=list(options), content=content, **kw)
    return G.new(cfg, seed)


def circ(s):
    return circuit(s.circuit, s.config.content)


def choose_strategies(s, *choices):
    """Advanced rules: every driver picks a strategy, first on the grid first.
    `choices` are Strategy actions by seat (default: full fuel, soft, booster)."""
    while s.phase == "strategy":
        seat = s.step["seat"]
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
    s.cache = None
    return car


def retire(s, *seats):
    """Take cars out of a scenario (they do not move, protect no point)."""
    for seat in seats:
        s.cars[seat].mode = "crashed"
    s.cache = None


def begin(s, first=None, turn_no=5, events=None):
    """Restart the current turn: ranks from race order (seat order among tied
    cars), then the first decision is set up (start rolls, pit crawling, ...
    happen as in a real turn). With `first`, the cars ranked ahead of that
    seat count as having moved already this turn."""
    c = circ(s)
    s.phase = "race"
    s.turn = turn_no
    order = race_order(c, s.cars)
    for pos, car in enumerate(order):
        car.rank = pos
    s.order = [car.seat for car in order]
    s.idx = 0 if first is None else s.order.index(first)
    s.step = {}
    s.this_turn = {}
    s.cache = None
    ev = [] if events is None else events
    turn.advance(s, c, ev)
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


def d12(rng: Rng, n: int) -> tuple[int, ...]:
    r = rng.clone()
    return tuple(1 + r.below(12) for _ in range(n))


@lru_cache(maxsize=None)
def _rng_state_for(values: tuple[int, ...]) -> int:
    k = 0
    while True:
        r = Rng(state=k)
        if all(1 + r.below(12) == v for v in values):
            return k
        k += 1


def rig(s, *values):
    """Make the state's next 12-sided die rolls come out as `values`."""
    s.rng = Rng(state=_rng_state_for(tuple(values)))
    assert d12(s.rng, len(values)) == tuple(values)
    s.cache = None


def speed(dx, dy):
    return max(abs(dx), abs(dy))


class Dice:
    """Force the dice of one rules module by patching the `roll` name it
    imported: the queued values come out first (and must be 12-sided rolls),
    then the module rolls for real again. `used` lists what was rolled."""

    def __init__(self, monkeypatch, module: str, *values: int):
        import importlib
        from chequered.engine import dice
        self.queue = list(values)
        self.used: list[int] = []
        real = dice.roll

        def fake(rng, sides=6):
            if self.queue:
                assert sides == 12, sides
                v = self.queue.pop(0)
            else:
                v = real(rng, sides)
            self.used.append(v)
            return v

        monkeypatch.setattr(importlib.import_module(f"chequered.games.bolide.rules.{module}"),
                            "roll", fake)
