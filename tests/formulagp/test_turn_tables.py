"""The tables rules/turn.py keeps across races (answers of pure functions,
memo.remembered): what a race reads from a table filled by earlier races is
what an empty table works out for the same position."""
from __future__ import annotations

import pytest

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.rules import turn as T

CASES = [
    ({"seats": ["heuristic"] * 4 + ["random"] * 2}, 1),
    ({"seats": ["heuristic", "random", "heuristic", "pro"], "rules": "advanced", "track": "twisty",
      "options": ["weather_modifier", "limited_tyre_sets", "safety_car_card_twice"]}, 2),
    ({"seats": ["random"] * 3 + ["heuristic"] * 3, "rules": "advanced", "track": "street"}, 3),
]


def _race(monkeypatch, cfg, seed, wrap):
    config = GAME.config(**cfg)
    calls: list = []
    monkeypatch.setattr(T, wrap.__name__, wrap(getattr(T, wrap.__name__), calls))
    play(GAME, config, seed, agents=agents_for(GAME, config, seed))
    monkeypatch.undo()
    return calls


@pytest.mark.parametrize("cfg,seed", CASES)
def test_move_points_from_the_table_are_counted_afresh(monkeypatch, cfg, seed):
    # FGP 7.3.3.5: move_points keeps each MovementPoints by the values it
    # follows from; every one a race read equals one counted with no table
    def move_points(orig, calls):
        def rec(race, car, *args):
            got = orig(race, car, *args)
            calls.append((race.clone(), car.seat, args, got))
            return got
        return rec
    calls = _race(monkeypatch, cfg, seed, move_points)
    assert calls
    for race, seat, args, got in calls:
        T._POINTS.clear()
        assert T.move_points(race, race.cars[seat], *args) == got
