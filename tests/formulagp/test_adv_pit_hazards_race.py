"""Whole Advanced races (rules = "advanced") on every track with 2, 6 and 10
heuristic cars, played to the end with the invariants checked after every
decision and replayed from their records: the Late Pit Bonus (FGP 11.4) and
the Debris and Oil tokens (FGP 13.13.2, 13.13.3) in real races."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp import checks
from chequered.games.formulagp.track import track_keys

G = chequered.game("formulagp")
FEATURES = ("fresh_tyres", "late_pit_bonus", "debris_hit", "debris_avoided", "oil_hit")


@lru_cache(maxsize=None)
def _race(track: str, cars: int):
    cfg = G.config(seats=["heuristic"] * cars, track=track, rules="advanced")
    seen: Counter = Counter()
    problems: list = []

    def on_step(seat, action, events, step):
        seen.update(e.kind for e in events if e.kind in FEATURES)
        problems.extend(checks.invariants(st_box[0]))

    st_box = [G.new(cfg, 11 + cars)]
    out = play(G, cfg, 11 + cars, on_step=on_step, state=st_box[0])
    return cfg, out, seen, problems


@pytest.mark.parametrize("cars", [2, 6, 10])
@pytest.mark.parametrize("track", track_keys())
def test_advanced_race_to_the_end_and_replayed(track, cars):
    """An Advanced race ends with a classification, keeps every invariant after
    every decision and replays from its record to the same state."""
    cfg, out, _, problems = _race(track, cars)
    st = out.state
    assert G.is_over(st) and st.config.rules == "advanced"
    assert problems == []
    assert sorted(G.result(st).to_doc()["classification"]) == list(range(cars))
    rec = record_of(G, cfg, 11 + cars, out.actions, st)
    assert G.state_hash(replay(rec, G)) == G.state_hash(st)


def test_advanced_races_use_the_late_pit_bonus_and_the_hazards():
    """Across these races the Fresh Tyres tokens reach the boxes and late stops take
    them, and cars meet Debris and Oil tokens the Advanced cards drop."""
    seen: Counter = Counter()
    for track in track_keys():
        for cars in (2, 6, 10):
            seen += _race(track, cars)[2]
    assert seen["fresh_tyres"] >= len(track_keys()) * 2      # most races reach the token
    assert seen["late_pit_bonus"] > 0
    assert seen["debris_hit"] + seen["debris_avoided"] > 0 and seen["oil_hit"] > 0
