"""Bolide circuits: the shipped .track files, the parser's errors, check-track's
problems, and the `chequered bolide check-track` command."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.games.bolide import check_track
from chequered.games.bolide.circuit import (CIRCUIT_DIR, TrackError, circuit_keys, load_track,
                                           parse_track)
from chequered.games.bolide.geometry import DIRS, segments_touch, standing_start_points

SHIPPED = ["ring", "twisty", "hairpin"]
runner = CliRunner()

# A small loop of our own for the broken variants: clockwise, 4 sectors, the
# finish between 'd' and 'a' on the top straight.
TINY = """\
name = "Tiny loop (test)"
description = "ours, for tests"
rain_risk = 2
intermediate = "c"
grid = [[7, 2], [6, 3]]

[arrows]
a = "E"
b = "S"
c = "W"
d = "N"

[pit]
entry = [[5, 1], [6, 1]]
exit = [[12, 1], [13, 1]]
squares = [[9, 0], [11, 0], [13, 0]]
full_fuel = 1
stop = 2
half_fuel = 3
--- surface
##################
#................#
#................#
#................#
#...#########....#
#...#########....#
#................#
#................#
#................#
##################
--- sectors
##################
#dddddddaaaaabbbb#
#dddddddaaaaabbbb#
#dddddddaaaaabbbb#
#ddd#########bbbb#
#ddd#########bbbb#
#dddcccccccccbbbb#
#dddcccccccccbbbb#
#dddcccccccccbbbb#
##################
"""


# ---- helpers ---------------------------------------------------------------------
def layer_line(text: str, layer: str, y: int) -> int:
    """1-based line number of row y of a layer."""
    lines = text.split("\n")
    return lines.index(f"--- {layer}") + 2 + y


def set_char(text: str, layer: str, x: int, y: int, ch: str) -> str:
    lines = text.split("\n")
    i = layer_line(text, layer, y) - 1
    row = lines[i].ljust(x + 1)
    lines[i] = row[:x] + ch + row[x + 1:]
    return "\n".join(lines)


def set_point(text: str, x: int, y: int, surface: str, sector: str) -> str:
    return set_char(set_char(text, "surface", x, y, surface), "sectors", x, y, sector)


def set_header(text: str, key: str, value: str) -> str:
    new, n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text, count=1)
    assert n == 1, key
    return new


def lenient(text: str, path: str = "t.track"):
    return parse_track(text, path, "t", strict=False)


def problems(text: str) -> list[str]:
    return check_track.check(lenient(text))


def shipped_text(key: str) -> str:
    return (CIRCUIT_DIR / f"{key}.track").read_text()


def has(found: list[str], *words: str) -> bool:
    return any(all(w in p for w in words) for p in found)


# ---- the shipped circuits ---------------------------------------------------------
def test_shipped_circuit_list():
    assert set(SHIPPED) <= set(circuit_keys())


@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_circuit_passes_check(key):
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    assert check_track.check(c) == []
    assert check_track.notes(c) == []


@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_circuit_is_labelled_ours(key):
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    assert c.meta.ours is True
    assert "our own design" in c.meta.description.lower()
    assert "(ours)" in c.meta.name


@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_circuit_shape(key):
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    assert 6 <= c.n_sectors <= 10
    assert 60 <= c.width <= 110 and 35 <= c.height <= 60
    assert 2 <= c.meta.rain_risk <= 6
    # 8 red squares in the last sector, staggered two abreast, each further
    # back along the arrow than the one before
    last = c.n_sectors - 1
    ax, ay = c.arrow(last)
    assert len(c.meta.grid) == 8
    along = [x * ax + y * ay for x, y in c.meta.grid]
    across = [x * -ay + y * ax for x, y in c.meta.grid]
    assert all(c.sector_at(x, y) == last and c.kind_at(x, y) == "." for x, y in c.meta.grid)
    assert along == sorted(along, reverse=True) and len(set(along)) == 8
    assert len(set(across[0::2])) == 1 and len(set(across[1::2])) == 1
    assert across[0] != across[1]
    # the pole's standing start crosses the finish line straight ahead
    px, py = c.meta.grid[0]
    assert c.sector_at(px + ax, py + ay) == 0
    assert all(c.drivable(px + ox, py + oy) for ox, oy in standing_start_points((ax, ay)))


@pytest.mark.parametrize("key", SHIPPED)
def test_shipped_pit_lane(key):
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    pit = c.meta.pit
    assert pit is not None
    last = c.n_sectors - 1
    # Pit Lane In: a short red line on drivable points in the last sector,
    # on the edge of the track (not in its middle)
    assert all(c.drivable(*p) and c.sector_at(*p) == last for p in pit.entry)
    for x, y in pit.entry:
        assert not all(c.drivable(x + dx, y + dy) for dx, dy in DIRS.values())
    # Pit Lane Out: 2-4 neighbouring track points after the finish line
    assert 2 <= len(pit.exit) <= 4
    assert all(c.drivable(*p) and c.sector_at(*p) in (0, 1) for p in pit.exit)
    assert all(not c.drivable(*p) for p in pit.squares)
    assert pit.full_fuel <= pit.stop <= pit.half_fuel <= len(pit.squares)


def test_rain_risk_and_speed_limits_differ():
    cs = [load_track(CIRCUIT_DIR / f"{k}.track") for k in SHIPPED]
    assert len({c.meta.rain_risk for c in cs}) == len(cs)
    limits = {c.key: c.meta.pit.speed_limit for c in cs}
    assert limits["twisty"] is not None and limits["ring"] is None


def fastest_lap(c, cap: int = 8):
    """Breadth-first search over (point, velocity, sectors passed) for one lap
    from the pole with the 25-point pawn rule and a top speed, no dice and no
    sharp brakings; moves may only stay in a sector or enter the next one.
    Returns (turns, list of moves)."""
    n, last = c.n_sectors, c.n_sectors - 1
    start = c.meta.grid[0]
    goal = n + 1
    frontier, parent = [], {}
    for ox, oy in standing_start_points(c.arrow(last)):
        x, y = start[0] + ox, start[1] + oy
        if c.surface.segment(*start, x, y):
            st = (x, y, ox, oy, 1 if c.sector_at(x, y) == 0 else 0)
            parent[st] = None
            frontier.append(st)
    turns = 1
    while frontier:
        turns += 1
        nxt = []
        for st in frontier:
            x, y, vx, vy, prog = st
            here = (last + prog) % n
            for ux in range(vx - 2, vx + 3):
                for uy in range(vy - 2, vy + 3):
                    if max(abs(ux), abs(uy)) > cap:
                        continue
                    nx, ny = x + ux, y + uy
                    if not c.drivable(nx, ny):
                        continue
                    s = c.sector_at(nx, ny)
                    step = 0 if s == here else 1 if s == (here + 1) % n else None
                    if step is None or not c.surface.segment(x, y, nx, ny):
                        continue
                    new = (nx, ny, ux, uy, prog + step)
                    if new in parent:
                        continue
                    parent[new] = st
                    if prog + step == goal:
                        line = [new]
                        while parent[line[-1]] is not None:
                            line.append(parent[line[-1]])
                        pts = [start] + [(p[0], p[1]) for p in reversed(line)]
                        return turns, list(zip(pts, pts[1:]))
                    nxt.append(new)
        frontier = nxt
    return None, []


@pytest.mark.parametrize("key", SHIPPED)
def test_a_lap_takes_15_to_35_turns_and_the_line_misses_the_pit_entry(key):
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    turns, moves = fastest_lap(c)
    assert turns is not None, "no lap with legal trajectories"
    assert 15 <= turns <= 35
    a, b = c.meta.pit.entry
    assert not any(segments_touch(p, q, tuple(a), tuple(b)) for p, q in moves)


# ---- parse errors name file:line:col -----------------------------------------------
def test_tiny_loop_is_fine():
    c = parse_track(TINY, "tiny.track")
    assert check_track.check(c) == []


def test_bad_character_names_file_line_col():
    text = set_char(TINY, "surface", 5, 2, "?")
    with pytest.raises(TrackError) as err:
        parse_track(text, "bad.track")
    line = layer_line(text, "surface", 2)
    assert str(err.value).startswith(f"bad.track:{line}:6:")
    assert "'?'" in str(err.value)


def test_usable_point_without_sector():
    text = set_char(TINY, "sectors", 3, 7, "#")
    with pytest.raises(TrackError) as err:
        parse_track(text, "bad.track")
    assert str(err.value).startswith(f"bad.track:{layer_line(text, 'sectors', 7)}:4:")
    assert "no sector letter" in str(err.value)


def test_sector_letter_without_arrow():
    text = set_char(TINY, "sectors", 10, 2, "z")
    with pytest.raises(TrackError) as err:
        parse_track(text, "bad.track")
    assert str(err.value).startswith(f"bad.track:{layer_line(text, 'sectors', 2)}:11:")
    assert "'z' is not a sector with an arrow" in str(err.value)


def test_sector_letter_on_a_forbidden_point():
    text = set_char(TINY, "sectors", 6, 4, "c")
    with pytest.raises(TrackError, match=rf"bad.track:{layer_line(text, 'sectors', 4)}:7:"):
        parse_track(text, "bad.track")


def test_missing_layer():
    text = TINY.split("--- sectors")[0]
    with pytest.raises(TrackError, match="missing layer '--- sectors'"):
        parse_track(text, "bad.track")


def test_layers_of_different_heights():
    text = TINY.rstrip("\n").rsplit("\n", 2)[0] + "\n"
    with pytest.raises(TrackError, match="sectors layer has 8 rows, the surface 10"):
        parse_track(text, "bad.track")


# ---- check(): problems ----------------------------------------------------------
def test_grid_slot_on_a_forbidden_point():
    text = set_header(TINY, "grid", "[[7, 2], [4, 4]]")
    with pytest.raises(TrackError, match="grid slot 2"):
        parse_track(text, "bad.track")                 # strict: refused outright
    found = problems(text)
    assert found == ["grid slot 2 at (4, 4) is a forbidden point, not on the track"]


def test_grid_slot_on_run_off_and_off_the_board():
    text = set_point(TINY, 1, 8, ",", "d")
    text = set_header(text, "grid", "[[1, 8], [40, 2]]")
    found = problems(text)
    assert has(found, "grid slot 1 at (1, 8) is a run-off point")
    assert has(found, "grid slot 2 at (40, 2) is outside the board")


def test_unreachable_finish_when_a_row_is_blocked():
    text = TINY
    for x in range(13, 17):                          # wall across sector b
        text = set_point(text, x, 4, "#", "#")
    found = problems(text)
    assert has(found, "the finish cannot be reached", "sector 'b'", "into sector 'c'")


def test_unreachable_finish_through_a_diagonal_pinch():
    """The two halves of sector b meet only at a diagonal whose square has two
    forbidden corners: king-adjacent, but no trajectory can pass."""
    text = TINY
    for x, ch in zip(range(13, 17), ".###"):
        text = set_point(text, x, 4, ch, "b" if ch == "." else "#")
    for x, ch in zip(range(13, 17), "#.##"):
        text = set_point(text, x, 5, ch, "b" if ch == "." else "#")
    found = problems(text)
    assert found == ["the finish cannot be reached: from the grid a car gets into sector "
                     "'b' but no further, into sector 'c'"]


def test_sector_in_two_pieces():
    text = set_char(TINY, "sectors", 1, 8, "b")
    found = problems(text)
    assert has(found, "sector 'b' is in 2 separate pieces", "(1, 8)")
    assert has(found, "sectors 'b' and 'd' touch", "not consecutive")


def test_sector_boundary_not_across_the_whole_track():
    # part of sector 'a' reaches down to sector 'c': a car could skip 'b'
    text = TINY
    for y in (4, 5):
        text = set_point(text, 12, y, ".", "a")
    found = problems(text)
    assert has(found, "sectors 'a' and 'c' touch", "not consecutive")


def test_sector_that_does_not_touch_the_next():
    text = TINY.replace('d = "N"\n', 'd = "N"\ne = "N"\n')
    for y in (4, 5):
        for x in range(13, 17):
            text = set_char(text, "sectors", x, y, "e")
    found = problems(text)
    assert has(found, "sectors out of race order", "sector 'd' does not touch the next sector 'e'")


def test_sector_with_an_arrow_but_no_points():
    text = TINY.replace('d = "N"\n', 'd = "N"\ne = "N"\n')
    found = problems(text)
    assert has(found, "sector 'e' has an arrow but no track points")


def test_arrows_against_the_race_direction():
    text = TINY.replace('a = "E"', 'a = "W"')
    found = problems(text)
    assert found == ["sector 'a': its red arrow W points against the race direction "
                     "(from the previous sector towards the next)"]


def test_pit_exit_off_the_track():
    text = set_header(TINY, "exit", "[[12, 0], [13, 1]]")
    with pytest.raises(TrackError, match=r"pit exit point \(12, 0\) is not track"):
        parse_track(text, "bad.track")
    assert problems(text) == ["pit exit point 1 at (12, 0) is not on the track"]


def test_pit_entry_touching_no_track():
    text = set_header(TINY, "entry", "[[5, 0], [6, 0]]")
    assert problems(text) == ["pit entry: the Pit Lane In line (5, 0)-(6, 0) touches no "
                              "track point, so no car can reach it"]


def test_pit_square_on_the_track_and_cell_past_the_end():
    text = set_header(TINY, "squares", "[[9, 0], [11, 1], [13, 0]]")
    text = set_header(text, "half_fuel", "5")
    found = problems(text)
    assert has(found, "pit square 2 at (11, 1) is on the track")
    assert has(found, "pit.half_fuel = 5 but the pit lane has 3 squares")


def test_stranded_run_off():
    ring = load_track(CIRCUIT_DIR / "ring.track")
    x, y = next((x, y) for y in range(ring.height) for x in range(ring.width)
                if all(ring.kind_at(x + dx, y + dy) == "#"
                       for dx in range(-3, 4) for dy in range(-3, 4)))
    found = problems(set_point(shipped_text("ring"), x, y, ",", "a"))
    assert has(found, "1 run-off point(s) cannot lead back to the track", f"({x}, {y})")


def test_run_off_belt_two_deep_is_fine():
    """Run-off need not touch the track itself: a car forced off comes back
    one square a turn over the belt (BOLIDE 2)."""
    text = TINY
    for x in range(4, 13):
        for y in (7, 8):
            text = set_point(text, x, y, ",", "c")
    assert problems(text) == []


def test_notes():
    text = set_header(TINY, "grid", "[[8, 2], [6, 3]]")
    text = set_header(text, "full_fuel", "3")
    notes = check_track.notes(lenient(text))
    assert "grid slot 1 at (8, 2) is in sector 'a', not in the last sector 'd' behind " \
           "the finish line" in notes
    assert "pit cells are not in the order Full Fuel, Pit Stop, 1/2 Fuel" in notes
    assert "only 2 grid slots" in notes
    assert check_track.notes(lenient(TINY)) == ["only 2 grid slots"]


# ---- the command --------------------------------------------------------------------
def cli(*args: str):
    return runner.invoke(app, ["bolide", "check-track", *args])


@pytest.mark.parametrize("key", SHIPPED)
def test_cli_ok(key):
    res = cli(str(CIRCUIT_DIR / f"{key}.track"))
    assert res.exit_code == 0, res.output
    line = res.stdout.strip().splitlines()[0]
    c = load_track(CIRCUIT_DIR / f"{key}.track")
    assert line.startswith(f"ok: {c.meta.name}: {c.width}×{c.height}, {c.n_sectors} sectors")


def test_cli_problems_exit_1(tmp_path: Path):
    path = tmp_path / "bad.track"
    path.write_text(set_header(TINY, "grid", "[[7, 2], [4, 4]]"))
    res = cli(str(path))
    assert res.exit_code == 1, res.output
    assert res.stdout.strip() == (f"{path}: grid slot 2 at (4, 4) is a forbidden point, "
                                  "not on the track")


def test_cli_unparsable_exit_2(tmp_path: Path):
    path = tmp_path / "bad.track"
    text = set_char(TINY, "surface", 5, 2, "?")
    path.write_text(text)
    res = cli(str(path))
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    err = res.stderr.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"error: {path}:{layer_line(text, 'surface', 2)}:6:")


def test_cli_missing_file_exit_2(tmp_path: Path):
    res = cli(str(tmp_path / "nowhere.track"))
    assert res.exit_code == 2
    assert "no such track file" in res.stderr


def test_cli_bad_toml_exit_2(tmp_path: Path):
    path = tmp_path / "bad.track"
    path.write_text("name = \n" + TINY.split("\n", 1)[1])
    res = cli(str(path))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"error: {path}")
