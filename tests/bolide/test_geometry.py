"""BOLIDE 1 (trajectories), 1 Start, 4 and 5: what "inside the track" means
for a straight segment on the grid, and the small geometric helpers.

Pictures of these cases: docs/rules/bolide-trajectories.md."""
from __future__ import annotations

from fractions import Fraction
from math import floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chequered.games.bolide.circuit import parse_track
from chequered.games.bolide.geometry import (DIRS, Surface, lattice_points_between,
                                            sharp_braking_ok, standing_start_points)


def surface(*rows: str) -> Surface:
    """A surface from a picture: '.' or ':' drivable, anything else not.
    Row 0 is the first string (y grows downwards), column 0 the first char."""
    h, w = len(rows), max(len(r) for r in rows)
    return Surface(w, h, lambda x, y: x < len(rows[y]) and rows[y][x] in ".:")


# ---- the rule, case by case ------------------------------------------------------
def test_along_a_track_edge_is_inside():
    s = surface("######",
                "......",
                "......")
    assert s.segment(0, 1, 5, 1)          # the whole top edge of the track
    assert s.segment(5, 1, 0, 1)


def test_through_a_track_point_between_two_off_track_squares():
    """Only the point itself and the open pieces in full squares matter: the
    segment crosses (1, 1) where two full squares meet corner to corner."""
    s = surface("..#",
                "...",
                "#..")
    assert s.segment(0, 0, 2, 2)
    # but a diagonal step into either of the two other squares is refused
    assert not s.segment(1, 0, 2, 1)
    assert not s.segment(0, 1, 1, 2)


def test_diagonal_step_needs_the_whole_square():
    s = surface("..",
                "#.")
    assert not s.segment(0, 0, 1, 1)      # square (0,0)-(1,1) has the corner (0,1) off
    assert s.segment(0, 0, 1, 0) and s.segment(1, 0, 1, 1)   # round the edge is fine


def test_clipping_a_square_with_one_off_track_corner_is_refused():
    s = surface("..#",
                "...",
                "...")
    # (0,0) -> (2,1) runs through the open square (1,0)-(2,1), corner (2,0) off
    assert not s.segment(0, 0, 2, 1)
    # the same move one row lower keeps to full squares
    assert s.segment(0, 1, 2, 2)


def test_knight_move_through_a_square_with_an_off_track_corner():
    """(0,0) -> (1,2) crosses the interiors of squares (0,0) and (0,1) and the
    edge between them at (1/2, 1)."""
    corner_in_the_way = surface(".#.",
                                "...",
                                "...")
    assert not corner_in_the_way.segment(0, 0, 1, 2)
    corner_beside = surface("..#",
                            "...",
                            "...")
    assert corner_beside.segment(0, 0, 1, 2)
    # the mirror image of the same knight move, still clear of (2, 0)
    assert corner_beside.segment(1, 2, 0, 0)


def test_axis_aligned_move_along_the_edge_between_track_and_kerb():
    c = parse_track("""\
name = "edge (test)"
rain_risk = 2
intermediate = "b"
grid = [[1, 1], [2, 1]]
[arrows]
a = "E"
b = "E"
--- surface
#######
:.:.:.:
.......
,,,,,,,
--- sectors
#######
aaabbbb
aaabbbb
aaabbbb
""", "edge.track")
    s = c.surface
    assert s.segment(0, 1, 6, 1)          # track and kerb alternate along the top edge
    assert s.segment(0, 2, 6, 2)          # the bottom edge: run-off below is not needed
    assert s.segment(0, 1, 6, 2)          # and between them, through full squares
    assert not s.segment(0, 2, 6, 3)      # run-off points are not inside the track
    assert not s.segment(0, 3, 6, 3)


def test_zero_length_move():
    s = surface(".#")
    assert s.segment(0, 0, 0, 0)
    assert not s.segment(1, 0, 1, 0)


def test_moves_off_the_board():
    s = surface("...",
                "...")
    assert s.segment(0, 0, 2, 0)          # along the first row of the board
    assert not s.segment(2, 0, 3, 0)      # off the east side
    assert not s.segment(0, 0, 0, -1)     # off the north side
    assert not s.segment(-1, -1, 1, 1)
    assert not s.segment(5, 5, 5, 5)
    assert not s.point(-1, 0) and not s.point(3, 0) and not s.point(0, 2)


def test_a_long_move_fails_on_one_bad_square_anywhere():
    s = surface(".........",
                "........#",
                ".........")
    # both cross a square with the corner (8, 1) just before arriving
    assert not s.segment(0, 0, 8, 2)
    assert not s.segment(0, 2, 8, 0)
    assert s.segment(0, 0, 8, 0) and s.segment(0, 2, 8, 2)


# ---- an independent check of the rule on random surfaces ------------------------------
def inside_by_definition(s: Surface, x0, y0, x1, y1) -> bool:
    """R = drivable points + edges between two drivable points + squares with
    four drivable corners. Test the segment at every crossing of a grid line
    and at the middle of every piece in between, with fractions."""
    dx, dy = x1 - x0, y1 - y0
    ts = {Fraction(0), Fraction(1)}
    for i in range(1, abs(dx)):
        ts.add(Fraction(i, abs(dx)))
    for j in range(1, abs(dy)):
        ts.add(Fraction(j, abs(dy)))
    ts = sorted(ts)
    probes = ts + [(a + b) / 2 for a, b in zip(ts, ts[1:])]

    def member(px: Fraction, py: Fraction) -> bool:
        fx, fy = floor(px), floor(py)
        on_x, on_y = px == fx, py == fy
        if on_x and on_y:
            return s.point(fx, fy)
        if on_x:
            return s.point(fx, fy) and s.point(fx, fy + 1)
        if on_y:
            return s.point(fx, fy) and s.point(fx + 1, fy)
        return all(s.point(fx + a, fy + b) for a in (0, 1) for b in (0, 1))

    return all(member(x0 + dx * t, y0 + dy * t) for t in probes)


boards = st.lists(st.lists(st.booleans().map(lambda b: "." if b else "#"),
                           min_size=6, max_size=6).map("".join), min_size=6, max_size=6)
coord = st.integers(0, 5)


@settings(max_examples=300, deadline=None)
@given(boards, coord, coord, coord, coord)
def test_segment_matches_the_definition(rows, x0, y0, x1, y1):
    s = surface(*rows)
    expected = inside_by_definition(s, x0, y0, x1, y1)
    assert s.segment(x0, y0, x1, y1) == expected
    assert s.segment(x1, y1, x0, y0) == expected          # direction does not matter
    if expected:
        assert s.point(x0, y0) and s.point(x1, y1)
        assert all(s.point(*p) for p in lattice_points_between(x0, y0, x1, y1))


@settings(max_examples=100, deadline=None)
@given(boards, coord, coord)
def test_unit_moves(rows, x, y):
    s = surface(*rows)
    for dx, dy in DIRS.values():
        ends = s.point(x, y) and s.point(x + dx, y + dy)
        if dx and dy:                      # diagonal: the whole square
            ends = ends and s.point(x + dx, y) and s.point(x, y + dy)
        assert s.segment(x, y, x + dx, y + dy) == ends


# ---- cars protect their point (BOLIDE 5) ----------------------------------------------
@pytest.mark.parametrize("a, b, between", [
    ((0, 0), (4, 2), ((2, 1),)),
    ((0, 0), (3, 3), ((1, 1), (2, 2))),
    ((5, 5), (5, 1), ((5, 4), (5, 3), (5, 2))),
    ((4, 0), (0, 6), ((2, 3),)),
    ((0, 0), (3, 2), ()),                  # no grid point on the way
    ((0, 0), (1, 1), ()),
    ((2, 2), (2, 2), ()),
    ((0, 0), (-6, 4), ((-3, 2),)),
])
def test_lattice_points_between(a, b, between):
    assert lattice_points_between(*a, *b) == between


# ---- the standing start (BOLIDE 1, Start) ------------------------------------------------
def test_standing_start_straight():
    assert set(standing_start_points(DIRS["E"])) == {(1, -1), (1, 0), (1, 1), (0, -1), (0, 1)}
    assert set(standing_start_points(DIRS["N"])) == {(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0)}


def test_standing_start_diagonal():
    assert set(standing_start_points(DIRS["NE"])) == {(0, -1), (1, -1), (1, 0), (-1, -1),
                                                      (1, 1)}
    assert set(standing_start_points(DIRS["SW"])) == {(-1, 1), (0, 1), (-1, 0), (1, 1),
                                                      (-1, -1)}


@pytest.mark.parametrize("name", list(DIRS))
def test_standing_start_five_points_never_behind(name):
    fx, fy = DIRS[name]
    pts = standing_start_points((fx, fy))
    assert len(pts) == 5 and len(set(pts)) == 5
    assert (fx, fy) in pts
    assert all(ox * fx + oy * fy >= 0 for ox, oy in pts)
    # a half spin starts the other way round (BOLIDE 8)
    assert set(standing_start_points((-fx, -fy))) & set(pts) == {
        p for p in pts if p[0] * fx + p[1] * fy == 0}


# ---- sharp brakings (BOLIDE 4) --------------------------------------------------------
def test_sharp_braking_exactly_90_degrees_is_refused():
    assert not sharp_braking_ok(3, 0, 0, 2)
    assert not sharp_braking_ok(3, 0, 0, -2)
    assert not sharp_braking_ok(4, 4, 2, -2)   # diagonal course, square turn
    assert not sharp_braking_ok(0, -5, 2, 0)


def test_sharp_braking_under_90_degrees():
    assert sharp_braking_ok(3, 0, 2, 0)        # straight on
    assert sharp_braking_ok(3, 0, 2, 2)        # 45 degrees
    assert sharp_braking_ok(3, 0, 1, 2)        # about 63 degrees
    assert sharp_braking_ok(4, 4, 2, -1)       # just under 90 from a diagonal
    assert sharp_braking_ok(2, 5, -2, 2)


def test_sharp_braking_is_a_move_of_exactly_2_not_backwards():
    assert not sharp_braking_ok(3, 0, 1, 0)    # speed 1
    assert not sharp_braking_ok(3, 0, 3, 0)    # speed 3
    assert not sharp_braking_ok(3, 0, -2, 0)   # backwards
    assert not sharp_braking_ok(3, 1, -2, 2)   # more than 90 degrees
