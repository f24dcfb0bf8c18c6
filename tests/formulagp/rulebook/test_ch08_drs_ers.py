"""FGP 8.6-8.9 (DRS, slipstream, ERS and the rest of the Movement Rules), section by section, written from the rulebook:
each test writes a position by hand and plays it through the protocol.

Boards and track as test_ch08_movement.py describes them."""
from __future__ import annotations

from .common import A, GAME, kinds, legal, name, play, position, turn_over
from ._ch08_help import SOLO, car, steps, single


# ---- FGP 8.6 ------------------------------------------------------------------------------
DRS = """
round = {round}
{race}
[[car]]
name = "vireo"
at = "0.2.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "5.3.1"
"""


def test_fgp_8_6_drs_pulls_the_car_up_to_the_tile_behind_the_next_car():
    """Ending in a DRS zone behind a car in the same zone, the car moves on in its lane to the tile behind it, as far forward as it can; no extension after."""
    st = position(DRS.format(round=5, race=""))
    play(st, A.Done(), single("G05"))
    steps(st, "1.2.1", "2.2.1", "3.2.1", "3.2.2", "4.2.1")
    ev = play(st, A.Done())
    (drs,) = [e for e in ev if e.kind == "drs"]
    assert name(st, 0) == "4.2.2"
    assert "extend" not in kinds(ev[kinds(ev).index("drs"):])


def test_fgp_8_6_drs_is_off_in_rounds_1_2_under_the_safety_car_and_in_yellow_zones():
    """No DRS pull in round 2, with the Safety Car out, or in a yellow-flag zone."""
    for rnd, race in ((2, ""), (5, "safety_car = 20"),
                      (5, "yellow_zones = [{yellow = 3, green = 6}]")):
        st = position(DRS.format(round=rnd, race=race))
        play(st, A.Done(), single("G05"))
        steps(st, "1.2.1", "2.2.1", "3.2.1", "3.2.2", "4.2.1")
        ev = turn_over(st, 0)
        assert "drs" not in kinds(ev) and name(st, 0) == "4.2.1"


def test_fgp_8_6_drs_into_the_slipstream_space_behind_the_car_ahead():
    """When the next car ahead sits in a slipstream space of the lane, DRS takes the car into its shadow, ready to attack with the +2 OT."""
    st = position("""
track = "street"
round = 5
[[car]]
name = "vireo"
at = "0.2.1"
tyre = "hard"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "4.2.1"
""")
    play(st, A.Done(), single("G05"))                       # 3 + 1 points
    steps(st, "1.2.1", "1.1.1", "2.1.1", "2.2.1")           # ends in DRS zone 1
    ev = play(st, A.Done())
    assert "drs" in kinds(ev)
    assert name(st, 0) == name(st, 1) == "4.2.1"
    (ot,) = [e for e in ev if e.kind == "ot_charge"]
    assert ot.data["ot"] == 2 and st.turn.pending.step == "attack"


# ---- FGP 8.7 ------------------------------------------------------------------------------
TRICKY = """
round = 5
rolls = {rolls}
[[car]]
name = "vireo"
at = "5.2.1"
ers = 0
hand = ["G05"]
""" + SOLO


def test_fgp_8_7_ending_where_skid_marks_begin_rolls_the_red_die():
    """A move ending on a tricky corner's skid-mark start costs a RED die roll; driving through it does not."""
    st = position(TRICKY.format(rolls='["red:tyre_wear"]'))
    play(st, A.Done(), single("G05"))
    steps(st, "6.2.1", "7.2.1")                             # the skid marks start here
    wear = st.cars[0].wear
    ev = play(st, A.Reduce(3, ()))
    assert [e.data.get("die") for e in ev if e.kind == "roll"] == ["red"]
    assert st.cars[0].wear == wear + 1
    st = position(TRICKY.format(rolls="[]"))
    play(st, A.Done(), single("G05"))
    steps(st, "6.2.1", "7.2.1", "7.2.2")
    ev = play(st, A.Reduce(2, ()))
    assert "roll" not in kinds(ev)


def test_fgp_8_7_a_spin_there_ends_on_the_shadow_at_the_end_of_the_skid_marks():
    """Losing control on the skid-mark start without a counter-steer: the car spins onto the car shadow where the marks end, off the track."""
    st = position(TRICKY.format(rolls='["red:loss_of_control", "white:1"]'))
    play(st, A.Done(), single("G05"))
    steps(st, "6.2.1", "7.2.1")
    ev = play(st, A.Reduce(3, ()))
    car = st.cars[0]
    assert car.off_track and car.spun and car.off_spot == [7, 1]
    assert car.rejoin == "b"


# ---- FGP 8.8 ------------------------------------------------------------------------------
def test_fgp_8_8_spending_a_charge_at_two_leds_drops_the_hand_limit_from_6_to_4():
    """The book's example: a charge spent where the board shows 2 LEDs leaves a level with none, the hand limit falls from 6 to 4 and the extra card goes at once; a Tyre Wear card is played, not discarded."""
    st = car("1.2.1", ["B01", "G01", "G02", "R01", "R02", "T01"], extra="ers = 2")
    from chequered.games.formulagp.rules import cards as C
    assert C.hand_limit(st, st.cars[0]) == 6
    play(st, A.Done())
    ev = play(st, single("B01"))                            # BLUE: one ERS charge
    assert st.cars[0].ers == 1 and C.hand_limit(st, st.cars[0]) == 4
    assert st.turn.pending.step == "discard" and len(st.cars[0].hand) == 5
    options = legal(st)
    assert A.Discard("T01") in options                        # played for +1 wear
    wear = st.cars[0].wear
    play(st, A.Discard("T01"))
    assert len(st.cars[0].hand) == 4 and st.cars[0].wear == wear + 1
    assert st.turn.pending.step == "move"


def test_fgp_8_8_an_ers_charge_adds_its_leds_in_a_battle():
    """In a battle a charge spent adds the LEDs shown beside the level spent (2 at levels 2-3 of vireo)."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = ["G01", "G02"]
[[car]]
name = "halcyon"
at = "3.3.1"
hand = ["G03"]
""")
    play(st, A.Done(), single("G01"))                       # 4 points: one space, then stop
    steps(st, "2.2.1")
    play(st, A.Stop(), A.Attack(1), A.Done())
    play(st, A.Cards(("G02",)), seat=0)
    play(st, A.Cards(("G03",)), seat=1)
    assert st.turn.pending.step == "battle_boost"
    assert A.Boost(True, False, ()) in GAME.fine_actions(st, 0)
    ev = play(st, A.Boost(True, False, ()), seat=0)
    if st.turn.pending.step == "battle_boost":
        ev += play(st, A.Boost(False, False, ()), seat=1)
    (res,) = [e for e in ev if e.kind == "battle_result"]
    # G02 (1 LED) + OT 2 (2 LEDs) + the charge spent at level 3 (2 LEDs) against G03 (1)
    assert (res.data["attack"], res.data["defence"]) == (5, 1)
    assert st.cars[0].ers == 2


# ---- FGP 8.8.1 ----------------------------------------------------------------------------
def test_fgp_8_8_1_the_battery_starts_full_and_charges_from_the_yellow_token_and_a_pair():
    """Every car starts the race with a full battery; the YELLOW parameter token and a pair of cards with the ERS icon each add one charge."""
    config = GAME.config(track="fast", seats=["random"] * 4)
    st = GAME.new(config, 7)
    from chequered.games.formulagp.rules import cards as C
    assert all(c.ers == C.ers_max(st, c) for c in st.cars)
    st = car("1.2.1", ["G05", "G06", "R01"], extra="ers = 1")
    play(st, A.Parameter("yellow"))
    assert st.cars[0].ers == 2 and A.Parameter("yellow") not in legal(st)
    pair = next(a for a in legal(st) if isinstance(a, A.Spend) and a.function == "ers_2x")
    play(st, pair)
    assert st.cars[0].ers == 3


# ---- FGP 8.9 ------------------------------------------------------------------------------
def test_fgp_8_9_brake_to_stop_on_the_straight_instead_of_the_corner():
    """The book's case: no battle to charge OT, a full battery; a Tyre Wear card brakes one point (+1 wear) so the car stops on the straight."""
    st = car("5.2.1", ["G05", "T01"])                       # 5 points, ERS full
    play(st, A.Done(), single("G05"))
    steps(st, "6.2.1", "7.2.1", "7.2.2", "8.2.1")           # one point left: 9.2.1 is a corner
    assert [a for a in legal(st) if isinstance(a, A.Reduce)] == [A.Reduce(0, ("T01",))]
    wear = st.cars[0].wear
    ev = play(st, A.Reduce(0, ("T01",)))
    assert name(st, 0) == "8.2.1" and st.cars[0].wear == wear + 1
    assert "turn_end" in kinds(ev)
