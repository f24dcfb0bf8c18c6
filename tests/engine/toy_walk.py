"""A tiny racing game on the engine, for testing whole moves (engine/routes.py).

Cars drive on a straight of two lanes, spaces (x, lane). A turn: a die gives
the movement points (1-3); each point is one fine decision, forward in the
lane or forward into the other lane (+1 wear). Ending a point on an oil space
(x % 5 == 3, lane 1) rolls a die at once: on a 1 the car spins and its turn
ends. A car that reaches x >= 12 has finished. The `move` step is offered as
routes; the oil die makes a route stop there.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from chequered.engine import chance
from chequered.engine.chance import Chance
from chequered.engine.protocol import Event, Game, GameConfig, Result
from chequered.engine.rng import Rng
from chequered.engine.routes import RouteSpec
from chequered.engine.spec import GameSpec
from chequered.engine.steps import Machine, Step, Turn

FINISH = 12


@dataclass(frozen=True, slots=True)
class Go:
    lane: int


class WalkConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["random", "random"], min_length=1,
                             max_length=3)
    track: str = "straight"


class WalkState:
    def __init__(self, config, seed):
        self.config = config
        self.chance = Chance(Rng(seed))
        self.turn = Turn("roll")
        self.cars = [[0, 0] for _ in config.seats]      # x, lane
        self.wear = [0] * len(config.seats)
        self.mover = 0
        self.left = 0

    def clone(self):
        s = WalkState.__new__(WalkState)
        s.config, s.chance, s.turn = self.config, self.chance.clone(), self.turn.clone()
        s.cars = [list(c) for c in self.cars]
        s.wear, s.mover, s.left = list(self.wear), self.mover, self.left
        return s

    def doc(self):
        return {"cars": self.cars, "wear": self.wear, "mover": self.mover, "left": self.left,
                "turn": self.turn.to_doc(), "rng": self.chance.to_doc()}


def _roll(s: WalkState) -> list:
    if all(c[0] >= FINISH for c in s.cars):
        s.turn.over = True
        return []
    while s.cars[s.mover][0] >= FINISH:
        s.mover = (s.mover + 1) % len(s.cars)
    ev: list = []
    s.left = (chance.roll(s.chance, ev, 6, rule="WALK 1", what="mp") + 1) // 2
    MACHINE.wait(s, "move", [s.mover])
    return ev


def _legal(s: WalkState, seat: int) -> list:
    lane = s.cars[seat][1]
    return [Go(lane), Go(1 - lane)]


def _apply(s: WalkState, seat: int, a: Go) -> list:
    car = s.cars[seat]
    if a.lane != car[1]:
        s.wear[seat] += 1
    car[0] += 1
    car[1] = a.lane
    s.left -= 1
    ev = [Event("go", {"seat": seat, "x": car[0], "lane": car[1]}, "WALK 2")]
    if car[0] % 5 == 3 and car[1] == 1:                # oil: a die at once
        if chance.roll(s.chance, ev, 6, rule="WALK 3", what="oil") == 1:
            s.left = 0
    if s.left > 0 and car[0] < FINISH:
        MACHINE.wait(s, "move", [seat])
    else:
        s.mover = (seat + 1) % len(s.cars)
    return ev


def _key(s: WalkState, seat: int):
    return (tuple(map(tuple, s.cars)), tuple(s.wear), s.left, s.mover,
            s.turn.pending.step if s.turn.pending else None)


def _label(start, before_last, after, seat, path):
    end = after if after is not None else before_last
    x = end.cars[seat][0] + (1 if after is None else 0)
    lane = path[-1].lane
    return (x, lane), f"{len(path)} spaces, +{end.wear[seat] - start.wear[seat]} wear"


ROUTE = RouteSpec(key=_key, label=_label)
MACHINE = Machine([Step("move", "WALK 2", _legal, _apply, label="drive", route=ROUTE)],
                  {"roll": _roll}, turn_rule="WALK 1", over_rule="WALK 4")


def _new(config, seed):
    return WalkState(config, seed)


def _result(s):
    order = sorted(range(len(s.cars)), key=lambda i: (s.wear[i], i))
    return Result(order)


def _view(s, seat):
    return {"cars": s.cars, "wear": s.wear}


def _load(doc):
    raise NotImplementedError


SPEC = GameSpec(
    name="walk", title="Walk", config=WalkConfig, actions=(Go,), machine=MACHINE, new=_new,
    result=_result, view=_view, render_text=lambda v: str(v), render_svg=lambda v: "<svg/>",
    dump_position=lambda s: s.doc(), load_position=_load,
    redeterminize=lambda s, seat, rng: s.clone(), tracks=lambda: ["straight"],
    describe=lambda e, s=None: e.kind, describe_action=lambda a: f"to lane {a.lane + 1}",
)
GAME = Game(SPEC)
