"""FGP 13.2-13.7 (hazard checks, stress, loss of control, damage, failures)
as scenarios: a position set up by hand, played through the protocol
(GAME.legal_actions / GAME.apply), the outcome checked against the rulebook."""
from __future__ import annotations

import chequered
from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.track import track

from ..scenario import scenario

GAME = chequered.game("formulagp")


def _straight(trk):
    """A lane-2 space on a straight tile with straights ahead."""
    for t in trk.tiles:
        nxt = [trk.tiles[trk.tile_ahead(t.index, k)] for k in range(1, 4)]
        if t.straight and all(x.straight for x in nxt) and t.lanes[1]:
            return t.lanes[1][-1]
    raise AssertionError("no straight")


# ---- FGP 13.3 --------------------------------------------------------------------------
def test_fgp_13_3_the_third_space_is_stressed_no_pairs():
    """A driver whose stress token stands on the 3rd space (one right of the
    middle) is STRESSED: only single cards may be played."""
    st = scenario([_straight(track("fast"))], hands=[["G01", "G02"]])
    st.cars[0].stress = 3
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    plays = GAME.legal_actions(st, 0)
    assert plays and all(len(p.cards) == 1 for p in plays)
