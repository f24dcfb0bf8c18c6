"""BOT 2.2.1 / 2.2.2 and the blocked BOT of BOT 2.2.3 (the fifth example),
written from the BOT rules: a BOT beside another car that sits in the lane
it wants.

Fast track: tile 6 a straight of four single-space lanes, tile 7 a right
curve (lanes 2-4, the inside on the right: lane 4). The Rookie cards: TAC06
wants the inside lane on curves (lane 4 here), yellow arrow left, blocked:
green aggressive, red not aggressive; TAC10 the inside lane too, blocked:
surrender on both colours. The Rookie on 6.3.1 changes lanes right onto
6.4.1, on the track's right edge, just before the curve."""
from __future__ import annotations

from ._bot_help import bot_turn, path, pos
from .common import GAME, kinds, name

BESIDE = """round = 4
rolls = {rolls}
bots = {{ rookie_tactics = "{card}" }}
sequence = ["halcyon", "vireo"]
[[car]]
name = "halcyon"
controller = "rookie"
at = "{at}"
[[car]]
name = "vireo"
controller = "{other}"
at = "{there}"
"""


def _beside(card, rolls=(), other="human", at="6.3.1", there="6.4.1"):
    return pos(BESIDE.format(card=card, rolls=list(rolls), other=other, at=at, there=there))


def _blocked(ev):
    return [e.data["response"] for e in ev if e.kind == "bot_blocked"]


def test_bot_2_2_3_fifth_example_aggressive_forces_the_other_car_off():
    """Green on the WHITE die, TAC06 aggressive: the BOT changes lanes into the
    other car's space and pushes it off the track (the players' FGP 8.3.1)."""
    st = _beside("TAC06", ["white:green"])
    ev = GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert _blocked(ev) == ["aggressive"] and "push" in kinds(ev)
    assert path(st, ev, 0) == ["6.4.1"] and st.cars[1].off_track


def test_bot_2_2_3_fifth_example_not_aggressive_goes_straight_on():
    """Red, TAC06 not aggressive: instead of the lane change the BOT moves
    straight ahead into the clear space of its lane; the other car stays."""
    st = _beside("TAC06", ["white:red"])
    ev = GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert _blocked(ev) == ["not_aggressive"] and "push" not in kinds(ev)
    assert path(st, ev, 0) == ["7.3.1"] and st.cars[1].space is not None


def test_bot_2_2_3_fifth_example_surrender_moves_after_the_other_car():
    """TAC10 surrenders: the BOT gives up its place in the driver sequence; the
    other car (a Rookie too) moves first, then the BOT takes its turn with its
    points and, the space now clear, changes lanes as its card says."""
    st = _beside("TAC10", ["white:green"], other="rookie")
    mp = st.move["mp"]
    ev = GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert "bot_surrender" in kinds(ev) and st.sequence == [1, 0] and st.move["seat"] == 1
    ev = bot_turn(st, 0)
    order = [e.data["seat"] for e in ev if e.kind == "turn_end"]
    assert order == [1, 0] and "bot_resume" in kinds(ev)
    assert path(st, ev, 0)[0] == "6.4.1" and len(path(st, ev, 0)) == mp
    assert [e for e in ev if e.kind == "roll"] == []       # no second die for the pace


def test_bot_2_2_2_a_safe_push_needs_no_die():
    """The car beside can be pushed into a free space: the BOT changes lanes and
    pushes it one lane over, without rolling (no risk of a collision)."""
    st = _beside("TAC06", at="6.2.1", there="6.3.1")
    ev = GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert "push" in kinds(ev) and _blocked(ev) == [] and "roll" not in kinds(ev)
    assert path(st, ev, 0) == ["6.3.1"] and name(st, 1) == "6.4.1"


def test_bot_2_2_1_no_surrender_once_it_has_moved_it_goes_straight_on():
    """A164: after its first step a surrendering BOT cannot give up its place: it
    goes straight on into a clear space (here after a safe push the pushed car
    is on the edge: the second change is blocked, TAC10 surrenders)."""
    st = _beside("TAC10", ["white:green"], at="6.2.1", there="6.3.1")
    ev = bot_turn(st, 0)
    assert _blocked(ev) == ["surrender"] and "bot_surrender" not in kinds(ev)
    assert path(st, ev, 0)[:2] == ["6.3.1", "7.3.1"]
