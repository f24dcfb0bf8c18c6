"""The numba path of a car's options (rules/reach_fast.py) gives what the
pure-Python path gives (rules/reach.py, rules/moves.py): the same options
key by key, and the same races (issue 16)."""
from __future__ import annotations

import random

import pytest

import chequered
from chequered.engine.play import agents_for, play
from chequered.games.bolide.circuit import circuit, circuit_keys
from chequered.games.bolide.rules import reach

G = chequered.game("bolide")
FIELDS = ("pawn", "brake", "engage", "engage_brake", "off", "none", "slip", "footprint", "moves")


@pytest.fixture
def engines():
    """Both engines from empty memos; the process's engine afterwards."""
    pytest.importorskip("numba")
    before = reach.ENGINE
    for key in circuit_keys():
        for memo in circuit(key).reach_memo.values():
            memo.clear()
    yield
    reach.use_engine(before)


def _random_keys(c, rng, n):
    """Keys and occupied points all over the circuit, many of them in the
    car's way (engagements, blocked trajectories, slipstreams, boosters)."""
    pts = [(x, y) for y in range(c.height) for x in range(c.width) if c.kind[y][x] != "#"]
    for _ in range(n):
        x, y = rng.choice(pts)
        cvx, cvy = rng.randint(-8, 8), rng.randint(-8, 8)
        vx, vy = cvx, cvy
        if rng.random() < 0.2:                     # a Booster's shift
            vx, vy = vx + rng.randint(-1, 1), vy + rng.randint(-1, 1)
        same_gear = max(abs(cvx), abs(cvy)) if rng.random() < 0.2 else None
        key = (x, y, cvx, cvy, vx, vy, rng.randint(1, 9), rng.random() < 0.2, same_gear,
               rng.random() < 0.7, rng.random() < 0.3)
        occ = {rng.choice(pts) for _ in range(rng.randint(0, 4))}
        occ |= {(x + vx + rng.randint(-3, 3), y + vy + rng.randint(-3, 3))
                for _ in range(rng.randint(0, 4))}
        occ |= {(x + vx * j // 3, y + vy * j // 3) for j in (1, 2) if rng.random() < 0.5}
        occ.discard((x, y))
        yield key, frozenset(occ)


def test_the_kernel_gives_the_options_of_the_rules_key_by_key(engines):
    rng = random.Random(16)
    engaged = 0
    for name in circuit_keys():
        c = circuit(name)
        for key, occ in _random_keys(c, rng, 300):
            reach.use_engine("python")
            want = reach.compute(c, key, occ)
            reach.use_engine("numba")
            got = reach.compute(c, key, occ)
            for f in FIELDS:
                assert getattr(got, f) == getattr(want, f), (name, key, sorted(occ), f)
            engaged += bool(want.engage or want.engage_brake)
    assert engaged > 50          # the sample reaches the engagement rules


def _hashes(config, seeds) -> list[str]:
    out = []
    for seed in seeds:
        played = play(G, config, seed, agents=agents_for(G, config, seed))
        out.append(G.state_hash(played.state))
    return out


def test_200_bench_races_are_the_same_on_both_paths(engines):
    config = G.config(seats=G.bench_seats.split(","))
    reach.use_engine("python")
    python = _hashes(config, range(200))
    reach.use_engine("numba")
    assert _hashes(config, range(200)) == python


def test_expert_and_advanced_races_are_the_same_on_both_paths(engines):
    config = G.config(seats=["expert", "club", "expert", "club", "random"], rules="advanced",
                      track="twisty")
    reach.use_engine("python")
    python = _hashes(config, range(6))
    reach.use_engine("numba")
    assert _hashes(config, range(6)) == python


@pytest.mark.parametrize("value, engine", [("0", "python"), ("false", "python")])
def test_chequered_numba_0_asks_for_pure_python(monkeypatch, value, engine):
    monkeypatch.setenv("CHEQUERED_NUMBA", value)
    assert reach._engine() == engine


def test_without_numba_the_path_is_pure_python(monkeypatch):
    monkeypatch.delenv("CHEQUERED_NUMBA", raising=False)
    monkeypatch.setattr(reach.importlib.util, "find_spec", lambda name: None)
    assert reach._engine() == "python"
