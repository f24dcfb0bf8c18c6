"""The compiled team-bot move (moves_fast.py, moves_kernel.py) against the
pure-Python loop of drive._points: the same steps, pushes, events and
positions move by move, and the same races (issue 16)."""
from __future__ import annotations

import pytest

from chequered.engine.play import agents_for, play
from chequered.games.stockcar import GAME, drive, moves_fast

pytest.importorskip("numba")


@pytest.fixture
def engines():
    """Both engines; the process's engine afterwards."""
    before = moves_fast.ENGINE
    yield
    moves_fast.use_engine(before)


def _race_hashes(engine: str, config, seeds) -> list:
    moves_fast.use_engine(engine)
    out = []
    for seed in seeds:
        played = play(GAME, config, seed, agents=agents_for(GAME, config, seed))
        out.append((played.decisions, GAME.state_hash(played.state)))
    return out


def test_two_hundred_bench_races_are_the_same_on_both_engines(engines):
    config = GAME.config(seats=["bot"] * 4)
    assert _race_hashes("numba", config, range(200)) == _race_hashes("python", config, range(200))


CASES = [
    ({"seats": ["bot"] * 7, "track": "short"}, 5),
    ({"seats": ["bot", "random", "bot"], "track": "triangle", "laps": 2}, 2),
    ({"seats": ["random", "bot", "bot", "random", "loner"], "track": "road", "laps": 2}, 9),
    ({"seats": ["bot"] * 4, "track": "speedway"}, 11),
    ({"seats": ["loner", "bot", "loner", "bot", "bot", "bot"], "track": "triangle"}, 21),
] + [({"seats": ["bot"] * 4}, seed) for seed in range(20)]      # the bench races


def _events(events) -> list:
    return [(e.kind, e.data, e.rule, e.to) for e in events]


def test_each_move_is_the_python_loops_move(engines, monkeypatch):
    """At the first movement point of every bot move, the kernel and the
    Python loop, each on its own copy of the race, make the same steps
    with the same events, end in the same state and leave the same legal
    steps; across these races that covers solo moves, packs, pushes
    aside and ahead, moves that end blocked and moves left to Python."""
    moves_fast.use_engine("numba")
    seen = {"moves": 0, "pack": 0, "aside": 0, "ahead": 0, "blocked": 0, "python": 0}
    real = drive._points
    real_points = moves_fast.points

    def points(state, T, K, events, path):
        out = real_points(state, T, K, events, path)
        if out is None:
            seen["python"] += 1
        elif out:
            seen["blocked"] += 1
        return out

    def both(machine, state, seat, pick_step, path, events, fast):
        assert fast
        other = GAME.clone(state)
        other_path, other_events = list(path), list(events)
        real(machine, other, seat, pick_step, other_path, other_events, False)
        if len(state.move["snake"]) > 1:
            seen["pack"] += 1
        real(machine, state, seat, pick_step, path, events, True)
        seen["moves"] += 1
        for e in events:
            if e.kind == "push":
                seen[e.data["way"]] += 1
        assert path == other_path and all(a is b for a, b in zip(path, other_path))
        assert _events(events) == _events(other_events)
        assert state.to_doc() == other.to_doc()
        assert state.occ == other.occ
        assert state.cache == other.cache

    monkeypatch.setattr(drive, "_points", both)
    monkeypatch.setattr(moves_fast, "points", points)
    for cfg, seed in CASES:
        config = GAME.config(**cfg)
        played = play(GAME, config, seed, agents=agents_for(GAME, config, seed))
        assert GAME.is_over(played.state)
    assert seen["moves"] > 3000
    assert min(seen.values()) > 0, seen


def test_the_engine_follows_the_environment(monkeypatch):
    monkeypatch.setenv("CHEQUERED_NUMBA", "0")
    assert moves_fast._engine() == "python"
    monkeypatch.setenv("CHEQUERED_NUMBA", "1")
    assert moves_fast._engine() == "numba"
    with pytest.raises(ValueError, match="unknown engine"):
        moves_fast.use_engine("cython")


def test_the_python_engine_never_calls_the_kernel(engines, monkeypatch):
    moves_fast.use_engine("python")

    def refuse(*args):
        raise AssertionError("the kernel ran on the python engine")

    monkeypatch.setattr(moves_fast, "points", refuse)
    config = GAME.config(seats=["bot"] * 4)
    played = play(GAME, config, 3, agents=agents_for(GAME, config, 3))
    assert GAME.is_over(played.state)


def test_warming_the_game_loads_the_kernel(engines, monkeypatch):
    monkeypatch.setattr(moves_fast, "_KERNEL", None)
    moves_fast.use_engine("numba")
    moves_fast.warm(GAME)
    assert moves_fast._KERNEL is not None
    monkeypatch.setattr(moves_fast, "_KERNEL", None)
    moves_fast.use_engine("python")
    moves_fast.warm(GAME)                       # nothing to load
    assert moves_fast._KERNEL is None


def test_a_race_begun_on_the_python_engine_goes_on_in_python(engines):
    """Its spaces are a list (state.empty_spaces): after a switch to numba
    the kernel leaves its moves to the Python loop, and the race is the
    one pure Python plays."""
    config = GAME.config(seats=["bot"] * 4)
    moves_fast.use_engine("python")
    want = play(GAME, config, 8, agents=agents_for(GAME, config, 8))
    switched = []

    def switch(seat, action, events, step):
        if len(switched) == 40:
            moves_fast.use_engine("numba")
        switched.append(moves_fast.ENGINE)

    got = play(GAME, config, 8, agents=agents_for(GAME, config, 8), on_step=switch)
    assert switched[0] == "python" and switched[-1] == "numba"
    assert type(got.state.occ) is list
    assert GAME.state_hash(got.state) == GAME.state_hash(want.state)
