"""Positions built by hand for the round-machine tests: cars on given spaces
with given hands, seat 0 about to take its turn (the preparations step)."""
from __future__ import annotations

from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.setup import new_race


def scenario(spaces, *, hands, track_key="fast", round_no=3, board_tyre=None):
    """Cars on `spaces`, seat 0 to move, its turn at the preparations step."""
    st = new_race(track_key, len(spaces), seed=1, controllers=["human"] * len(spaces))
    st.round, st.flag, st.turn.phase = round_no, 8 + round_no, "turns"
    for car, sp, hand in zip(st.cars, spaces, hands):
        car.space, car.in_pit, car.laps = sp, False, 0
        for c in car.hand:
            car.deck.pile.append(c)
        car.hand = []
        for c in hand:
            car.deck.pile.remove(c)
            car.hand.append(c)
        if board_tyre:
            car.tyre = board_tyre
    st.sequence = list(range(len(spaces)))
    st.seq_pos, st.done = 0, []
    st.move = {"seat": 0, "stage": "prep"}
    st.turn.cache = None
    machine.advance(st)
    return st
