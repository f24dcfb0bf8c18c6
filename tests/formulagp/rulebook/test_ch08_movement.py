"""FGP 8.1-8.5 (Movement Rules; 8.6-8.9 are test_ch08_drs_ers.py), section by section, written from the rulebook:
each test writes a position by hand and plays it through the protocol.

Boards used (content/boards.toml, side A): vireo and halcyon read GREEN/RED/
BLUE = 2/4/5 in 6th gear and 3/5/7 in 8th; medium tyres give +2 (wear 3),
hard +1; vireo holds OT 2 and ERS 3 (LEDs 0/0/2/2: hand limit 6 at 2-3
charges, 4 below). On the fast track tiles 0-6 and 8 are straight 8th-gear
tiles, 7, 9 and 10 are corners, tiles 2-5 are DRS zone 1, tile 12 has
slipstream spaces in lanes 2 and 3, tile 22 forbids pairs, 7.2.1 and 7.3.1
start skid marks."""
from __future__ import annotations

import re

from .common import A, kinds, legal, name, play, position, space, turn_over
from ._ch08_help import car, steps, single

from chequered.games.formulagp import GAME
from chequered.games.formulagp.rules.where import running_order


# ---- FGP 8.1 ------------------------------------------------------------------------------
def test_fgp_8_1_speed_is_the_board_value_for_the_start_gear_and_the_pace():
    """The points are the board's value for the start tile's gear and the cards' pace (a GREEN pair reads RED), plus the tyre bonus."""
    cases = [("9.2.1", ("G05",), 2 + 2), ("9.2.1", ("R01",), 4 + 2),
             ("9.2.1", ("G05", "G06"), 4 + 2), ("1.2.1", ("G05",), 3 + 2),
             ("1.2.1", ("R01",), 5 + 2), ("1.2.1", ("B01",), 7 + 2)]
    for at, cards, mp in cases:
        st = car(at, ["G05", "G06", "R01", "B01"])
        ev = play(st, A.Done(), A.Play(cards, (), False))
        (mv,) = [e for e in ev if e.kind == "move_play"]
        assert (mv.data["gear"], mv.data["mp"]) == (6 if at == "9.2.1" else 8, mp)
        assert st.move["left"] == mp


# ---- FGP 8.2 ------------------------------------------------------------------------------
def test_fgp_8_2_no_reduction_after_an_extension_and_no_extension_after_a_reduction():
    """A turn may extend or reduce the move, never both."""
    # GREEN in 8th: 5 points from 1.2.1 end on 4.2.2 (straight): extend with ERS
    st = car("1.2.1", ["G05", "T01"])
    play(st, A.Done(), single("G05"))
    steps(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2")
    assert st.turn.pending.step == "extend"
    play(st, A.Extend("ers"))
    assert st.turn.pending.step == "move"
    assert not any(isinstance(a, A.Reduce) for a in legal(st))
    # reducing after three spaces: no extension follows
    st = car("1.2.1", ["G05", "T01"], extra="ers = 1")
    play(st, A.Done(), single("G05"))
    steps(st, "2.2.1", "3.2.1", "3.2.2")
    ev = play(st, A.Reduce(2, ()))
    assert "extend" not in kinds(ev) and "turn_end" in kinds(ev)


# ---- FGP 8.2.1 ----------------------------------------------------------------------------
def test_fgp_8_2_1_five_points_three_spaces_two_ers_charges():
    """The book's example: 5 movement points, 3 spaces driven, the 2 left charge the battery."""
    st = car("1.2.1", ["G05"], extra="ers = 1")
    play(st, A.Done(), single("G05"))
    assert st.move["left"] == 5
    steps(st, "2.2.1", "3.2.1", "3.2.2")
    assert A.Reduce(2, ()) in legal(st)
    ev = play(st, A.Reduce(2, ()))
    assert st.cars[0].ers == 3 and name(st, 0) == "3.2.2"
    assert "turn_end" in kinds(ev)


def test_fgp_8_2_1_no_charge_past_the_maximum_or_with_a_blue_card_brake_instead():
    """A full battery or a BLUE card allows no ERS charge; Tyre Wear cards still brake, +1 wear each."""
    st = car("1.2.1", ["G05", "T01", "T02"])                # ERS full (3)
    play(st, A.Done(), single("G05"))
    steps(st, "2.2.1", "3.2.1", "3.2.2")
    assert [a for a in legal(st) if isinstance(a, A.Reduce)] == [A.Reduce(0, ("T01", "T02"))]
    wear = st.cars[0].wear
    play(st, A.Reduce(0, ("T01", "T02")))
    assert st.cars[0].wear == wear + 2 and name(st, 0) == "3.2.2"
    st = car("1.2.1", ["B01", "T01"], extra="ers = 2")     # BLUE: 9 points, ERS 2 -> 1
    play(st, A.Done(), single("B01"))
    assert st.cars[0].ers == 1
    steps(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1", "7.2.1")
    assert [a for a in legal(st) if isinstance(a, A.Reduce)] == [A.Reduce(0, ("T01",))]


def test_fgp_8_2_1_a_reduced_move_gets_no_drs():
    """Reducing the move and activating DRS never happen in one turn."""
    others = """
[[car]]
name = "halcyon"
at = "5.3.1"
"""
    # 0.2.1 -> 4.2.1 with 5 points: inside DRS zone 1, the next car on tile 5
    st = car("0.2.1", ["G05"], others=others)
    play(st, A.Done(), single("G05"))
    steps(st, "1.2.1", "2.2.1", "3.2.1", "3.2.2", "4.2.1")
    ev = play(st, A.Done())                                 # no extension
    assert "drs" in kinds(ev) and name(st, 0) == "4.2.2"
    st = car("0.2.1", ["G05"], extra="ers = 2", others=others)
    play(st, A.Done(), single("G05"))
    steps(st, "1.2.1", "2.2.1", "3.2.1", "3.2.2")
    ev = play(st, A.Reduce(1, ()))
    assert "drs" not in kinds(ev) and name(st, 0) == "3.2.2"


# ---- FGP 8.2.2 ----------------------------------------------------------------------------
def test_fgp_8_2_2_car_a_on_a_straight_extends_with_ers():
    """The book's car a: a move ended on a straight tile is extended one space for one ERS charge."""
    st = car("10.1.1", ["G05", "T01"])                      # 6th gear: 2 + 2 points
    play(st, A.Done(), single("G05"))
    steps(st, "11.1.1", "12.1.1", "13.1.1", "14.1.1")
    assert st.turn.pending.step == "extend"
    assert legal(st) == [A.Extend("ers"), A.Done()]         # no Tyre Wear card on a straight
    play(st, A.Extend("ers"))
    assert st.cars[0].ers == 2
    assert {a.to for a in legal(st) if isinstance(a, A.Step)} >= {space(st, "15.1.1")}
    steps(st, "15.1.1")
    assert name(st, 0) == "15.1.1"


def test_fgp_8_2_2_car_b_in_a_corner_extends_with_a_tyre_wear_card():
    """The book's car b: a move ended on a corner is extended one space by a Tyre Wear card, +1 tyre wear."""
    st = car("6.2.1", ["G05", "T01"], extra='tyre = "hard"')   # 3 + 1 points
    play(st, A.Done(), single("G05"))
    steps(st, "7.2.1", "7.2.2", "8.2.1", "9.2.1")
    assert st.turn.pending.step == "extend"
    assert legal(st) == [A.Extend("tyre_wear", "T01"), A.Done()]    # no ERS in a corner
    wear, ers = st.cars[0].wear, st.cars[0].ers
    play(st, A.Extend("tyre_wear", "T01"))
    steps(st, "10.2.1")
    assert (st.cars[0].wear, st.cars[0].ers) == (wear + 1, ers)
    assert "T01" not in st.cars[0].hand


def test_fgp_8_2_2_no_tyre_wear_extension_on_worn_out_tyres():
    """With worn-out tyres a Tyre Wear card cannot extend a move ended in a corner."""
    # hard tyres at the worn-out icon (16): no bonus, GREEN in 4th gear = 1 point
    st = car("7.2.1", ["G05", "T01"], extra='tyre = "hard"\nwear = 16')
    play(st, A.Done(), single("G05"))
    assert st.move["left"] == 1
    ev = steps(st, "7.2.2")
    assert "turn_end" in kinds(ev) and "extend" not in kinds(ev)
    assert "T01" in st.cars[0].hand


# ---- FGP 8.3 ------------------------------------------------------------------------------
def test_fgp_8_3_a_lane_change_is_one_lateral_point_never_diagonal_never_back():
    """A lane change costs a point and goes sideways only; the car may not return to a space it left."""
    st = car("1.1.1", ["G05"])
    play(st, A.Done(), single("G05"))
    assert {a.to for a in legal(st) if isinstance(a, A.Step)} == {space(st, "2.1.1"),
                                                                  space(st, "1.2.1")}
    steps(st, "1.2.1")
    assert st.move["left"] == 4
    options = {a.to for a in legal(st) if isinstance(a, A.Step)}
    assert space(st, "1.1.1") not in options                 # no going back
    assert options == {space(st, "2.2.1"), space(st, "1.3.1")}


def test_fgp_8_3_lane_changes_by_card_colour():
    """GREEN changes lanes for free, RED costs +1 tyre wear a change, BLUE cannot change lanes at all."""
    for card, wear in (("G05", 0), ("R01", 1)):
        st = car("1.1.1", [card])
        play(st, A.Done(), single(card))
        before = st.cars[0].wear
        steps(st, "1.2.1")
        assert st.cars[0].wear == before + wear
    st = car("1.2.1", ["B01"])
    play(st, A.Done(), single("B01"))
    assert {a.to for a in legal(st) if isinstance(a, A.Step)} == {space(st, "2.2.1")}


def test_fgp_8_3_leaving_a_double_lane_space_either_way_is_no_lane_change():
    """From a double-lane space the car picks either lane of the next tile without a lane change (no wear with RED)."""
    st = car("16.2.2", ["R01"])                              # lanes 2 and 3 of tile 16
    play(st, A.Done(), single("R01"))
    options = {a.to for a in legal(st) if isinstance(a, A.Step)}
    assert {space(st, "17.2.1"), space(st, "17.3.1")} <= options
    wear = st.cars[0].wear
    steps(st, "17.3.1")
    assert st.cars[0].wear == wear and st.move["changes"] == 0


def test_fgp_8_3_a_kerb_is_part_of_the_track():
    """A lateral move onto a kerb space is an ordinary lane change."""
    st = car("1.3.1", ["G05"])
    play(st, A.Done(), single("G05"))
    assert A.Step(space(st, "1.4.1")) in legal(st)          # the kerb of lane 4
    steps(st, "1.4.1")
    assert name(st, 0) == "1.4.1" and st.move["left"] == 4
    assert A.Step(space(st, "2.4.1")) in legal(st)


# ---- FGP 8.3.1 ----------------------------------------------------------------------------
TWO_ON_TILE_1 = """
round = 5
rolls = ["white:1"]
[[car]]
name = "vireo"
at = "1.3.1"
hand = ["G05"]
w2w = "vs"
[[car]]
name = "halcyon"
at = "1.4.1"
hand = {hand}
w2w = "vs"
"""


def test_fgp_8_3_1_a_car_on_the_same_tile_pushes_the_car_in_its_way():
    """A lane change into a car on the same tile pushes it one lane further the same way; nobody is penalised."""
    st = position("""
[[car]]
name = "vireo"
at = "1.2.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "1.3.1"
""")
    play(st, A.Done(), single("G05"))
    ev = steps(st, "1.3.1")
    assert "push" in kinds(ev)
    assert (name(st, 0), name(st, 1)) == ("1.3.1", "1.4.1")
    assert st.cars[0].penalties == 0 and st.move["left"] == 4


def test_fgp_8_3_1_a_push_is_never_forced():
    """Boxed in with only pushes left (round 2: the car ahead may not be driven through), the car may stop instead and lose its points (A22)."""
    st = position("""
round = 2
[[car]]
name = "vireo"
at = "1.3.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "2.3.1"
[[car]]
name = "corsa_nera"
at = "1.2.1"
[[car]]
name = "ardent"
at = "1.4.1"
""")
    play(st, A.Done(), single("G05"))
    options = legal(st)
    assert {a.to for a in options if isinstance(a, A.Step)} == {space(st, "1.2.1"),
                                                                space(st, "1.4.1")}
    assert A.Stop() in options
    ev = play(st, A.Stop())
    assert "points_lost" in kinds(ev) and "push" not in kinds(ev)
    assert (name(st, 0), name(st, 2), name(st, 3)) == ("1.3.1", "1.2.1", "1.4.1")


def test_fgp_8_3_1_a_push_off_the_track_costs_the_pusher_one_token():
    """One push off the track (here between W2W cars) is one incident: the pusher gets one Penalty token, whether the car pushed then spins or saves itself; it resolves before the next car moves."""
    for hand, spun in (([], True), (["G01"], False)):         # G01: a counter-steer card
        st = position(TWO_ON_TILE_1.format(hand=hand))
        play(st, A.Done(), single("G05"))
        ev = steps(st, "1.4.1")                              # beyond lane 4: grass
        assert st.cars[1].off_track and name(st, 0) == "1.4.1"
        ev += turn_over(st, 0, moving=lambda options: options[0],
                        choose=lambda step, seat, options: options[0] if step == "control"
                        else None)
        assert [e.data["seat"] for e in ev if e.kind == "penalty"] == [0]
        assert (st.cars[0].penalties, st.cars[1].penalties) == (1, 0)
        assert st.cars[1].spun is spun and st.cars[1].rejoin == "b"
        lost = [i for i, e in enumerate(ev) if e.kind == "loss_of_control"
                and e.data["seat"] == 1]
        end = next(i for i, e in enumerate(ev) if e.kind == "turn_end")
        assert lost and lost[0] < end                         # before the next car's turn


def test_fgp_8_3_1_a_push_into_a_wall_is_a_collision_and_the_pusher_drives_on():
    """Pushing a car against a wall is a collision: one token for the pusher, which stays in its lane and then uses the rest of its points."""
    st = position("""
track = "street"
[[car]]
name = "vireo"
at = "1.3.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "1.4.1"
""")
    play(st, A.Done(), single("G05"))
    left = st.move["left"]
    ev = steps(st, "1.4.1")                                  # a wall beyond lane 4
    assert "collision" in kinds(ev)
    assert (name(st, 0), name(st, 1)) == ("1.3.1", "1.4.1")
    assert st.cars[0].penalties == 1
    assert st.turn.pending.step == "move" and st.move["left"] == left - 1


def test_fgp_8_3_1_into_a_slipstream_space_a_free_shadow_takes_the_car():
    """A lane change into an occupied slipstream space with a free car shadow puts the car behind the other: no push."""
    st = position("""
leader = "corsa_nera"
[[car]]
name = "vireo"
at = "12.4.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "12.3.1"
[[car]]
name = "corsa_nera"
at = "20.2.1"
""")
    play(st, A.Done(), single("G05"))
    ev = steps(st, "12.3.1")
    assert "push" not in kinds(ev)
    assert name(st, 0) == name(st, 1) == "12.3.1"
    # behind the other: Halcyon, there first, stays ahead in the running
    # order although Vireo moved before it this round
    order = running_order(st)
    assert order.index(1) < order.index(0)
    # and the board draws it in front: the car drawn last on the space, on top
    svg = GAME.render_svg(GAME.view(st, 0))
    here = re.findall(rf'<g class="car" data-car="(\d)" data-seat="\d" data-space="{st.cars[0].space}"', svg)
    assert here == ["1", "2"]


def test_fgp_8_3_1_into_a_full_slipstream_space_the_lowest_white_roll_is_pushed():
    """All shadows full: every car there rolls WHITE and the lowest is pushed one lane on."""
    st = position("""
rolls = ["white:5", "white:2"]
[[car]]
name = "vireo"
at = "12.4.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "12.3.1"
[[car]]
name = "corsa_nera"
at = "12.3.1"
""")
    play(st, A.Done(), single("G05"))
    ev = steps(st, "12.3.1")
    rolls = [e.data["seat"] for e in ev if e.kind == "roll"]
    assert sorted(rolls) == [1, 2]
    assert (name(st, 0), name(st, 1), name(st, 2)) == ("12.3.1", "12.3.1", "12.2.1")


# ---- FGP 8.4 / 8.4.1 ----------------------------------------------------------------------
def test_fgp_8_4_1_no_pair_from_a_no_paired_cards_tile():
    """From a tile with the no-pairs icon only single cards may be played; from the tile before, pairs are allowed."""
    st = car("22.3.1", ["G05", "G06", "R01", "R02"])
    play(st, A.Done())
    assert legal(st) and all(len(a.cards) == 1 for a in legal(st))
    st = car("21.3.1", ["G05", "G06", "R01", "R02"])
    play(st, A.Done())
    assert any(len(a.cards) == 2 for a in legal(st))


# ---- FGP 8.5 ------------------------------------------------------------------------------
SLIP = """
round = {round}
[[car]]
name = "vireo"
at = "{at}"
hand = ["G05", "G06"]
{extra}
[[car]]
name = "halcyon"
at = "12.2.1"
"""


def test_fgp_8_5_stopping_in_the_shadow_gives_two_ot_within_the_limit():
    """Behind a car in a slipstream space the car stops in the free shadow; +2 OT, never above the car's maximum (2)."""
    st = position(SLIP.format(round=5, at="11.2.1", extra=""))
    play(st, A.Done(), single("G05"))
    ev = steps(st, "12.2.1")
    assert name(st, 0) == name(st, 1) == "12.2.1"
    (ot,) = [e for e in ev if e.kind == "ot_charge"]
    assert (ot.data["ot"], st.cars[0].ot) == (2, 2)
    # the attack from the shadow goes round the car: left or right
    assert {(a.defender, a.side) for a in legal(st) if a.defender is not None} == \
        {(1, "left"), (1, "right")}


def test_fgp_8_5_the_bonus_charges_ot_even_with_no_point_left():
    """Reaching the shadow with the last point still gives the +2 OT."""
    st = position(SLIP.format(round=5, at="8.2.1", extra='tyre = "hard"'))   # 4 points
    play(st, A.Done(), single("G05"))
    ev = steps(st, "9.2.1", "10.2.1", "11.2.1", "12.2.1")
    ev += turn_over(st, 0) if st.turn.pending.step == "extend" else []
    (ot,) = [e for e in ev if e.kind == "ot_charge"]
    assert ot.data["ot"] == 2 and ot.data["slipstream"] == 2


def test_fgp_8_5_no_slipstream_bonus_in_rounds_1_and_2_but_the_shadow_is_there():
    """In round 2 a car may end in the shadow, without any OT or battle."""
    st = position(SLIP.format(round=2, at="8.2.1", extra='tyre = "hard"'))
    play(st, A.Done(), single("G05"))
    ev = steps(st, "9.2.1", "10.2.1", "11.2.1", "12.2.1")
    ev += turn_over(st, 0)
    assert name(st, 0) == name(st, 1) == "12.2.1"
    assert "ot_charge" not in kinds(ev) and "battle" not in kinds(ev)


def test_fgp_8_5_cars_only_in_slipstream_spaces_are_not_wheel_to_wheel():
    """Two cars sharing a slipstream space end the round without W2W tokens; a car on a regular space of that tile makes all three W2W."""
    text = """
round = 5
sequence = ["vireo", "halcyon", "corsa_nera"]
to_move = "corsa_nera"
[[car]]
name = "vireo"
at = "12.2.1"
[[car]]
name = "halcyon"
at = "12.2.1"
[[car]]
name = "corsa_nera"
at = "{at}"
ers = 0
hand = ["G05", "T01", "T02"]
"""
    for at, tokens in (("30.2.1", [None, None, None]), ("12.4.1", ["vs", "vs", "vs"])):
        st = position(text.format(at=at))
        play(st, A.Done(), single("G05"))                   # 5 points: 3 charged, 2 braked
        ev = play(st, A.Reduce(3, ("T01", "T02")))
        assert "round" in kinds(ev)
        assert [c.w2w for c in st.cars] == tokens
