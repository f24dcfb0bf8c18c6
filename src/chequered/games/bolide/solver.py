"""Bolide: the exact fastest line (issue 3, section 4), and the solver's
public names (the modules below are its parts).

The race of a single car on an empty circuit, without dice (normal standing
start, no boosters, no brake requests), searched exactly:

States.  (x, y, vx, vy, lap, brakes_left): the car's point, its car-pawn
vector (the last move), the lap it is in and the sharp brakings it has left.
`progress` = sector index + lap * n_sectors counts the sectors passed in race
order: a move to another sector changes it by the signed shortest difference
of the two sector indices mod n (`solver_moves.sector_step`). Crossing the
finish line (standing on sector 'a' coming from the last sector) is the only
way to change lap, so a car that cuts back across the line loses a lap and
cannot finish that way. The grid slot's own lap is -1 when its sector lies in
the second half of the sectors (the grid is behind the line: the first
crossing only starts lap 1), else 0. The race is over the first turn `lap`
reaches `laps`. The top speed of a move is the one of the lap the car is in
when it moves (7 then 8).

Moves.  Exactly `rules.moves`: the pawn rule (the (2a+1)^2 points around the
pawn, speed = the longer leg, at most the lap's top speed) and sharp brakings
(a move of exactly 2 at less than 90 degrees to the car-pawn vector, one of
`brakes` per race), each legal when its whole trajectory lies on the track
surface R of `geometry.Surface`. The race starts with the standing start from
the pole slot (one of the 5 points in front of the car, facing the red arrow
of its sector: BOLIDE 1, the normal start of the Unforeseen Start table); the
start candidates are tried in `standing_start_points` order.

The parts:
  solver_moves    the board as bitmasks and the legal-move table per displacement
  solver_search   the time-to-go table and the backward search that fills it
  solver_fast     the same search compiled with numba (the `fast` extra)
  solver_line     the canonical fastest line walked on the table, and its report
  solver_classic  classic Racetrack maps, exact or sampled (Barto et al. 1995) rule
  solver_svg      the line drawn as SVG

Tables are cached per circuit and parameters, so bots pay for them once.

Time-to-go memory.  One byte per state over the full padded box:
(laps - lap_min) * (brakes + 1) * (2 vmax + 1)^2 * (width + max_top) * height
bytes (two bytes when a time-to-go exceeds 254 turns); lap_min is -1 when a
grid slot is behind the line. `TimeToGo.nbytes` reports it. The shipped
circuits, 2 laps, 3 brakes, speed 8: ring (86 x 42) 3*4*289*94*42 = 13.7 MB,
twisty (80 x 50) 15.3 MB, hairpin (70 x 46) 12.4 MB; 2.7-3.5 million of
those states can finish. The Python engine also holds the BFS's bit planes
(about as much again) and expands a block into the bytes on first read.

Times (benchmarks/results/bolide_solver.json, medians): a cold solve (move
table, race and first-lap tables, the line) takes 0.31-0.39 s in pure Python
and 0.07-0.08 s with numba. Whole processes (`chequered solve ...`, second run
on, 2 busy cores, issue 16): `solve bolide --track ring` 0.77 s CPU with numba
against 1.11 s in pure Python (1.76 s with numba before its kernel was
compiled ahead of time); classic maps (benchmarks/maps) about 0.6-0.8 s CPU,
most of it Python start-up and imports: see `solver_classic`.
"""
from __future__ import annotations

import time
from math import ceil
from pathlib import Path

from ...engine.protocol import BadInput
from .circuit import Circuit
from .geometry import standing_start_points
from .solver_classic import parse_classic, solve_classic  # noqa: F401 (public names)
from .solver_line import Solution, Step, describe, fewest_brakes, summarise, walk  # noqa: F401
from .solver_moves import (Board, MoveTable, footprint, lap_change,  # noqa: F401
                           progress_of, sector_step, start_lap)
from .solver_search import (ENGINES, Spec, TimeToGo, build_table,  # noqa: F401
                            resolve_engine, turns_to_go, warm_up)

ACCEL = 2
TOP_SPEEDS = (7, 8)
BRAKES = 3


# ---- caches ------------------------------------------------------------------------------
def _cache(obj) -> dict:
    c = obj.__dict__.get("_solver_cache")
    if c is None:
        c = obj.__dict__["_solver_cache"] = {}
    return c


def clear_cache(obj) -> None:
    obj.__dict__.pop("_solver_cache", None)


def circuit_board(c: Circuit, dmax: int) -> Board:
    cache = _cache(c)
    key = ("board", dmax)
    if key not in cache:
        cache[key] = Board(c.width, c.height, c.surface.point, dmax, sectors=c.sector,
                           n_sectors=c.n_sectors, name=c.path)
    return cache[key]


def move_table(c: Circuit, dmax: int) -> MoveTable:
    """The legal-move table of a circuit for speeds up to dmax (cached; a
    table for higher speeds serves lower ones too)."""
    cache = _cache(c)
    have = sorted(k[1] for k in cache if k[0] == "moves" and k[1] >= dmax)
    if have:
        return cache[("moves", have[0])]
    t = cache[("moves", dmax)] = MoveTable(circuit_board(c, dmax))
    return t


def _check_params(laps, tops, accel, brakes):
    if laps < 1:
        raise BadInput("laps must be at least 1")
    if not tops or any(t < 1 for t in tops):
        raise BadInput("top speeds must be at least 1")
    if accel < 1:
        raise BadInput("the acceleration radius must be at least 1")
    if brakes < 0:
        raise BadInput("brakes cannot be negative")


def _grid_lmin(c: Circuit) -> int:
    n = c.n_sectors
    return min([0] + [start_lap(n, c.sector_at(x, y)) for x, y in c.meta.grid])


def time_to_go(c: Circuit, laps: int | None = None, top_speeds=TOP_SPEEDS,
               accel: int = ACCEL, brakes: int = BRAKES, engine: str = "auto",
               vmax: int | None = None, free_brakes: bool = False) -> TimeToGo:
    """The time-to-go table of a circuit (cached per circuit and parameters):
    for every (point, velocity, lap, brakes_left <= brakes) that can finish,
    the minimum turns to the finish. Velocities up to `vmax` (default the
    highest top speed; more for cars that used a booster) are covered. Read it
    with `turns_to_go`. Memory: see the module docstring and `.nbytes`."""
    laps = c.meta.laps if laps is None else laps
    tops = tuple(top_speeds)
    _check_params(laps, tops, accel, brakes)
    dmax = max(tops)
    vmax = max(dmax, vmax or 0)
    engine = resolve_engine(engine)
    spec = Spec(laps, tops, accel, 0 if free_brakes else brakes, vmax, _grid_lmin(c),
                free_brakes)
    cache = _cache(c)
    key = ("ttg", spec, engine)
    if key not in cache:
        cache[key] = build_table(move_table(c, dmax), spec, engine)
    return cache[key]


def _best_start(t: TimeToGo, c: Circuit, slot: int = 0):
    """The standing start (BOLIDE 1): the best of the 5 points in front.
    Returns (turns, start move d, its lap change) or None."""
    x, y = c.meta.grid[slot]
    n = c.n_sectors
    lap0 = start_lap(n, c.sector_at(x, y))
    facing = c.arrow(c.sector_at(x, y))
    best = None
    for ox, oy in standing_start_points(facing):
        w = t.moves.move(x, y, ox, oy)
        if w is None:
            continue
        g = t.get(x + ox, y + oy, ox, oy, lap0 + w, t.spec.bcap)
        if g is None:
            continue
        need = fewest_brakes(t, x + ox, y + oy, ox, oy, lap0 + w, t.spec.bcap)
        if best is None or (1 + g, need) < best[0]:
            best = ((1 + g, need), (ox, oy), w)
    if best is None:
        return None
    return best[0][0], best[1], best[2], lap0, best[0][1]


def solve(c: Circuit, laps: int | None = None, top_speeds=TOP_SPEEDS, accel: int = ACCEL,
          brakes: int = BRAKES, engine: str = "auto", first_lap: bool = True) -> Solution:
    """The exact fastest race of one car alone on the circuit, from the pole
    slot with a normal standing start. `first_lap` also solves the best
    single lap from the grid (a qualifying lap: top speed of lap 1)."""
    laps = c.meta.laps if laps is None else laps
    tops = tuple(top_speeds)
    _check_params(laps, tops, accel, brakes)
    engine = resolve_engine(engine)
    warm = warm_up(engine)
    t0 = time.perf_counter()
    t = time_to_go(c, laps, tops, accel, brakes, engine)
    st = _best_start(t, c)
    if st is None:
        raise BadInput(f"{c.path}: the finish cannot be reached from the pole slot")
    turns, (ox, oy), w, lap0, _ = st
    x, y = c.meta.grid[0]
    first = Step(x + ox, y + oy, ox, oy, 1, 1, False, True)
    line = [first] + walk(t, x + ox, y + oy, ox, oy, lap0 + w, brakes)
    assert len(line) == turns
    q_turns = None
    if first_lap:
        q = time_to_go(c, 1, tops[:1], accel, brakes, engine)
        qs = _best_start(q, c)
        q_turns = qs[0] if qs else None
    lap_turns, top_turns, speeds, brk = summarise(line, laps, tops)
    return Solution(c.key, turns, q_turns, lap_turns, (x, y), line, laps, tops, accel,
                    brakes, top_turns, speeds, brk, engine, time.perf_counter() - t0,
                    t.states, t.nbytes, details={"warm_up_seconds": round(warm, 3)})


def solve_track(track: str, **kw) -> Solution:
    """`solve` for a circuit name or a .track file path."""
    return solve(load_circuit(track), **kw)


def load_circuit(track: str) -> Circuit:
    from .circuit import circuit, load_track
    if track.endswith(".track") or "/" in track:
        return load_track(Path(track))
    return circuit(track)


# ---- circuit facts --------------------------------------------------------------------------
def circuit_facts(c: Circuit, engine: str = "auto") -> dict:
    """The two facts printed on a Bolide board, computed by the solver for
    the basic rules (laps from the circuit, top speeds 7/8, pawn radius 2):

    speed8_per_race  turns at speed 8 on the canonical fastest race with the
                     basic rules' 3 sharp brakings.
    sharp_brakings_per_lap  ceil(m / laps), where m is the fewest sharp
                     brakings with which a race is as fast as the fastest race
                     with unlimited sharp brakings (well defined: it does not
                     depend on how ties between lines are broken).
    """
    cache = _cache(c)
    key = ("facts", resolve_engine(engine))
    if key in cache:
        return dict(cache[key])
    laps = c.meta.laps
    base = solve(c, laps, TOP_SPEEDS, ACCEL, BRAKES, engine, first_lap=False)
    unlimited = unlimited_turns(c, laps, TOP_SPEEDS, ACCEL, engine)
    m = min_brakes_for(c, unlimited, laps, TOP_SPEEDS, ACCEL, engine)
    facts = {"speed8_per_race": base.speed_turns.get(8, 0),
             "sharp_brakings_per_lap": ceil(m / laps)}
    cache[key] = facts
    cache[("facts_detail", resolve_engine(engine))] = {
        "race_turns": base.turns, "race_turns_unlimited_brakings": unlimited,
        "min_sharp_brakings_unlimited": m}
    return dict(facts)


def unlimited_turns(c: Circuit, laps, tops, accel, engine) -> int:
    """The fastest race when sharp brakings never run out."""
    st = _best_start(time_to_go(c, laps, tops, accel, 0, engine, free_brakes=True), c)
    if st is None:
        raise BadInput(f"{c.path}: the finish cannot be reached from the pole slot")
    return st[0]


def min_brakes_for(c: Circuit, turns: int, laps, tops, accel, engine,
                   start_budget: int = BRAKES) -> int:
    """The fewest sharp brakings with which the race takes `turns` turns (the
    fastest with unlimited brakings): the brake budget doubles until the
    optimum is reached, then the start's own need is read off the table."""
    b = start_budget
    while True:
        st = _best_start(time_to_go(c, laps, tops, accel, b, engine), c)
        if st is not None and st[0] <= turns:
            return st[4]
        b = max(1, 2 * b)


def svg_of(c: Circuit, sol: Solution) -> str:
    """The circuit with the solver's line, as SVG."""
    from .solver_svg import circuit_line_svg
    return circuit_line_svg(c, sol)
