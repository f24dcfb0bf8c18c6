"""Scenario tests for FGP 13.8-13.8.2 (yellow flags and race control;
the Safety Car, the Virtual Safety Car and the Red Flag are in test_ch13_safety_car.py), written from the rulebook: each
sets a position up (formulagp-position/1), plays it through
GAME.legal_actions / GAME.apply and checks what the rule asks for.

The fast track: tiles 0-6, 11-14, 17-20 and 37-40 are straights in 8th gear
(one space a lane, two on tiles 3-4 and 29-30); tile 7 is a corner whose
first lane-2 space starts skid marks (a tricky corner); tiles 15-16 are a
corner with two lane-2 spaces each; 12, 19 and 38 have slipstream spaces in
lanes 2-3; the pit lane runs from tile 40 (lane 4) to tile 0. With medium
tyres a GREEN card moves 5 spaces in 8th gear (3 + the tyre bonus 2), a RED
card 7; worn tyres (wear 17) give no bonus and roll the RED die after every
move."""
from __future__ import annotations

from ._flags_help import (A, CONTENT, FAST, GAME, SPIN, at, drive, event_id, finish,
    kinds, pos, risk_id, sid, spin_position, tile, zones)



# ---- FGP 13.8 Yellow Flags ------------------------------------------------------------------
def test_fgp_13_8_a_spin_waves_a_yellow_flag_on_its_tile():
    """A car that spins puts a yellow flag on its tile; the zone runs up to the
    green flag the WHITE die places ahead, and race control moves one space."""
    st, ev = spin_position()
    assert st.cars[0].spun and at(st, 0) == "15.1.1"       # 3 spaces on, then one lane left
    assert zones(st) == [(15, 18, 15)]                     # WHITE 3: green flag on tile 18
    assert st.yellow_panel == 1 and st.safety_car is None
    assert "yellow_flag" in kinds(ev)


def test_fgp_13_8_the_yellow_flag_risk_card_waves_a_flag():
    """Drawing the 'Yellow Flag' RISK card (here from a pair's YELLOW die) puts
    a yellow flag on the car's tile and moves race control one space."""
    st = pos(SPIN.replace('hand = ["G05"]', 'hand = ["G05", "G07"]').replace("wear = 17", ""),
             rolls=[], forced=["yellow:risk", f"card:{risk_id('Yellow Flag')}", "white:2"])
    ev = drive(st, 0, ["G05", "G07"]) + finish(st, 0)
    assert "yellow_flag" in kinds(ev) and not st.cars[0].spun
    assert zones(st) == [(18, 20, 15)] and st.yellow_panel == 1


def test_fgp_13_8_the_incident_on_track_card_waves_a_flag_where_the_car_stands():
    """'Incident on Track' puts a yellow flag on the drawer's tile at once and
    moves race control by a WHITE roll (A67: before the car moves)."""
    st = pos(SPIN, rolls=[], forced=[f"card:{event_id('Incident on Track')}", "white:3",
                                     "white:4"])
    st.cars[0].hand.append("P03")
    st.turn.cache = None
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert zones(st) == [(13, 16, 15)]                     # the tile it drew the card on
    assert st.yellow_panel == 4                            # WHITE 4
    assert st.turn.pending.step == "prep" and at(st, 0) == "13.2.1"
    assert "yellow_flag" in kinds(ev)


def test_fgp_13_8_two_separate_yellow_zones_bring_out_the_safety_car():
    """A second yellow flag elsewhere while a zone is active deploys the
    Safety Car: the round ends, the car still to move loses its turn."""
    st, ev = spin_position(yellow_zones=[{"yellow": 30, "green": 32}])
    sc = next(e for e in ev if e.kind == "safety_car")
    assert sc.data["tile"] == 16                           # in front of the leader (tile 15)
    assert st.round == 6 and at(st, 1) == "2.2.1"          # halcyon never moved in round 5
    assert st.safety_car["tile"] == 19                     # round 6: 3 tiles on
    assert not st.yellow_flags                             # FGP 13.9.2: flags cleared


def test_fgp_13_8_example_a_second_incident_in_the_zone_waves_no_new_flag():
    """The example: a car in a yellow zone rolls the RED die and spins there:
    no second flag (no Safety Car), the zone lasts a round longer (13.8.1)."""
    st, ev = spin_position(yellow_zones=[{"yellow": 14, "green": 17}])
    assert st.cars[0].spun and tile(st, 0) == 15
    assert zones(st) == [(14, 17, 16)]                     # ends_at 15 -> 16
    assert st.safety_car is None and st.yellow_panel == 0
    assert [v for _, v in st.chance.script] == [3]          # no WHITE roll for a green flag


# ---- FGP 13.8.1 Yellow Flag procedures ------------------------------------------------------
def test_fgp_13_8_1_in_round_one_the_flag_waits_until_everybody_has_moved():
    """In the first round the yellow flag goes on the track only once every
    car has ended its turn."""
    st = pos(SPIN, round=1)
    ev = drive(st, 0, ["G05"]) + finish(st, 0)
    assert st.cars[0].spun and not st.yellow_flags and "yellow_flag_later" in kinds(ev)
    spun_tile = tile(st, 0)
    drive(st, 1, ["G06"])
    finish(st, 1)
    assert zones(st) == [(spun_tile, spun_tile + 3, 11)]   # placed at flag 9: ends at 11
    assert st.yellow_panel == 1


def test_fgp_13_8_1_a_zone_lasts_two_rounds():
    """The zone is in force the round it is placed and the next; when the
    chequered flag reaches its green flag on the radar, the flags go."""
    base = SPIN.replace("wear = 17", "")
    left = {}
    for ends_at in (15, 16):
        st = pos(base, round=6, rolls=[],
                 yellow_zones=[{"yellow": 25, "green": 27, "ends_at": ends_at}])
        for seat, card in ((0, "G05"), (1, "G06")):
            drive(st, seat, [card])
            finish(st, seat)
        assert st.flag == 15                    # round 7 has begun
        left[ends_at] = zones(st)
    assert left == {15: [], 16: [(25, 27, 16)]}


def test_fgp_13_8_1_red_card_through_the_zone_stops_on_the_green_flag_tile():
    """With a RED card a car must stop where it reaches the green-flag tile
    (its remaining points are lost, A34); a GREEN card drives on."""
    zone = [{"yellow": 14, "green": 15}]
    red = pos(SPIN.replace('hand = ["G05"]', 'hand = ["R04"]').replace("wear = 17", ""),
              rolls=[], yellow_zones=zone)
    ev = drive(red, 0, ["R04"]) + finish(red, 0)
    green = pos(SPIN.replace("wear = 17", ""), rolls=[], yellow_zones=zone)
    drive(green, 0, ["G05"])
    finish(green, 0)
    assert at(red, 0) == "15.2.1"                          # 2 of its 7 points used
    assert "points_lost" in kinds(ev)
    assert at(green, 0) == "16.2.2"                        # all 5 points


def test_fgp_13_8_1_no_pairs_from_a_yellow_zone():
    """A car moving from a yellow zone may not pair its movement cards."""
    text = SPIN.replace('hand = ["G05"]', 'hand = ["G05", "G07"]').replace("wear = 17", "")
    inside = pos(text, rolls=[], yellow_zones=[{"yellow": 12, "green": 15}])
    outside = pos(text, rolls=[])
    GAME.apply(inside, 0, A.Done())
    GAME.apply(outside, 0, A.Done())
    assert all(len(a.cards) == 1 for a in GAME.fine_actions(inside, 0))
    assert any(len(a.cards) == 2 for a in GAME.fine_actions(outside, 0))


OVERTAKE = """
round = 5
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "15.3.1"
"""


def test_fgp_13_8_1_no_overtaking_in_the_zone_but_a_spun_car_may_be_passed():
    """In a yellow zone a car may not pass the car ahead (nor fight it), but a
    car that has spun there is stopped and may be passed."""
    zone = [{"yellow": 14, "green": 17}]
    st = pos(OVERTAKE, yellow_zones=zone)
    drive(st, 0, ["G05"])
    finish(st, 0)
    spun = pos(OVERTAKE, yellow_zones=zone)
    spun.cars[1].spun = spun.cars[1].facing_back = True
    drive(spun, 0, ["G05"])
    finish(spun, 0)
    assert tile(st, 0) == 14 and st.battle is None
    assert at(spun, 0) == "16.2.2"


def test_fgp_13_8_1_no_overtaking_into_the_zone_either():
    """A car just outside a yellow zone may not drive into the zone's tile
    where a car stands, nor attack it there."""
    st = pos(OVERTAKE.replace('at = "13.2.1"', 'at = "14.2.1"'),
             yellow_zones=[{"yellow": 15, "green": 17}])
    ev = drive(st, 0, ["G05"])
    steps = []
    while st.turn.pending and st.turn.pending.seats == [0]:
        assert st.turn.pending.step != "attack"
        steps.append(st.turn.pending.step)
        ev += finish(st, 0)
    assert tile(st, 0) == 14 and "battle" not in kinds(ev)


def test_fgp_13_8_1_a_tricky_corner_is_inactive_in_the_zone():
    """Ending on a tricky corner's skid marks inside a yellow zone rolls no
    RED die (track events are off there); outside it does."""
    text = """
round = 5
rolls = ["red:tyre_wear"]
[[car]]
name = "vireo"
at = "6.2.1"
wear = 7
ers = 0
hand = ["G05"]
[[car]]
name = "halcyon"
at = "2.2.1"
"""

    def stop_on_the_skid_marks(st):
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G05",)))
        GAME.apply(st, 0, A.Step(sid("7.2.1")))
        red = next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Reduce))
        return GAME.apply(st, 0, red) + finish(st, 0)

    calm = pos(text, rolls=[], yellow_zones=[{"yellow": 7, "green": 9}])
    ev_calm = stop_on_the_skid_marks(calm)
    wild = pos(text)
    ev_wild = stop_on_the_skid_marks(wild)
    assert FAST.spaces[sid("7.2.1")].skid_to is not None
    assert "roll" not in kinds(ev_calm)
    assert [e.data["die"] for e in ev_wild if e.kind == "roll"] == ["red"]


# ---- FGP 13.8.2 Yellow Flags on the race control panel --------------------------------------
def test_fgp_13_8_2_race_control_reaching_the_sc_space_deploys_the_safety_car():
    """Race control's Yellow Flag token reaching the SC space deploys the
    Safety Car; the count starts again from the start space (A54)."""
    side = next(s for s in CONTENT.control.sides if s.colour == "red")
    st, ev = spin_position(panel_side="red", panel=side.safety_car - 1)
    assert "safety_car" in kinds(ev) and st.safety_car is not None
    assert st.yellow_panel == side.yellow_start


def test_fgp_13_8_2_the_incident_card_moves_race_control_even_inside_a_zone():
    """'Incident on Track' moves race control by its WHITE roll even when its
    incident falls in a zone already flagged (A66): no new flag, the zone
    lasts a round longer; the 'Yellow Flag' RISK card moves it one space."""
    st = pos(SPIN, rolls=[], forced=[f"card:{event_id('Incident on Track')}", "white:4"],
             yellow_zones=[{"yellow": 12, "green": 15}])
    st.cars[0].hand.append("P03")
    st.turn.cache = None
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert zones(st) == [(12, 15, 16)] and st.yellow_panel == 4
    assert "yellow_zone_extended" in kinds(ev) and not st.chance.script


def test_fgp_13_8_2_one_incident_on_track_card_and_one_yellow_flag_risk_card():
    """The book names 'the' Incident on Track EVENT card and 'the' Yellow Flag
    RISK card: one copy of each in a Standard game (reported bug)."""
    assert sum(c.name == "Incident on Track" for c in CONTENT.standard("event")) == 1
    assert sum(c.name == "Yellow Flag" for c in CONTENT.standard("risk")) == 1
    assert sum(c.name == "Safety Car" for c in CONTENT.standard("event")) == 1


def test_fgp_13_8_2_one_incident_roll_cannot_call_the_safety_car_from_the_start():
    """Race control counts cumulative events: from its start space not even
    a 6 on the 'Incident on Track' WHITE roll reaches the SC space, on either
    side of the panel (reported bug: the SC space was 4-5 spaces up)."""
    for side in CONTENT.control.sides:
        assert side.safety_car - side.yellow_start > 6 + 0, side.colour
