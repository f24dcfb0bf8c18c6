"""The exact fastest-line solver (issue 3, section 4).

Optimality is checked against an independent brute force: iterative
deepening over raw moves, written here from the rulebook with nothing shared
with the solver but geometry.Surface (the definition of "inside the track").
"""
from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from typer.testing import CliRunner

from chequered.cli import app
from chequered.games.bolide import solver as S
from chequered.games.bolide.circuit import circuit, circuit_keys, load_track
from chequered.games.bolide.geometry import Surface
from chequered.games.bolide.rules import moves as M

TRACKS = Path(__file__).parent / "tracks"
SMALL = ["tiny_oval", "tiny_l"]

try:
    import numba  # noqa: F401
    HAVE_NUMBA = True
except ImportError:
    HAVE_NUMBA = False
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba is not installed")


# ---- an independent brute force --------------------------------------------------------------
COMPASS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
           "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}


class RawTrack:
    """A .track file read here from scratch: drivable points, sectors, grid."""

    def __init__(self, path: Path):
        text = path.read_text()
        head, rest = text.split("--- surface\n")
        surf, sect = rest.split("--- sectors\n")
        meta = tomllib.loads(head)
        srows = [r for r in surf.split("\n") if r.strip()]
        crows = [r for r in sect.split("\n") if r.strip()]
        self.h, self.w = len(srows), max(len(r) for r in srows)
        self.ok = {(x, y) for y, r in enumerate(srows) for x, ch in enumerate(r) if ch in ".:"}
        names = sorted(meta["arrows"])
        self.n = len(names)
        self.sec = {(x, y): names.index(ch) for y, r in enumerate(crows)
                    for x, ch in enumerate(r) if ch in names}
        self.grid = [tuple(p) for p in meta["grid"]]
        self.arrows = {names.index(k): COMPASS[v] for k, v in meta["arrows"].items()}
        self.surface = Surface(self.w, self.h, lambda x, y: (x, y) in self.ok)

    def legal(self, x, y, nx, ny) -> bool:
        return (nx, ny) in self.ok and self.surface.segment(x, y, nx, ny)


class Brute:
    """Iterative deepening over (x, y, vx, vy, progress, brakes), with a
    table of depths that already failed (a failure with r turns left is a
    failure with fewer)."""

    def __init__(self, track: RawTrack, laps, tops, accel, brakes):
        self.t, self.laps, self.tops, self.accel, self.brakes = track, laps, tops, accel, brakes
        self.goal = laps * track.n
        self.failed: dict = {}

    def step(self, s_from, s_to) -> int:
        n = self.t.n
        d = (s_to - s_from) % n
        return d - n if 2 * d > n else d

    def successors(self, state):
        x, y, vx, vy, prog, br = state
        t, A = self.t, self.accel
        lap = max(prog // t.n, 0)
        top = self.tops[min(lap, len(self.tops) - 1)]
        s0 = t.sec[(x, y)]
        for ay in range(-A, A + 1):
            for ax in range(-A, A + 1):
                dx, dy = vx + ax, vy + ay
                if max(abs(dx), abs(dy)) <= top and t.legal(x, y, x + dx, y + dy):
                    yield (x + dx, y + dy, dx, dy, prog + self.step(s0, t.sec[(x + dx, y + dy)]), br)
        if br:
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    if max(abs(dx), abs(dy)) == 2 and dx * vx + dy * vy > 0 and \
                            t.legal(x, y, x + dx, y + dy):
                        yield (x + dx, y + dy, dx, dy,
                               prog + self.step(s0, t.sec[(x + dx, y + dy)]), br - 1)

    def _dfs(self, state, rem) -> bool:
        if self.failed.get(state, 0) >= rem:
            return False
        for nxt in self.successors(state):
            if nxt[4] >= self.goal:
                return True
            if rem > 1 and self._dfs(nxt, rem - 1):
                return True
        self.failed[state] = rem
        return False

    def turns_from(self, state, limit):
        for depth in range(1, limit + 1):
            if self._dfs(state, depth):
                return depth
        return None

    def race(self, limit):
        """From the pole slot: a standing start to one of the 5 points in
        front (facing the sector's arrow), then the pawn rule."""
        t = self.t
        x, y = t.grid[0]
        s = t.sec[(x, y)]
        prog = s if 2 * s < t.n else s - t.n
        fx, fy = t.arrows[s]
        best = None
        for ox in (-1, 0, 1):
            for oy in (-1, 0, 1):
                if (ox, oy) == (0, 0) or ox * fx + oy * fy < 0 or \
                        not t.legal(x, y, x + ox, y + oy):
                    continue
                p2 = prog + self.step(s, t.sec[(x + ox, y + oy)])
                if p2 >= self.goal:
                    return 1
                rest = self.turns_from((x + ox, y + oy, ox, oy, p2, self.brakes),
                                       (best - 2) if best else limit)
                if rest is not None and (best is None or rest + 1 < best):
                    best = rest + 1
        return best


def _circuit(name):
    return load_track(TRACKS / f"{name}.track")


# ---- optimality against the brute force --------------------------------------------------------
@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("tops,brakes", [((3,), 0), ((3,), 1), ((4,), 1), ((7,), 3)])
def test_one_lap_race_matches_brute_force(name, tops, brakes):
    c = _circuit(name)
    sol = S.solve(c, laps=1, top_speeds=tops, brakes=brakes, engine="python", first_lap=False)
    brute = Brute(RawTrack(TRACKS / f"{name}.track"), 1, tops, 2, brakes)
    assert brute.race(sol.turns + 2) == sol.turns


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("tops,brakes", [((2, 3), 1), ((7, 8), 3)])
def test_two_lap_race_matches_brute_force(name, tops, brakes):
    c = _circuit(name)
    sol = S.solve(c, laps=2, top_speeds=tops, brakes=brakes, engine="python", first_lap=False)
    brute = Brute(RawTrack(TRACKS / f"{name}.track"), 2, tops, 2, brakes)
    assert brute.race(sol.turns + 1) == sol.turns


@pytest.mark.parametrize("name", SMALL)
def test_time_to_go_matches_brute_force_from_random_states(name):
    """Random states (any point, velocity up to 8, lap, brakes) within 8
    turns of the finish or unable to finish: the table's value is the brute
    force's minimum (None: the brute force finds no finish within 8 turns)."""
    c = _circuit(name)
    tops, laps, brakes = (7, 8), 2, 2
    table = S.time_to_go(c, laps, tops, 2, brakes, engine="python")
    raw = RawTrack(TRACKS / f"{name}.track")
    brute = Brute(raw, laps, tops, 2, brakes)
    rng = random.Random(5)
    pts = sorted(raw.ok)
    checked = 0
    while checked < 150:
        x, y = rng.choice(pts)
        vx, vy = rng.randint(-8, 8), rng.randint(-8, 8)
        lap = rng.choice([-1, 0, 1])
        b = rng.randint(0, brakes)
        prog = raw.sec[(x, y)] + lap * raw.n
        want = S.turns_to_go(table, x, y, vx, vy, prog, b)
        if want is not None and want > 8:
            continue              # near the finish only: the brute force stays quick
        assert brute.turns_from((x, y, vx, vy, prog, b), 8) == want, (x, y, vx, vy, prog, b)
        checked += 1


# ---- classic racetrack -----------------------------------------------------------------------
CLASSIC = {
    "corridor": """
xxxxxxxxxxxxxxxx
xS.............F
xS.............F
xxxxxxxxxxxxxxxx
""",
    "elbow": """
xxxxxxxxxx
xS.......x
xS.......x
xxxxxxx..x
      x..x
      x..x
      xFFx
      xxxx
""",
    "hairpin": """
#############
#S..........#
#S..........#
######......#
#F..........#
#F..........#
#############
""",
}


def _touches(goals: set, x0, y0, x1, y1) -> bool:
    """Does the segment meet a goal point or a unit edge between two goal
    points? (A square of four goals is bounded by such edges.)"""
    def orient(ax, ay, bx, by, cx, cy):
        v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        return (v > 0) - (v < 0)

    def on(ax, ay, bx, by, px, py):
        return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)

    def meets(p1, p2, q1, q2):
        o1, o2 = orient(*p1, *p2, *q1), orient(*p1, *p2, *q2)
        o3, o4 = orient(*q1, *q2, *p1), orient(*q1, *q2, *p2)
        if o1 != o2 and o3 != o4:
            return True
        return ((o1 == 0 and on(*p1, *p2, *q1)) or (o2 == 0 and on(*p1, *p2, *q2))
                or (o3 == 0 and on(*q1, *q2, *p1)) or (o4 == 0 and on(*q1, *q2, *p2)))

    a, b = (x0, y0), (x1, y1)
    for gx, gy in goals:
        if meets(a, b, (gx, gy), (gx, gy)):
            return True
        for hx, hy in ((gx + 1, gy), (gx, gy + 1)):
            if (hx, hy) in goals and meets(a, b, (gx, gy), (hx, hy)):
                return True
    return False


def _classic_brute(text: str, accel: int, limit: int):
    rows = [r for r in text.split("\n") if r.strip()]
    w = max(len(r) for r in rows)
    free = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch not in "xX#@"}
    starts = [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch in "Ss"]
    goals = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch in "GFf"}
    surf = Surface(w, len(rows), lambda x, y: (x, y) in free)
    failed = {}

    def dfs(st, rem):
        if failed.get(st, 0) >= rem:
            return False
        x, y, vx, vy = st
        for ay in range(-accel, accel + 1):
            for ax in range(-accel, accel + 1):
                dx, dy = vx + ax, vy + ay
                nx, ny = x + dx, y + dy
                if (nx, ny) not in free or not surf.segment(x, y, nx, ny):
                    continue
                if _touches(goals, x, y, nx, ny):
                    return True
                if rem > 1 and dfs((nx, ny, dx, dy), rem - 1):
                    return True
        failed[st] = rem
        return False

    for depth in range(1, limit + 1):
        if any(dfs((x, y, 0, 0), depth) for x, y in starts):
            return depth
    return None


@pytest.mark.parametrize("name", sorted(CLASSIC))
@pytest.mark.parametrize("accel", [1, 2])
def test_classic_matches_brute_force(name, accel):
    sol = S.solve_classic(CLASSIC[name], accel=accel, engine="python")
    assert _classic_brute(CLASSIC[name], accel, sol.turns + 1) == sol.turns
    # the line: from rest, each move within the acceleration box, legal,
    # and only the last one touches a goal
    text = CLASSIC[name]
    rows = [r for r in text.split("\n") if r.strip()]
    goals = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch in "GFf"}
    free = {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch not in "xX#@"}
    surf = Surface(max(map(len, rows)), len(rows), lambda x, y: (x, y) in free)
    (x, y), (vx, vy) = sol.start, (0, 0)
    assert rows[y][x] in "Ss"
    for i, st in enumerate(sol.line):
        assert max(abs(st.vx - vx), abs(st.vy - vy)) <= accel
        assert (st.x - x, st.y - y) == (st.vx, st.vy)
        assert surf.segment(x, y, st.x, st.y)
        assert _touches(goals, x, y, st.x, st.y) == (i == len(sol.line) - 1)
        x, y, vx, vy = st.x, st.y, st.vx, st.vy


def test_classic_known_answers():
    # a 14-square corridor from rest, +-1 a turn: speeds 1, 2, 3, 4, 4 reach 14
    assert S.solve_classic(CLASSIC["corridor"], accel=1).turns == 5
    # with a speed cap of 2: 1 + 2 * 7 >= 14 -> 8 turns
    assert S.solve_classic(CLASSIC["corridor"], accel=1, speed_cap=2).turns == 8


def test_classic_bad_maps():
    with pytest.raises(S.BadInput, match="unknown racetrack character"):
        S.solve_classic("xxx\nxSq\nxFx\n")
    with pytest.raises(S.BadInput, match="no start"):
        S.solve_classic("xxx\nx.F\nxxx\n")
    with pytest.raises(S.BadInput, match="no goal can be reached"):
        S.solve_classic("xxxxx\nxSxFx\nxxxxx\n")


# ---- the line obeys the game's move rules ---------------------------------------------------
def _check_line(c, sol):
    """Every move is one the game's rules (rules.moves) allow on an empty
    track; sharp brakings only where a braking is allowed and left; the race
    finishes on the last move and not before."""
    n = c.n_sectors
    x, y = sol.start
    facing = c.arrow(c.sector_at(x, y))
    first = sol.line[0]
    assert first.start and (first.x, first.y) in M.start_targets(c, x, y, facing, 1)
    s = c.sector_at(x, y)
    progress = s if 2 * s < n else s - n
    progress += S.sector_step(n, s, c.sector_at(first.x, first.y))
    x, y, vx, vy = first.x, first.y, first.vx, first.vy
    brakes = sol.brakes
    for i, st in enumerate(sol.line[1:], start=2):
        assert progress < sol.laps * n, f"finished before move {i}"
        lap = max(progress, 0) // n
        top = sol.top_speeds[min(lap, len(sol.top_speeds) - 1)]
        assert st.lap == lap + 1
        if st.sharp_braking:
            assert brakes > 0
            assert (st.x, st.y) in M.sharp_braking_targets(c, x, y, vx, vy)
            assert (st.x, st.y) not in M.pawn_targets(c, x, y, vx, vy, top, accel=sol.accel)
            brakes -= 1
        else:
            assert (st.x, st.y) in M.pawn_targets(c, x, y, vx, vy, top, accel=sol.accel)
        assert (st.vx, st.vy) == (st.x - x, st.y - y)
        assert st.speed == max(abs(st.vx), abs(st.vy))
        progress += S.sector_step(n, c.sector_at(x, y), c.sector_at(st.x, st.y))
        x, y, vx, vy = st.x, st.y, st.vx, st.vy
    assert progress >= sol.laps * n
    assert sum(sol.sharp_brakings) == sol.brakes - brakes
    assert sum(sol.lap_turns) == sol.turns == len(sol.line)


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("brakes", [0, 1, 3])
def test_small_lines_are_legal(name, brakes):
    c = _circuit(name)
    _check_line(c, S.solve(c, brakes=brakes, engine="python"))


@pytest.mark.parametrize("key", circuit_keys())
def test_shipped_lines_are_legal(key):
    c = circuit(key)
    sol = S.solve(c)
    _check_line(c, sol)
    assert sol.first_lap_turns <= sol.lap_turns[0]
    assert sol.turns < 200


def test_more_brakes_never_slower_and_zero_means_none():
    c = _circuit("tiny_l")
    turns = [S.solve(c, brakes=b, engine="python", first_lap=False).turns for b in range(4)]
    assert turns == sorted(turns, reverse=True)
    assert S.solve(c, brakes=0, engine="python").sharp_brakings == [0, 0]


def test_time_to_go_lookups():
    c = _circuit("tiny_oval")
    t = S.time_to_go(c, engine="python")
    sol = S.solve(c, engine="python")
    # along the optimal line the time to go drops by one each turn
    x, y = sol.start
    s0 = c.sector_at(x, y)
    progress = s0 - c.n_sectors        # the pole is behind the line
    brakes = sol.brakes
    left = sol.turns
    for st in sol.line:
        progress += S.sector_step(c.n_sectors, c.sector_at(x, y), c.sector_at(st.x, st.y))
        brakes -= st.sharp_braking
        left -= 1
        assert S.turns_to_go(t, st.x, st.y, st.vx, st.vy, progress, brakes) == left
        x, y = st.x, st.y
    assert S.turns_to_go(t, 0, 0, 0, 0, 0, 3) is None            # a forbidden point
    assert S.turns_to_go(t, 3, 1, 20, 0, 3, 3) is None            # faster than the table
    assert t.nbytes == t.nl * t.nb * t.nv * t.npos
    # brakes beyond the table's are capped: never worse than with fewer
    assert S.turns_to_go(t, 3, 1, 2, 0, 3, 9) == S.turns_to_go(t, 3, 1, 2, 0, 3, 3)


def test_lap_counting_cannot_cut_back_across_the_line():
    n = 8
    assert S.sector_step(n, 7, 0) == 1 and S.lap_change(n, 7, 0) == 1
    assert S.sector_step(n, 0, 7) == -1 and S.lap_change(n, 0, 7) == -1
    assert S.lap_change(n, 3, 4) == 0
    assert S.start_lap(n, 7) == -1 and S.start_lap(n, 0) == 0
    with pytest.raises(S.BadInput, match="ambiguous"):
        S.sector_step(n, 0, 4)
    # on the tiny oval the pole is just behind the line: backing over the
    # line and driving forwards again does not count a lap
    c = _circuit("tiny_oval")
    mt = S.move_table(c, 8)
    assert mt.move(8, 1, -2, 0) == -1          # a -> d, back across the line
    assert mt.move(6, 1, 2, 0) == 1            # d -> a, across it


def test_footprint_is_surface_segment():
    """The solver's bitmask test agrees with geometry.Surface.segment on
    random surfaces for every displacement up to speed 6."""
    rng = random.Random(11)
    for trial in range(6):
        w, h = 14, 11
        ok = {(x, y) for x in range(w) for y in range(h) if rng.random() < 0.8}
        surf = Surface(w, h, lambda x, y: (x, y) in ok)
        board = S.Board(w, h, surf.point, 6)
        mt = S.MoveTable(board)
        for dy in range(-6, 7):
            for dx in range(-6, 7):
                legal = mt.legal[mt.index(dx, dy)]
                for y in range(h):
                    for x in range(w):
                        want = surf.point(x + dx, y + dy) and surf.segment(x, y, x + dx, y + dy) \
                            and surf.point(x, y)
                        assert bool(legal >> board.pos(x, y) & 1) == want, (x, y, dx, dy)


# ---- python and numba -----------------------------------------------------------------------
@needs_numba
@pytest.mark.parametrize("key", circuit_keys())
def test_engines_agree_on_shipped_circuits(key):
    c = circuit(key)
    a = S.solve(c, engine="python")
    b = S.solve(c, engine="numba")
    assert (a.turns, a.first_lap_turns, a.line) == (b.turns, b.first_lap_turns, b.line)
    assert a.states == b.states


@needs_numba
@pytest.mark.parametrize("name", SMALL)
def test_engines_build_identical_tables(name):
    c = _circuit(name)
    for kw in ({}, {"brakes": 0}, {"laps": 1, "top_speeds": (4,)}, {"free_brakes": True},
               {"vmax": 9}):
        a = S.time_to_go(c, engine="python", **kw)
        b = S.time_to_go(c, engine="numba", **kw)
        assert a.tobytes() == b.tobytes()
        assert (a.layers, a.states) == (b.layers, b.states)
    text = CLASSIC["hairpin"]
    a, b = S.solve_classic(text, engine="python"), S.solve_classic(text, engine="numba")
    assert (a.turns, a.line) == (b.turns, b.line)


def test_engine_names():
    assert S.resolve_engine("python") == "python"
    assert S.resolve_engine("auto") in ("python", "numba")
    with pytest.raises(S.BadInput):
        S.resolve_engine("gpu")


# ---- circuit facts ---------------------------------------------------------------------------
def test_circuit_facts_small():
    c = _circuit("tiny_l")
    facts = S.circuit_facts(c, engine="python")
    assert set(facts) == {"speed8_per_race", "sharp_brakings_per_lap"}
    base = S.solve(c, engine="python")
    assert facts["speed8_per_race"] == base.speed_turns.get(8, 0)
    unlimited = S.unlimited_turns(c, 2, (7, 8), 2, "python")
    m = S.min_brakes_for(c, unlimited, 2, (7, 8), 2, "python")
    # m brakings reach the unlimited optimum, m - 1 do not
    assert S.solve(c, brakes=m, engine="python", first_lap=False).turns == unlimited
    if m:
        assert S.solve(c, brakes=m - 1, engine="python", first_lap=False).turns > unlimited
    assert facts["sharp_brakings_per_lap"] == -(-m // 2)
    assert S.circuit_facts(c, engine="python") == facts          # cached


# ---- the command line ------------------------------------------------------------------------
def _run(capsys, *argv):
    res = CliRunner().invoke(app, list(argv))
    assert "Traceback" not in res.output
    return res.exit_code, res.stdout, res.stderr


def test_cli_solve_bolide(capsys, tmp_path):
    svg = tmp_path / "line.svg"
    path = str(TRACKS / "tiny_oval.track")
    code, out, err = _run(capsys, "solve", "bolide", "--track", path, "--svg", str(svg),
                          "--engine", "python")
    assert code == 0, err
    sol = S.solve(_circuit("tiny_oval"), engine="python")
    assert f"race from the grid: {sol.turns} turns" in out
    assert f"best first lap from the grid: {sol.first_lap_turns} turns" in out
    assert "circuit facts (basic rules): speed 8/race" in out
    assert sol.compact_line().split()[1] in out
    assert "solved in" in out
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<line") >= sol.turns
    import xml.etree.ElementTree as ET
    ET.fromstring(text)


def test_cli_solve_bolide_json_and_options(capsys):
    path = str(TRACKS / "tiny_l.track")
    code, out, _ = _run(capsys, "solve", "bolide", "--track", path, "--laps", "1", "--cap", "4",
                        "--brakes", "0", "--no-facts", "--json", "--engine", "python")
    assert code == 0
    doc = json.loads(out)
    assert doc["laps"] == 1 and doc["top_speeds"] == [4] and doc["sharp_brakings"] == [0]
    assert doc["turns"] == len(doc["line"]) and doc["facts"] is None


@pytest.mark.parametrize("argv", [
    ("solve", "bolide", "--track", "no-such-circuit"),
    ("solve", "bolide", "--track", "/no/such/file.track"),
    ("solve", "bolide", "--track", "ring", "--engine", "gpu"),
    ("solve", "bolide", "--track", "ring", "--accel", "0"),
    ("solve", "classic", "/no/such/map.txt"),
])
def test_cli_bad_input_exits_2(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1


def test_cli_solve_classic(capsys, tmp_path):
    f = tmp_path / "corridor.txt"
    f.write_text(CLASSIC["corridor"])
    svg = tmp_path / "c.svg"
    code, out, _ = _run(capsys, "solve", "classic", str(f), "--accel", "1", "--svg", str(svg))
    assert code == 0
    assert "minimum turns to the goal: 5" in out
    assert svg.read_text().startswith("<svg")
    bad = tmp_path / "bad.txt"
    bad.write_text("xxx\nxS?\nxFx\n")
    code, _, err = _run(capsys, "solve", "classic", str(bad))
    assert code == 2 and "unknown racetrack character" in err
