"""Scenario tests for FGP 8.4.2 [ADV] speed limits by card colour (with 3.1,
7.3.3.5, 12.1, 13.2, 18.1), written from the rulebook.

The twisty track's gear markers: tile 8 RED (a 4th-gear corner), tile 12
GREEN (4th gear); tiles 7, 10, 11 are 8th-gear straights. With soft tyres a
BLUE card from 7.3.1 drives through tiles 8 and 12 and on to tile 13. The fast
track: tile 22 GREEN (2nd gear, two spaces in lane 3), tile 21 a 2nd-gear
corner before it."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.track import track
from chequered.games.formulagp.track_check import check_track

from ._flags_help import A, GAME, at, drive, finish, pos

TWO = """
rules = "{rules}"
track = "twisty"
round = 5
[[car]]
name = "vireo"
at = "7.3.1"
tyre = "soft"
hand = ["B02"]
[[car]]
name = "halcyon"
at = "30.2.1"
hand = ["G06"]
"""

ONE = """
rules = "advanced"
track = "{track}"
round = 5
{extra}
[[car]]
name = "vireo"
at = "{at}"
hand = {hand}
{car}
[[car]]
name = "halcyon"
at = "35.2.1"
hand = ["G06"]
"""


def rolls(ev):
    return [e.data["die"] for e in ev if e.kind == "roll" and e.data["die"] in ("red", "yellow")]


def _one(at_, cards, hand=None, extra="", forced=("red:tyre_wear",), trk="fast", car=""):
    st = pos(ONE.format(at=at_, hand=list(hand or cards), extra=extra, track=trk, car=car),
             forced=list(forced))
    w = st.cars[0].wear
    ev = drive(st, 0, cards) + finish(st, 0)
    return st, ev, st.cars[0].wear - w


# ---- FGP 18.1 / 3.1: the markers ------------------------------------------------------------
@pytest.mark.parametrize("key", ["fast", "twisty", "street"])
def test_fgp_18_1_every_track_has_two_green_and_two_red_speed_limit_corners(key):
    """Each track's gear markers: 2 GREEN and 2 RED speed-limit corners, on
    curved tiles (FGP 18.1 [ADV], 8.4.2 "some corners")."""
    trk = track(key)
    marked = [t for t in trk.tiles if t.speed_limit]
    assert sorted(t.speed_limit for t in marked) == ["GREEN", "GREEN", "RED", "RED"]
    assert not any(t.straight for t in marked)
    assert check_track(trk) == []


# ---- FGP 8.4.2 ------------------------------------------------------------------------------
def test_fgp_8_4_2_a_red_card_from_a_green_corner_rolls_the_red_die():
    """Starting a move from a GREEN-limit corner with a RED card and leaving
    the tile: a hazard check, the RED die after the move (here: +1 wear)."""
    st, ev, wear = _one("22.3.1", ["R01"])
    assert rolls(ev) == ["red"] and wear == 1
    assert track("fast").spaces[st.cars[0].space].tile > 22


def test_fgp_8_4_2_a_green_card_respects_the_green_limit():
    """A GREEN card through or from a GREEN corner rolls nothing."""
    _, ev, wear = _one("22.3.1", ["G05"], forced=())
    assert rolls(ev) == [] and wear == 0


def test_fgp_8_4_2_two_green_cards_at_red_pace_still_respect_a_green_limit():
    """Only the card colour counts: a GREEN pair (RED pace) respects a GREEN
    limit; the pair's own YELLOW die is the only die rolled."""
    st, ev, _ = _one("12.2.1", ["G05", "G06"], forced=("yellow:stress",), trk="twisty")
    assert rolls(ev) == ["yellow"] and track("twisty").spaces[st.cars[0].space].tile > 12


def test_fgp_8_4_2_two_red_cards_at_blue_pace_still_respect_a_red_limit():
    """In the same way a RED pair (BLUE pace) respects a RED limit."""
    st, ev, _ = _one("8.2.1", ["R01", "R02"], forced=("yellow:stress",), trk="twisty")
    assert rolls(ev) == ["yellow"] and track("twisty").spaces[st.cars[0].space].tile > 8


def test_fgp_8_4_2_a_blue_card_from_a_red_corner_rolls_the_red_die():
    """A BLUE card is faster than a RED limit."""
    _, ev, wear = _one("8.2.1", ["B02"], trk="twisty")
    assert rolls(ev) == ["red"] and wear == 1


def test_fgp_8_4_2_ending_the_move_on_the_corner_is_no_breach():
    """Only leaving the tile counts: a RED card that ends its move on the
    GREEN corner rolls no die."""
    st, ev, _ = _one("21.3.1", ["R01"], forced=(), car='tyre = "hard"')   # 2 + 1 points
    assert at(st, 0) == "22.3.2" and rolls(ev) == []


def test_fgp_8_4_2_two_corners_too_fast_roll_one_red_then_one_yellow():
    """A BLUE card through a RED-limit and a GREEN-limit corner: one RED die
    and then one YELLOW die (FGP 8.4.2, 13.2), here +1 wear each."""
    st = pos(TWO.format(rules="advanced"), forced=["red:tyre_wear", "yellow:tyre_wear"])
    w = st.cars[0].wear
    ev = drive(st, 0, ["B02"]) + finish(st, 0)
    assert at(st, 0).startswith("13.")
    assert rolls(ev) == ["red", "yellow"] and st.cars[0].wear == w + 2


def test_fgp_8_4_2_the_standard_race_has_no_speed_limits():
    """The same BLUE move in a Standard race rolls no die."""
    st = pos(TWO.format(rules="standard"))
    ev = drive(st, 0, ["B02"]) + finish(st, 0)
    assert at(st, 0).startswith("13.") and rolls(ev) == []


def test_fgp_8_4_2_no_speed_limit_check_inside_a_yellow_flag_zone():
    """Track events are inactive in a Yellow Flag zone (A83): a RED card
    leaving the GREEN corner inside the zone rolls nothing."""
    st, ev, _ = _one("22.3.1", ["R01"], extra='yellow_zones = [{ yellow = 21, green = 26 }]',
                     forced=())
    assert rolls(ev) == [] and track("fast").spaces[st.cars[0].space].tile > 22


def test_fgp_8_4_2_no_speed_limit_check_under_the_safety_car():
    """Under the Safety Car track events are inactive (FGP 13.9.2)."""
    st = pos(ONE.format(at="22.3.1", hand=["R01"], extra="", track="fast", car=""),
             safety_car={"tile": 30, "until": 9})
    ev = drive(st, 0, ["R01"]) + finish(st, 0)
    assert rolls(ev) == [] and track("fast").spaces[st.cars[0].space].tile > 22
