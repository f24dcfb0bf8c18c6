"""What a move of the car to move leads to, for players: its speed, what
kind of move it is, and its risks (BOLIDE 1, 2, 4, 5, 6, 7, 9, 13).

The menu, the board's marks and their tooltips all read it, so they say the
same. It asks the rules themselves: the move's options come from the move
decision's own Options (rules/running.py), and "what next turn offers" is
that same function run for the car as it would stand after the move, on an
empty track (every other car moves before this one moves again, so where
they stand now says little about next turn).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import Move
from ..circuit import Circuit
from ..geometry import DIRS, speed
from . import pitlane, running
from .order import advance_progress, finished_laps, rank_key

# Risks that may cost the race dearly: a die that can damage or spin the car,
# leaving the track, or a next turn with no move but a sharp braking.
RISKY = ("attack", "off", "slicks", "spin", "no_way", "crash")


@dataclass(frozen=True, slots=True)
class Outlook:
    kind: str                  # pawn / brake / attack / attack_brake / off / slip
    speed: int                 # the move's speed (a slipstream's +1 does not count)
    end: tuple[int, int]       # where the car stops (the slipstream's +1 included)
    risks: tuple[str, ...]     # attack, off, slicks, spin, pit, penalty, one_way, no_way,
    #                            crash, backwards
    next_free: int | None      # moves without a sharp braking next turn; None: no next turn
    brakes: int                # sharp brakings left after the move
    target: int | None = None  # the seat attacked
    penalty: int = 0           # pit lane penalty turns (BOLIDE 9)

    @property
    def risky(self) -> bool:
        return any(r in RISKY for r in self.risks)

    def to_doc(self) -> dict:
        return {"kind": self.kind, "speed": self.speed, "end": list(self.end),
                "risks": list(self.risks), "next_free": self.next_free,
                "brakes": self.brakes, "target": self.target, "penalty": self.penalty}


def outlooks(s, c: Circuit, car) -> dict[Move, Outlook]:
    """The outlook of every Move the car may make now (mode "run"), kept
    with the decision's options: the view and the menu both ask."""
    opt = running.options(s, c, car)
    if opt.outlooks is None:
        ctx = s.turn.pending.context if s.turn.pending is not None else {}
        opt.outlooks = {m: _outlook(s, c, car, opt, ctx, m) for m in opt.moves()}
    return opt.outlooks


def outlook(s, c: Circuit, car, move: Move) -> Outlook | None:
    return outlooks(s, c, car).get(move)


def behind(c: Circuit, a, b) -> bool:
    """Car `a` is behind car `b` in the race's direction: fewer sectors
    passed, or in the same sector less far along its red arrow (the race
    order's own measure, BOLIDE 3). Nothing forbids driving back, but a
    player who cannot see the arrows should be told."""
    return rank_key(c, a)[:2] > rank_key(c, b)[:2]        # smaller is further ahead


def _outlook(s, c, car, opt, ctx: dict, m: Move) -> Outlook:
    p = (m.x, m.y)
    origin = (car.x, car.y)
    d = speed(m.x - car.x, m.y - car.y)
    risks: list[str] = []
    brakes = car.brakes
    target = None
    if m.slip is None and (p in opt.engage or p in opt.engage_brake):
        kind = "attack" if p in opt.engage else "attack_brake"
        target = next((o.seat for o in s.cars if o is not car and (o.x, o.y) == p), None)
        risks.append("attack")
        if kind == "attack_brake" and not ctx.get("brake_ok"):
            brakes -= 1
        return Outlook(kind, d, p, tuple(risks), None, brakes, target)
    if m.slip is None and p in opt.off:
        return Outlook("off", d, p, ("off",), None, brakes)
    braking = p in opt.brake
    if braking:
        kind = "brake"
        if not ctx.get("brake_ok"):
            brakes -= 1
        if ctx.get("brake_spin"):
            risks.append("spin")             # BOLIDE 7: an imbalanced sharp braking
    else:
        kind = "slip" if m.slip else "pawn"
    if running.slick_risk(s, c, car, d):
        risks.append("slicks")
    end = p
    if m.slip:
        dx, dy = DIRS[m.slip]
        end = (m.x + dx, m.y + dy)
        if end in running.occupied(s, car):
            risks.append("attack")           # the +1 runs into a car: an engagement
    # The car as it would stand after the move (its velocity is the move's,
    # the slipstream's +1 aside, BOLIDE 5).
    nxt = car.clone()
    nxt.x, nxt.y = end
    nxt.vx, nxt.vy = m.x - car.x, m.y - car.y
    nxt.brakes = brakes
    nxt.slip = False
    advance_progress(c, nxt, *end)
    if behind(c, nxt, car):
        risks.append("backwards")
    penalty = 0
    if pitlane.enters(s, c, car, car.progress, *origin, *end):
        risks.append("pit")
        limit = c.meta.pit.speed_limit
        if limit is not None and d > limit:
            penalty = 2 * (d - limit)            # BOLIDE 9
            risks.append("penalty")
        return Outlook(kind, d, end, tuple(risks), None, brakes, penalty=penalty)
    laps = 1 if s.phase == "qualifying" else c.meta.laps
    if finished_laps(c, nxt, laps):
        return Outlook(kind, d, end, tuple(risks), None, brakes)
    after = running.options_among(s, c, nxt, {}, frozenset())
    free = len(after.pawn)
    if free == 1:
        risks.append("one_way")
    elif free == 0:
        # nowhere at all but a request's luck (BOLIDE 2, 7), or a sharp braking
        risks.append("crash" if after.crash else "no_way")
    return Outlook(kind, d, end, tuple(risks), free, brakes)
