"""Whole races where BOTs fight their battles by the BOT rules (BOT 3): Pro
and Rookie seats, 2, 6 and 10 cars, every track, Standard and Advanced, the
invariants after every step, replayed from the record; BOT battles happen and
a BOT seat is never asked a battle decision."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["pro", "rookie"],
    6: ["pro", "rookie", "heuristic", "pro", "rookie", "random"],
    10: ["pro"] * 4 + ["rookie"] * 4 + ["heuristic", "random"],
}
BATTLE_STEPS = {"attack", "ot_boost", "battle_cards", "battle_boost", "secondary",
                "second_attempt"}


@pytest.mark.parametrize("rules", ["standard", "advanced"])
@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bot_battles_to_the_end_checked_and_replayed(trk, cars, rules):
    cfg = GAME.config(track=trk, seats=SEATS[cars], rules=rules)
    st = GAME.new(cfg, 5)
    bad, asked, kinds = [], [], set()

    def on_step(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        if step is not None and step.name in BATTLE_STEPS and cfg.seats[seat] in ("pro", "rookie"):
            asked.append((seat, step.name))
        kinds.update(e.kind for e in events)

    played = play(GAME, cfg, 5, state=st, on_step=on_step)
    assert not bad and not asked
    assert GAME.is_over(st)
    if cars == 10:                          # a full field: the BOTs do fight
        assert "bot_battle_score" in kinds and "battle_result" in kinds
    rec = record_of(GAME, cfg, 5, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
