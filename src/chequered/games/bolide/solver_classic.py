"""Classic Racetrack on an ASCII map (`chequered solve classic`).

Start at rest on a start cell; each turn the velocity changes by at most
`accel` on each axis (radius 1: 9 points); the race is won on the first move
that reaches a goal. Two rules say which moves are legal and which reach the
goal (`LINES`):

exact    the rule of Bolide's track surface (`geometry.Surface`): the whole
         segment lies on free cells; it reaches the goal when it touches a
         goal point, or an edge or square whose corners are all goals (so
         crossing a line of goal cells counts). The default.
sampled  the rule of Barto, Bradtke & Singh (1995) and the solvers that
         followed them: the move from p with new velocity v visits
         p + k v / m for k = 0..m, m = 2 (|vx| + |vy|), each coordinate
         rounded half up to a cell; the first of those cells on a goal
         reaches the goal, the first on a wall (or off the map) is a crash.
         A crash ends the race unfinished, so no fastest line crashes: the
         solver treats such a move as illegal. No speed cap.

Speed bound.  A car starting at rest that reaches speed v along an axis has
driven at least v + (v - a) + (v - 2a) + ... (the positive terms) along it
since that component was last 0 or less, between two cells of the map (a
move that stays on the map: with the sampled rule every move but the last).
So no state of a race is faster than the largest such v within the free
cells' extent, and the last move at most `accel` faster: the table covers
exactly those velocities, not every speed the map would allow.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ...engine.protocol import BadInput
from .solver_line import Solution, summarise, walk
from .solver_moves import Board, MoveTable
from .solver_search import Spec, build_table, resolve_engine, warm_up

LINES = ("exact", "sampled")

CLASSIC_FREE = ".  "
CLASSIC_WALL = "xX#@"
CLASSIC_START = "Ss"
CLASSIC_GOAL = "GFf"


@dataclass
class ClassicTrack:
    width: int
    height: int
    free: list[list[bool]]
    starts: list[tuple[int, int]]
    goals: list[tuple[int, int]]
    name: str = "<classic>"

    def is_goal(self, x, y) -> bool:
        return (x, y) in self._goalset

    def __post_init__(self):
        self._goalset = set(self.goals)


def parse_classic(text: str, name: str = "<classic>") -> ClassicTrack:
    rows = text.split("\n")
    rows = [r.rstrip("\r") for r in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    if not rows:
        raise BadInput(f"{name}: empty racetrack")
    width = max(len(r) for r in rows)
    free, starts, goals = [], [], []
    for y, row in enumerate(rows):
        line = []
        for x in range(width):
            ch = row[x] if x < len(row) else "x"
            if ch in CLASSIC_WALL:
                line.append(False)
            elif ch in ". " or ch in CLASSIC_START or ch in CLASSIC_GOAL:
                line.append(True)
                if ch in CLASSIC_START:
                    starts.append((x, y))
                elif ch in CLASSIC_GOAL:
                    goals.append((x, y))
            else:
                raise BadInput(f"{name}:{y + 1}:{x + 1}: unknown racetrack character {ch!r} "
                               "(use . or space free, x X # @ wall, S s start, G F f goal)")
        free.append(line)
    if not starts:
        raise BadInput(f"{name}: no start cell (S or s)")
    if not goals:
        raise BadInput(f"{name}: no goal cell (G, F or f)")
    return ClassicTrack(width, height=len(rows), free=free, starts=starts, goals=goals,
                        name=name)


def kinematic_speed_bound(span: int, accel: int) -> int:
    """The highest speed along an axis that a car starting at rest can reach
    having driven at most `span` cells along it (see the module docstring)."""
    def run(v):                  # the shortest run that ends at speed v
        return sum(range(v, 0, -accel))
    v = 0
    while run(v + 1) <= span:
        v += 1
    return v


def classic_vmax(track: ClassicTrack, accel: int, cap: int | None, line: str = "exact") -> int:
    """The velocities the table covers: the kinematic bound of the map
    (plus `accel` for the sampled rule's last move, which may end past the
    goal, off the map), or the cap when lower."""
    xs = [x for row in track.free for x, ok in enumerate(row) if ok]
    ys = [y for y, row in enumerate(track.free) if any(row)]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    v = kinematic_speed_bound(span, accel) + (accel if line == "sampled" else 0)
    if cap is not None:
        v = min(v, cap)
    return max(1, v)


def solve_classic(text: str, accel: int = 1, speed_cap: int | None = None,
                  engine: str = "auto", name: str = "<classic>",
                  line: str = "exact") -> Solution:
    """The fastest race on a classic map under `line` (see the module
    docstring): the minimum turns, a fastest line from the best start cell,
    and in `details` the optimum from every start cell and their mean."""
    if accel < 1:
        raise BadInput("the acceleration radius must be at least 1")
    if speed_cap is not None and speed_cap < 1:
        raise BadInput("the speed cap must be at least 1")
    if line not in LINES:
        raise BadInput(f"unknown line rule {line!r}; choose from {', '.join(LINES)}")
    engine = resolve_engine(engine)
    warm = warm_up(engine)
    t0 = time.perf_counter()
    tr = parse_classic(text, name)
    V = classic_vmax(tr, accel, speed_cap, line)
    free = tr.free
    board = Board(tr.width, tr.height, lambda x, y: free[y][x], V,
                  goal=tr.is_goal, name=name)
    t = build_table(MoveTable(board, line), Spec(1, (V,), accel, 0, V, 0), engine)
    per_start = [(sx, sy, t.get(sx, sy, 0, 0, 0, 0)) for sx, sy in tr.starts]
    reached = [(g, (sx, sy)) for sx, sy, g in per_start if g is not None]
    if not reached:
        raise BadInput(f"{name}: no goal can be reached from a start cell")
    turns, (sx, sy) = min(reached)
    path = walk(t, sx, sy, 0, 0, 0, 0)
    lap_turns, top_turns, speeds, brk = summarise(path, 1, (V,))
    details = {"line_rule": line, "speed_cap": speed_cap, "vmax": V,
               "starts": [{"x": x, "y": y, "turns": g} for x, y, g in per_start],
               "mean_turns": round(sum(g for g, _ in reached) / len(reached), 4),
               "warm_up_seconds": round(warm, 3)}
    return Solution(name, turns, turns, lap_turns, (sx, sy), path, 1, (V,), accel, 0,
                    top_turns, speeds, brk, engine, time.perf_counter() - t0, t.states,
                    t.nbytes, kind="classic", details=details, classic=tr)
