"""The quick answers of a movement point, checked at every decision of
races for every car on track: move_steps._free_point (a free point's steps
read off the track's tables) answers for step_options wherever it answers
(the extension's "is there a step to take", _extend_legal, and the legal
list, _move_options, take its steps without asking step_options); and
where.passable over the tiles one point reaches (step_options reads no other
car) is the full answer on those tiles."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules import move_steps as MS
from chequered.games.formulagp.rules.move_table import others_of
from chequered.games.formulagp.rules.where import passable, track_of

from .watched import WATCHED_RACES, watch


@pytest.mark.parametrize("cfg,seed", WATCHED_RACES)
def test_a_free_points_steps_are_step_options_steps(cfg, seed):
    checked, passed = [], []

    def check(state):
        mv = state.move
        if not mv or "visited" not in mv:
            return
        for car in state.cars:
            if car.space is None:
                continue
            field = others_of(state, car.seat)
            free = MS._free_point(state, car.seat, field)
            if free is not None:
                steps = MS.step_options(state, car.seat, field)[0]
                assert [a.to for a in free] == [s.to for s in steps]
                checked.append(car.seat)
            reach = field[4][car.space][1]
            if reach is not None:
                spaces = track_of(state).spaces
                assert passable(state, car, reach) == [
                    k for k in passable(state, car) if spaces[state.cars[k].space].tile in reach]
                passed.append(car.seat)

    watch(cfg, seed, check)
    assert len(checked) > 100 and len(passed) > 100
