"""Where a running car may go, cached per circuit (BOLIDE 1 Moves, 2 Off the
Track, 4 Sharp Brakings, 5 Slipstreaming, 6 Engages).

A car's move options depend on its point, its velocities (the car-pawn
vector and the one the pawn rule uses after a Booster), its top speed, the
gear rules in force, whether it may brake sharply and whether it stands on
a slipstream point (the `Key`), and on the other cars only through the
occupied points among its `footprint`: every pawn point, every sharp
braking point, the grid points their trajectories cross and the squares a
slipstream would add. So the options of a key over an empty track are
worked out once per circuit and process (DESIGN: legal-move tables per
point and velocity), and those among other cars once per key and set of
occupied footprint points: most decisions of a race are one dictionary
look-up. `compute` is the one place that works them out (rules/moves.py's
functions, or the numba kernel of rules/reach_fast.py, which gives the same
lists in the same order). The kernel is used when numba is installed (the
`fast` extra); CHEQUERED_NUMBA=0 in the environment asks for pure Python.
"""
from __future__ import annotations

import importlib.util
import os

from ..actions import Move
from ..circuit import Circuit
from ..geometry import DIRS, main_directions
from . import moves

_DIR_NAME = {v: k for k, v in DIRS.items()}
# Keys kept per circuit and engine before the memo starts afresh (each with
# its variants among other cars): a bound on memory; results never depend on it.
MEMO_LIMIT = 5_000

_MOVES: dict = {}


def _engine() -> str:
    """"numba" when installed, unless CHEQUERED_NUMBA=0 asks for pure Python
    (the two give the same options, so the same races)."""
    if os.environ.get("CHEQUERED_NUMBA", "1").strip().lower() in ("0", "no", "false", "off"):
        return "python"
    # installed is enough here: numba is imported at the first options worked out
    return "numba" if importlib.util.find_spec("numba") is not None else "python"


ENGINE = _engine()


def use_engine(engine: str) -> None:
    """Switch between "python" and "numba" (tests compare the two; each
    keeps its own memo)."""
    global ENGINE
    if engine not in ("python", "numba"):
        raise ValueError(f"unknown engine {engine!r}")
    ENGINE = engine


def move(x: int, y: int, slip: str | None = None) -> Move:
    """The one Move object for (x, y, slip): actions are immutable, so the
    legal lists share them instead of building ~25 a decision."""
    k = (x, y, slip)
    m = _MOVES.get(k)
    if m is None:
        m = _MOVES[k] = Move(x, y, slip)
    return m


class Reach:
    """A car's move options for one key and one set of occupied points.
    Shared by every decision with the same key: read it, never change it."""

    __slots__ = ("pawn", "brake", "engage", "engage_brake", "off", "none", "slip",
                 "moves", "footprint", "near", "bot")

    def __init__(self, pawn, brake, engage, engage_brake, off, none, slip, footprint):
        self.pawn = pawn                  # pawn-rule arrivals
        self.brake = brake                # sharp brakings (not already pawn points)
        self.engage = engage              # occupied points to attack
        self.engage_brake = engage_brake  # ... only by a sharp braking
        self.off = off                    # forced off the track: run-off points
        self.none = none                  # forced off with no run-off point (BOLIDE 2)
        self.slip = slip                  # (point, direction) slipstream moves
        self.footprint = footprint
        # the Moves of the legal list, in the order Options.moves() gives them
        self.moves = tuple([move(x, y) for x, y in pawn] + [move(x, y) for x, y in brake]
                           + [move(x, y) for x, y in engage]
                           + [move(x, y) for x, y in engage_brake]
                           + [move(x, y) for x, y in off]
                           + [move(x, y, d) for (x, y), d in slip])
        self.near: dict = {}              # occupied footprint points -> their Reach
        self.bot: dict = {}               # bots.py: decisions already worked out here


# A key: what a car's options depend on, besides the other cars (built by
# rules/running.options_among, on every decision):
KEY = ("x", "y", "car-pawn vx", "car-pawn vy", "pawn-rule vx", "pawn-rule vy", "top speed",
       "no 4th gear", "same gear (or None)", "may brake sharply", "on a slipstream point")


def reach(c: Circuit, key: tuple, occ) -> Reach:
    """The options of `key` among the occupied points `occ` (cached)."""
    memo = c.reach_memo[ENGINE]
    base = memo.get(key)
    if base is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        base = memo[key] = compute(c, key, frozenset())
    if not occ:
        return base
    near = base.footprint.intersection(occ)
    if not near:
        return base
    hit = base.near.get(near)
    if hit is None:
        hit = base.near[near] = compute(c, key, near, base.footprint)
    return hit


def footprint(c: Circuit, key: tuple) -> frozenset:
    """Every point whose occupation can change the options of `key`."""
    x, y, cvx, cvy, vx, vy, top, no_fourth, same_gear, can_brake, slip = key
    pts = set()
    ends = []
    for nx, ny, _, between, _ in moves.move_candidates(c, x, y, vx, vy, moves.ACCEL):
        pts.add((nx, ny))
        pts.update(between)
        ends.append((nx, ny))
    if can_brake:
        for nx, ny, between in moves.braking_candidates(c, x, y, cvx, cvy):
            pts.add((nx, ny))
            pts.update(between)
            ends.append((nx, ny))
    if slip:
        for nx, ny in ends:
            for dx, dy in main_directions(nx - x, ny - y):
                pts.add((nx + dx, ny + dy))
    return frozenset(pts)


def compute(c: Circuit, key: tuple, occ, fp: frozenset | None = None) -> Reach:
    """BOLIDE 1, 2, 4, 5, 6: the options of `key` among the points `occ`."""
    if ENGINE == "numba":
        return _compute_numba(c, key, occ, fp)
    x, y, cvx, cvy, vx, vy, top, no_fourth, same_gear, can_brake, slip = key
    pawn = moves.pawn_targets(c, x, y, vx, vy, top, occ, no_fourth, same_gear)
    brake: list = []
    if can_brake:
        seen = set(pawn)
        brake = [p for p in moves.sharp_braking_targets(c, x, y, cvx, cvy, occ)
                 if p not in seen]
    engage: list = []
    engage_brake: list = []
    if occ:
        brake_all = moves.sharp_braking_targets(c, x, y, cvx, cvy) if can_brake else ()
        engage, engage_brake = moves.engagement_targets(
            c, x, y, vx, vy, top, brake_all, occ, no_fourth, same_gear)
    slips = _slip_moves(c, x, y, pawn + brake, occ) if slip else []
    off: list = []
    none = False
    if not (pawn or engage):
        # BOLIDE 2: every pawn point is off the track: out to a run-off point
        # (unless the driver chooses a sharp braking); nothing at all: a crash.
        off, none = moves.off_track_targets(c, x, y, vx, vy, top, occ)
    return Reach(pawn, brake, engage, engage_brake, off, none, slips,
                 fp if fp is not None else footprint(c, key))


def _compute_numba(c: Circuit, key: tuple, occ, fp: frozenset | None) -> Reach:
    """`compute` by the kernel of rules/reach_fast.py: its rows, in list order."""
    from . import reach_fast as F
    lists: tuple = ([], [], [], [], [], [])      # pawn, brake, engage, engage_brake, off, slip
    none = False
    for kind, x, y, d in F.compute_rows(c, key, occ):
        if kind == F.SLIP:
            lists[F.SLIP].append(((x, y), F.CODE_DIR[d]))
        elif kind == F.NONE:
            none = True
        else:
            lists[kind].append((x, y))
    if fp is None:
        fp = frozenset([(x, y) for _, x, y, _ in F.footprint_rows(c, key)])
    return Reach(*lists[:5], none, lists[5], fp)


def _slip_moves(c: Circuit, x: int, y: int, targets, occ) -> list:
    """BOLIDE 5: +1 square in the main direction of the move after it."""
    out = []
    for tx, ty in targets:
        for dx, dy in main_directions(tx - x, ty - y):
            ex, ey = tx + dx, ty + dy
            if (ex, ey) in occ or (c.surface.point(ex, ey) and c.surface.segment(tx, ty, ex, ey)):
                out.append(((tx, ty), _DIR_NAME[(dx, dy)]))
    return out


