"""Drivers' turn sequence (FGP 7.3.2), on small hand-built tracks."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules.sequence import (
    driver_sequence, inside_lane, lane_ends, lane_rank, leader_by_position,
    reference_corner, sequence_keys,
)
from chequered.games.formulagp.track import Library, build_track, track

E = {}
TILES = [
    {"id": "FIN", "kind": "feature", "feature": "finish"},
    {"id": "ST", "kind": "straight", "lanes": [[E], [E], [E], [E]]},
    {"id": "S3", "kind": "straight", "lanes": [[E], [E], [E], []]},
    # a right-hand corner whose lane 2 is a longer trajectory (three spaces)
    {"id": "CR", "kind": "curved", "turn": "right", "gear": 4,
     "lanes": [[E], [E, E, E], [E], [E]]},
    {"id": "CL", "kind": "curved", "turn": "left", "gear": 6,
     "lanes": [[E], [E], [E], [E]]},
    # a slipstream space (one car shadow) in lane 4
    {"id": "SL", "kind": "straight",
     "lanes": [[E], [E], [E, E], [{"slipstream": 1}]]},
]
LIB = Library.model_validate({"source": "test", "tiles": TILES})


def build(*ids: str):
    return build_track(["FIN", *ids], LIB)


def at(tr, tile: int, lane: int, index: int = 0) -> int:
    """The space id of lane `lane`, position `index` on movement-point tile `tile`."""
    return tr.tiles[tile].lanes[lane - 1][index]


# ---- the four examples of FGP 7.3.2 -------------------------------------------------
def test_fgp_7_3_2_alone_on_tile_then_inside_of_next_corner():
    # Red alone on a tile ahead; Grey and Orange share a straight; the next corner
    # turns right, and Grey (lane 3) is nearer its inside than Orange (lane 1).
    tr = build("ST", "ST", "CR", "CL")
    pos = {"Orange": at(tr, 0, 1), "Grey": at(tr, 0, 3), "Red": at(tr, 1, 2)}
    assert driver_sequence(tr, pos, "Red") == ["Red", "Grey", "Orange"]


def test_fgp_7_3_2_lane_ending_before_the_corner_moves_after():
    # Blue is on lane 4, the inside lane of the next (right) corner, but lane 4
    # ends on the next tile; Orange's lane 2 continues to the corner.
    tr = build("ST", "S3", "CR", "CL")
    blue, orange = at(tr, 0, 4), at(tr, 0, 2)
    assert lane_ends(tr, blue, reference_corner(tr, 0))
    assert not lane_ends(tr, orange, reference_corner(tr, 0))
    assert driver_sequence(tr, {"Blue": blue, "Orange": orange}, "Blue") == \
        ["Orange", "Blue"]


def test_fgp_7_3_2_lane_counts_not_the_space():
    # On a right corner: Red on the inside lane 4; Orange in lane 3; Blue at the
    # front of the three-space lane 2, physically ahead of Orange.
    tr = build("CR", "ST", "CL")
    pos = {"Blue": at(tr, 0, 2, 2), "Orange": at(tr, 0, 3), "Red": at(tr, 0, 4)}
    assert tr.progress(pos["Blue"]) > tr.progress(pos["Orange"])
    assert driver_sequence(tr, pos, "Blue") == ["Red", "Orange", "Blue"]


def test_fgp_7_3_2_slipstream_cars_count_as_that_lane():
    # Orange in the slipstream space of lane 4 (inside of the next right corner),
    # Grey on its car shadow behind; Red in lane 3, further up the tile.
    tr = build("SL", "CR", "CL")
    slip = at(tr, 0, 4)
    assert tr.spaces[slip].capacity == 2
    pos = {"Red": at(tr, 0, 3, 1), "Grey": slip, "Orange": slip}
    order = driver_sequence(tr, pos, "Orange", within_space={"Orange": 0, "Grey": 1})
    assert order == ["Orange", "Grey", "Red"]


# ---- the parts of the rule around the examples -----------------------------------------
def test_inside_lane_and_reference_corner():
    tr = build("ST", "CL", "CR")
    assert reference_corner(tr, 0) == 1            # a straight looks ahead
    assert reference_corner(tr, 2) == 2            # a corner is its own reference
    assert inside_lane(tr, 1) == 1 and inside_lane(tr, 2) == 4
    assert lane_rank(tr, at(tr, 0, 1), 1) == 0
    assert lane_rank(tr, at(tr, 0, 4), 1) == 3


def test_fgp_7_3_2_leader_tile_first_then_walk_backwards_with_wrap():
    tr = build("ST", "ST", "CR", "CL")
    # the leader is on tile 1; a car on the last tile is far behind; a lapped car
    # just ahead of the leader (tile 2) is walked last (track position, not laps).
    pos = {"Lapped": at(tr, 2, 1), "Leader": at(tr, 1, 1), "Back": at(tr, 3, 1),
           "Mid": at(tr, 0, 1)}
    assert driver_sequence(tr, pos, "Leader") == ["Leader", "Mid", "Back", "Lapped"]


def test_fgp_13_4_5_spun_and_off_track_cars_move_last_in_their_own_order():
    tr = build("ST", "ST", "CR", "CL")
    pos = {"A": at(tr, 1, 1), "Spun": at(tr, 1, 4), "Off": (0, 2), "B": at(tr, 0, 3)}
    order = driver_sequence(tr, pos, "A", late={"Spun", "Off"})
    assert order == ["A", "B", "Spun", "Off"]


def test_fgp_13_11_blue_flag_cars_after_the_other_cars_of_their_tile():
    tr = build("ST", "CR", "CL")
    pos = {"Lapped": at(tr, 0, 4), "Racer": at(tr, 0, 1)}
    assert driver_sequence(tr, pos, "Lapped") == ["Lapped", "Racer"]
    assert driver_sequence(tr, pos, "Lapped", blue_flag={"Lapped"}) == ["Racer", "Lapped"]


def test_same_lane_front_car_first_and_ties_by_tie_order():
    tr = build("SL", "CR", "CL")
    back, front = at(tr, 0, 3, 0), at(tr, 0, 3, 1)
    assert driver_sequence(tr, {"Back": back, "Front": front}, "Front") == ["Front", "Back"]
    slip = at(tr, 0, 4)
    # two cars on one space with no rank given: the tie order decides
    pos = {"X": slip, "Y": slip}
    assert driver_sequence(tr, pos, "X", tie_order=["Y", "X"]) == ["Y", "X"]
    assert driver_sequence(tr, pos, "X") == ["X", "Y"]


def test_sequence_keys_explain_the_order():
    tr = build("ST", "S3", "CR", "CL")
    keys = sequence_keys(tr, {"Blue": at(tr, 0, 4), "Orange": at(tr, 0, 2)}, "Blue")
    assert [(k.car, k.lane_ends, k.lane_rank) for k in keys] == \
        [("Orange", False, 2), ("Blue", True, 0)]


def test_leader_by_position_and_unknown_leader():
    tr = build("ST", "ST", "CR", "CL")
    pos = {"A": at(tr, 0, 1), "B": at(tr, 2, 1)}
    assert leader_by_position(tr, pos) == "B"
    assert leader_by_position(tr, pos, laps={"A": 1}) == "A"
    with pytest.raises(KeyError):
        driver_sequence(tr, pos, "Z")


def test_shipped_track_every_space_has_a_sequence_key():
    tr = track("fast")
    pos = {f"c{i}": s.id for i, s in enumerate(tr.spaces[:12])}
    order = driver_sequence(tr, pos, leader_by_position(tr, pos))
    assert sorted(order) == sorted(pos)
