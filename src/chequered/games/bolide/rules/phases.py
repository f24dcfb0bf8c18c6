"""What happens between decisions: the machine's automatic steps, one
function per phase (BOLIDE 3: each car moves once a turn, in race order;
the Safety Car re-grid and the weather draws at the end of a turn; BOLIDE 11
strategies, 12 qualifying, 16 championship), and the decisions that only
move the race along (strategy, regrid).

Phases: setup (the grid and the weather: rules/setup.py), strategy,
qualifying and race (the next car's turn, the end of a turn), refit
(rules/qualifying.py), over.
"""
from __future__ import annotations

from ....engine.protocol import BadInput, Event, Result
from ..actions import Strategy
from ..text import seat_names
from . import advanced, engagements, pitlane, qualifying
from .decide import ask, done
from .order import advance_progress, race_order
from .setup import CHAMPIONSHIP_POINTS, INTERMEDIATE_POINTS, circuit_of, place_on_grid, season
from .turn import crash_if_stuck

STRATEGY_CHOICES = [Strategy(f, t, u, w) for f in ("full", "half") for t in ("soft", "hard")
                    for u in ("booster", "brake") for w in (False, True)]


# ---- BOLIDE 11: strategies, each driver first to last on the grid -----------------------
def strategy_phase(s) -> list[Event]:
    events: list[Event] = []
    if s.idx < len(s.order):
        ask(s, "strategy", s.order[s.idx])
    elif "qualifying" in s.config.options:
        qualifying.begin(s, circuit_of(s), events)
    else:
        place_on_grid(s, circuit_of(s), s.qual_order, events)
    return events


def apply_strategy(s, seat: int, action: Strategy) -> list[Event]:
    car = s.cars[seat]
    car.fuel, car.tyres, car.setup, car.wet = action.fuel, action.tyres, action.setup, action.wet
    car.brakes = advanced.brakes_for(car.tyres)
    s.idx += 1
    return [Event("strategy", {"seat": car.seat, "fuel": car.fuel, "tyres": car.tyres,
                               "setup": car.setup, "wet": car.wet,
                               "name": advanced.strategy_name(car.fuel, car.tyres)},
                  "BOLIDE 11")]


def pit_tyre_choices(s, seat: int) -> list:
    """BOLIDE 11: at a pit stop only the tyres change (fuel and set-up kept)."""
    car = s.cars[seat]
    return [a for a in STRATEGY_CHOICES if a.fuel == car.fuel and a.setup == car.setup]


# ---- a turn: each car in race order ---------------------------------------------------
def car_phase(s) -> list[Event]:
    """The automatic step of phases "race" and "qualifying": the next car's
    turn, or the end of the turn."""
    events: list[Event] = []
    c = circuit_of(s)
    if s.idx >= len(s.order):
        _end_turn(s, c, events)
    else:
        _begin_car_turn(s, c, s.cars[s.order[s.idx]], events)
    return events


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
        ask(s, "exit", car.seat, options=pts)
        return
    if car.mode == "start" and car.start is None:
        car.start = advanced.start_roll(s, car, events, "BOLIDE 14" if s.config.advanced
                                        else "BOLIDE 1")
    ask(s, "move", car.seat)
    if car.mode == "run":
        crash_if_stuck(s, c, car, events)


def _service_kind(c, car) -> str:
    for kind in ("fuel", "both", "tyres", "repair"):
        if pitlane.goal_square(c, kind) == car.pit_goal:
            return kind
    return "repair"


def _end_turn(s, c, events) -> None:
    if s.turn_no > 0 and not s.this_turn.get("ended"):
        # Once, even when a Safety Car re-grid pauses the end of the turn.
        s.this_turn["ended"] = True
        events.append(Event("turn_end", {"turn": s.turn_no}, "BOLIDE 3"))
    if s.phase == "qualifying":
        qualifying.end_turn(s, c, events)      # it keeps its own order of one
        return
    if s.safety_car:
        _start_regrid(s, c, events)
        if s.turn.pending is not None:
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
    if s.phase == "race" and s.turn_no >= s.config.turn_limit:
        events.append(Event("race_called", {"turn": s.turn_no}, "chequered turn limit"))
        _close_race(s, c, events)
        return
    s.turn_no += 1
    order = race_order(c, s.cars)
    for pos, car in enumerate(order):
        car.rank = pos
    s.order = [car.seat for car in order]
    s.idx = 0


# ---- BOLIDE 6: the Safety Car re-grid ----------------------------------------------------
def _start_regrid(s, c, events) -> None:
    """After the turn, the leader stays; the 2nd places his car behind him,
    the 3rd behind the 2nd, and so on; then everybody restarts."""
    order = [car for car in race_order(c, s.cars) if car.mode not in ("pit", "exit")]
    events.append(Event("safety_car", {"order": [car.seat for car in order]}, "BOLIDE 6"))
    s.safety_car = False
    s.regrid = [car.seat for car in order]
    s.idx = len(s.order)
    _next_regrid(s, c, events, first=True)


def apply_regrid(s, seat: int, action) -> list[Event]:
    c = circuit_of(s)
    car = s.cars[seat]
    car.x, car.y = action.x, action.y
    advance_progress(c, car, car.x, car.y)
    events = [Event("regrid", {"seat": seat, "x": car.x, "y": car.y}, "BOLIDE 6")]
    done(s)
    _next_regrid(s, c, events)
    return events


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
            ask(s, "regrid", seat, options=pts)
            return
    for seat in s.this_turn.pop("placed", []):
        car = s.cars[seat]
        if not c.surface.point(car.x, car.y):
            continue                # off the track: it goes on creeping back (BOLIDE 2)
        car.mode, car.start, car.vx, car.vy, car.slip = "start", None, 0, 0, False


# ---- the end of a race (BOLIDE Preparation, 16) --------------------------------------------
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
                      "firsts": dict(s.firsts), "turns": s.turn_no})
    events.append(Event("race_over", {"classification": order}, "BOLIDE Preparation"))
    if "championship" in s.config.options and s.race_index + 1 < len(season(s.config)):
        s.race_index += 1
        s.phase = "setup"               # the next race of the season (BOLIDE 16)
        return
    s.phase = "over"
    done(s)
    s.turn.over = True


def classification(s) -> list[int]:
    """Finishers in the order they crossed the line; then the others, the
    furthest first (retired cars are not classified but listed)."""
    rest = sorted((car for car in s.cars if car.seat not in s.finishers),
                  key=lambda car: (-car.progress, car.rank))
    return list(s.finishers) + [car.seat for car in rest]


def result(s) -> Result:
    """The race's (or the championship's) result."""
    if not s.results:
        raise BadInput("the race is not over yet")
    last = s.results[-1]
    if "championship" in s.config.options:
        order = sorted(s.standings, key=lambda seat: (-s.standings[seat],
                                                      last["classification"].index(seat)))
        points = dict(s.standings)
    else:
        order = list(last["classification"])
        points = {}
    notes = {}
    for car in s.cars:
        if car.mode in ("crashed", "out"):
            notes[car.seat] = "crashed" if car.mode == "crashed" else "out of fuel"
    n = circuit_of(s).n_sectors
    return Result(classification=order, points=points,
                  laps={car.seat: max(0, car.progress) // n for car in s.cars},
                  names=seat_names(s), notes=notes,
                  extra={"races": s.results, "turns": s.turn_no})
