"""Whole races with the rest of the BOT move (BOT 2.2.1-2.2.2 blocked lane
changes and pushes, 5.4 out of the pits, 6.4 yellow flags, 6.9 hazards):
2, 6 and 10 cars, every track, Advanced rules (the hazard tokens), a heuristic
player among Pro and Rookie BOTs; the invariants after every step, the race
replayed from its record; in the 10-car races BOTs meet blocked lane changes."""
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
KINDS = ("bot_blocked", "bot_surrender", "bot_resume", "push")


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_the_bot_move_to_the_end_checked_and_replayed(trk, cars):
    cfg = GAME.config(track=trk, seats=SEATS[cars], rules="advanced")
    st = GAME.new(cfg, 11)
    bad, seen = [], {k: 0 for k in KINDS}

    def check(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        for e in events:
            if e.kind in seen:
                seen[e.kind] += 1

    played = play(GAME, cfg, 11, state=st, on_step=check)
    assert not bad
    assert GAME.is_over(st)
    assert sorted(GAME.result(st).classification) == list(range(cars))
    assert seen["bot_resume"] <= seen["bot_surrender"]     # a pushed-off BOT starts anew
    if cars == 10:
        assert seen["bot_blocked"] + seen["push"] > 0, seen
    rec = record_of(GAME, cfg, 11, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
