"""Whole races and the pit lane: no car is ever left in it.

The regression (fast, a heuristic seat and five Pro BOTs, seed 1): before
A214 the pole car was pushed from the shadow car onto the PIT LANE space in
round 1, before its first move, and stood there for 17 rounds, losing its
points every turn (the space has no way forward and its way back crosses the
yellow line). FGP 11.1: a car cannot end its movement behind the yellow line
without entering the pit lane; once there, FGP 11.2 bounds its stay.

The longest stay the rules allow: a car enters in round r; with 3 or more
Penalty tokens it is held in its box for 2 rounds (r+1, r+2, FGP 11.2), stops
in r+3, and a repair whose WHITE die shows the icon (or a full repair) keeps it
in the box until the next round (r+4, FGP 11.2.1); it goes to the pit exit at
the end of r+4. A qualifying crash (FGP 7.2) starts from the pit lane and
joins in round 2 or 3 (A11). So no car is in the pit lane for more than 4
rounds after the round it came in."""
from __future__ import annotations

import os

import pytest

import chequered
from chequered.engine.play import agents_for, play
from chequered.games.formulagp.rules.where import track_of

GAME = chequered.game("formulagp")
MAX_ROUNDS_AFTER_ENTRY = 4          # 2 rounds of penalties + the stop + a long repair
# races per track and field: a few in the everyday run (the conformance test's
# thousand races check the invariants too); FGP_PIT_LANE_SEEDS=25 runs 300 races
SEEDS = int(os.environ.get("FGP_PIT_LANE_SEEDS", "6"))


def watch(cfg, seed):
    """Play a race checking the invariants after every step (they include: no car
    on the PIT LANE space, FGP 11.1). Returns (race, invariant problems, the
    longest stay in the pit lane in rounds after the round of entry, the events
    of cars pushed into the pit lane)."""
    st = GAME.new(cfg, seed)
    trk = track_of(st)
    bad: list = []
    since: dict[int, int] = {}          # seat -> round it was first seen in the pit lane
    longest = [0]
    pushes: list = []

    def on_step(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        pushes.extend((st.round, e.data["seat"]) for e in events
                      if e.kind == "pushed_into_pit_lane")
        for c in st.cars:
            there = c.in_pit or (c.space is not None and trk.spaces[c.space].pit_lane)
            if there:
                since.setdefault(c.seat, st.round)
                longest[0] = max(longest[0], st.round - since[c.seat])
            else:
                since.pop(c.seat, None)

    # random seats choose point by point (listing whole moves is a search)
    play(GAME, cfg, seed, agents_for(GAME, cfg, seed, fine=True), state=st, on_step=on_step)
    return st, bad, longest[0], pushes


def test_regression_fast_seed_1_the_pole_car_pushed_into_the_pit_lane_races_on():
    """The reported race: car 0 (pole, space 181) is pushed in round 1 before its
    first move. It now enters the pit lane (A214), stops on its turn of that round and
    leaves the pit exit in round 2: it is never on the PIT LANE space, and it finishes
    the race with its laps."""
    cfg = GAME.config(track="fast", seats=["heuristic", "pro", "pro", "pro", "pro", "pro"])
    st, bad, longest, pushes = watch(cfg, 1)
    assert not bad
    assert (1, 0) in pushes                         # the push of the report, still there
    assert longest <= MAX_ROUNDS_AFTER_ENTRY
    assert GAME.is_over(st)
    assert st.cars[0].laps >= 1 and st.cars[0].space is not None


CONFIGS = {
    "heuristic": ["heuristic"] * 6,
    "random": ["random"] * 6,
    "pro": ["heuristic"] + ["pro"] * 5,
    "mixed": ["random", "heuristic", "pro", "rookie", "random", "heuristic"],
}


@pytest.mark.parametrize("seats", sorted(CONFIGS))
@pytest.mark.parametrize("trk", ["fast", "twisty", "street"])
def test_no_car_stays_in_the_pit_lane_in_bot_races(trk, seats):
    """Over many bot races (fast, twisty, street; heuristic, random, Pro and Rookie
    BOTs): the invariants hold at every step, no car ever stands on the PIT LANE
    space, and no car stays in the pit lane longer than the rules allow."""
    cfg = GAME.config(track=trk, seats=CONFIGS[seats])
    for seed in range(SEEDS):
        st, bad, longest, pushes = watch(cfg, seed)
        assert not bad, (trk, seats, seed, bad[:3])
        assert GAME.is_over(st)
        assert longest <= MAX_ROUNDS_AFTER_ENTRY, (trk, seats, seed, longest)
