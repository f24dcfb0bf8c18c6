"""move_table.others_of (read at every movement point of rules/move_steps.py)
keeps its last answer while the other cars stand where they stood: the
answer it serves again must be the one it would work out afresh, at every
decision of a race and for every seat."""
from __future__ import annotations

import chequered
from chequered.engine.play import agents_for, play
from chequered.games.formulagp.rules import move_table as MT


def _fresh(race, seat):
    MT._FIELD[0] = None
    return MT.others_of(race, seat)


def test_the_kept_field_is_the_field_worked_out_afresh():
    game = chequered.game("formulagp")
    config = game.config(seats=["heuristic"] * 6)
    checked = []
    state = game.new(config, 3)

    def on_step(seat, action, events, step):
        for s in range(len(state.cars)):
            kept = MT.others_of(state, s)
            fresh = _fresh(state, s)
            again = MT.others_of(state, s)          # served from the one just made
            assert kept[:3] == fresh[:3] and kept[3] is fresh[3]
            assert again is fresh
            checked.append(s)

    play(game, config, 3, agents=agents_for(game, config, 3), on_step=on_step, state=state)
    assert len(checked) > 100


def test_a_car_moved_is_seen_at_once():
    game = chequered.game("formulagp")
    race = game.new(game.config(seats=["heuristic"] * 3), 1)
    first, second, third = (sp.id for sp in MT.track_of(race).spaces[:3])
    for car, sp in zip(race.cars, (first, second, third)):
        car.space = sp
    before = MT.others_of(race, 1)
    race.cars[0].space = third
    after = MT.others_of(race, 1)
    assert before[0] == {0: first, 2: third} and after[0] == {0: third, 2: third}
    assert after[1] == {third: 2}
