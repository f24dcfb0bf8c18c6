"""BOT 3.1 and 3.2.1 (the BOT's move towards a car ahead) and the movement of
BOT 6.7 (lapping), written from the BOT rules: the Pro BOT moves by its
TACTICS card (TAC11: lane 2 on straights, yellow arrow right, attacks always)
from 5.2.1 on the fast track (tiles 5 and 6 straights of single-space lanes),
round 5; the car ahead is on tile 6."""
from __future__ import annotations

from ._bot_help import path, pos
from .common import GAME, kinds, name

AHEAD = """round = 5
bots = {{ battle = ["BAT22"] }}
[[car]]
name = "vireo"
controller = "pro"
at = "5.2.1"
bot = {{ tactics = "TAC11" }}
{laps}
[[car]]
name = "halcyon"
at = "{there}"
hand = ["G03"]
"""


def _drive(there, laps=""):
    """The BOT's movement points, each its one legal action, to the battle or the end."""
    st = pos(AHEAD.format(there=there, laps=laps))
    ev: list = []
    while st.move is not None and st.move.get("seat") == 0 and 0 in GAME.to_act(st):
        legal = GAME.fine_actions(st, 0)
        assert len(legal) == 1
        ev += GAME.apply(st, 0, legal[0])
    return st, ev


def test_bot_3_1_an_open_lane_between_it_overtakes_without_a_battle():
    """The car ahead two lanes over (lane 4, lane 3 open): the BOT keeps its lane 2
    and drives past, no battle."""
    st, ev = _drive("6.4.1")
    assert path(st, ev, 0)[:2] == ["6.2.1", "7.2.1"] and "bot_battle" not in kinds(ev)


def test_bot_3_1_it_never_changes_lanes_to_open_a_lane_between():
    """The car in the adjacent lane 3: moving to lane 1 would leave lane 2 open, but
    the BOT does not change lanes for it: it stops behind and attacks."""
    st, ev = _drive("6.3.1")
    assert path(st, ev, 0) == [] and name(st, 0) == "5.2.1"
    assert "stop_behind" in kinds(ev) and "bot_battle" in kinds(ev)


def test_bot_3_2_1_same_lane_with_a_point_left_it_moves_beside_to_attack():
    """The car ahead in its own lane: with a point left the BOT changes lanes by
    its yellow arrow (right, lane 3) on its tile, then stops there beside the
    other car's lane and attacks."""
    st, ev = _drive("6.2.1")
    assert path(st, ev, 0) == ["5.3.1"] and "bot_battle" in kinds(ev)
    assert st.battle["defender"] == 1


def test_bot_6_7_lapping_it_ends_one_tile_behind_in_an_adjacent_lane():
    """A car a lap down blocks its lane: the BOT (a lap ahead) changes lanes the
    yellow arrow's way to end one tile behind it in the adjacent lane, then
    attacks it (always, when lapping: BOT 3.2.2)."""
    st, ev = _drive("6.2.1", laps="laps = 1")
    assert path(st, ev, 0) == ["5.3.1"] and name(st, 0) == "5.3.1"
    d = [e.data for e in ev if e.kind == "bot_battle_decision"]
    assert d and d[0]["yes"] and st.battle["defender"] == 1
