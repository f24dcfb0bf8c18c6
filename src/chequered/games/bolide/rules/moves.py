"""Where a car may go (BOLIDE 1 Moves, 2 Off the Track, 4 Sharp Brakings,
5 Overtakings: cars protect their point).

Pure functions of the circuit, the car's point and velocity (the car-pawn
vector) and the occupied points; the solver uses the same rules through
`pawn_targets`, so that its optimum is a race the game allows.
"""
from __future__ import annotations

from ..circuit import RUNOFF, Circuit
from ..geometry import lattice_points_between, sharp_braking_ok, speed, standing_start_points

ACCEL = 2          # BOLIDE 1: the pawn's 25 points, speed +-2 a turn


def pawn_points(x: int, y: int, vx: int, vy: int, accel: int = ACCEL):
    """The (2a+1)^2 points around the pawn, nearest to the pawn's speed first."""
    px, py = x + vx, y + vy
    for ay in range(-accel, accel + 1):
        for ax in range(-accel, accel + 1):
            yield px + ax, py + ay


def allowed_speed(d: int, top: int, no_fourth: bool = False, same_gear: int | None = None) -> bool:
    if d > top:
        return False
    if no_fourth and d == 4:          # BOLIDE 7, Booster 3: 4th gear cannot be entered
        return False
    if same_gear is not None and d != same_gear:
        return False                  # BOLIDE 7, Booster 4: keep the same gear
    return True


def on_track_move(c: Circuit, x: int, y: int, nx: int, ny: int, occupied) -> bool:
    """A move that stays on the track: arrival on track or kerb, the whole
    trajectory inside, and no occupied point crossed on the way."""
    if not c.surface.point(nx, ny) or not c.surface.segment(x, y, nx, ny):
        return False
    if occupied:
        for p in lattice_points_between(x, y, nx, ny):
            if p in occupied:
                return False
    return True


def move_candidates(c: Circuit, x: int, y: int, vx: int, vy: int, accel: int = ACCEL):
    """All the pawn's points with their speed, the grid points their
    trajectory passes through, and whether an empty track allows the move;
    cached per circuit (DESIGN: legal-move tables per point and velocity)."""
    key = (x, y, vx, vy, accel)
    hit = c.move_table.get(key)
    if hit is None:
        hit = c.move_table[key] = tuple(
            (nx, ny, speed(nx - x, ny - y), lattice_points_between(x, y, nx, ny),
             c.surface.point(nx, ny) and c.surface.segment(x, y, nx, ny))
            for nx, ny in pawn_points(x, y, vx, vy, accel))
    return hit


def pawn_targets(c: Circuit, x: int, y: int, vx: int, vy: int, top: int,
                 occupied=frozenset(), no_fourth: bool = False, same_gear=None,
                 accel: int = ACCEL) -> list[tuple[int, int]]:
    """BOLIDE 1: the pawn's points the car can reach on the track at a speed
    it is allowed (free points only; engagements are listed separately)."""
    key = ("pawn", x, y, vx, vy, top, no_fourth, same_gear, accel)
    base = c.move_table.get(key)
    if base is None:
        base = c.move_table[key] = tuple(
            (nx, ny, between) for nx, ny, d, between, ok in move_candidates(c, x, y, vx, vy, accel)
            if ok and d <= top and not (no_fourth and d == 4)
            and (same_gear is None or d == same_gear))
    if occupied:
        reach = max(abs(vx), abs(vy)) + accel
        if any(abs(px - x) <= reach + abs(vx) and abs(py - y) <= reach + abs(vy)
               for px, py in occupied):
            return [(nx, ny) for nx, ny, between in base
                    if (nx, ny) not in occupied and not any(p in occupied for p in between)]
    return [(nx, ny) for nx, ny, _ in base]


def braking_candidates(c: Circuit, x: int, y: int, vx: int, vy: int) -> tuple:
    """BOLIDE 4 over an empty track: (x, y, points crossed) of each sharp
    braking, cached per circuit."""
    key = ("brake", x, y, vx, vy)
    table = c.move_table.get(key)
    if table is None:
        table = c.move_table[key] = tuple(
            (x + dx, y + dy, lattice_points_between(x, y, x + dx, y + dy))
            for dy in range(-2, 3) for dx in range(-2, 3)
            if sharp_braking_ok(vx, vy, dx, dy) and c.surface.point(x + dx, y + dy)
            and c.surface.segment(x, y, x + dx, y + dy))
    return table


def sharp_braking_targets(c: Circuit, x: int, y: int, vx: int, vy: int,
                          occupied=frozenset()) -> list[tuple[int, int]]:
    """BOLIDE 4: a move of exactly 2 at less than 90 degrees to the car-pawn
    segment, ignoring the pawn's square."""
    table = braking_candidates(c, x, y, vx, vy)
    if not occupied:
        return [(nx, ny) for nx, ny, _ in table]
    return [(nx, ny) for nx, ny, between in table
            if (nx, ny) not in occupied and not any(p in occupied for p in between)]


def engagement_targets(c: Circuit, x: int, y: int, vx: int, vy: int, top: int,
                       brake_points, occupied, no_fourth: bool = False,
                       same_gear=None) -> tuple[list, list]:
    """BOLIDE 6: occupied points the car may try to conquer: one of its
    arrival points, or a point its trajectory to one of them would pass
    exactly through; the trajectory up to that point must be legal. Returns
    (points reached by the pawn rule, points reached only by a sharp braking)."""
    reach = speed(vx, vy) + ACCEL
    if not any(max(abs(px - x), abs(py - y)) <= reach + 2 for px, py in occupied):
        return [], []
    pawn = [(nx, ny, between) for nx, ny, d, between, _ in move_candidates(c, x, y, vx, vy)
            if d <= top and not (no_fourth and d == 4) and (same_gear is None or d == same_gear)]
    brake = [(nx, ny, lattice_points_between(x, y, nx, ny)) for nx, ny in brake_points]
    out: tuple[list, list] = ([], [])
    seen = set()
    for which, cands in enumerate((pawn, brake)):
        for nx, ny, between in cands:
            hit = (nx, ny) if (nx, ny) in occupied else next(
                (p for p in between if p in occupied), None)
            if hit is None or hit in seen:
                continue
            if c.surface.point(*hit) and c.surface.segment(x, y, *hit) and not any(
                    p in occupied for p in lattice_points_between(x, y, *hit)):
                seen.add(hit)
                out[which].append(hit)
    return out


def off_track_targets(c: Circuit, x: int, y: int, vx: int, vy: int, top: int,
                      occupied=frozenset(), accel: int = ACCEL) -> tuple[list, bool]:
    """BOLIDE 2: when none of the pawn's points can be reached on the track,
    the car must go out to one of them. Run-off points are where it may stop;
    if every point is a white-row point or off the board it crashes.
    Returns (run-off points, crash)."""
    pts = [(nx, ny) for nx, ny in pawn_points(x, y, vx, vy, accel)
           if speed(nx - x, ny - y) <= max(top, 1)]
    runoff = [p for p in pts if c.kind_at(*p) == RUNOFF and p not in occupied]
    return runoff, not runoff


def creep_targets(c: Circuit, x: int, y: int, occupied, need_track: bool) -> list:
    """BOLIDE 2: off the track, one square a turn in any direction; the first
    move back on the track is still one square (dirty tyres)."""
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx == dy == 0:
                continue
            p = (x + dx, y + dy)
            if p in occupied:
                continue
            k = c.kind_at(*p)
            if need_track:
                if c.surface.point(*p) and c.surface.segment(x, y, *p):
                    out.append(p)
            elif k == RUNOFF or c.surface.point(*p):
                out.append(p)
    return out


def start_targets(c: Circuit, x: int, y: int, facing: tuple[int, int], reach: int,
                  occupied=frozenset()) -> list[tuple[int, int]]:
    """BOLIDE 1 Start / 8 Half Spin / 14: a standing start to one of the 5
    points in front of the car (reach 2 on a quick start)."""
    out = []
    for ox, oy in standing_start_points(facing):
        nx, ny = x + ox * reach, y + oy * reach
        if (nx, ny) not in occupied and on_track_move(c, x, y, nx, ny, occupied):
            out.append((nx, ny))
    return out
