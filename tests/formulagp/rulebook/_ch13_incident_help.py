"""Helpers shared by test_ch13_incidents.py and test_ch13_damage.py."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space
from chequered.games.formulagp.track import track


GAME = chequered.game("formulagp")


def sp(name: str, key: str = "fast") -> int:
    return parse_space(key, name)


def drive(st, seat=0):
    """Straight on in the lane until the move is over, no extensions."""
    trk = track(st.track)
    while st.turn.pending and st.turn.pending.step in ("move", "extend") \
            and st.turn.pending.seats == [seat]:
        if st.turn.pending.step == "extend":
            GAME.apply(st, seat, A.Done())
            continue
        legal = GAME.fine_actions(st, seat)
        lane = trk.spaces[st.cars[seat].space].lane
        steps = [a for a in legal if isinstance(a, A.Step)]
        ahead = [a for a in steps if trk.spaces[a.to].lane == lane]
        GAME.apply(st, seat, (ahead or steps or [legal[-1]])[0])
