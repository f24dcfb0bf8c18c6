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


def _close_by_max_min(trk, cars) -> bool:
    """_field_close as first written, with max() and min() of the whole tiles."""
    if any(c.laps_down or (c.space is None and c.off_track) for c in cars):
        return False
    whole = [c.laps * trk.lap_tiles + trk.spaces[c.space].tile for c in cars if c.space is not None]
    boxed = [c.laps for c in cars if c.space is None]
    if not whole:
        return False
    exit_tile = trk.pit.exit_tile if trk.pit else 0
    if boxed and max(boxed) * trk.lap_tiles + exit_tile - 0.5 >= max(whole):
        return False
    return max(whole) - min(whole) <= trk.lap_tiles


def test_field_close_keeps_the_front_and_back_as_max_and_min_find_them():
    """_field_close keeps the front and back whole tiles in its loop (no
    max or min call): the answer of the same test written with them."""
    rng = random.Random(17)
    race = new_race("fast", 6)
    trk = track_of(race)
    spaces = [s.id for s in trk.spaces if not s.pit_lane]
    answers = set()
    for _ in range(3000):
        for car in race.cars:
            car.space = rng.choice(spaces) if rng.random() > 0.1 else None
            car.laps = rng.choice((0, 1, 1, 2))
            car.off_track = car.space is None and rng.random() < 0.1
            car.laps_down = 1 if rng.random() < 0.03 else 0
        got = RF._field_close(trk, race.cars)
        assert got == _close_by_max_min(trk, race.cars)
        answers.add(got)
    assert answers == {True, False}
