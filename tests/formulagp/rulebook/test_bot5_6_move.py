"""The BOT's move out of the pit lane (BOT 5.4) and by a yellow flag (BOT
6.4), written from the BOT rules: hand-written positions, the BOT's turn
played through GAME.apply (every BOT decision its one legal action).

Fast track: the pit exit is 0.4.1 (tile 0, lane 4; the step to 0.3.1 crosses
the yellow line), tile 1 a straight; tiles 5-6 straights of single-space
lanes, tile 7 a right curve whose lane 2 has two spaces (7.2.1, 7.2.2)."""
from __future__ import annotations

from chequered.games.formulagp.rules.where import track_of

from ._bot_help import bot_turn, path, pos
from .common import kinds

PIT_EXIT = """round = 10
rolls = {rolls}
[[car]]
name = "vireo"
controller = "pro"
at = "0.4.1"
bot = {{ tactics = "TAC11", pit = {{ round = 20, icon = "tyre" }} }}
[[car]]
name = "halcyon"
at = "30.1.1"
"""


def _exit(rolls):
    return pos(PIT_EXIT.format(rolls=list(rolls)))


# ---- BOT 5.4 -----------------------------------------------------------------------------
def test_bot_5_4_the_white_die_sets_the_pace_out_of_the_pits():
    """Leaving the pit lane (2nd gear) the Pro rolls the WHITE die for its pace:
    green, the GREEN pace; red, the RED pace (round 10, where it would be RED)."""
    st = _exit(["white:green"])
    assert (st.move["pace"], st.move["gear"]) == ("green", 2) and not st.chance.script
    st = _exit(["white:red"])
    assert st.move["pace"] == "red" and not st.chance.script


def test_bot_5_4_no_lane_change_across_the_yellow_line():
    """TAC11 wants lane 2 on the straight ahead, but from the pit exit that lane
    change crosses the yellow line: the Pro drives straight out (no penalty)."""
    st = _exit(["white:green"])
    ev = bot_turn(st, 0)
    assert path(st, ev, 0)[0] == "1.4.1" and "penalty" not in kinds(ev)
    assert st.cars[0].penalties == 0


def test_bot_5_4_no_corner_modification_on_the_way_out():
    """On the twisty track the move out of the pits (GREEN pace, 4 points) ends on
    tile 4, a corner: the +2 of TAC23 is not used there."""
    text = PIT_EXIT.format(rolls=["white:green"]).replace("TAC11", "TAC23")
    st = pos('track = "twisty"\n' + text)
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == ["1.4.1", "2.4.1", "3.4.1", "4.4.1"]
    assert not track_of(st).tiles[4].straight and "bot_corner" not in kinds(ev)


# ---- BOT 6.4 -----------------------------------------------------------------------------
ZONE = """round = 4
bots = {{ rookie_tactics = "TAC01" }}
yellow_zones = [{{ yellow = 6, green = 7 }}]
[[car]]
name = "halcyon"
controller = "rookie"
at = "{at}"
[[car]]
name = "vireo"
at = "1.1.1"
"""


def test_bot_6_4_red_pace_into_the_zone_stops_on_the_farthest_space_of_the_green_tile():
    """From before the zone (tile 5) the Rookie drives at the RED pace; reaching
    the Green Flag token's tile (7) it goes on to that tile's farthest space of
    its lane and stops there, its other points lost."""
    st = pos(ZONE.format(at="5.2.1"))
    assert st.move["pace"] == "red"
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == ["6.2.1", "7.2.1", "7.2.2"]
    assert "points_lost" in kinds(ev)


def test_bot_6_4_green_pace_from_inside_the_zone():
    """Starting its turn in the zone (tile 6) the BOT uses the GREEN pace and is
    not stopped at the Green Flag token."""
    st = pos(ZONE.format(at="6.2.1"))
    mp = st.move["mp"]
    assert st.move["pace"] == "green"
    assert len(path(st, bot_turn(st, 0), 0)) == mp
