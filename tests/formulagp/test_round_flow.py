"""The quick tests of the automatic round stages (rules/round_flow.py) agree
with the full ones they skip."""
from __future__ import annotations

import random

import chequered
from chequered.games.formulagp.rules import round_flow as RF
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.where import track_of

GAME = chequered.game("formulagp")


def test_a_close_field_is_what_lapping_finds_unchanged(monkeypatch):
    """FGP 13.11: whenever _field_close holds (none lapped, the cars on the
    track within a lap of the front one in whole tiles, the cars in their
    boxes behind it), the full _lapping, run without it, finds no blue flag
    and changes nothing."""
    rng = random.Random(16)
    race = new_race("fast", 6)
    race.turn.phase = "turns"
    trk = track_of(race)
    spaces = [s.id for s in trk.spaces if not s.pit_lane]
    close = boxed = 0
    for _ in range(4000):
        st = race.clone()
        base = rng.randint(-1, 3)
        for car in st.cars:
            car.space = rng.choice(spaces) if rng.random() > 0.15 else None   # None: in its box
            car.laps = base + rng.choice((0, 0, 0, 1, -1))
        if not RF._field_close(trk, st.cars):
            continue
        close += 1
        boxed += any(car.space is None for car in st.cars)
        with monkeypatch.context() as m:
            m.setattr(RF, "_field_close", lambda trk, cars: False)
            before = GAME.state_hash(st)
            assert RF._lapping(st) == []
            assert GAME.state_hash(st) == before
    assert close > 300 and boxed > 50
