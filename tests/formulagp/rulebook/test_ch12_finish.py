"""FGP 12 (Race Finish), section by section, from the rulebook text: each test
sets a position up and plays it through the protocol."""
from __future__ import annotations

import chequered
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.steps import MACHINE as machine

GAME = chequered.game("formulagp")


def _final_round_over(spaces, penalties=()):
    """Every car has played its final turn on `spaces` (the final round): the
    race ends and is classified."""
    st = new_race("fast", len(spaces), seed=1, controllers=["human"] * len(spaces))
    st.round, st.flag, st.turn.phase = 16, 24, "turns"
    st.final_round = True
    for car, sp in zip(st.cars, spaces):
        car.space, car.in_pit, car.laps = sp, False, 1
        car.hand = [c for c in car.hand if c != "F01"]
    for car, n in zip(st.cars, penalties):
        car.penalties = n
    st.sequence = list(range(len(spaces)))
    st.seq_pos, st.done = len(spaces), list(range(len(spaces)))
    st.move, st.turn.pending, st.turn.cache = None, None, None
    machine.advance(st)
    assert GAME.is_over(st)
    return st


# ---- FGP 12.2.2 ---------------------------------------------------------------------------
def test_fgp_12_2_2_cars_on_one_tile_are_classified_in_driver_sequence():
    """Cars finishing on one tile are ranked as they would move: here the car in the inside lane of the next corner (tile 7 turns right: lane 4) beats the one in lane 2."""
    # tile 6: seat 0 in lane 2 (space 33), seat 1 in lane 4 (space 35)
    st = _final_round_over([33, 35])
    assert st.classification == [1, 0]


def test_fgp_12_2_2_equal_penalties_on_one_tile_keep_the_driver_sequence():
    """Two cars with one token each sent back 5 tiles onto one tile stay in driver-sequence order."""
    # tile 11: seat 0 lane 2 (54), seat 1 lane 3 (55), next corner tile 15 turns right
    # (its lane 4 has ended there);
    # one token each: both back to tile 6
    st = _final_round_over([54, 55], penalties=(1, 1))
    assert st.classification == [1, 0]
