"""Scenario tests for FGP 13.9-13.10 (the Safety Car, the Virtual Safety
Car, the Red Flag and the restart), written from the rulebook: each
sets a position up (formulagp-position/1), plays it through
GAME.legal_actions / GAME.apply and checks what the rule asks for.

The fast track as test_ch13_flags.py describes it."""
from __future__ import annotations

from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.where import grid_spaces

from ._flags_help import (A, FAST, GAME, SPIN, at, drive, event_id, finish, kinds,
    play_on, pos, sid, spin_position, tile)



# ---- FGP 13.9 Safety Car --------------------------------------------------------------------
CARD = """
round = 5
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
at = "10.2.1"
hand = ["G06"]
"""


def _sc_card(white: int):
    st = pos(CARD, forced=[f"card:{event_id('Safety Car')}", f"white:{white}"])
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    return st, ev


def test_fgp_13_9_the_safety_car_card_deploys_on_a_green_face_before_the_drawer_moves():
    """The 'Safety Car' card's WHITE roll on a green face (the die's Yes)
    deploys the Safety Car: the round ends at once, the drawer included (A14,
    A67)."""
    st, ev = _sc_card(3)
    sc = next(e for e in ev if e.kind == "safety_car")
    assert sc.data == {"tile": 14, "until": 15}
    assert at(st, 0) == "13.2.1" and at(st, 1) == "10.2.1"     # nobody moved
    assert st.round == 6


def test_fgp_13_9_the_safety_car_card_on_a_red_face_leaves_the_race_running():
    """The card results in a Safety Car only when the roll says so: a red
    face short of 6 leaves the race running (reported bug: it always did)."""
    st, ev = _sc_card(2)
    ev += play_on(st, lambda s: 0 in s.done)                    # whenever it is resolved
    assert "safety_car" not in kinds(ev) and st.safety_car is None
    assert "red_flag" not in kinds(ev) and "safety_car_not_needed" in kinds(ev)
    assert st.round == 5 and 1 not in st.done                  # the round goes on


# ---- FGP 13.9.1 Safety Car period -----------------------------------------------------------
def test_fgp_13_9_1_the_safety_car_stays_two_rounds():
    """In a Standard race the Safety Car period is 2 rounds: its token goes two
    radar spaces ahead of the flag; it leaves at the end of the round the
    flag reaches it, and racing resumes the round after."""
    st, _ = _sc_card(5)
    assert st.safety_car["until"] == st.flag + 1 == 15       # deployed at flag 13
    seen = {}
    for flag in (14, 15, 16):
        play_on(st, lambda s, f=flag: s.flag == f and s.turn.phase == "turns")
        seen[flag] = None if st.safety_car is None else st.safety_car["tile"]
    assert seen == {14: 17, 15: 20, 16: None}                 # 3 tiles a round, then in


def test_fgp_13_9_1_a_safety_car_still_out_at_flag_24_ends_the_race():
    """A Safety Car still on track in round 24 of the radar ends the race where
    the cars stand, without the leader crossing the line."""
    st = pos(CARD.replace("round = 5", "round = 16"), safety_car={"tile": 17, "until": 25})
    play_on(st, lambda s: s.turn.over)
    assert st.turn.over and st.round == 16 and st.classification
    assert not any(c.crossed_final for c in st.cars)
    assert st.classification[0] == 0                          # vireo leads where it stands


# ---- FGP 13.9.2 Safety Car procedure --------------------------------------------------------
def test_fgp_13_9_2_deploying_clears_the_track_and_resets_stress_and_ers():
    """Deploying: the SC goes on the tile in front of the leader, every token
    on track goes (yellow flags, gravel, wheel-to-wheel, lapping attempts),
    stress goes to the middle space and ERS to the maximum."""
    text = SPIN.replace('hand = ["G06"]', 'hand = ["G06"]\nw2w = "vs"\nattempts = 1\n'
                        'stress = 3\ners = 0')
    st = pos(text, yellow_zones=[{"yellow": 30, "green": 32}], hazards={"25": "gravel"})
    assert st.cars[1].w2w == "vs" and st.cars[1].attempts == 1 and st.hazards
    ev = drive(st, 0, ["G05"]) + finish(st, 0)
    assert next(e for e in ev if e.kind == "safety_car").data["tile"] == 16
    assert not st.hazards and not st.yellow_flags
    for c in st.cars:
        assert c.w2w is None and c.attempts == 0
        assert c.ers == C.ers_max(st, c) and c.stress == 2


def test_fgp_13_9_2_the_safety_car_drives_three_tiles_each_round():
    """From the round after it comes out, the Safety Car drives 3 tiles at the
    start of each round."""
    st = pos("""
round = 6
phase = "round_start"
safety_car = { tile = 9, until = 16 }
[[car]]
name = "vireo"
at = "6.2.1"
[[car]]
name = "halcyon"
at = "2.2.1"
""")
    assert st.flag == 14 and st.safety_car["tile"] == 12


def test_fgp_13_9_2_cars_stop_one_tile_behind_the_car_ahead():
    """Under the Safety Car a car stops one tile behind the car ahead; its
    points left are wasted and there is no battle."""
    st = pos("""
round = 5
safety_car = 30
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["R04"]
[[car]]
name = "halcyon"
at = "17.2.1"
""")
    ev = drive(st, 0, ["R04"]) + finish(st, 0)
    assert tile(st, 0) == 16 and "battle" not in kinds(ev)


def test_fgp_13_9_2_a_free_shadow_in_the_slipstream_space_may_be_taken():
    """If the car ahead sits in a slipstream space with a free car shadow
    behind it, a car may drive into that shadow, but not past."""
    st = pos("""
round = 5
safety_car = 30
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "17.2.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "19.2.1"
""")
    drive(st, 0, ["G05"])
    finish(st, 0)
    assert at(st, 0) == "19.2.1" and at(st, 1) == "19.2.1"   # both in the slipstream space


def test_fgp_13_9_2_no_car_drives_past_the_safety_car():
    """A car on the lead lap may not pass the Safety Car: it stops on the tile
    behind it."""
    st = pos("""
round = 5
safety_car = 16
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["R04"]
[[car]]
name = "halcyon"
at = "2.2.1"
""")
    drive(st, 0, ["R04"])
    finish(st, 0)
    assert tile(st, 0) == 15


def test_fgp_13_9_2_a_blue_flag_car_drives_past_the_safety_car():
    """A lapped car under the Safety Car may move past it and the cars without
    a blue flag (to unlap itself) (reported bug, A35)."""
    st = pos("""
round = 5
safety_car = 16
[[car]]
name = "vireo"
at = "13.2.1"
laps_down = 1
hand = ["R04"]
[[car]]
name = "halcyon"
at = "17.2.1"
laps = 1
moved = true
""")
    drive(st, 0, ["R04"])
    finish(st, 0)
    assert tile(st, 0) > 17                                 # past the SC and halcyon


def test_fgp_13_9_2_no_pairs_and_no_wear_from_lane_changes():
    """Under the Safety Car cards may not be paired, and a lane change with a
    RED card costs no tyre wear (it does otherwise)."""
    text = """
round = 5
{sc}
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["R04", "R05"]
[[car]]
name = "halcyon"
at = "2.2.1"
"""
    gained = {}
    for key, sc in (("under", "safety_car = 30"), ("free", "")):
        st = pos(text.format(sc=sc))
        GAME.apply(st, 0, A.Done())
        pairs = any(len(a.cards) == 2 for a in GAME.fine_actions(st, 0))
        w = st.cars[0].wear
        GAME.apply(st, 0, A.Play(("R04",)))
        GAME.apply(st, 0, A.Step(sid("13.3.1")))               # a lane change
        gained[key] = (pairs, st.cars[0].wear - w)
    assert gained == {"under": (False, 0), "free": (True, 1)}


def test_fgp_13_9_2_events_are_off_and_option_cards_may_be_discarded():
    """Under the Safety Car no EVENT card is drawn or played: an Option card
    can only be discarded, a held EVENT card waits (A36)."""
    text = """
round = 5
{sc}
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
held_events = ["{ev}"]
[[car]]
name = "halcyon"
at = "2.2.1"
"""
    held = event_id("Perfect Exit")
    under = GAME.fine_actions(pos(text.format(sc="safety_car = 30", ev=held)), 0)
    free = GAME.fine_actions(pos(text.format(sc="", ev=held)), 0)
    assert A.PlayCard("P03", "play") not in under and A.PlayCard("P03", "sc_discard") in under
    assert A.PlayCard(held, "event") not in under
    assert A.PlayCard("P03", "play") in free and A.PlayCard(held, "event") in free


def test_fgp_13_9_2_one_tyre_wear_discard_and_any_option_discards_in_a_turn():
    """Under the Safety Car a car may discard one Tyre Wear card in its turn
    and, besides, as many Option cards as it likes (reported bug: one right
    shut the other)."""
    st = pos("""
round = 5
safety_car = 30
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["T01", "T02", "P03", "P04", "G05"]
[[car]]
name = "halcyon"
at = "2.2.1"
""")
    GAME.apply(st, 0, A.PlayCard("T01", "sc_discard"))
    legal = GAME.fine_actions(st, 0)
    assert A.PlayCard("T02", "sc_discard") not in legal          # one Tyre Wear a turn
    assert A.PlayCard("P03", "sc_discard") in legal
    GAME.apply(st, 0, A.PlayCard("P03", "sc_discard"))
    assert A.PlayCard("P04", "sc_discard") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.PlayCard("P04", "sc_discard"))
    assert st.cars[0].hand == ["T02", "G05"]


def test_fgp_13_9_2_stress_stays_on_the_middle_space():
    """While the Safety Car is out the stress token stays on the middle space:
    a spin does not move it."""
    st, _ = spin_position(safety_car=30)
    assert st.cars[0].spun and st.cars[0].stress == 2
    free, _ = spin_position()
    assert free.cars[0].stress == 3


def test_fgp_13_9_2_the_pit_lane_is_open_under_the_safety_car():
    """Cars may enter the pit lane under the Safety Car."""
    st = pos("""
round = 8
safety_car = 3
sequence = ["vireo", "halcyon"]
to_move = "halcyon"
[[car]]
name = "vireo"
at = "1.2.1"
[[car]]
name = "halcyon"
at = "39.4.1"
hand = ["G03"]
""")
    drive(st, 1, ["G03"])
    assert st.cars[1].in_pit and st.cars[1].box_call


# ---- FGP 13.9.3 Virtual Safety Car ----------------------------------------------------------
def test_fgp_13_9_3_the_virtual_safety_car():
    """The drawer completes its turn; every car after it drives the same
    number of spaces, then the cars that had moved before it drive them again
    and skip next round; stress to the middle; next round has no draw phase
    and the drawer moves first."""
    st = pos("""
round = 5
sequence = ["vireo", "halcyon", "ardent"]
to_move = "halcyon"
forced = ["card:E04"]
[[car]]
name = "vireo"
at = "20.2.1"
stress = 3
[[car]]
name = "halcyon"
at = "13.2.1"
hand = ["P03", "G05"]
[[car]]
name = "ardent"
at = "5.2.1"
stress = 1
""")
    assert event_id("Virtual Safety Car") == "E04"
    ev = GAME.apply(st, 1, A.PlayCard("P03", "play"))
    ev += drive(st, 1, ["G05"]) + finish(st, 1)
    assert at(st, 1) == "16.2.2"                                 # 5 spaces
    start = {0: st.cars[0].space, 2: st.cars[2].space}
    order = []
    while st.turn.pending and st.turn.pending.step == "vsc_step":
        s = st.turn.pending.seats[0]
        order.append(s)
        ev += GAME.apply(st, s, GAME.fine_actions(st, s)[0])
    assert order == [2] * 5 + [0] * 5                             # after the drawer, then before
    assert all(c.stress == 2 for c in st.cars)
    assert st.flag == 14 and st.turn.pending.step == "prep"       # no draw phase
    assert st.turn.pending.seats == [1] and st.sequence[0] == 1 and 0 not in st.sequence
    assert start[2] != st.cars[2].space


# ---- FGP 13.10 Red Flag and race restart ----------------------------------------------------
def test_fgp_13_10_example_the_grid_orange_grey_blue_red():
    """The example: Orange leads, then Grey, Red (in the pit lane) and Blue;
    a Red Flag lines them up Orange, Grey, Blue, Red (A39: the pit-lane car
    behind the track car of its tile)."""
    st = pos("""
round = 9
sequence = ["Orange", "Grey", "Blue", "Red"]
to_move = "Blue"
forced = ["card:E03", "white:6"]
[[car]]
name = "Orange"
at = "3.2.1"
[[car]]
name = "Grey"
at = "2.2.1"
[[car]]
name = "Red"
at = "box"
[[car]]
name = "Blue"
at = "0.2.1"
hand = ["P03", "G05"]
""")
    ev = GAME.apply(st, 3, A.PlayCard("P03", "play"))
    rf = next(e for e in ev if e.kind == "red_flag")
    assert rf.data["grid"] == [0, 1, 3, 2]
    assert st.turn.pending.step == "red_flag" and sorted(st.turn.pending.seats) == [0, 1, 2, 3]


def test_fgp_13_10_procedure_grid_repairs_stress_ers_and_the_race_start():
    """A Red Flag: the cars line up on the grid, may change tyres and repair
    damage (not failures), stress goes to the middle and ERS to the maximum;
    the 'Safety Car' card leaves the game; the flag moves on and the race
    restarts as at the start (pole's bonus card, the secret plays)."""
    st = pos("""
round = 9
forced = ["card:E03", "white:6"]
[[car]]
name = "vireo"
at = "20.2.1"
hand = ["P03", "G05"]
stress = 3
ers = 0
damage = ["D01"]
failures = ["X01"]
[[car]]
name = "halcyon"
at = "13.2.1"
hand = ["G06"]
stress = 1
""")
    flag = st.flag
    GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert [st.cars[s].space for s in (0, 1)] == grid_spaces(FAST, 2)   # leader on pole
    assert all(c.stress == 2 and c.ers == C.ers_max(st, c) for c in st.cars)
    sc = event_id("Safety Car")
    assert sc in st.decks["event"].removed and sc not in st.decks["event"].pile
    legal = GAME.fine_actions(st, 0)
    assert A.PitStop("soft", (), "all") in legal
    GAME.apply(st, 0, A.PitStop("soft", (), "all"))
    GAME.apply(st, 1, A.PitStop(None, (), "none"))
    car = st.cars[0]
    assert car.tyre == "soft" and not car.damage and car.failures == ["X01"]
    assert st.flag == flag + 1 and st.round == st.start_round
    assert st.turn.pending.step == "pole_keep" and st.turn.pending.seats == [0]
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert st.turn.pending.step == "start_cards"


def test_fgp_13_10_the_restart_grid_laps_nobody():
    """Cars on the lead lap stay on it after the red-flag restart, even those
    that had not crossed the line again since the leader did (reported bug)."""
    st = pos("""
round = 9
forced = ["card:E03", "white:6"]
[[car]]
name = "vireo"
at = "3.2.1"
laps = 1
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
at = "38.2.1"
[[car]]
name = "ardent"
at = "35.2.1"
""")
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    ev += play_on(st, lambda s: s.turn.pending.step == "red_flag")
    assert "red_flag" in kinds(ev)
    assert len({c.laps for c in st.cars}) == 1                  # one lap count on the grid
    restart = st.round + 1
    ev = play_on(st, lambda s: s.round > restart + 1)
    assert all(c.laps_down == 0 for c in st.cars)
    assert not [e for e in ev if e.kind == "blue_flag" and e.data["laps_down"]]


def test_fgp_13_10_a_tile_blocked_by_spun_cars_stops_the_race():
    """A car that cannot complete its move because every lane of the tile
    ahead holds a spun car brings out the Red Flag."""
    text = """
round = 6
[[car]]
name = "vireo"
at = "11.2.1"
hand = ["R04"]
{others}
"""
    car = """
[[car]]
name = "{n}"
at = "13.{lane}.1"
spun = {spun}
facing_back = {spun}
moved = true
"""
    names = ["halcyon", "ardent", "kestrel", "lumen"]

    def race(spun_lanes):
        others = "".join(car.format(n=n, lane=k + 1, spun=str(k + 1 in spun_lanes).lower())
                         for k, n in enumerate(names))
        return pos(text.format(others=others), sequence=["vireo", *names])

    blocked = race({1, 2, 3, 4})
    ev = drive(blocked, 0, ["R04"]) + finish(blocked, 0)
    assert "red_flag" in kinds(ev) and blocked.turn.pending.step == "red_flag"
    open_lane = race({1, 2, 3})                # lane 4 holds a car that has not spun
    ev = drive(open_lane, 0, ["R04"]) + finish(open_lane, 0)
    assert "red_flag" not in kinds(ev)


def test_fgp_13_10_a_restart_with_no_playable_card_is_stuck_in_neutral():
    """At the race-start restart a car whose only movement card is BLUE and
    whose ERS cannot be charged (a failure is not repaired on the grid) has no
    start play: it is stuck in neutral (FGP 7.2), the others choose theirs."""
    st = pos("""
round = 9
forced = ["card:E03", "white:6"]
[[car]]
name = "vireo"
at = "20.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
at = "13.2.1"
hand = ["B01", "T01"]
ers = 0
failures = ["X05"]
""")
    GAME.apply(st, 0, A.PlayCard("P03", "play"))
    for s in (0, 1):
        GAME.apply(st, s, A.PitStop(None, (), "none"))
    assert st.cars[1].ers == 0 and st.cars[1].failures == ["X05"]
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])            # pole's bonus card
    assert st.turn.pending.step == "start_cards" and st.turn.pending.seats == [0]
    assert st.cars[1].stuck_in_neutral


def test_fgp_13_10_a_red_flag_in_the_final_round_ends_the_race_where_it_stands():
    """A156 (ours): the tile blocked by spun cars in the final round (FGP 12.1) does
    not send the field back to the grid for a lap some cars have finished: the race
    ends and the cars are classified where they stand (FGP 12.2): the stopped car
    behind the spun ones."""
    others = "".join(f"""
[[car]]
name = "{n}"
at = "13.{k + 1}.1"
spun = true
facing_back = true
moved = true
""" for k, n in enumerate(["halcyon", "ardent", "kestrel", "lumen"]))
    st = pos(f"""
round = 20
flag = 24
final_round = true
[[car]]
name = "vireo"
at = "11.2.1"
hand = ["R04"]
{others}
""", sequence=["vireo", "halcyon", "ardent", "kestrel", "lumen"])
    ev = drive(st, 0, ["R04"]) + finish(st, 0)
    assert "red_flag_final" in kinds(ev) and "red_flag" not in kinds(ev)
    assert st.turn.over and all(c.space is not None for c in st.cars)
    assert st.classification[-1] == 0 and len(st.classification) == 5   # behind the tile
