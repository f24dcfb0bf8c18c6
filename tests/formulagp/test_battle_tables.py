"""The tables rules/battle_steps.py keeps across races (memo.remembered):
what a battle reads from a table filled by earlier battles is what the
rules work out afresh for the same position."""
from __future__ import annotations

import pytest

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.actions import Boost
from chequered.games.formulagp.rules import battle as B
from chequered.games.formulagp.rules import battle_steps as BS
from chequered.games.formulagp.rules import card_effects as FX

CASES = [
    ({"seats": ["heuristic"] * 4 + ["random"] * 2}, 1),
    ({"seats": ["heuristic", "random", "heuristic", "pro"], "rules": "advanced", "track": "twisty",
      "options": ["weather_modifier", "limited_tyre_sets", "safety_car_card_twice"]}, 2),
    ({"seats": ["random"] * 3 + ["heuristic"] * 3, "rules": "advanced", "track": "street"}, 3),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_the_boosts_from_the_table_are_the_boost_choices(monkeypatch, cfg, seed):
    # FGP 9.3 step 2: _boost_legal keeps each list by the values it follows
    # from; every one a race read equals the boost choices worked out afresh
    calls: list = []
    orig = BS._play_of

    def _play_of(race, seat):           # asked by _boost_legal (and others)
        calls.append((race.clone(), seat))
        return orig(race, seat)
    config = GAME.config(**cfg)
    monkeypatch.setattr(BS, "_play_of", _play_of)
    play(GAME, config, seed, agents=agents_for(GAME, config, seed))
    monkeypatch.undo()
    checked = 0
    for race, seat in calls:
        if race.battle is None or race.move is None or race.move.get("stage") != "battle_result":
            continue
        car, p = race.cars[seat], orig(race, seat)
        if seat == race.battle["defender"] and not p.defends:
            continue
        ers = 0 if "ers_spend" in FX.modifiers(race, car).disabled else car.ers - p.blue
        skill = not car.skill_used and B.skill_applies(
            BS._skill(race, seat), BS._role(race, seat), BS._facts(race, seat, p))
        want = [Boost(x.spend_ers, x.skill, x.events) for x in B.boost_choices(
            ers_after_cards=ers, skill_usable=skill,
            events=FX.held_event_choices(race, seat, when="battle"))]
        assert BS._boost_legal(race, seat) == want
        checked += 1
    assert checked
