"""The order of decisions: whose turn, what they may do, and everything that
happens between decisions (BOLIDE 3: each car moves once a turn, in race
order; the Safety Car re-grid and the weather draws at the end of a turn)."""
from __future__ import annotations

from ....engine.protocol import Event, IllegalAction
from ..actions import Expire, Joker, Move, Place, Refit, Request, Service, Stay, Strategy
from ..geometry import speed
from . import advanced, engagements, moves, pitlane, qualifying, requests, running
from .order import advance_progress, finished_laps, lap_of, race_order
from .setup import CHAMPIONSHIP_POINTS, INTERMEDIATE_POINTS, circuit_of, place_on_grid, season, start_race

STRATEGY_CHOICES = [Strategy(f, t, u, w) for f in ("full", "half") for t in ("soft", "hard")
                    for u in ("booster", "brake") for w in (False, True)]


# ---- what the seat to act may do ------------------------------------------------
def legal(s, seat: int) -> list:
    """The legal list of the decision in hand (cached until the next apply)."""
    cache = s.cache
    if cache is not None and cache.get("seat") == seat and "legal" in cache:
        return cache["legal"]
    out = _legal(s, seat)
    cache = s.cache                     # computing the options may have made one
    if cache is None or cache.get("seat") != seat:
        s.cache = cache = {"seat": seat}
    cache["legal"] = out
    return out


def _legal(s, seat: int) -> list:
    step = s.step
    if not step or step.get("seat") != seat:
        return []
    kind = step["kind"]
    car = s.cars[seat]
    c = circuit_of(s)
    if kind == "move":
        if "joker" in step:
            return [Joker(True), Joker(False)]
        return _move_actions(s, c, car)
    if kind in ("reposition", "regrid", "exit"):
        return [Place(x, y) for x, y in step["options"]]
    if kind == "service":
        return [Service(k) for k in step["options"]]
    if kind == "strategy":
        return STRATEGY_CHOICES if s.config.advanced else []
    if kind == "pit_tyres":
        return [a for a in STRATEGY_CHOICES if a.fuel == car.fuel and a.setup == car.setup]
    if kind == "refit":
        return [Refit(r, t) for r in (False, True) for t in (False, True)]
    return []


def _move_actions(s, c, car) -> list:
    mode = car.mode
    occ = running.occupied(s, car)
    if mode == "run":
        acts = running.legal_actions(s, c, car)
        if "timer" in s.config.options and s.config.seats[car.seat] == "human":
            acts.append(Expire())
        return acts
    if mode == "start":
        reach = 2 if car.start == "quick" else 1
        pts = moves.start_targets(c, car.x, car.y, _facing(c, car), reach, occ)
        return [Move(x, y) for x, y in pts] or [Stay()]
    if mode == "spun":
        ax, ay = _facing(c, car)
        pts = moves.start_targets(c, car.x, car.y, (-ax, -ay), 1, occ)
        return [Move(x, y) for x, y in pts] + [Stay()]
    pts = moves.creep_targets(c, car.x, car.y, occ, need_track=(mode == "dirty"))
    return [Move(x, y) for x, y in pts] or [Stay()]


def _facing(c, car) -> tuple[int, int]:
    sec = c.sector_at(car.x, car.y)
    return c.arrow(sec if sec >= 0 else car.progress % c.n_sectors)


# ---- applying a decision -----------------------------------------------------------
def apply(s, seat: int, action) -> list[Event]:
    options = legal(s, seat)
    if not options:
        who = s.step.get("seat") if s.step else None
        raise IllegalAction(f"BOLIDE 3: it is seat {who}'s decision, not seat {seat}'s",
                            "BOLIDE 3")
    if action not in options:
        raise IllegalAction(_why_not(s, seat, action), "BOLIDE 1")
    events: list[Event] = []
    before = s.cache.get("options") if s.cache else None     # options of this decision
    s.cache = None
    c = circuit_of(s)
    car = s.cars[seat]
    kind = s.step["kind"]
    if kind == "move":
        _apply_move_step(s, c, car, action, events, before)
    elif kind == "reposition":
        _reposition(s, c, car, (action.x, action.y), events)
    elif kind == "regrid":
        car.x, car.y = action.x, action.y
        advance_progress(c, car, car.x, car.y)
        events.append(Event("regrid", {"seat": seat, "x": car.x, "y": car.y}, "BOLIDE 6"))
        s.step = {}
        _next_regrid(s, c, events)
    elif kind == "exit":
        car.x, car.y = action.x, action.y
        advance_progress(c, car, car.x, car.y)
        car.mode = "start"
        car.start = car.pit_event
        events.append(Event("pit_out", {"seat": seat, "x": car.x, "y": car.y}, "BOLIDE 9"))
        s.step = {"kind": "move", "seat": seat}
    elif kind == "service":
        car.pit_goal = pitlane.goal_square(c, action.kind)
        s.step["service"] = action.kind
        events.append(Event("service_plan", {"seat": seat, "kind": action.kind}, "BOLIDE 9"))
        if s.config.advanced and action.kind in ("tyres", "fuel"):
            s.step = {"kind": "pit_tyres", "seat": seat, "service": action.kind}
        else:
            _end_car_turn(s)
    elif kind == "pit_tyres":
        car.tyres, car.wet = action.tyres, action.wet
        events.append(Event("strategy", {"seat": seat, "tyres": car.tyres, "wet": car.wet},
                            "BOLIDE 11"))
        _end_car_turn(s)
    elif kind == "strategy":
        _choose_strategy(s, car, action, events)
    elif kind == "refit":
        qualifying.refit(s, c, car, action, events)
    advance(s, c, events)
    return events


def _why_not(s, seat, action) -> str:
    if isinstance(action, Request):
        return f"BOLIDE 7: no {action.kind} request now (Booster needs speed 3, once a turn; " \
               "Brake only when the sharp brakings are used up)"
    if isinstance(action, Move):
        return (f"BOLIDE 1: ({action.x}, {action.y}) cannot be reached this turn (pawn rule, "
                "top speed, trajectory inside the track, cars protect their point)")
    return f"not a legal choice now: {action!r}"


def _choose_strategy(s, car, action: Strategy, events) -> None:
    car.fuel, car.tyres, car.setup, car.wet = action.fuel, action.tyres, action.setup, action.wet
    car.brakes = advanced.brakes_for(car.tyres)
    events.append(Event("strategy", {"seat": car.seat, "fuel": car.fuel, "tyres": car.tyres,
                                     "setup": car.setup, "wet": car.wet,
                                     "name": advanced.strategy_name(car.fuel, car.tyres)},
                        "BOLIDE 11"))
    s.idx += 1
    s.step = {}


def _apply_move_step(s, c, car, action, events, opt=None) -> None:
    step = s.step
    if isinstance(action, (Joker, Request)):
        if isinstance(action, Joker):
            requests.joker(s, car, action.use, events)
        else:
            requests.request(s, car, action.kind, events)
        if "joker" not in s.step:
            _crash_if_stuck(s, c, car, events)
        return
    origin = (car.x, car.y)
    mode = car.mode
    if isinstance(action, Stay):
        if mode == "spun":
            car.mode, car.vx, car.vy = "run", 0, 0      # BOLIDE 8: pawn on the car
        events.append(Event("stay", {"seat": car.seat}, "BOLIDE 8"))
        _end_car_turn(s)
        return
    if isinstance(action, Expire):
        _expire(s, c, car, events)
        return
    x, y = action.x, action.y
    if mode == "run":
        _run_move(s, c, car, action, events, opt)
        return
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
        _end_car_turn(s)


def _run_move(s, c, car, action: Move, events, opt=None) -> None:
    if opt is None:
        opt = running.options(s, c, car)
    origin = (car.x, car.y)
    target = (action.x, action.y)
    step = s.step
    if action.slip is None and (target in opt.engage or target in opt.engage_brake):
        if target not in opt.engage:
            _use_sharp_braking(s, car, events)          # reached only by braking
        _engage(s, c, car, target, origin, events)
        return
    if action.slip is None and target in opt.off:
        car.x, car.y = target
        car.vx = car.vy = 0
        car.mode = "off"                        # BOLIDE 2: out, the pawn removed
        events.append(Event("off_track", {"seat": car.seat, "x": car.x, "y": car.y}, "BOLIDE 2"))
        if not _arrive(s, c, car, origin, events):
            _end_car_turn(s)
        return
    braking = target in opt.brake
    if braking:
        _use_sharp_braking(s, car, events)
    d = speed(target[0] - origin[0], target[1] - origin[1])
    x, y, shift, spun = running.slick_in_rain(s, c, car, target[0], target[1], d, events)
    car.vx, car.vy = target[0] - origin[0] + shift[0], target[1] - origin[1] + shift[1]
    occ = running.occupied(s, car)
    if (x, y) != target and ((x, y) in occ):
        car.x, car.y = target
        _engage(s, c, car, (x, y), origin, events)
        return
    car.x, car.y = x, y
    events.append(Event("move", {"seat": car.seat, "x": x, "y": y, "speed": d}, "BOLIDE 1"))
    if (x, y) != target and not c.surface.point(x, y):
        _forced_out(s, c, car, origin, events)
        return
    if action.slip is not None:
        from ..geometry import DIRS
        sx, sy = DIRS[action.slip]
        ex, ey = x + sx, y + sy
        events.append(Event("slipstream", {"seat": car.seat, "x": ex, "y": ey}, "BOLIDE 5"))
        if (ex, ey) in occ:
            _engage(s, c, car, (ex, ey), origin, events)
            return
        car.x, car.y = ex, ey                   # the pawn moves with it: speed unchanged
    if spun or (braking and step.get("brake_spin")):
        car.mode = "spun"
        events.append(Event("half_spin", {"seat": car.seat}, "BOLIDE 8"))
    if not _arrive(s, c, car, origin, events):
        _end_car_turn(s)


def _use_sharp_braking(s, car, events) -> None:
    """BOLIDE 4: one of the tyre set's sharp brakings, or the one a Brake
    request just granted (BOLIDE 7)."""
    if s.step.get("brake_ok"):
        s.step["brake_ok"] = False
    else:
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
    _end_car_turn(s)


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
        _engage(s, c, car, hit, origin, events)
        return
    if moves.on_track_move(c, *origin, *target, occ):
        car.x, car.y = target
        events.append(Event("move", {"seat": car.seat, "x": car.x, "y": car.y,
                                     "speed": speed(car.vx, car.vy)}, "BOLIDE 3"))
        if not _arrive(s, c, car, origin, events):
            _end_car_turn(s)
        return
    car.x, car.y = target
    _forced_out(s, c, car, origin, events)


# ---- engagements -----------------------------------------------------------------
def _engage(s, c, attacker, point, origin, events) -> None:
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
    ctx = {"mover": s.step.get("mover", attacker.seat), "origin": list(s.step.get("origin", origin)),
           "spins": {**s.step.get("spins", {}), **{str(k): v for k, v in spins.items()}},
           "turn_seat": s.step.get("turn_seat", s.step.get("seat"))}
    if not free and not taken:
        free = _nearest_free(s, c, loser, point)
    s.step = {"kind": "reposition", "seat": loser.seat, "options": free or taken,
              "engage": not free, **ctx}
    if len(s.step["options"]) == 1 and not s.step["engage"]:
        _reposition(s, c, loser, tuple(s.step["options"][0]), events)


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


def _reposition(s, c, loser, point, events) -> None:
    step = s.step
    if step.get("engage"):
        # BOLIDE 6: every point taken: a further engagement, damage added.
        s.step = {k: v for k, v in step.items() if k not in ("options", "engage", "kind")}
        s.step.update(kind="move", seat=step["turn_seat"])
        _engage(s, c, loser, point, (loser.x, loser.y), events)
        return
    loser.x, loser.y = point
    advance_progress(c, loser, *point)
    events.append(Event("reposition", {"seat": loser.seat, "x": point[0], "y": point[1]},
                        "BOLIDE 6"))
    mover = s.cars[step["mover"]]
    ox, oy = step["origin"]
    mover.vx, mover.vy = mover.x - ox, mover.y - oy
    for seat, spun in step["spins"].items():
        if spun and s.cars[int(seat)].running:
            s.cars[int(seat)].mode = "spun"
            events.append(Event("half_spin", {"seat": int(seat)}, "BOLIDE 8"))
    s.step = {"kind": "move", "seat": step["turn_seat"]}
    if not _arrive(s, c, mover, (ox, oy), events):
        _end_car_turn(s)


# ---- after a move ---------------------------------------------------------------
def _arrive(s, c, car, origin, events) -> bool:
    """Progress, the pit lane, fuel, the finish, the intermediate line and
    slipstream points, after the car's move. True when the car entered the
    pit lane and must say what for (its turn is not over yet)."""
    before = car.progress
    advance_progress(c, car, car.x, car.y)
    n = c.n_sectors
    laps = c.meta.laps
    # BOLIDE 9: the pit lane is open between the first and the second lap.
    if s.phase == "race" and c.meta.pit is not None and car.mode == "run" and not car.pitted \
            and 0 <= before < n and pitlane.touches_entry(c, *origin, car.x, car.y):
        pitlane.enter(s, c, car, speed(car.x - origin[0], car.y - origin[1]), events)
        s.step = {"kind": "service", "seat": car.seat, "options": pitlane.services(s, car)}
        return True
    inter = c.intermediate
    for lap in range(1, laps + 1):
        mark = (lap - 1) * n + inter
        if before < mark <= car.progress:
            s.this_turn.setdefault("inter", []).append([car.seat, lap])
            s.firsts.setdefault(str(lap), car.seat)
    if s.phase == "qualifying":
        return False
    if s.config.advanced and car.fuel == "half" and not car.pitted and car.progress >= n:
        car.mode = "out"                              # BOLIDE 11: fuel for one lap only
        events.append(Event("out_of_fuel", {"seat": car.seat}, "BOLIDE 11"))
        return False
    if finished_laps(c, car, laps):
        car.mode = "finished"
        s.finishers.append(car.seat)
        car.finish_turn = s.turn
        car.finish_order = len(s.finishers)
        events.append(Event("finish", {"seat": car.seat, "position": len(s.finishers)},
                            "BOLIDE Preparation"))
        return False
    car.slip = _on_slip_point(s, c, car)
    return False


def _on_slip_point(s, c, car) -> bool:
    """BOLIDE 5: the point right behind a car at speed 3 or more, along the
    red arrow of its sector."""
    for o in s.cars:
        if o is car or not o.running or o.mode not in ("run",) or speed(o.vx, o.vy) < 3:
            continue
        sec = c.sector_at(o.x, o.y)
        if sec < 0:
            continue
        ax, ay = c.arrow(sec)
        if (o.x - ax, o.y - ay) == (car.x, car.y):
            return True
    return False


def _end_car_turn(s) -> None:
    s.step = {}
    s.idx += 1


# ---- between decisions ------------------------------------------------------------
def advance(s, c, events: list[Event]) -> None:
    """Everything that needs no decision, until a seat must decide."""
    while not s.step and s.phase != "over":
        if s.phase == "strategy":
            if s.idx < len(s.order):
                s.step = {"kind": "strategy", "seat": s.order[s.idx]}
            elif "qualifying" in s.config.options:
                qualifying.begin(s, c, events)
            else:
                place_on_grid(s, c, s.qual_order, events)
            continue
        if s.phase == "refit":
            qualifying.next_refit(s, c, events)
            continue
        if s.idx >= len(s.order):
            _end_turn(s, c, events)
            continue
        car = s.cars[s.order[s.idx]]
        _begin_car_turn(s, c, car, events)


def _begin_car_turn(s, c, car, events) -> None:
    if not car.running:
        s.idx += 1
        return
    if car.penalty > 0:
        car.penalty -= 1
        events.append(Event("skip", {"seat": car.seat, "left": car.penalty}, "BOLIDE 9"))
        s.idx += 1
        return
    if s.phase == "qualifying":
        car.qual_turns += 1
    if car.mode == "pit":
        if pitlane.crawl(s, c, car, events):
            pitlane.serve(s, car, _service_kind(c, car), events)
        s.idx += 1
        return
    if car.mode == "exit":
        pts = pitlane.exit_points(s, c, car)
        if not pts:
            events.append(Event("pit_wait", {"seat": car.seat}, "BOLIDE 9"))
            s.idx += 1
            return
        s.step = {"kind": "exit", "seat": car.seat, "options": pts}
        return
    if car.mode == "start" and car.start is None:
        car.start = advanced.start_roll(s, car, events, "BOLIDE 14" if s.config.advanced
                                        else "BOLIDE 1")
    s.step = {"kind": "move", "seat": car.seat}
    if car.mode == "run":
        _crash_if_stuck(s, c, car, events)


def _crash_if_stuck(s, c, car, events) -> None:
    """BOLIDE 2: nowhere to go but white-row points or off the board, and no
    request left to try: the car crashes."""
    opt = running.options(s, c, car)
    if opt.crash and not opt.requests:
        _crash(s, car, events)
        _end_car_turn(s)


def _service_kind(c, car) -> str:
    pit = c.meta.pit
    for kind in ("fuel", "both", "tyres", "repair"):
        if pitlane.goal_square(c, kind) == car.pit_goal:
            return kind
    return "repair"


def _end_turn(s, c, events) -> None:
    if s.turn > 0 and not s.this_turn.get("ended"):
        # Once, even when a Safety Car re-grid pauses the end of the turn.
        s.this_turn["ended"] = True
        events.append(Event("turn_end", {"turn": s.turn}, "BOLIDE 3"))
    if s.phase == "qualifying":
        qualifying.end_turn(s, c, events)      # it keeps its own order of one
        return
    if s.safety_car:
        _start_regrid(s, c, events)
        if s.step:
            return
    inter = s.this_turn.get("inter", [])
    if s.variable_weather and inter:
        order = race_order(c, s.cars)
        leader = order[0].seat if order else None
        for seat, lap in inter:
            if seat == leader and s.draws == lap:
                advanced.weather_draw(s, c.meta.rain_risk, events)
    s.this_turn = {}
    if s.phase == "race" and not any(car.running for car in s.cars):
        _close_race(s, c, events)
        return
    if s.phase == "race" and s.turn >= s.config.turn_limit:
        events.append(Event("race_called", {"turn": s.turn}, "chequered turn limit"))
        _close_race(s, c, events)
        return
    s.turn += 1
    order = race_order(c, s.cars)
    for pos, car in enumerate(order):
        car.rank = pos
    s.order = [car.seat for car in order]
    s.idx = 0


def _start_regrid(s, c, events) -> None:
    """BOLIDE 6: after the turn, the leader stays; the 2nd places his car
    behind him, the 3rd behind the 2nd, and so on; then everybody restarts."""
    order = [car for car in race_order(c, s.cars) if car.mode not in ("pit", "exit")]
    events.append(Event("safety_car", {"order": [car.seat for car in order]}, "BOLIDE 6"))
    s.safety_car = False
    s.regrid = [car.seat for car in order]
    s.idx = len(s.order)
    _next_regrid(s, c, events, first=True)


def _next_regrid(s, c, events, first: bool = False) -> None:
    if first:
        placed = s.regrid[:1]                  # the leader stays where he is
        s.regrid = s.regrid[1:]
        s.this_turn["placed"] = placed
    while s.regrid:
        seat = s.regrid[0]
        ahead = s.cars[s.this_turn["placed"][-1]]
        pts = engagements.regrid_points(s, c, ahead, s.cars[seat])
        s.regrid = s.regrid[1:]
        s.this_turn["placed"].append(seat)
        if pts:
            s.step = {"kind": "regrid", "seat": seat, "options": pts}
            return
    for seat in s.this_turn.pop("placed", []):
        car = s.cars[seat]
        if not c.surface.point(car.x, car.y):
            continue                # off the track: it goes on creeping back (BOLIDE 2)
        car.mode, car.start, car.vx, car.vy, car.slip = "start", None, 0, 0, False


def _close_race(s, c, events) -> None:
    order = classification(s)
    points = {}
    if "championship" in s.config.options:
        for i, seat in enumerate(s.finishers):
            points[seat] = CHAMPIONSHIP_POINTS[i] if i < len(CHAMPIONSHIP_POINTS) else 0
        for seat in s.firsts.values():
            points[seat] = points.get(seat, 0) + INTERMEDIATE_POINTS
        for seat, p in points.items():
            s.standings[seat] += p
    s.results.append({"circuit": s.circuit, "classification": order,
                      "points": {str(k): v for k, v in points.items()},
                      "firsts": dict(s.firsts), "turns": s.turn})
    events.append(Event("race_over", {"classification": order}, "BOLIDE Preparation"))
    if "championship" in s.config.options and s.race_index + 1 < len(season(s.config)):
        s.race_index += 1
        start_race(s, events)
        return
    s.phase = "over"
    s.step = {}


def classification(s) -> list[int]:
    """Finishers in the order they crossed the line; then the others, the
    furthest first (retired cars are not classified but listed)."""
    rest = sorted((car for car in s.cars if car.seat not in s.finishers),
                  key=lambda car: (-car.progress, car.rank))
    return list(s.finishers) + [car.seat for car in rest]
