"""A solver's answer: the canonical fastest line, walked on the time-to-go
table, and its report.

Canonical line.  Among the fastest races: the fewest sharp brakings (the
walk runs on the smallest brake budget with the same time-to-go, on which
every fastest continuation uses exactly that many), then the first candidate
in a fixed order: pawn points row by row from the north-west (as
`rules.moves.pawn_points`), then sharp brakings in the same order. (The
start of a Bolide race, its 5 standing-start points, is `solver.solve`'s.)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .solver_moves import move_speed
from .solver_search import TimeToGo

# ---- solutions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One move of the line: where the car arrives and how."""
    x: int
    y: int
    vx: int                 # the move, i.e. the new car-pawn vector
    vy: int
    speed: int
    lap: int                # the lap the car was in when it moved (1-based)
    sharp_braking: bool = False
    start: bool = False     # the standing start move

    def to_doc(self) -> dict:
        return {"x": self.x, "y": self.y, "vx": self.vx, "vy": self.vy, "speed": self.speed,
                "lap": self.lap, "sharp_braking": self.sharp_braking, "start": self.start}


@dataclass
class Solution:
    track: str
    turns: int                        # the whole race from the grid
    first_lap_turns: int | None       # the best single lap from the grid (qualifying lap)
    lap_turns: list[int]              # turns spent in each lap on the race line
    start: tuple[int, int]            # where the car starts (pole slot / a start cell)
    line: list[Step]
    laps: int
    top_speeds: tuple[int, ...]
    accel: int
    brakes: int
    top_speed_turns: list[int]        # per lap: turns at that lap's top speed
    speed_turns: dict[int, int]       # speed -> turns at that speed, whole race
    sharp_brakings: list[int]         # per lap
    engine: str
    seconds: float
    states: int                       # states of the time-to-go table that can finish
    table_bytes: int = 0
    kind: str = "bolide"
    details: dict = field(default_factory=dict)
    classic: object = field(default=None, repr=False)     # the parsed classic map

    @property
    def points(self) -> list[tuple[int, int]]:
        return [self.start] + [(s.x, s.y) for s in self.line]

    def speed_at_top(self, lap: int) -> int:
        return self.top_speed_turns[lap - 1]

    def compact_line(self) -> str:
        """'x,y' per point; '!' marks a sharp braking, '|' a lap completed."""
        out = [f"{self.start[0]},{self.start[1]}"]
        for i, s in enumerate(self.line):
            out.append(f"{s.x},{s.y}" + ("!" if s.sharp_braking else ""))
            nxt = self.line[i + 1].lap if i + 1 < len(self.line) else None
            if nxt is not None and nxt != s.lap:
                out.append("|")
        return " ".join(out)

    def to_doc(self) -> dict:
        return {"track": self.track, "kind": self.kind, "turns": self.turns,
                "first_lap_turns": self.first_lap_turns, "lap_turns": self.lap_turns,
                "laps": self.laps, "top_speeds": list(self.top_speeds), "accel": self.accel,
                "brakes": self.brakes, "top_speed_turns": self.top_speed_turns,
                "speed_turns": {str(k): v for k, v in sorted(self.speed_turns.items())},
                "sharp_brakings": self.sharp_brakings, "start": list(self.start),
                "line": [s.to_doc() for s in self.line], "engine": self.engine,
                "seconds": round(self.seconds, 4), "states": self.states,
                "table_bytes": self.table_bytes, **self.details}


def fewest_brakes(t: TimeToGo, x, y, vx, vy, lap, budget) -> int:
    """The fewest brakes with which this state still finishes as fast."""
    best = t.get(x, y, vx, vy, lap, budget)
    b = budget
    while b > 0 and t.get(x, y, vx, vy, lap, b - 1) == best:
        b -= 1
    return b


def walk(t: TimeToGo, x, y, vx, vy, lap, budget) -> list[Step]:
    """The canonical fastest line from a state (see the module docstring)."""
    spec, mv = t.spec, t.moves
    A = spec.accel
    k = t.get(x, y, vx, vy, lap, budget)
    if k is None:
        raise ValueError("no line from this state")
    budget = fewest_brakes(t, x, y, vx, vy, lap, budget)
    out = []
    while k > 0:
        top = spec.top(lap)
        found = None
        for ay in range(-A, A + 1):
            for ax in range(-A, A + 1):
                dx, dy = vx + ax, vy + ay
                if move_speed(dx, dy) > top:
                    continue
                w = mv.move(x, y, dx, dy)
                if w is not None and t.get(x + dx, y + dy, dx, dy, lap + w, budget) == k - 1:
                    found = (dx, dy, w, False)
                    break
            if found:
                break
        after = budget if spec.free_brakes else budget - 1
        if found is None and after >= 0 and top >= 2:
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    if move_speed(dx, dy) != 2 or dx * vx + dy * vy <= 0:
                        continue
                    w = mv.move(x, y, dx, dy)
                    if w is not None and \
                            t.get(x + dx, y + dy, dx, dy, lap + w, after) == k - 1:
                        found = (dx, dy, w, True)
                        break
                if found:
                    break
        if found is None:        # pragma: no cover - the table is exact
            raise AssertionError(f"time-to-go table inconsistent at {(x, y, vx, vy, lap)}")
        dx, dy, w, brake = found
        out.append(Step(x + dx, y + dy, dx, dy, move_speed(dx, dy), max(lap, 0) + 1, brake))
        x, y, vx, vy, lap = x + dx, y + dy, dx, dy, lap + w
        if brake:
            budget = after
        k -= 1
    return out

def summarise(line: list[Step], laps: int, tops) -> tuple[list, list, dict, list]:
    lap_turns = [0] * laps
    top_turns = [0] * laps
    brakes = [0] * laps
    speeds: dict[int, int] = {}
    for s in line:
        i = min(s.lap, laps) - 1
        lap_turns[i] += 1
        top = tops[min(i, len(tops) - 1)]
        top_turns[i] += s.speed == top
        brakes[i] += s.sharp_braking
        speeds[s.speed] = speeds.get(s.speed, 0) + 1
    return lap_turns, top_turns, speeds, brakes

# ---- reports (the CLI) -----------------------------------------------------------------------
def _wrap(text: str, width: int = 96, indent: str = "  ") -> list[str]:
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            out.append(indent + cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(indent + cur)
    return out


def describe(sol: Solution, facts: dict | None = None) -> str:
    """The solution as the CLI prints it."""
    lines = []
    tops = "/".join(map(str, sol.top_speeds))
    if sol.kind == "bolide":
        lines.append(f"{sol.track}: {sol.laps} lap{'s' if sol.laps > 1 else ''}, top speeds "
                     f"{tops}, pawn radius {sol.accel}, {sol.brakes} sharp brakings, "
                     f"engine {sol.engine}")
        split = ", ".join(f"lap {i + 1}: {n}" for i, n in enumerate(sol.lap_turns))
        lines.append(f"race from the grid: {sol.turns} turns ({split})")
        if sol.first_lap_turns is not None:
            lines.append(f"best first lap from the grid: {sol.first_lap_turns} turns")
        at_top = ", ".join(
            f"lap {i + 1} (speed {sol.top_speeds[min(i, len(sol.top_speeds) - 1)]}): {n}"
            for i, n in enumerate(sol.top_speed_turns))
        lines.append(f"turns at top speed: {at_top}")
        used = ", ".join(f"lap {i + 1}: {n}" for i, n in enumerate(sol.sharp_brakings))
        lines.append(f"sharp brakings used: {used} (of {sol.brakes})")
    else:
        d = sol.details
        lines.append(f"{sol.track}: classic racetrack, {d.get('line_rule', 'exact')} line rule, "
                     f"acceleration radius {sol.accel}, speed cap {d.get('speed_cap') or 'none'}, "
                     f"engine {sol.engine}")
        lines.append(f"minimum turns to the goal: {sol.turns}")
        starts = d.get("starts", [])
        if starts:
            lines.append("optimum per start cell (x,y: turns):")
            lines += _wrap(", ".join(f"{s['x']},{s['y']}: "
                                     f"{'none' if s['turns'] is None else s['turns']}"
                                     for s in starts))
            stuck = sum(s["turns"] is None for s in starts)
            lines.append(f"mean over the {len(starts) - stuck} start cells that reach a goal: "
                         f"{d['mean_turns']:.2f}" + (f" ({stuck} cannot)" if stuck else ""))
    speeds = ", ".join(f"{k}: {v}" for k, v in sorted(sol.speed_turns.items()))
    lines.append(f"turns per speed: {speeds}")
    if facts:
        lines.append(f"circuit facts (basic rules): speed 8/race {facts['speed8_per_race']}, "
                     f"sharp brakings/lap {facts['sharp_brakings_per_lap']}")
    lines.append("line (x,y a turn from the start; ! sharp braking, | lap completed):")
    lines += _wrap(sol.compact_line())
    lines.append(f"time-to-go table: {sol.states:,} states that can finish, "
                 f"{sol.table_bytes / 1e6:.1f} MB")
    warm = sol.details.get("warm_up_seconds")
    lines.append(f"solved in {sol.seconds:.3f} s"
                 + (f" (after {warm:.2f} s loading the numba kernels)" if warm else ""))
    return "\n".join(lines)
