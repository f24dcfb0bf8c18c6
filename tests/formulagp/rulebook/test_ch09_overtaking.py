"""FGP 9 (Overtaking), section by section, from the rulebook text: each test
sets a position up and plays it through the protocol."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A

from ..test_matrix_turn import scenario

GAME = chequered.game("formulagp")


# ---- FGP 9.1 ------------------------------------------------------------------------------
def test_fgp_9_1_a_car_that_passed_freely_may_then_push():
    """Having reached a tile without a battle, the car moves normally there: a lateral step into the other car's space pushes it one lane on."""
    # tile 0 lane 1 -> tile 1 lane 1 with lane 2 empty beside the car in lane 3
    st = scenario([0, 6], hands=[["R01"], []], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    GAME.apply(st, 0, A.Step(4))                        # onto the tile, no battle
    GAME.apply(st, 0, A.Step(5))                        # lane 2
    assert A.Step(6) in GAME.legal_actions(st, 0)
    ev = GAME.apply(st, 0, A.Step(6))
    assert "push" in [e.kind for e in ev]
    assert st.cars[0].space == 6 and st.cars[1].space == 7


# ---- FGP 9.2 ------------------------------------------------------------------------------
def test_fgp_9_2_a_car_right_behind_in_its_lane_may_stop():
    """Reaching a car that sits on the very next space of its own lane, the mover may stop on the last space of its tile instead of changing lanes."""
    # tile 1 lane 2 (space 5); the other car on tile 2 lane 2 (space 9)
    st = scenario([5, 9], hands=[["G05"], []], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert A.Stop() in GAME.legal_actions(st, 0)
    ev = GAME.apply(st, 0, A.Stop())
    assert st.cars[0].space == 5
    assert any(e.kind == "stop_behind" for e in ev)
