"""The options of the car whose turn it is, and what its move does
(BOLIDE 1 Moves, 2 Off the Track, 4 Sharp Brakings, 5 Slipstreaming, 13 Rain).

`options(s, c, car)` returns the Options record the move decision offers
as its legal list (rules/turn.py carries a chosen Move out).
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..actions import Move, Request
from ..circuit import Circuit
from ..geometry import lattice_points_between, speed
from .advanced import sharp_brakings_frozen, tops
from .dice_tables import DIE, SLICK_RAIN
from .reach import Reach, reach


class Options:
    """The move decision's options: the shared Reach of the car's key (its
    points, rules/reach.py) with what this decision adds (requests, a crash)."""

    __slots__ = ("reach", "pawn", "brake", "engage", "engage_brake", "off", "slip",
                 "requests", "crash", "outlooks")

    def __init__(self, r: Reach, requests: list, crash: bool):
        self.reach = r
        self.pawn = r.pawn                # pawn-rule arrivals
        self.brake = r.brake              # sharp brakings (not already pawn points)
        self.engage = r.engage            # occupied points to attack
        self.engage_brake = r.engage_brake  # ... only by a sharp braking
        self.off = r.off                  # forced off the track: run-off points
        self.slip = r.slip                # (point, direction) slipstream moves
        self.requests = requests          # "booster", "brake"
        self.crash = crash                # nowhere to go: the car crashes
        self.outlooks: dict | None = None  # Move -> what it leads to (rules/outlook.py)

    def moves(self) -> list[Move]:
        return list(self.reach.moves)


# Modes of the cars that protect no point on the track: retired, finished,
# waiting to qualify, or in the pit lane.
_AWAY = frozenset(("crashed", "out", "finished", "garage", "pit", "exit"))


def occupied(s, car) -> set:
    """Points protected by other cars on the track (not in the pit lane)."""
    return {(o.x, o.y) for o in s.cars if o is not car and o.mode not in _AWAY}


def velocity(ctx: dict, car, top: int) -> tuple[int, int]:
    """The car-pawn vector this turn: the Booster's +1 in the main direction,
    and a car faster than its (new, lower) top speed slowed to it along its
    main direction (BOLIDE 13: speed 9 falls to 6 when the rain stops)."""
    vx, vy = car.vx, car.vy
    for dx, dy in ctx.get("shift", ()):     # BOLIDE 7: Booster
        vx, vy = vx + dx, vy + dy
    limit = top + 2
    if not (-limit <= vx <= limit and -limit <= vy <= limit):     # speed(vx, vy) > limit
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
    get = ctx.get
    safe, risky = tops(s, car, c)
    top = risky + (1 if get("boost") else 0)
    vx, vy = velocity(ctx, car, top)
    gear = speed(car.vx, car.vy)
    same_gear = gear if get("same_gear") else None
    frozen = s.weather == "rain" and sharp_brakings_frozen(s, car)
    can_brake = not frozen and not get("no_brake") and (car.brakes > 0 or get("brake_ok"))
    r = reach(c, (car.x, car.y, car.vx, car.vy, vx, vy, top, car.no_fourth, same_gear,
                  can_brake, car.slip), occ)                # rules/reach.KEY
    requests = []
    requested = get("requested", ())
    if gear >= 3 and "booster" not in requested:
        requests.append("booster")                           # BOLIDE 7, Booster
    if car.brakes == 0 and not frozen and "brake" not in requested:
        requests.append("brake")                             # BOLIDE 7, Brake
    return Options(r, requests, r.none and not r.brake and not r.engage_brake)


# The request actions as offered, made once (bots answer with these objects).
REQUESTS = {k: Request(k) for k in ("booster", "brake")}


def legal_actions(s, c: Circuit, car) -> list:
    opt = options(s, c, car)
    out = list(opt.reach.moves)
    for k in opt.requests:
        out.append(REQUESTS[k])
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
