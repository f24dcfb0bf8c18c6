"""The options of the car whose turn it is, and what its move does
(BOLIDE 1 Moves, 2 Off the Track, 4 Sharp Brakings, 5 Slipstreaming, 13 Rain).

`options(s, c, car)` returns the Options record the move decision offers
as its legal list (rules/turn.py carries a chosen Move out).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ....engine import chance
from ....engine.protocol import Event
from ..actions import Move, Request
from ..circuit import Circuit
from ..geometry import DIRS, lattice_points_between, main_directions, speed
from . import moves
from .advanced import sharp_brakings_frozen, tops
from .dice_tables import DIE, SLICK_RAIN

_DIR_NAME = {v: k for k, v in DIRS.items()}


@dataclass
class Options:
    pawn: list = field(default_factory=list)      # pawn-rule arrivals
    brake: list = field(default_factory=list)     # sharp brakings (not already pawn points)
    engage: list = field(default_factory=list)    # occupied points to attack
    engage_brake: list = field(default_factory=list)  # ... only by a sharp braking
    off: list = field(default_factory=list)       # forced off the track: run-off points
    slip: list = field(default_factory=list)      # (point, direction) slipstream moves
    requests: list = field(default_factory=list)  # "booster", "brake"
    crash: bool = False                           # nowhere to go: the car crashes
    outlooks: dict | None = None                  # Move -> what it leads to (rules/outlook.py)

    def moves(self) -> list[Move]:
        out = [Move(x, y) for x, y in self.pawn]
        out += [Move(x, y) for x, y in self.brake]
        out += [Move(x, y) for x, y in self.engage]
        out += [Move(x, y) for x, y in self.engage_brake]
        out += [Move(x, y) for x, y in self.off]
        out += [Move(x, y, d) for (x, y), d in self.slip]
        return out


def occupied(s, car) -> set:
    """Points protected by other cars on the track (not in the pit lane)."""
    return {(o.x, o.y) for o in s.cars
            if o is not car and o.running and o.mode not in ("pit", "exit", "garage")}


def velocity(ctx: dict, car, top: int) -> tuple[int, int]:
    """The car-pawn vector this turn: the Booster's +1 in the main direction,
    and a car faster than its (new, lower) top speed slowed to it along its
    main direction (BOLIDE 13: speed 9 falls to 6 when the rain stops)."""
    vx, vy = car.vx, car.vy
    for dx, dy in ctx.get("shift", ()):     # BOLIDE 7: Booster
        vx, vy = vx + dx, vy + dy
    limit = top + 2
    if speed(vx, vy) > limit:
        vx = max(-limit, min(limit, vx))
        vy = max(-limit, min(limit, vy))
    return vx, vy


def options(s, c: Circuit, car) -> Options:
    """The car's options in the move decision in hand, kept with that
    decision (the engine's `turn.memo`) until the next one: the legal list,
    the bot and the move itself all need them, and they are the expensive part."""
    turn = s.turn
    pending = turn.pending
    memo = turn.memo
    if memo is not None and memo[0] is pending and memo[1] == car.seat:
        return memo[2]
    opt = _options(s, c, car, pending.context if pending is not None else {})
    if pending is not None:
        turn.memo = (pending, car.seat, opt)
    return opt


def _options(s, c: Circuit, car, ctx: dict) -> Options:
    return options_among(s, c, car, ctx, occupied(s, car))


def options_among(s, c: Circuit, car, ctx: dict, occ) -> Options:
    """The car's options with the points `occ` protected by other cars (the
    outlook of a move asks about an empty track, rules/outlook.py)."""
    safe, risky = tops(s, car, c)
    top = risky + (1 if ctx.get("boost") else 0)
    vx, vy = velocity(ctx, car, top)
    opt = Options()
    same_gear = speed(car.vx, car.vy) if ctx.get("same_gear") else None
    opt.pawn = moves.pawn_targets(c, car.x, car.y, vx, vy, top, occ, car.no_fourth, same_gear)
    frozen = sharp_brakings_frozen(s, car)
    can_brake = not frozen and not ctx.get("no_brake") and (car.brakes > 0 or ctx.get("brake_ok"))
    if can_brake:
        pawn = set(opt.pawn)
        opt.brake = [p for p in moves.sharp_braking_targets(c, car.x, car.y, car.vx, car.vy, occ)
                     if p not in pawn]
    if occ:
        brake_all = (moves.sharp_braking_targets(c, car.x, car.y, car.vx, car.vy)
                     if can_brake else ())
        opt.engage, opt.engage_brake = moves.engagement_targets(
            c, car.x, car.y, vx, vy, top, brake_all, occ, car.no_fourth, same_gear)
    if car.slip:
        opt.slip = _slip_moves(c, car, opt.pawn + opt.brake, occ)
    requested = ctx.get("requested", ())
    if speed(car.vx, car.vy) >= 3 and "booster" not in requested:
        opt.requests.append("booster")                       # BOLIDE 7, Booster
    if car.brakes == 0 and not frozen and "brake" not in requested:
        opt.requests.append("brake")                         # BOLIDE 7, Brake
    if not (opt.pawn or opt.engage):
        # BOLIDE 2: every pawn point is off the track: out to a run-off point
        # (unless the driver chooses a sharp braking); nothing at all: a crash.
        opt.off, none = moves.off_track_targets(c, car.x, car.y, vx, vy, top, occ)
        opt.crash = none and not opt.brake and not opt.engage_brake
    return opt


def _slip_moves(c: Circuit, car, targets, occ) -> list:
    """BOLIDE 5: +1 square in the main direction of the move after it."""
    out = []
    for x, y in targets:
        for dx, dy in main_directions(x - car.x, y - car.y):
            ex, ey = x + dx, y + dy
            if (ex, ey) in occ or (c.surface.point(ex, ey) and c.surface.segment(x, y, ex, ey)):
                out.append(((x, y), _DIR_NAME[(dx, dy)]))
    return out


def legal_actions(s, c: Circuit, car) -> list:
    opt = options(s, c, car)
    out = opt.moves() + [Request(k) for k in opt.requests]
    return out


def slick_risk(s, c: Circuit, car, d: int) -> bool:
    """BOLIDE 13: slicks in the rain above their safe top speed (one below
    the top) roll on the 'Slick in the Rain' table."""
    return (s.config.advanced and s.weather == "rain" and not car.wet
            and d > tops(s, car, c)[0])


def slick_in_rain(s, c: Circuit, car, x: int, y: int, d: int, events: list[Event]):
    """BOLIDE 13: slicks pushed to top speed in the rain roll on the 'Slick in
    the Rain' table. Returns (x, y, shift, spun)."""
    if not slick_risk(s, c, car, d):
        return x, y, (0, 0), False
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 13", what="Slick in the Rain die",
                      seat=car.seat)
    kind, fwd, left = SLICK_RAIN[die]
    events.append(Event("slick_rain", {"seat": car.seat, "die": die, "result": kind},
                        "BOLIDE 13"))
    if kind == "spin":
        return x, y, (0, 0), True
    ax, ay = c.arrow(max(0, c.sector_at(x, y)) if c.sector_at(x, y) >= 0 else car.progress % c.n_sectors)
    lx, ly = ay, -ax                    # left of the red arrow (y grows southwards)
    sx = fwd * ax + left * lx
    sy = fwd * ay + left * ly
    return x + sx, y + sy, (sx, sy), False


def trajectory_blocked(x0, y0, x1, y1, occ) -> tuple | None:
    """The first occupied point strictly on the way, if any."""
    for p in lattice_points_between(x0, y0, x1, y1):
        if p in occ:
            return p
    return None
