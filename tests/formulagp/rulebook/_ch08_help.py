"""Helpers shared by test_ch08_movement.py and test_ch08_drs_ers.py."""
from __future__ import annotations
from .common import A, play, position, space


SOLO = """
[[car]]
name = "halcyon"
at = "30.2.1"
"""


def car(at: str, hand, *, extra: str = "", race: str = "", others: str = SOLO) -> object:
    """Vireo on `at` with `hand`, to move; halcyon parked far away unless `others`."""
    return position(f"""{race}
[[car]]
name = "vireo"
at = "{at}"
hand = {list(hand)!r}
{extra}
{others}""")


def steps(st, *names):
    return play(st, *[A.Step(space(st, n)) for n in names])


def single(card: str, characteristic: bool = False) -> A.Play:
    return A.Play((card,), (), characteristic)
