"""Helpers shared by test_ch04_mechanics.py and test_ch04_decks.py."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.track import track


GAME = chequered.game("formulagp")


FAST = track("fast")


def drive(st, seat: int = 0, lane: bool = True) -> None:
    """Spend every movement point straight on (keeping the lane when it can),
    declining extensions, until the car's move is over."""
    while st.turn.pending and st.turn.pending.step in ("move", "extend") \
            and st.turn.pending.seats == [seat]:
        legal = GAME.fine_actions(st, seat)
        here = st.cars[seat].space
        steps = [a for a in legal if isinstance(a, A.Step)]
        ahead = [a for a in steps if not lane or FAST.spaces[a.to].lane == FAST.spaces[here].lane]
        GAME.apply(st, seat, (ahead or steps or [legal[-1]])[0]
                   if st.turn.pending.step == "move" else A.Done())
