"""The tables rules/turn.py and rules/plays.py keep across races (answers of pure functions,
memo.remembered): what a race reads from a table filled by earlier races is
what an empty table works out for the same position."""
from __future__ import annotations

import pytest

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.rules import plays as PL
from chequered.games.formulagp.rules import turn as T

CASES = [
    ({"seats": ["heuristic"] * 4 + ["random"] * 2}, 1),
    ({"seats": ["heuristic", "random", "heuristic", "pro"], "rules": "advanced", "track": "twisty",
      "options": ["weather_modifier", "limited_tyre_sets", "safety_car_card_twice"]}, 2),
    ({"seats": ["random"] * 3 + ["heuristic"] * 3, "rules": "advanced", "track": "street"}, 3),
]


def _race(monkeypatch, cfg, seed, wrap, module=T):
    """The calls a race makes of module.<wrap's name>, as wrap records them."""
    config = GAME.config(**cfg)
    calls: list = []
    monkeypatch.setattr(module, wrap.__name__, wrap(getattr(module, wrap.__name__), calls))
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


@pytest.mark.parametrize("cfg,seed", CASES)
def test_the_preparations_read_the_ers_room_as_the_board_says(monkeypatch, cfg, seed):
    # FGP 4.12, 8.8.1, 13.7: secondary.ers_room (its shortcut without DAMAGE
    # or FAILURE cards included) is below the maximum and not covered
    from chequered.games.formulagp.rules import cards as C
    from chequered.games.formulagp.rules import secondary as SF

    def ers_room(orig, calls):
        def rec(race, car):
            calls.append((race.clone(), car.seat))
            return orig(race, car)
        return rec
    calls = _race(monkeypatch, cfg, seed, ers_room, SF)
    assert calls
    for race, seat in calls:
        car = race.cars[seat]
        for ers in range(C.board_side(race, car).ers_max + 1):
            car.ers = ers
            assert SF.ers_room(race, car) == (
                car.ers < C.ers_max(race, car) and not C.covered(race, car, "ers_charge"))


@pytest.mark.parametrize("cfg,seed", CASES)
def test_the_plays_keyed_by_sorted_colours_are_those_of_the_hand_order(monkeypatch, cfg, seed):
    # FGP 7.3.3.5: _play_legal sorts the movement cards by colour (hand order
    # within a colour) to key its plans; every list a race read is the one
    # worked out from the cards in hand order, first cards of a colour first
    from chequered.games.formulagp.actions import Play
    from chequered.games.formulagp.rules import card_effects as FX
    from chequered.games.formulagp.rules import cards as C
    from chequered.games.formulagp.rules.where import track_of

    def no_pairs(orig, calls):          # asked by _play_legal alone
        def rec(race, seat, mods, trk):
            calls.append((race.clone(), seat))
            return orig(race, seat, mods, trk)
        return rec
    calls = _race(monkeypatch, cfg, seed, no_pairs, PL)
    assert calls
    for race, seat in calls:
        got = PL._play_legal(race, seat)
        car = race.cars[seat]
        facts = C.card_facts(race)
        ids = [c for c in car.hand if facts[c][0] == "movement"]
        mods = FX.modifiers(race, car)
        ers = car.ers if "ers_spend" not in mods.disabled else 0
        trk = track_of(race)
        fits = () if car.characteristic_used else PL._characteristic_paces(race, car, mods, trk)
        plan = PL._plan(tuple(facts[c][1] for c in ids), min(ers, 2),
                        PL.no_pairs(race, seat, mods, trk))
        # each play, then the same with the characteristic where its pace fits
        assert got == [Play(tuple(ids[i] for i in at), decl, ch) for at, decl, pace in plan
                       for ch in ((False, True) if pace in fits else (False,))]
