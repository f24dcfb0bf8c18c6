"""where.near_tiles: battle_targets (battle_steps._targets, the heuristic
driver's _attack_from_here) reads where.passable only for the cars on the
car's own tile and the tiles one point reaches, so passable over those tiles
gives the answer of passable over every car, checked at every decision of
races for every car on track (round 3 on: no battle before, FGP 7.2)."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules.overtake import battle_targets
from chequered.games.formulagp.rules.where import near_tiles, passable, positions, track_of

from .watched import WATCHED_RACES, watch


@pytest.mark.parametrize("cfg,seed", WATCHED_RACES)
def test_battle_targets_read_only_the_near_tiles(cfg, seed):
    checked, found = [], []

    def check(state):
        trk = track_of(state)
        mv = state.move or {}
        for car in state.cars:
            if car.space is None:
                continue
            others = positions(state, car.seat)
            near = passable(state, car, near_tiles(trk, car.space))
            full = passable(state, car)
            for ahead in {None, mv.get("ahead")}:
                for ot in (1, 3):
                    got = battle_targets(trk, car.space, ot, others, ahead_in_space=ahead,
                                         passable=near)
                    assert got == battle_targets(trk, car.space, ot, others,
                                                 ahead_in_space=ahead, passable=full)
                    if got:
                        found.append(got)
            checked.append(car.seat)

    watch(cfg, seed, check)
    assert len(checked) > 100 and found
