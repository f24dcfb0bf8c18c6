"""The car's move and what it leads to (BOLIDE 1 Moves, 2 Off the Track,
4 Sharp Brakings, 5 Slipstreaming, 6 Engages, 7 Requests, 8 Half Spin,
9 Pit Lane, 13 Rain; BOLIDE 3, the sand timer).

These are the `apply` functions of the decision steps of rules/steps.py;
what happens between decisions (whose turn, the end of a turn) is in
rules/phases.py. A decision's own data (a Booster's shift, the points a
loser may be put back on, a battle under way) is the context of the
pending decision (`s.turn.pending.context`).
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..actions import Expire, Joker, Move, Request, Stay
from ..circuit import Circuit
from ..geometry import DIRS, speed
from . import engagements, moves, pitlane, qualifying, requests, running
from .decide import ask, done
from .order import advance_progress, finished_laps
from .reach import move
from .setup import circuit_of


# ---- the move decision -----------------------------------------------------------
def move_actions(s, seat: int) -> list:
    """The legal list of the move decision (BOLIDE 1, 2, 7, 8; the sand timer)."""
    c = circuit_of(s)
    car = s.cars[seat]
    mode = car.mode
    if mode == "run":
        acts = running.legal_actions(s, c, car)
        if "timer" in s.config.options and s.config.seats[car.seat] == "human":
            acts.append(Expire())
        return acts
    occ = running.occupied(s, car)
    if mode == "start":
        reach = 2 if car.start == "quick" else 1
        pts = moves.start_targets(c, car.x, car.y, facing(c, car), reach, occ)
        return [move(x, y) for x, y in pts] or [Stay()]
    if mode == "spun":
        ax, ay = facing(c, car)
        pts = moves.start_targets(c, car.x, car.y, (-ax, -ay), 1, occ)
        return [move(x, y) for x, y in pts] + [Stay()]
    pts = moves.creep_targets(c, car.x, car.y, occ, need_track=(mode == "dirty"))
    return [move(x, y) for x, y in pts] or [Stay()]


def facing(c, car) -> tuple[int, int]:
    sec = c.sector_at(car.x, car.y)
    return c.arrow(sec if sec >= 0 else car.progress % c.n_sectors)


def why_not_move(s, seat: int, action) -> str | None:
    if isinstance(action, Request):
        return (f"BOLIDE 7: no {action.kind} request now (a Booster needs speed 3, once a "
                "turn; a Brake only when the sharp brakings are used up)")
    if isinstance(action, Move):
        return (f"BOLIDE 1: point {action.x},{action.y} cannot be reached this turn (the "
                "pawn rule, the top speed, a trajectory inside the track, cars protect "
                "their point)")
    if isinstance(action, Expire):
        return "BOLIDE 3: the sand timer runs only for a person driving at speed"
    if isinstance(action, Stay):
        return "BOLIDE 8: the car can move: staying put is only for a half spun or stuck car"
    return None


def apply_move(s, seat: int, action) -> list[Event]:
    events: list[Event] = []
    c = circuit_of(s)
    car = s.cars[seat]
    ctx = s.turn.pending.context
    if isinstance(action, Request):
        ctx = dict(ctx)
        joker = requests.request(s, car, action.kind, ctx, events)
        if joker is not None:
            ask(s, "joker", seat, **ctx, joker=joker)
        else:
            _move_again(s, c, car, ctx, events)
        return events
    origin = (car.x, car.y)
    mode = car.mode
    if isinstance(action, Stay):
        if mode == "spun":
            car.mode, car.vx, car.vy = "run", 0, 0      # BOLIDE 8: pawn on the car
        events.append(Event("stay", {"seat": car.seat}, "BOLIDE 8"))
        end_car_turn(s)
        return events
    if isinstance(action, Expire):
        _expire(s, c, car, events)
        return events
    x, y = action.x, action.y
    if mode == "run":
        _run_move(s, c, car, action, ctx, events)
        return events
    car.x, car.y = x, y
    dx, dy = x - origin[0], y - origin[1]
    if mode in ("start", "spun"):
        # BOLIDE 1 / 14: a skidding start leaves the pawn on the car.
        car.vx, car.vy = (0, 0) if car.start == "skid" and mode == "start" else (dx, dy)
        car.mode = "run"
        car.start = None
        rule = "BOLIDE 8" if mode == "spun" else "BOLIDE 1"
    elif mode == "off":
        car.vx = car.vy = 0
        car.mode = "dirty" if c.surface.point(x, y) else "off"   # BOLIDE 2: back on track
        rule = "BOLIDE 2"
    else:                                               # dirty: the pawn appears again
        car.vx, car.vy = dx, dy
        car.mode = "run"
        rule = "BOLIDE 2"
    events.append(Event("move", {"seat": car.seat, "x": x, "y": y, "speed": speed(dx, dy)}, rule))
    if not _arrive(s, c, car, origin, events):
        end_car_turn(s)
    return events


def apply_joker(s, seat: int, action: Joker) -> list[Event]:
    """BOLIDE 11: the set-up's second roll after a negative result, or not."""
    events: list[Event] = []
    car = s.cars[seat]
    ctx = dict(s.turn.pending.context)
    pending = ctx.pop("joker")
    requests.joker(s, car, action.use, pending, ctx, events)
    _move_again(s, circuit_of(s), car, ctx, events)
    return events


def _move_again(s, c, car, ctx, events) -> None:
    """After a request the car still has its move to make, with the result."""
    ask(s, "move", car.seat, **ctx)
    crash_if_stuck(s, c, car, events)


def crash_if_stuck(s, c, car, events) -> None:
    """BOLIDE 2: nowhere to go but white-row points or off the board, and no
    request left to try: the car crashes."""
    opt = running.options(s, c, car)
    if opt.crash and not opt.requests:
        _crash(s, car, events)
        done(s)
        end_car_turn(s)


def _run_move(s, c, car, action: Move, ctx: dict, events) -> None:
    opt = running.options(s, c, car)
    origin = (car.x, car.y)
    target = (action.x, action.y)
    if action.slip is None and (target in opt.engage or target in opt.engage_brake):
        if target not in opt.engage:
            _use_sharp_braking(car, ctx, events)         # reached only by braking
        engage(s, c, car, target, origin, events)
        return
    if action.slip is None and target in opt.off:
        car.x, car.y = target
        car.vx = car.vy = 0
        car.mode = "off"                        # BOLIDE 2: out, the pawn removed
        events.append(Event("off_track", {"seat": car.seat, "x": car.x, "y": car.y}, "BOLIDE 2"))
        if not _arrive(s, c, car, origin, events):
            end_car_turn(s)
        return
    braking = target in opt.brake
    if braking:
        _use_sharp_braking(car, ctx, events)
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    d = speed(dx, dy)
    if s.weather == "rain":             # BOLIDE 13 asks nothing in the sun
        x, y, shift, spun = running.slick_in_rain(s, c, car, target[0], target[1], d, events)
        dx, dy = dx + shift[0], dy + shift[1]
    else:
        (x, y), spun = target, False
    car.vx, car.vy = dx, dy
    occ = running.occupied(s, car) if (x, y) != target or action.slip is not None else ()
    if (x, y) != target and ((x, y) in occ):
        car.x, car.y = target
        engage(s, c, car, (x, y), origin, events)
        return
    car.x, car.y = x, y
    events.append(Event("move", {"seat": car.seat, "x": x, "y": y, "speed": d}, "BOLIDE 1"))
    if (x, y) != target and not c.surface.point(x, y):
        _forced_out(s, c, car, origin, events)
        return
    if action.slip is not None:
        sx, sy = DIRS[action.slip]
        ex, ey = x + sx, y + sy
        events.append(Event("slipstream", {"seat": car.seat, "x": ex, "y": ey}, "BOLIDE 5"))
        if (ex, ey) in occ:
            engage(s, c, car, (ex, ey), origin, events)
            return
        car.x, car.y = ex, ey                   # the pawn moves with it: speed unchanged
    if spun or (braking and ctx.get("brake_spin")):
        car.mode = "spun"
        events.append(Event("half_spin", {"seat": car.seat}, "BOLIDE 8"))
    if not _arrive(s, c, car, origin, events):
        end_car_turn(s)


def _use_sharp_braking(car, ctx, events) -> None:
    """BOLIDE 4: one of the tyre set's sharp brakings, or the one a Brake
    request just granted (BOLIDE 7)."""
    if not ctx.get("brake_ok"):
        car.brakes -= 1
    events.append(Event("sharp_braking", {"seat": car.seat, "left": car.brakes}, "BOLIDE 4"))


def _forced_out(s, c, car, origin, events) -> None:
    """A skid or aquaplaning that leaves the track: a run-off point stops the
    car off the track; anything else is a crash (BOLIDE 2)."""
    if c.kind_at(car.x, car.y) == ",":
        car.mode = "off"
        car.vx = car.vy = 0
        events.append(Event("off_track", {"seat": car.seat, "x": car.x, "y": car.y}, "BOLIDE 2"))
    else:
        _crash(s, car, events)
    end_car_turn(s)


def _crash(s, car, events) -> None:
    car.mode = "crashed"
    events.append(Event("crash", {"seat": car.seat}, "BOLIDE 2"))


def _expire(s, c, car, events) -> None:
    """BOLIDE 3, sand timer: the car takes the pawn's point, wherever it is."""
    origin = (car.x, car.y)
    target = (car.x + car.vx, car.y + car.vy)
    events.append(Event("timer", {"seat": car.seat}, "BOLIDE 3"))
    occ = running.occupied(s, car)
    # A car on the point or on the way: an attempt to conquer its point (BOLIDE 6).
    hit = target if target in occ else running.trajectory_blocked(*origin, *target, occ)
    if hit is not None:
        engage(s, c, car, hit, origin, events)
        return
    if moves.on_track_move(c, *origin, *target, occ):
        car.x, car.y = target
        events.append(Event("move", {"seat": car.seat, "x": car.x, "y": car.y,
                                     "speed": speed(car.vx, car.vy)}, "BOLIDE 3"))
        if not _arrive(s, c, car, origin, events):
            end_car_turn(s)
        return
    car.x, car.y = target
    _forced_out(s, c, car, origin, events)


# ---- engagements (BOLIDE 6) ------------------------------------------------------
def engage(s, c, attacker, point, origin, events, battle: dict | None = None) -> None:
    """The die decides who keeps `point`; the loser is put back (a decision
    unless a single point is free). `battle` carries a chain of engagements:
    the car whose turn it is, where it came from, the half spins so far."""
    battle = battle or {}
    defender = next(o for o in s.cars if o is not attacker and o.running
                    and (o.x, o.y) == tuple(point) and o.mode not in ("pit", "exit", "garage"))
    res = engagements.roll_engagement(s, attacker, defender, events)
    spins = {attacker.seat: res["attack_spun"], defender.seat: res["defence_spun"]}
    if res["conquers"]:
        attacker.x, attacker.y = point
        loser, candidates = defender, engagements.beside_points(c, *point)
        # The winner moves first in a tie next turn (BOLIDE 6).
        attacker.rank, defender.rank = min(attacker.rank, defender.rank), max(attacker.rank, defender.rank)
    else:
        loser, candidates = attacker, engagements.behind_points(c, *point)
        defender.rank, attacker.rank = min(attacker.rank, defender.rank), max(attacker.rank, defender.rank)
    free, taken = engagements.reposition_options(s, c, loser, candidates)
    battle = {"mover": battle.get("mover", attacker.seat),
              "origin": list(battle.get("origin", origin)),
              "spins": {**battle.get("spins", {}), **{str(k): v for k, v in spins.items()}},
              "turn_seat": battle.get("turn_seat", attacker.seat)}
    if not free and not taken:
        free = _nearest_free(s, c, loser, point)
    options = free or taken
    if len(options) == 1 and free:
        reposition(s, c, loser, tuple(options[0]), battle, events)
        return
    ask(s, "reposition", loser.seat, options=options, engage=not free, **battle)


def _nearest_free(s, c, car, point) -> list:
    """No point behind or beside at all: the nearest free track points (our
    fallback; the rulebook does not foresee it)."""
    occ = running.occupied(s, car)
    best = []
    for r in range(1, 4):
        best = [(point[0] + dx, point[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                if max(abs(dx), abs(dy)) == r and c.surface.point(point[0] + dx, point[1] + dy)
                and (point[0] + dx, point[1] + dy) not in occ]
        if best:
            break
    return best


def apply_reposition(s, seat: int, action) -> list[Event]:
    events: list[Event] = []
    ctx = s.turn.pending.context
    battle = {k: ctx[k] for k in ("mover", "origin", "spins", "turn_seat")}
    c = circuit_of(s)
    loser = s.cars[seat]
    point = (action.x, action.y)
    if ctx.get("engage"):
        # BOLIDE 6: every point taken: a further engagement, damage added.
        done(s)
        engage(s, c, loser, point, (loser.x, loser.y), events, battle)
    else:
        reposition(s, c, loser, point, battle, events)
    return events


def reposition(s, c, loser, point, battle: dict, events) -> None:
    """The loser put back; the half spins of the battle; the mover's turn goes on."""
    loser.x, loser.y = point
    advance_progress(c, loser, *point)
    events.append(Event("reposition", {"seat": loser.seat, "x": point[0], "y": point[1]},
                        "BOLIDE 6"))
    mover = s.cars[battle["mover"]]
    ox, oy = battle["origin"]
    mover.vx, mover.vy = mover.x - ox, mover.y - oy
    for seat, spun in battle["spins"].items():
        if spun and s.cars[int(seat)].running:
            s.cars[int(seat)].mode = "spun"
            events.append(Event("half_spin", {"seat": int(seat)}, "BOLIDE 8"))
    done(s)
    if not _arrive(s, c, mover, (ox, oy), events):
        end_car_turn(s)


# ---- after a move ---------------------------------------------------------------
def _arrive(s, c: Circuit, car, origin, events) -> bool:
    """Progress, the pit lane, fuel, the finish, the intermediate line and
    slipstream points, after the car's move. True when the car entered the
    pit lane and must say what for (its turn is not over yet)."""
    before = car.progress
    advance_progress(c, car, car.x, car.y)
    n = c.n_sectors
    laps = c.meta.laps
    # BOLIDE 9: the pit lane is open between the first and the second lap.
    if car.mode == "run" and pitlane.enters(s, c, car, before, *origin, car.x, car.y):
        pitlane.enter(s, c, car, speed(car.x - origin[0], car.y - origin[1]), events)
        ask(s, "service", car.seat, options=pitlane.services(s, car))
        return True
    inter = c.intermediate
    for lap in range(1, laps + 1) if car.progress > before else ():
        mark = (lap - 1) * n + inter
        if before < mark <= car.progress:
            s.this_turn.setdefault("inter", []).append([car.seat, lap])
            s.firsts.setdefault(str(lap), car.seat)
    if s.phase == "qualifying":
        return False
    if car.fuel == "half" and s.config.advanced and not car.pitted and car.progress >= n:
        car.mode = "out"                              # BOLIDE 11: fuel for one lap only
        events.append(Event("out_of_fuel", {"seat": car.seat}, "BOLIDE 11"))
        return False
    if finished_laps(c, car, laps):
        car.mode = "finished"
        s.finishers.append(car.seat)
        car.finish_turn = s.turn_no
        car.finish_order = len(s.finishers)
        events.append(Event("finish", {"seat": car.seat, "position": len(s.finishers)},
                            "BOLIDE Preparation"))
        return False
    car.slip = _on_slip_point(s, c, car)
    return False


def _on_slip_point(s, c, car) -> bool:
    """BOLIDE 5: the point right behind a car at speed 3 or more, along the
    red arrow of its sector."""
    x, y = car.x, car.y
    for o in s.cars:
        # a slipstream point is next to its car: the others need no look-up
        if -1 <= o.x - x <= 1 and -1 <= o.y - y <= 1 and o is not car \
                and slip_point(c, o) == (x, y):
            return True
    return False


def slip_point(c, o) -> tuple[int, int] | None:
    """BOLIDE 5: the slipstream point a car offers (None: it offers none),
    right behind it along its sector's red arrow, at speed 3 or more."""
    if not o.running or o.mode != "run" or speed(o.vx, o.vy) < 3:
        return None
    sec = c.sector_at(o.x, o.y)
    if sec < 0:
        return None
    ax, ay = c.arrow(sec)
    return o.x - ax, o.y - ay


def end_car_turn(s) -> None:
    """The car's turn is over: the next car in race order (rules/phases.py)."""
    s.idx += 1


# ---- the pit lane decisions (BOLIDE 9, 11, 15) ---------------------------------------
def apply_service(s, seat: int, action) -> list[Event]:
    events: list[Event] = []
    car = s.cars[seat]
    car.pit_goal = pitlane.goal_square(circuit_of(s), action.kind)
    events.append(Event("service_plan", {"seat": seat, "kind": action.kind}, "BOLIDE 9"))
    if s.config.advanced and action.kind in ("tyres", "fuel"):
        ask(s, "pit_tyres", seat, service=action.kind)
    else:
        end_car_turn(s)
    return events


def apply_pit_tyres(s, seat: int, action) -> list[Event]:
    car = s.cars[seat]
    car.tyres, car.wet = action.tyres, action.wet
    end_car_turn(s)
    return [Event("strategy", {"seat": seat, "tyres": car.tyres, "wet": car.wet}, "BOLIDE 11")]


def apply_exit(s, seat: int, action) -> list[Event]:
    """BOLIDE 9: the standing start from a Pit Lane Out point, this turn."""
    c = circuit_of(s)
    car = s.cars[seat]
    car.x, car.y = action.x, action.y
    advance_progress(c, car, car.x, car.y)
    car.mode = "start"
    car.start = car.pit_event
    ask(s, "move", seat)
    return [Event("pit_out", {"seat": seat, "x": car.x, "y": car.y}, "BOLIDE 9")]


def apply_refit(s, seat: int, action) -> list[Event]:
    events: list[Event] = []
    qualifying.refit(s, circuit_of(s), s.cars[seat], action, events)
    return events
