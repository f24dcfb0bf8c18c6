"""`chequered bolide check-track FILE`: is a circuit usable for a race?

The parser (circuit.py) rejects what cannot be read at all, naming the file,
line and column. `check(circuit)` looks at the circuit as a whole and returns
its problems, one sentence each (an empty list means the circuit is fine):

- the finish cannot be reached: starting from the grid and moving one point
  at a time (king moves whose short trajectory stays inside the track, see
  geometry.py), a car must pass through every sector in race order and come
  back into sector 'a';
- grid slots off the track or sharing a point;
- sectors that do not cover the track: a drivable point without a sector, a
  sector without points, a sector in two pieces;
- sectors out of race order: a sector that does not touch the next one, or
  two sectors that touch although they are not neighbours in race order (the
  boundary between them does not cross the whole track, so a car could skip
  a sector);
- a red arrow pointing against the race direction of its sector;
- a pit lane that does not connect: an entry line that touches no drivable
  point, exit points off the track or not joined to the grid, numbered squares
  on the track, cell numbers past the end of the lane;
- run-off points (',') from which a car cannot get back to the track one
  square at a time over run-off.

`notes(circuit)` gives remarks that are not errors (no pit lane, an
intermediate line far from half-way, ...), and `summary(circuit)` the one-line
description printed by the command when all is well.
"""
from __future__ import annotations

from collections import deque

from .circuit import FORBIDDEN, KERB, RUNOFF, TRACK, Circuit, load_track

KING = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def _letter(c: Circuit, k: int) -> str:
    return repr(c.sector_names[k])


def _points(c: Circuit):
    for y in range(c.height):
        for x in range(c.width):
            yield x, y


def _components(points: set, neighbours) -> list[set]:
    """Connected pieces of `points` under `neighbours(p)`."""
    left = set(points)
    pieces = []
    while left:
        start = left.pop()
        piece = {start}
        todo = [start]
        while todo:
            p = todo.pop()
            for q in neighbours(p):
                if q in left:
                    left.discard(q)
                    piece.add(q)
                    todo.append(q)
        pieces.append(piece)
    return pieces


def _king_step_ok(c: Circuit, p, q) -> bool:
    """A one-square move whose trajectory stays inside the track."""
    return c.surface.segment(p[0], p[1], q[0], q[1])


def _drive_neighbours(c: Circuit):
    def nb(p):
        x, y = p
        for dx, dy in KING:
            q = (x + dx, y + dy)
            if c.drivable(*q) and _king_step_ok(c, p, q):
                yield q
    return nb


def _adjacent(p):
    x, y = p
    for dx, dy in KING:
        yield (x + dx, y + dy)


def _where(p) -> str:
    return f"({p[0]}, {p[1]})"


# ---- the checks ---------------------------------------------------------------
def check(c: Circuit) -> list[str]:
    problems: list[str] = []
    problems += _check_grid(c)
    problems += _check_sectors(c)
    problems += _check_arrows(c)
    problems += _check_reachable(c)
    problems += _check_pit(c)
    problems += _check_runoff(c)
    return problems


def _check_grid(c: Circuit) -> list[str]:
    out = []
    last = c.n_sectors - 1
    seen = set()
    for i, (x, y) in enumerate(c.meta.grid, start=1):
        kind = c.kind_at(x, y)
        if not c.drivable(x, y):
            what = {FORBIDDEN: "a forbidden point", RUNOFF: "a run-off point"}.get(kind, kind)
            where = "outside the board" if not (0 <= x < c.width and 0 <= y < c.height) else what
            out.append(f"grid slot {i} at {_where((x, y))} is {where}, not on the track")
            continue
        if (x, y) in seen:
            out.append(f"grid slot {i} at {_where((x, y))} is the same point as an earlier slot")
        seen.add((x, y))
    return out


def _check_sectors(c: Circuit) -> list[str]:
    out = []
    n = c.n_sectors
    drive: list[set] = [set() for _ in range(n)]
    usable: list[set] = [set() for _ in range(n)]
    for x, y in _points(c):
        kind = c.kind_at(x, y)
        if kind == FORBIDDEN:
            continue
        k = c.sector_at(x, y)
        if k < 0:
            out.append(f"{_where((x, y))} is {'run-off' if kind == RUNOFF else 'track'} "
                       "but has no sector")
            continue
        usable[k].add((x, y))
        if kind in (TRACK, KERB):
            drive[k].add((x, y))
    if n < 3:
        out.append(f"only {n} sector(s): a lap needs at least 3 so that its direction is known")
    for k in range(n):
        if not drive[k]:
            out.append(f"sector {_letter(c, k)} has an arrow but no track points")
            continue
        pieces = _components(drive[k], lambda p: _adjacent(p))
        if len(pieces) > 1:
            pieces.sort(key=len, reverse=True)
            stray = min(pieces[1])
            out.append(f"sector {_letter(c, k)} is in {len(pieces)} separate pieces "
                       f"(e.g. {_where(stray)} is cut off from the rest)")
        pieces = _components(usable[k], lambda p: _adjacent(p))
        if len(pieces) > 1 and len(_components(drive[k], lambda p: _adjacent(p))) == 1:
            stray = min(sorted(pieces, key=len)[0])
            out.append(f"sector {_letter(c, k)}: run-off point {_where(stray)} does not "
                       "touch the rest of its sector")
    if n < 3 or any(not d for d in drive):
        return out
    # consecutive sectors must touch; others must not
    touch: dict[tuple[int, int], tuple[int, int]] = {}
    for k in range(n):
        for p in drive[k]:
            for q in _adjacent(p):
                if c.drivable(*q):
                    j = c.sector_at(*q)
                    if j != k and j >= 0:
                        key = (min(j, k), max(j, k))
                        if key not in touch or p < touch[key]:
                            touch[key] = min(p, q)
    for k in range(n):
        j = (k + 1) % n
        if (min(j, k), max(j, k)) not in touch:
            what = "the finish line" if j == 0 else "the next sector"
            out.append(f"sectors out of race order: sector {_letter(c, k)} does not touch "
                       f"{what} {_letter(c, j)}")
    for (i, j), p in sorted(touch.items()):
        if (j - i) % n not in (1, n - 1):
            out.append(f"sectors {_letter(c, i)} and {_letter(c, j)} touch at {_where(p)} "
                       "although they are not consecutive: a boundary does not cross the "
                       "whole track (a car could skip a sector)")
    return out


def _boundary_centre(c: Circuit, k: int, j: int):
    """Mean position of the drivable points of sector k next to sector j."""
    xs = ys = m = 0
    for x, y in _points(c):
        if c.drivable(x, y) and c.sector_at(x, y) == k:
            if any(c.drivable(*q) and c.sector_at(*q) == j for q in _adjacent((x, y))):
                xs += x
                ys += y
                m += 1
    return (xs / m, ys / m) if m else None


def _check_arrows(c: Circuit) -> list[str]:
    out = []
    n = c.n_sectors
    if n < 3:
        return out
    for k in range(n):
        a = _boundary_centre(c, k, (k - 1) % n)
        b = _boundary_centre(c, k, (k + 1) % n)
        if a is None or b is None:
            continue                         # reported as out of race order
        ax, ay = c.arrow(k)
        vx, vy = b[0] - a[0], b[1] - a[1]
        if vx * ax + vy * ay <= 0:
            out.append(f"sector {_letter(c, k)}: its red arrow "
                       f"{c.meta.arrows[c.sector_names[k]]} points against the race "
                       "direction (from the previous sector towards the next)")
    return out


def _check_reachable(c: Circuit) -> list[str]:
    """From the grid, one point at a time, through every sector in order and
    back into 'a' (the finish)."""
    n = c.n_sectors
    last = n - 1
    starts = [p for p in c.meta.grid if c.drivable(*p) and c.sector_at(*p) == last]
    if not starts:
        starts = [p for p in _points(c) if c.drivable(*p) and c.sector_at(*p) == last]
    if not starts:
        return ["the finish cannot be reached: the last sector has no track points"]
    nb = _drive_neighbours(c)
    # progress 0: on the grid side of the finish line; progress m: entered the
    # m-th sector after it (m = n + 1: back into 'a', a lap done).
    goal = n + 1
    best = 0
    seen = {(p, 0) for p in starts}
    todo = deque(seen)
    while todo:
        p, prog = todo.popleft()
        here = (last + prog) % n
        for q in nb(p):
            s = c.sector_at(*q)
            if s == here:
                state = (q, prog)
            elif s == (here + 1) % n:
                state = (q, prog + 1)
                if prog + 1 == goal:
                    return []
            else:
                continue
            if state not in seen:
                seen.add(state)
                best = max(best, state[1])
                todo.append(state)
    here = (last + best) % n
    return [f"the finish cannot be reached: from the grid a car gets into sector "
            f"{_letter(c, here)} but no further, into sector {_letter(c, (here + 1) % n)}"]


def _check_pit(c: Circuit) -> list[str]:
    pit = c.meta.pit
    if pit is None:
        return []
    out = []
    a, b = pit.entry
    if a == b:
        out.append(f"pit entry: the Pit Lane In line needs two different points, got {_where(a)} twice")
    elif not (c.drivable(*a) or c.drivable(*b)):
        out.append(f"pit entry: the Pit Lane In line {_where(a)}-{_where(b)} touches no "
                   "track point, so no car can reach it")
    nb = _drive_neighbours(c)
    grid_piece: set = set()
    starts = [p for p in c.meta.grid if c.drivable(*p)]
    if starts:
        pieces = _components({p for p in _points(c) if c.drivable(*p)}, nb)
        grid_piece = next((pc for pc in pieces if starts[0] in pc), set())
    for i, p in enumerate(pit.exit, start=1):
        if not c.drivable(*p):
            out.append(f"pit exit point {i} at {_where(p)} is not on the track")
        elif grid_piece and p not in grid_piece:
            out.append(f"pit exit point {i} at {_where(p)} is not connected to the track "
                       "the grid is on")
    for i, p in enumerate(pit.squares, start=1):
        if c.drivable(*p):
            out.append(f"pit square {i} at {_where(p)} is on the track; the pit lane "
                       "squares must be beside it")
    if len(set(pit.squares)) != len(pit.squares):
        out.append("two pit lane squares share a point")
    for name in ("stop", "full_fuel", "half_fuel"):
        v = getattr(pit, name)
        if v > len(pit.squares):
            out.append(f"pit.{name} = {v} but the pit lane has {len(pit.squares)} squares")
    return out


def _check_runoff(c: Circuit) -> list[str]:
    runoff = {p for p in _points(c) if c.kind_at(*p) == RUNOFF}
    if not runoff:
        return []
    # back to the track one square a turn (BOLIDE 2), over run-off only
    ok = set()
    todo = deque()
    for p in runoff:
        if any(c.drivable(*q) for q in _adjacent(p)):
            ok.add(p)
            todo.append(p)
    while todo:
        p = todo.popleft()
        for q in _adjacent(p):
            if q in runoff and q not in ok:
                ok.add(q)
                todo.append(q)
    stranded = sorted(runoff - ok, key=lambda p: (p[1], p[0]))
    if not stranded:
        return []
    return [f"{len(stranded)} run-off point(s) cannot lead back to the track one square "
            f"at a time, e.g. {_where(stranded[0])}: run-off must lie beside the track"]


# ---- notes and summary --------------------------------------------------------
def notes(c: Circuit) -> list[str]:
    out = []
    last = c.n_sectors - 1
    for i, (x, y) in enumerate(c.meta.grid, start=1):
        k = c.sector_at(x, y)
        if c.drivable(x, y) and k != last:
            out.append(f"grid slot {i} at {_where((x, y))} is in sector {_letter(c, k)}, "
                       f"not in the last sector {_letter(c, last)} behind the finish line")
    pit = c.meta.pit
    if pit is None:
        out.append("no pit lane: 1/2 Fuel strategies and repairs are impossible here")
    else:
        a, b = pit.entry
        touch = [p for p in (a, b) if c.drivable(*p)]
        if touch and all(c.sector_at(*p) != c.n_sectors - 1 for p in touch):
            out.append("the Pit Lane In line is not in the last sector, before the finish")
        for i in range(1, len(pit.exit)):
            p, q = pit.exit[i - 1], pit.exit[i]
            if max(abs(p[0] - q[0]), abs(p[1] - q[1])) != 1:
                out.append(f"pit exit points {i} {_where(p)} and {i + 1} {_where(q)} are "
                           "not next to each other")
        if not pit.full_fuel <= pit.stop <= pit.half_fuel:
            out.append("pit cells are not in the order Full Fuel, Pit Stop, 1/2 Fuel")
    if len(c.meta.grid) < 8:
        out.append(f"only {len(c.meta.grid)} grid slots")
    counts = [0] * c.n_sectors
    for x, y in _points(c):
        if c.drivable(x, y) and c.sector_at(x, y) >= 0:
            counts[c.sector_at(x, y)] += 1
    total = sum(counts) or 1
    before = sum(counts[:c.intermediate]) / total
    if not 0.3 <= before <= 0.7:
        out.append(f"the intermediate line (1/2 GP) is {before:.0%} of the way round")
    return out


def summary(c: Circuit) -> str:
    drive = sum(1 for p in _points(c) if c.drivable(*p))
    parts = [f"{c.width}×{c.height}", f"{c.n_sectors} sectors",
             f"1/2 GP into {c.meta.intermediate!r}", f"{len(c.meta.grid)} grid slots",
             f"{drive} track points"]
    pit = c.meta.pit
    if pit is not None:
        lane = (f"pit lane {len(pit.squares)} squares (full fuel {pit.full_fuel}, "
                f"stop {pit.stop}, 1/2 fuel {pit.half_fuel}")
        if pit.speed_limit is not None:
            lane += f", entry speed limit {pit.speed_limit}"
        parts.append(lane + ")")
    parts.append(f"rain risk {c.meta.rain_risk}")
    return f"{c.meta.name}: " + ", ".join(parts)


def check_file(path) -> tuple[Circuit, list[str]]:
    """Parse (raising BadInput/TrackError on unreadable files) and check.
    The header's point facts are checked here rather than by the parser, so
    that they are reported as problems alongside the others."""
    c = load_track(path, strict=False)
    return c, check(c)


def main(path) -> int:
    """What `chequered bolide check-track FILE` prints; returns the exit status
    (0 fine, 1 problems). Unreadable files raise BadInput for the caller."""
    c, problems = check_file(path)
    if problems:
        for p in problems:
            print(f"{path}: {p}")
        return 1
    print(f"ok: {summary(c)}")
    for note in notes(c):
        print(f"note: {note}")
    return 0

