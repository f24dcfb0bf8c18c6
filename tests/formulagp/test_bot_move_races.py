"""Whole races where the BOT rules drive every BOT move (BOT 2.1-2.4, 6.1-6.2):
2, 6 and 10 cars, every track, Standard and Advanced, a heuristic player among
Pro and Rookie BOTs; the invariants after every step, no movement card ever
played for a BOT, and the race replayed from its record."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["heuristic", "pro"],
    6: ["heuristic", "pro", "pro", "rookie", "rookie", "pro"],
    10: ["heuristic", "pro", "pro", "rookie"] + ["pro", "rookie"] * 3,
}


@pytest.mark.parametrize("rules", ["standard", "advanced"])
@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bots_drive_by_the_bot_rules_to_the_end_and_replay(trk, cars, rules):
    cfg = GAME.config(track=trk, seats=SEATS[cars], rules=rules)
    st = GAME.new(cfg, 5)
    bad, moves = [], []

    def check(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        moves.extend(e for e in events if e.kind in ("bot_move", "move_play"))

    played = play(GAME, cfg, 5, state=st, on_step=check)
    assert not bad
    assert GAME.is_over(st)
    assert sorted(GAME.result(st).classification) == list(range(cars))
    bots = {i for i, k in enumerate(SEATS[cars]) if k in ("pro", "rookie")}
    assert moves and all((e.kind == "bot_move") == (e.data["seat"] in bots) for e in moves)
    rec = record_of(GAME, cfg, 5, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
