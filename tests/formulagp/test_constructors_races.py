"""Whole races with teams of two and the Constructors' Championship (FGP 14.4):
2, 6 and 10 cars on every track and a season over the three tracks, heuristic
bots to the end, the invariants checked after every action, the teammates in
one pit box throughout, and each race replayed from its record."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")


def _teams(n: int) -> list[int]:
    return [k // 2 + 1 for k in range(n)]


def _run(cfg, seed):
    problems = []

    def check(seat, action, events, step):
        st = played_state[0]
        problems.extend(invariants(st))
        for a, b in zip(range(0, len(st.cars), 2), range(1, len(st.cars), 2)):
            if st.cars[a].box != st.cars[b].box or st.cars[a].team != st.cars[b].team:
                problems.append(f"teammates {a} and {b} apart")
        assert not problems, problems[:3]
    played_state = [GAME.new(cfg, seed)]
    p = play(GAME, cfg, seed, on_step=check, state=played_state[0])
    assert GAME.is_over(p.state)
    rec = record_of(GAME, cfg, seed, p.actions, p.state)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(p.state)
    return p.state


@pytest.mark.parametrize("cars", [2, 6, 10])
@pytest.mark.parametrize("trk", track_keys())
def test_constructors_race_to_the_end_and_replayed(trk, cars):
    cfg = GAME.config(seats=["heuristic"] * cars, track=trk, options=["constructors"],
                      teams=_teams(cars))
    st = _run(cfg, 7)
    res = GAME.result(st)
    table = res.extra["constructors"]
    assert len(table) == cars // 2
    assert sum(r["points"] for r in table) == sum(res.points.values())
    assert [r["points"] for r in table] == sorted((r["points"] for r in table), reverse=True)


def test_constructors_season_over_every_track():
    keys = track_keys()
    cfg = GAME.config(seats=["heuristic"] * 6, track=",".join(keys),
                      options=["championship", "constructors"], teams=_teams(6))
    st = _run(cfg, 11)
    res = GAME.result(st)
    assert [r["track"] for r in res.extra["races"]] == list(keys)
    for race in res.extra["races"]:
        assert sum(race["team_points"].values()) == sum(race["points"].values())
    assert sum(r["points"] for r in res.extra["constructors"]) == sum(res.points.values())
