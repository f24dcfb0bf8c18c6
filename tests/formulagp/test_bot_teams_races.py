"""Whole races with the BOT 7 options and BOT teammates (FGP 14.4, BOT 3.5):
2, 6 and 10 cars, every track, heuristic and BOT seats, the invariants after
every step, replayed from the record."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["heuristic", "pro"],
    6: ["heuristic", "pro", "heuristic", "pro", "rookie", "pro"],
    10: ["heuristic", "pro", "heuristic", "pro", "pro", "rookie", "heuristic", "pro", "pro",
         "rookie"],
}
OPTIONS = ["bot_blocking", "photo_finish", "bot_photo_finish"]


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bot_options_race_to_the_end_checked_and_replayed(trk, cars):
    cfg = GAME.config(track=trk, seats=SEATS[cars], options=OPTIONS)
    st = GAME.new(cfg, 7)
    bad, kinds = [], set()

    def on_step(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        kinds.update(e.kind for e in events)

    played = play(GAME, cfg, 7, state=st, on_step=on_step)
    assert not bad and GAME.is_over(st)
    rec = record_of(GAME, cfg, 7, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
