"""Classic Racetrack maps: the sampled rule of Barto, Bradtke & Singh (1995)
(`solve classic --line sampled`), the optimum per start cell, and the speed
bound of the classic table.

Each map below is solved by hand in its test; an independent brute force
(a forward breadth-first search written from the rule's text, with exact
fractions) checks the same maps and a few more, and the two engines must
build the same tables.
"""
from __future__ import annotations

import json
from collections import deque
from fractions import Fraction
from math import floor

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.games.bolide import solver as S
from chequered.games.bolide.solver_classic import LINES, classic_vmax, kinematic_speed_bound
from chequered.games.bolide.solver_moves import Board, MoveTable, sampled_points
from chequered.games.bolide.solver_search import Spec, build_table

try:
    import numba  # noqa: F401
    HAVE_NUMBA = True
except ImportError:
    HAVE_NUMBA = False
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba is not installed")

# x: 0 wall, 1 S, 2 free, 3 S, 4 free, 5 free, 6 goal, then off the map.
CORRIDOR = """
xxxxxxx
xS.S..F
xxxxxxx
"""

# Free cells: (1..5, 1), (4, 2), (5, 2), (5, 3); the goal is (4, 3).
CRASH = """
xxxxxxx
xS....x
xxxx..x
xxxxF.x
xxxxxxx
"""

CORNER = """
xxxxxx
xS...x
xxx..x
xxx..x
xFF..x
xxxxxx
"""

OPEN = """
xxxxxxxxx
xS......x
x.......x
x...xx..x
x...xx..x
xS......x
x......Fx
xxxxxxxxx
"""


def _table(text: str, line: str, vmax: int | None = None):
    tr = S.parse_classic(text)
    V = vmax or classic_vmax(tr, 1, None, line)
    board = Board(tr.width, tr.height, lambda x, y: tr.free[y][x], V, goal=tr.is_goal)
    return build_table(MoveTable(board, line), Spec(1, (V,), 1, 0, V, 0), "python")


def _per_start(sol) -> dict:
    return {(s["x"], s["y"]): s["turns"] for s in sol.details["starts"]}


# ---- the independent brute force ----------------------------------------------------------
def _brute(text: str, accel: int = 1, limit: int = 40) -> dict:
    rows = text.strip("\n").split("\n")
    cells = {(x, y): ch for y, r in enumerate(rows) for x, ch in enumerate(r)}

    def kind(x, y):
        ch = cells.get((x, y), "x")            # off the map is a wall
        return "wall" if ch in "xX#@" else "goal" if ch in "GFf" else "free"

    def outcome(x, y, vx, vy):
        m = 2 * (abs(vx) + abs(vy))
        for d in range(m + 1):
            fx = Fraction(d * vx, m) if m else 0
            fy = Fraction(d * vy, m) if m else 0
            k = kind(floor(x + fx + Fraction(1, 2)), floor(y + fy + Fraction(1, 2)))
            if k != "free":
                return k
        return "free"

    out = {}
    for s in [p for p, ch in cells.items() if ch in "Ss"]:
        seen, q, best = {(*s, 0, 0)}, deque([(*s, 0, 0, 0)]), None
        while q and best is None:
            x, y, vx, vy, n = q.popleft()
            if n >= limit:
                break
            for ay in range(-accel, accel + 1):
                for ax in range(-accel, accel + 1):
                    v = (vx + ax, vy + ay)
                    o = outcome(x, y, *v)
                    if o == "goal":
                        best = n + 1
                    elif o == "free" and (x + v[0], y + v[1], *v) not in seen:
                        seen.add((x + v[0], y + v[1], *v))
                        q.append((x + v[0], y + v[1], *v, n + 1))
        out[s] = best
    return out


# ---- the samples ----------------------------------------------------------------------------
def test_sampled_points_round_half_up():
    # (3, 1): m = 8; x = 3k/8 -> 0 0 1 1 2 2 2 3 3, y = k/8 -> 0 0 0 0 1 1 1 1 1
    assert sampled_points(3, 1) == ((0, 0), (1, 0), (2, 1), (3, 1))
    # (-3, 1): -1.5 rounds up to -1 and -1.875 to -2: the rule is not symmetric
    assert sampled_points(-3, 1) == ((0, 0), (-1, 0), (-1, 1), (-2, 1), (-3, 1))
    # (2, 1): m = 6; the car passes (1, 0) then (1, 1)
    assert sampled_points(2, 1) == ((0, 0), (1, 0), (1, 1), (2, 1))
    assert sampled_points(0, 0) == ((0, 0),)
    assert sampled_points(0, -2) == ((0, 0), (0, -1), (0, -2))


# ---- maps solved by hand ------------------------------------------------------------------------
def test_corridor_goal_crossed_mid_move():
    """From (1, 1) the goal is 5 cells away: two turns cover at most 1 + 2 = 3,
    three turns 1 + 2 + 3: 3 turns. From (3, 1) it is 3 away: 1 + 2 = 3, 2
    turns. Mean 2.5. The goal is the map's last column: a move that passes it
    ends off the map and still finishes, because its goal sample comes first."""
    sol = S.solve_classic(CORRIDOR, line="sampled", engine="python")
    assert _per_start(sol) == {(1, 1): 3, (3, 1): 2}
    assert sol.details["mean_turns"] == 2.5
    assert sol.turns == 2 and sol.start == (3, 1)
    mv = _table(CORRIDOR, "sampled").moves
    # at (4, 1) moving 3 east: samples 4, 5, 5, 6 (goal: finished), then 7 off the map
    assert mv.move(4, 1, 3, 0) == 1
    # the exact rule: the segment leaves the free cells, the move is illegal
    assert _table(CORRIDOR, "exact").moves.move(4, 1, 3, 0) is None
    # and a sample on the goal before any wall is all it takes: 2 east lands on it
    assert mv.move(4, 1, 2, 0) == 1


def test_crash_on_a_sampled_wall():
    """Three turns would do: (2, 1) at (1, 0), then (4, 2) at (2, 1), then
    (4, 3) at (0, 1). But the move (2, 1) from (2, 1) samples (3, 1), (3, 2),
    (4, 2), and (3, 2) is a wall: a crash, although it ends on a free cell.
    Every other second move stays on row 1 with vy <= 0, so the third can only
    reach row 2: 4 turns, e.g. (2, 1), (3, 1), (4, 2), (4, 3)."""
    mv = _table(CRASH, "sampled").moves
    assert mv.move(2, 1, 2, 1) is None
    assert mv.move(3, 1, 1, 1) == 0          # (1, 1) samples only (3, 1) and (4, 2)
    sol = S.solve_classic(CRASH, line="sampled", engine="python")
    assert _per_start(sol) == {(1, 1): 4}
    assert sol.compact_line() == "1,1 2,1 3,1 4,2 4,3"
    # the exact rule also forbids the diagonal (3, 1) -> (4, 2), whose square
    # has the wall (3, 2) at a corner: one turn more
    assert S.solve_classic(CRASH, line="exact", engine="python").turns == 5


def test_corner_sampled_is_not_exact():
    """The sampled rule cuts the corner at (3, 1) -> (3, 2) -> (2, 4): 4 turns
    (1,1 2,1 3,2 3,3 2,4), where the exact rule needs 6. Checked by the brute
    force as well."""
    sampled = S.solve_classic(CORNER, line="sampled", engine="python")
    assert _per_start(sampled) == {(1, 1): 4} == _brute(CORNER)
    assert sampled.compact_line() == "1,1 2,1 3,2 3,3 2,4"
    assert S.solve_classic(CORNER, line="exact", engine="python").turns == 6


@pytest.mark.parametrize("text", [CORRIDOR, CRASH, CORNER, OPEN])
def test_sampled_matches_brute_force(text):
    sol = S.solve_classic(text, line="sampled", engine="python")
    want = _brute(text)
    assert _per_start(sol) == want
    reached = [t for t in want.values() if t is not None]
    assert sol.details["mean_turns"] == pytest.approx(sum(reached) / len(reached))
    assert sol.turns == min(reached) == len(sol.line)


def test_sampled_line_follows_the_rule():
    """Each move of the line is within the acceleration box, none crashes, and
    only the last one reaches the goal."""
    sol = S.solve_classic(OPEN, line="sampled", engine="python")
    rows = OPEN.strip("\n").split("\n")
    (x, y), (vx, vy) = sol.start, (0, 0)
    for i, st in enumerate(sol.line):
        assert max(abs(st.vx - vx), abs(st.vy - vy)) <= 1
        kinds = [rows[y + oy][x + ox] for ox, oy in sampled_points(st.vx, st.vy)]
        first = next((k for k in kinds if k in "xF"), ".")
        assert first == ("F" if i == len(sol.line) - 1 else ".")
        x, y, vx, vy = st.x, st.y, st.vx, st.vy


def test_a_start_cell_that_cannot_finish():
    """(1, 3) is walled in: no optimum, and the mean is over the other start
    (2 cells to the goal: 1 + 1 or 1 + 2, 2 turns)."""
    text = "xxxxx\nxS.Fx\nxxxxx\nxSxxx\nxxxxx\n"
    sol = S.solve_classic(text, line="sampled", engine="python")
    assert _per_start(sol) == {(1, 1): 2, (1, 3): None} == _brute(text)
    assert sol.details["mean_turns"] == 2
    assert "mean over the 1 start cells that reach a goal: 2.00 (1 cannot)" in S.describe(sol)
    assert "1,3: none" in S.describe(sol)


# ---- the speed bound ------------------------------------------------------------------------
def test_kinematic_speed_bound():
    # radius 1: 1 + 2 = 3 <= 5 < 1 + 2 + 3
    assert kinematic_speed_bound(5, 1) == 2
    assert kinematic_speed_bound(6, 1) == 3
    assert kinematic_speed_bound(74, 1) == 11        # 66 <= 74 < 78
    # radius 2: 5 + 3 + 1 = 9 <= 10 < 6 + 4 + 2
    assert kinematic_speed_bound(10, 2) == 5
    assert kinematic_speed_bound(0, 1) == 0


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("text", [CORRIDOR, CRASH, CORNER, OPEN])
def test_speed_bound_changes_no_optimum(text, line):
    """A table over every speed the map allows gives the same optimum from
    every start cell as the bounded one."""
    tr = S.parse_classic(text)
    wide = _table(text, line, vmax=max(tr.width, tr.height))
    tight = _table(text, line)
    assert tight.spec.vmax < wide.spec.vmax
    for x, y in tr.starts:
        assert tight.get(x, y, 0, 0, 0, 0) == wide.get(x, y, 0, 0, 0, 0)


# ---- engines and the command line -----------------------------------------------------------------
@needs_numba
@pytest.mark.parametrize("text", [CORRIDOR, CRASH, CORNER, OPEN])
@pytest.mark.parametrize("line", ["exact", "sampled"])
def test_engines_agree_on_classic_maps(text, line):
    a = S.solve_classic(text, line=line, engine="python")
    b = S.solve_classic(text, line=line, engine="numba")
    assert (a.turns, a.line, a.states, a.details["starts"]) == \
        (b.turns, b.line, b.states, b.details["starts"])
    tr = S.parse_classic(text)
    V = classic_vmax(tr, 1, None, line)
    board = Board(tr.width, tr.height, lambda x, y: tr.free[y][x], V, goal=tr.is_goal)
    moves, spec = MoveTable(board, line), Spec(1, (V,), 1, 0, V, 0)
    assert build_table(moves, spec, "python").tobytes() == \
        build_table(moves, spec, "numba").tobytes()


def test_cli_solve_classic_sampled(tmp_path):
    f = tmp_path / "corridor.txt"
    f.write_text(CORRIDOR)
    res = CliRunner().invoke(app, ["solve", "classic", str(f), "--line", "sampled",
                                   "--engine", "python"])
    assert res.exit_code == 0, res.output
    assert "sampled line rule" in res.stdout
    assert "1,1: 3, 3,1: 2" in res.stdout
    assert "mean over the 2 start cells that reach a goal: 2.50" in res.stdout
    res = CliRunner().invoke(app, ["solve", "classic", str(f), "--line", "sampled", "--json",
                                   "--engine", "python"])
    doc = json.loads(res.stdout)
    assert doc["line_rule"] == "sampled" and doc["mean_turns"] == 2.5
    assert doc["starts"] == [{"x": 1, "y": 1, "turns": 3}, {"x": 3, "y": 1, "turns": 2}]
    res = CliRunner().invoke(app, ["solve", "classic", str(f), "--line", "fuzzy"])
    assert res.exit_code == 2 and "unknown line rule" in res.stderr
