"""Whole Advanced races (rules = "advanced": FGP 1, 3.2 b, 3.4, 5.1.3, 8.4.2,
9.4.3, 13.9.1): 2, 6 and 10 heuristic cars on every track, to the end, with
the game's invariants checked after every decision, then replayed from the
record to the same state."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.rules.compounds import disqualified

GAME = chequered.game("formulagp")


@pytest.mark.parametrize("cars", [2, 6, 10])
@pytest.mark.parametrize("trk", ["fast", "twisty", "street"])
def test_an_advanced_race_runs_to_the_end_and_replays(trk, cars):
    cfg = GAME.config(track=trk, seats=["heuristic"] * cars, rules="advanced")
    problems: list[str] = []
    kinds: set[str] = set()

    def check(seat, action, events, step):
        kinds.update(e.kind for e in events)
        problems.extend(invariants(played_state[0]))

    played_state = [GAME.new(cfg, 3)]
    played = play(GAME, cfg, 3, on_step=check, state=played_state[0])
    st = played.state
    assert not problems, problems[:3]
    assert GAME.is_over(st) and st.config.rules == "advanced"
    res = GAME.result(st)
    assert sorted(res.classification) == list(range(cars))
    # FGP 1 / 12.1: the race ran to the final lap, 24 rounds from flag 1 (A53 caps at 40)
    assert st.flag >= 24
    # FGP 5.1.3: the disqualified cars are the last ones classified
    dq = disqualified(st)
    assert res.classification[len(res.classification) - len(dq):] == \
        [s for s in res.classification if s in dq]
    assert ("disqualified" in kinds) == bool(dq)
    rec = record_of(GAME, cfg, 3, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
