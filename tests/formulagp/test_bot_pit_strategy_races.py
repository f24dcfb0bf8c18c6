"""Whole races with the Pro BOTs' pit strategy rules on: the Advanced race
(BOT 5.5's early stop and Fresh Tyres, the weather, BOT 6.6 at a Red Flag)
with the options bot_pit_checks (BOT 7.1) and bot_late_pit_check (BOT 7.3),
2, 6 and 10 cars on every track, heuristic seats beside the BOTs: the
invariants after every step, the race to the end, replayed from its record."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["pro", "heuristic"],
    6: ["pro", "pro", "heuristic", "pro", "rookie", "heuristic"],
    10: ["pro"] * 6 + ["rookie"] * 2 + ["heuristic"] * 2,
}
OPTIONS = {2: ["bot_pit_checks", "bot_late_pit_check"],
           6: ["bot_pit_checks", "bot_late_pit_check", "bot_late_pit_soft_medium"],
           10: ["bot_pit_checks", "bot_late_pit_check"]}


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_pit_strategy_race_completes_checks_and_replays(trk, cars):
    cfg = GAME.config(track=trk, seats=SEATS[cars], rules="advanced", options=OPTIONS[cars])
    st = GAME.new(cfg, 5)
    bad: list = []
    played = play(GAME, cfg, 5, state=st, on_step=lambda *a: bad.extend(GAME.invariants(st)))
    assert not bad
    assert GAME.is_over(st)
    assert sorted(GAME.result(st).classification) == list(range(cars))
    pros = [r for r in st.bots["cars"].values() if r["kind"] == "pro"]
    assert pros and all(st.cars[int(s)].hand == [] for s in st.bots["cars"])   # A182
    assert "pit_check" in st.bots                                     # BOT 7.1 ran
    rec = record_of(GAME, cfg, 5, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_pit_checks_send_pros_in_over_many_races():
    """Across a few races the checks do happen: early stops from BOT 7.1 / 7.3 and
    5.5's rolls appear in the events."""
    kinds: set = set()
    for seed in range(1, 5):
        cfg = GAME.config(track="fast", seats=["pro"] * 6 + ["heuristic"] * 2,
                          rules="advanced", options=["bot_pit_checks", "bot_late_pit_check"])
        play(GAME, cfg, seed, on_step=lambda seat, a, ev, step: kinds.update(
            e.rule for e in ev if e.kind in ("bot_early_stop", "bot_weather_stop")))
    assert {"BOT 7.1", "BOT 7.3"} <= kinds, kinds
