"""Whole races with BOTs behind the Safety Car (BOT 6.5): 2, 6 and 10 cars,
every track, Advanced rules, a heuristic player among Pro and Rookie BOTs; the
first seed of 1-40 whose race has a BOT move under the Safety Car is played to
the end with the invariants after every step and replayed from its record.
Every BOT move under the Safety Car is at the RED pace (GREEN back on track)."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["pro", "heuristic"],
    6: ["pro", "rookie", "heuristic", "pro", "rookie", "pro"],
    10: ["pro", "rookie"] * 4 + ["heuristic", "pro"],
}


def _race(trk, cars, seed):
    cfg = GAME.config(track=trk, seats=SEATS[cars], rules="advanced")
    st = GAME.new(cfg, seed)
    bad, paces = [], []

    def check(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        for e in events:
            if e.kind == "bot_move" and st.safety_car is not None:
                paces.append((e.data["pace"], e.data["why"]))

    played = play(GAME, cfg, seed, state=st, on_step=check)
    return cfg, st, played, bad, paces


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bots_behind_the_safety_car_to_the_end_checked_and_replayed(trk, cars):
    for seed in range(1, 41):
        cfg, st, played, bad, paces = _race(trk, cars, seed)
        assert not bad
        assert GAME.is_over(st)
        if paces:
            break
    assert paces, "no BOT moved behind a Safety Car in 40 races"
    assert all(p == ("red", "sc") or p == ("green", "rejoin") for p in paces), paces
    assert sorted(GAME.result(st).classification) == list(range(cars))
    rec = record_of(GAME, cfg, seed, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
