"""Scenario tests for FGP 13.11-13.13 (lapping cars and blue flags,
penalties, hazard tokens), written from the rulebook: each sets a position up
(formulagp-position/1), plays it through GAME.legal_actions / GAME.apply and
checks what the rule asks for.

The fast track has 41 tiles a lap (0 is the first tile after the finish
line); tiles 0-6, 11-14, 17-20 and 37-40 are straights in 8th gear with one
space a lane (two on 3-4); a RED card moves 7 spaces there with medium
tyres, a GREEN card 5 (3 with worn tyres). A car's race distance is
laps x 41 + its tile: a car is lapped when the leader is a lap and a tile
ahead of it."""
from __future__ import annotations

from chequered.games.formulagp.rules.where import passable

from ._flags_help import (A, FAST, GAME as G, at, drive, event_id, finish, kinds, play_on,
                          pos, tile)


def _blue(ev, seat):
    return [e.data["laps_down"] for e in ev if e.kind == "blue_flag" and e.data["seat"] == seat]


# ---- FGP 13.11 Lapping cars and blue flags --------------------------------------------------
def test_fgp_13_11_example_lapped_car_loses_its_turn_and_is_a_lap_down_at_the_line():
    """The example: the leader, three laps done, catches the last car (two
    laps) and passes it: the last car gets a blue flag and loses its turn;
    when both next cross the line the leader has 4 laps, the other 3."""
    st = pos("""
round = 6
[[car]]
name = "vireo"
at = "37.1.1"
laps = 3
hand = ["R04"]
[[car]]
name = "halcyon"
at = "39.3.1"
laps = 2
hand = ["G05"]
""")
    ev = drive(st, 0, ["R04"]) + finish(st, 0)
    assert st.cars[0].laps == 4 and at(st, 0) == "3.1.1"
    assert st.cars[1].laps_down == 1 and st.cars[1].blue_flag and _blue(ev, 1) == [1]
    assert ("turn_lost", 1) in [(e.kind, e.data.get("seat")) for e in ev]
    assert at(st, 1) == "39.3.1" and st.round == 7
    play_on(st, lambda s: s.cars[1].laps == 3)
    assert st.cars[0].laps == 4 and st.cars[1].laps == 3


def test_fgp_13_11_a_blue_flag_car_moves_after_the_other_cars_of_its_tile():
    """In the turn sequence a lapped car always moves after the cars on its
    tile that have no blue flag."""
    text = """
round = 6
phase = "round_start"
leader = "vireo"
[[car]]
name = "vireo"
at = "20.2.1"
laps = 2
[[car]]
name = "halcyon"
at = "13.{a}.1"
laps = {laps_h}
laps_down = {ld}
[[car]]
name = "ardent"
at = "13.{b}.1"
laps = 2
"""
    orders = {}
    for ld in (0, 1):
        for a_lane, b_lane in ((1, 3), (3, 1)):
            st = pos(text.format(a=a_lane, b=b_lane, laps_h=2 - ld, ld=ld))
            while st.turn.pending.step == "returns":
                G.apply(st, st.turn.pending.seats[0], A.Done())
            orders[(ld, a_lane)] = st.sequence[1:]
    # without a flag the lane decides; with one, halcyon goes after ardent either way
    assert orders[(0, 1)] != orders[(0, 3)]
    assert orders[(1, 1)] == orders[(1, 3)] == [2, 1]


def test_fgp_13_11_drs_only_against_a_car_on_the_same_lap():
    """DRS cannot be used on a car in front that is in a different lapping
    situation (a lead-lap car behind a lapped car, here)."""
    text = """
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "0.2.1"
laps = 1
wear = 17
hand = ["G05"]
[[car]]
name = "halcyon"
at = "5.3.1"
laps = {laps}
laps_down = {ld}
"""
    same = pos(text.format(laps=1, ld=0), rolls=["red:tyre_wear"])
    other = pos(text.format(laps=0, ld=1), rolls=["red:tyre_wear"])
    ev_same = drive(same, 0, ["G05"]) + finish(same, 0)
    ev_other = drive(other, 0, ["G05"]) + finish(other, 0)
    assert "drs" in kinds(ev_same) and tile(same, 0) == 4
    assert "drs" not in kinds(ev_other) and tile(other, 0) == 3


# ---- FGP 13.11.1 Lapping cars ---------------------------------------------------------------
def test_fgp_13_11_1_the_car_being_lapped_cannot_defend():
    """Overtaking a car to lap it is a normal battle, but the car being lapped
    may not defend (the leader catching a lead-lap car nearly a lap behind)."""
    text = """
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "13.2.1"
laps = {laps}
hand = ["R04", "R05"]
[[car]]
name = "halcyon"
at = "15.3.1"
laps = 0
hand = ["G05", "G06", "R06"]
"""
    plays = {}
    for laps in (1, 0):                          # 1: vireo is 39 tiles ahead in the race
        st = pos(text.format(laps=laps))
        drive(st, 0, ["R04"])
        assert st.turn.pending.step == "move" and A.Stop() in G.fine_actions(st, 0)
        G.apply(st, 0, A.Stop())
        assert st.turn.pending.step == "attack"
        G.apply(st, 0, A.Attack(1))
        while 1 not in st.turn.pending.seats:
            G.apply(st, 0, G.fine_actions(st, 0)[-1])
        assert st.turn.pending.step == "battle_cards"
        plays[laps] = [a for a in G.fine_actions(st, 1) if a.cards]
    assert plays[1] == [] and plays[0]


def test_fgp_13_11_1_ending_on_the_same_tile_does_not_lap():
    """Lapping is complete only when the faster car ends its move a tile ahead
    of the slower one; on the same tile the slower car is not lapped and still
    moves this round."""
    text = """
round = 6
[[car]]
name = "vireo"
at = "13.1.1"
laps = 1
hand = ["{card}"]
[[car]]
name = "halcyon"
at = "{slow}"
laps = 0
hand = ["G05"]
"""
    level = pos(text.format(card="G05", slow="18.3.1"))      # GREEN: 5 spaces, to tile 18
    drive(level, 0, ["G05"])
    finish(level, 0)
    ahead = pos(text.format(card="G05", slow="17.3.1"))
    ev = drive(ahead, 0, ["G05"]) + finish(ahead, 0)
    assert tile(level, 0) == 18 and level.cars[1].laps_down == 0
    assert level.turn.pending.step == "prep" and level.turn.pending.seats == [1]
    assert ahead.cars[1].laps_down == 1 and "turn_lost" in kinds(ev)


def test_fgp_13_11_1_no_lapping_in_a_yellow_flag_section():
    """A car may not be lapped in a yellow zone: passing a car that spun there
    leaves it on the lead lap."""
    text = """
round = 6
[[car]]
name = "vireo"
at = "13.1.1"
laps = 1
hand = ["R04"]
[[car]]
name = "halcyon"
at = "15.3.1"
laps = 0
spun = true
facing_back = true
moved = true
"""
    zone = pos(text, yellow_zones=[{"yellow": 14, "green": 22}])
    free = pos(text)
    for st in (zone, free):
        drive(st, 0, ["R04"])
        finish(st, 0)
    assert tile(zone, 0) > 15 and zone.cars[1].laps_down == 0
    assert tile(free, 0) > 15 and free.cars[1].laps_down == 1


# ---- FGP 13.11.2 Lapping a car again --------------------------------------------------------
def test_fgp_13_11_2_lapped_again_the_flag_turns_double():
    """A car with a single blue flag lapped by the leader a second time gets
    the double blue flag."""
    st = pos("""
round = 6
[[car]]
name = "vireo"
at = "13.1.1"
laps = 4
hand = ["R04"]
[[car]]
name = "halcyon"
at = "14.3.1"
laps = 2
laps_down = 1
""")
    ev = drive(st, 0, ["R04"]) + finish(st, 0)
    assert st.cars[1].laps_down == 2 and _blue(ev, 1) == [2]


def test_fgp_13_11_2_everybody_passes_a_double_blue_car_freely_but_another_double():
    """Cars without a double blue flag drive past a double-blue car with normal
    movement (no OT, no battle); two double-blue cars overtake each other
    normally."""
    text = """
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "13.2.1"
laps = {laps}
laps_down = {mine}
hand = ["R04"]
[[car]]
name = "halcyon"
at = "14.3.1"
laps = 0
laps_down = 2
"""
    lead = pos(text.format(laps=2, mine=0))
    double = pos(text.format(laps=0, mine=2))
    for st in (lead, double):
        G.apply(st, 0, A.Done())
        G.apply(st, 0, A.Play(("R04",)))
    into = {k: [a for a in G.fine_actions(st, 0) if isinstance(a, A.Step) and
                FAST.spaces[a.to].tile == 14] for k, st in (("lead", lead), ("double", double))}
    assert into["lead"] and not into["double"]
    assert A.Stop() in G.fine_actions(double, 0)


# ---- FGP 13.11.3 Unsuccessful lapping -------------------------------------------------------
def test_fgp_13_11_3_two_failed_attempts_free_the_way_for_one_round():
    """A first failed attempt to lap a car puts a blue token behind it, a
    second flips it: next round every car passes that car freely; the token
    goes at the end of that round."""
    text = """
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "13.2.1"
laps = 1
hand = ["R04"]
[[car]]
name = "halcyon"
at = "15.3.1"
laps = 0
attempts = {n}
"""
    seen = []
    for n in (0, 1):
        st = pos(text.format(n=n))
        drive(st, 0, ["R04"])
        ev = G.apply(st, 0, A.Stop())
        while st.turn.pending and st.turn.pending.seats == [0] \
                and st.turn.pending.step == "attack":
            ev += G.apply(st, 0, A.Attack(None))               # no battle: the attempt fails
        seen.append([e.data["attempts"] for e in ev if e.kind == "lapping_attempt"])
    assert seen == [[1], [2]]
    # the round ends: for the next round halcyon may be passed freely (3), then 0
    assert st.round == 7 and st.cars[1].attempts == 3
    assert 1 in passable(st, st.cars[0])
    play_on(st, lambda s: s.round == 8)
    assert st.cars[1].attempts == 0


# ---- FGP 13.11.4 Recovering a lap -----------------------------------------------------------
def test_fgp_13_11_4_passing_the_leader_by_a_tile_unlaps_and_moves_again():
    """A lapped car that drives round the race leader and ends a tile ahead of
    it gets its lap back, loses the blue flag and moves again this round."""
    st = pos("""
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
leader = "halcyon"
[[car]]
name = "vireo"
at = "13.2.1"
laps = 0
laps_down = 1
hand = ["R04", "G05"]
[[car]]
name = "halcyon"
at = "14.4.1"
laps = 1
""")
    ev = drive(st, 0, ["R04"]) + finish(st, 0)
    assert tile(st, 0) > 15 and st.cars[0].laps_down == 0 and not st.cars[0].blue_flag
    assert "unlapped" in kinds(ev)
    assert st.round == 6 and st.turn.pending.step == "prep" and st.turn.pending.seats == [0]


def test_fgp_13_11_4_unlapping_is_allowed_under_the_safety_car_not_in_a_yellow_zone():
    """Under the Safety Car a blue-flag car may unlap itself by passing the
    leader; in a yellow zone it may not (the zone forbids the pass)."""
    text = """
round = 6
sequence = ["halcyon", "vireo"]
to_move = "vireo"
leader = "halcyon"
[[car]]
name = "vireo"
at = "13.2.1"
laps = 0
laps_down = 1
hand = ["R04"]
[[car]]
name = "halcyon"
at = "14.3.1"
laps = 1
"""
    sc = pos(text, safety_car=15)
    zone = pos(text, yellow_zones=[{"yellow": 13, "green": 20}])
    for st in (sc, zone):
        drive(st, 0, ["R04"])
        finish(st, 0)
    assert tile(sc, 0) > 15 and sc.cars[0].laps_down == 0
    assert tile(zone, 0) == 13 and zone.cars[0].laps_down == 1


# ---- FGP 13.12 Penalties --------------------------------------------------------------------
def test_fgp_13_12_penalty_tokens_are_public_and_cost_5_tiles_after_the_race():
    """Penalty tokens lie where every player sees them; after the race each
    costs the car 5 tiles before the classification."""
    text = """
round = 16
final_round = true
sequence = ["vireo", "halcyon"]
to_move = "halcyon"
[[car]]
name = "vireo"
at = "11.2.1"
penalties = {p}
[[car]]
name = "halcyon"
at = "5.2.1"
wear = 17
hand = ["G05"]
"""
    order = {}
    for p in (0, 1):
        st = pos(text.format(p=p), rolls=["red:tyre_wear"])
        assert G.view(st, 1)["cars"][0]["penalties"] == p        # seen by the other player
        drive(st, 1, ["G05"])
        finish(st, 1)
        assert st.turn.over and tile(st, 1) == 7
        order[p] = list(st.classification)
    assert order == {0: [0, 1], 1: [1, 0]}                # 11 - 5 = 6 < 7


def test_fgp_13_12_penalty_tokens_are_served_in_the_pit_stop():
    """A car with Penalty tokens must serve them during its pit stop: the
    tokens go, the car waits in its box instead of stopping."""
    text = """
round = 8
sequence = ["vireo", "halcyon"]
to_move = "halcyon"
[[car]]
name = "vireo"
at = "20.2.1"
[[car]]
name = "halcyon"
at = "pit"
penalties = {p}
"""
    served = pos(text.format(p=1))
    clean = pos(text.format(p=0))
    assert served.cars[1].penalties == 0 and served.cars[1].in_pit
    assert served.turn.pending.step != "pit_stop"          # the turn went on serving them
    assert clean.turn.pending.step == "pit_stop" and clean.turn.pending.seats == [1]


# ---- FGP 13.12.1 Investigation --------------------------------------------------------------
def test_fgp_13_12_1_investigation_a_penalty_per_icon_on_held_event_cards():
    """'Investigation' makes every player show the EVENT cards held; each
    penalty icon on them is a Penalty token."""
    held = event_id("Grandstand Pressure")
    st = pos(f"""
round = 6
forced = ["card:{event_id('Investigation')}"]
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
at = "5.2.1"
held_events = ["{held}", "{event_id('Perfect Exit')}"]
""")
    ev = G.apply(st, 0, A.PlayCard("P03", "play"))
    assert "investigation" in kinds(ev)
    shown = next(e for e in ev if e.kind == "investigation").data["shown"]
    assert held in shown["1"]
    assert st.cars[1].penalties == 1 and st.cars[0].penalties == 0


# ---- FGP 13.13 Hazard tokens; 13.13.1 Gravel ------------------------------------------------
GRAVEL = """
round = 6
hazards = {{ "15" = "gravel" }}
[[car]]
name = "vireo"
at = "13.{lane}.1"
hand = ["{card}", "G06", "G07"]
[[car]]
name = "halcyon"
at = "2.2.1"
"""


def test_fgp_13_13_the_token_covers_the_whole_tile_and_goes_once_triggered():
    """A hazard token acts on every lane of its tile and leaves the track once
    a car has triggered it."""
    for lane in (1, 3):
        st = pos(GRAVEL.format(lane=lane, card="R04"))
        w = st.cars[0].wear
        drive(st, 0, ["R04"])
        finish(st, 0)
        assert tile(st, 0) > 15 and st.cars[0].wear == w + 1 and not st.hazards


def test_fgp_13_13_1_gravel_red_card_wears_a_green_card_passes():
    """Driving through gravel with a RED card costs +1 tyre wear (and clears
    the token); with a GREEN card nothing happens and the token stays (A40)."""
    red = pos(GRAVEL.format(lane=2, card="R04"))
    green = pos(GRAVEL.format(lane=2, card="G05"))
    wear = {}
    for k, st, card in (("red", red, "R04"), ("green", green, "G05")):
        w = st.cars[0].wear
        drive(st, 0, [card])
        finish(st, 0)
        assert tile(st, 0) > 15
        wear[k] = st.cars[0].wear - w
    assert wear == {"red": 1, "green": 0}
    assert not red.hazards and green.hazards == {15: "gravel"}


def test_fgp_13_13_1_ending_on_gravel_loses_grip_for_the_next_turn():
    """A car ending its move on a gravel tile moves next turn without its tyre
    bonus and may not pair cards; the token comes off the track."""
    st = pos(GRAVEL.format(lane=2, card="G05").replace('"15" = "gravel"', '"16" = "gravel"'))
    drive(st, 0, ["G05"])
    finish(st, 0)
    assert tile(st, 0) == 16 and not st.hazards
    play_on(st, lambda s: s.turn.pending and s.turn.pending.step == "prep"
            and s.turn.pending.seats == [0])
    G.apply(st, 0, A.Done())
    plays = G.fine_actions(st, 0)
    assert plays and all(len(a.cards) == 1 for a in plays)
    G.apply(st, 0, A.Play(("G06",)))
    assert st.move["gear"] == 4 and st.move["mp"] == 1   # GREEN in 4th: 1, no tyre bonus (+2)
