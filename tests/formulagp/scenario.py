"""Positions built by hand for the round-machine tests: cars on given spaces
with given hands, seat 0 about to take its turn (the preparations step).
Built through the hand-written position format (position.py)."""
from __future__ import annotations

from chequered.games.formulagp.position import position, space_name


def scenario(spaces, *, hands, track_key="fast", round_no=3, board_tyre=None):
    """Cars on `spaces` (space ids), seat 0 to move, its turn at the preparations step."""
    cars = []
    for sp, hand in zip(spaces, hands):
        car = {"at": space_name(track_key, sp), "hand": list(hand)}
        if board_tyre:
            car["tyre"] = board_tyre
        cars.append(car)
    return position({"track": track_key, "round": round_no, "car": cars, "leader": "none"})
