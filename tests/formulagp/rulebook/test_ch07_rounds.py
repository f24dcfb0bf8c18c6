"""FGP 7, 7.1, 7.3, 7.3.1, 7.3.2 (the round, the draw phase, the driver
sequence), written from the rulebook: positions (formulagp-position/1) or a game
from its start, played through GAME.apply. The race start is test_ch07_start.py,
the order of a turn test_ch07_turn.py."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C

from ._util import GAME, all_done, finish_turn, pos


def names(st, seats):
    by = {c.seat: c.board for c in st.cars}
    return [by[s] for s in seats]


def sequence_next_round(text: str) -> list[str]:
    """The driver sequence worked out at the start of the round the position
    begins (phase = "round_start"), as board keys."""
    st = pos(text)
    all_done(st)
    assert st.turn.pending.step == "prep"
    return names(st, st.sequence)


# ---- FGP 7.3.2: the four pictures of the book ----------------------------------------
def test_fgp_7_3_2_alone_on_a_tile_first_then_the_inside_of_the_next_corner():
    """Red, alone on the tile ahead, moves first; Grey and Orange share a straight and
    the next corner (tile 15, a right turn) has its inside on lane 4: Grey, nearer it,
    moves before Orange."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 5
        [[car]]
        name = "vireo"      # Red
        at = "14.2.1"
        [[car]]
        name = "halcyon"    # Orange
        at = "13.1.1"
        [[car]]
        name = "lumen"      # Grey
        at = "13.3.1"
        """) == ["vireo", "lumen", "halcyon"]


def test_fgp_7_3_2_a_lane_that_ends_before_the_corner_moves_after():
    """Blue is on the inside lane (4) of the coming right turn, but that lane ends on
    this tile: Orange, whose lane goes on into the corner, moves first."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 5
        [[car]]
        name = "vireo"      # Blue
        at = "14.4.1"
        [[car]]
        name = "halcyon"    # Orange
        at = "14.2.1"
        """) == ["halcyon", "vireo"]


def test_fgp_7_3_2_the_lane_counts_not_the_space():
    """On a corner tile (7, a right turn) Red on the inside kerb moves first; Blue is
    further up the tile in lane 2 but Orange's lane 3 is nearer the inside: Red,
    Orange, Blue."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 5
        [[car]]
        name = "vireo"      # Blue
        at = "7.2.2"
        [[car]]
        name = "halcyon"    # Orange
        at = "7.3.1"
        [[car]]
        name = "lumen"      # Red
        at = "7.4.1"
        """) == ["lumen", "halcyon", "vireo"]


def test_fgp_7_3_2_cars_in_a_slipstream_space_share_its_lane():
    """Orange is on lane 2, the inside of the coming left turn once lane 1 is taken
    by nobody; Grey sneaked into the same slipstream space behind Orange and counts as
    on Orange's lane: both move before Red on lane 3."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 5
        sequence = ["halcyon", "lumen", "vireo"]
        [[car]]
        name = "vireo"      # Red
        at = "19.3.1"
        [[car]]
        name = "halcyon"    # Orange
        at = "19.2.1"
        [[car]]
        name = "lumen"      # Grey, in Orange's car shadow
        at = "19.2.1"
        """) == ["halcyon", "lumen", "vireo"]


def test_fgp_7_3_2_in_one_slipstream_space_the_car_that_got_there_first_moves_first():
    """Two cars in one slipstream space: the one in front (it got there first, so it
    moved earlier last round) moves first, whatever the pit boxes say."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 5
        sequence = ["halcyon", "lumen", "vireo"]    # last round's order
        [[car]]
        name = "vireo"
        at = "19.3.1"
        box = 2
        [[car]]
        name = "halcyon"    # in front in the space
        at = "19.2.1"
        box = 1
        [[car]]
        name = "lumen"      # in its car shadow; pit box nearest the exit
        at = "19.2.1"
        box = 0
        """) == ["halcyon", "lumen", "vireo"]


def test_fgp_7_3_2_blue_flag_cars_move_after_the_others_of_their_tile():
    """A lapped car (blue flag) moves after the cars of its tile without one, even from
    the inside lane."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 8
        [[car]]
        name = "vireo"
        at = "13.3.1"
        laps = 2
        [[car]]
        name = "halcyon"    # lapped, on the inside of the coming right turn
        at = "13.4.1"
        laps = 1
        laps_down = 1
        [[car]]
        name = "lumen"
        at = "12.1.1"
        laps = 2
        """) == ["vireo", "halcyon", "lumen"]


def test_fgp_7_3_2_the_walk_starts_at_the_race_leader_a_lapped_car_ahead_goes_last():
    """The sequence starts from the race leader's tile and goes back round the lap: a
    lapped car physically ahead of the leader comes after every car behind it."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 8
        leader = "vireo"
        [[car]]
        name = "vireo"
        at = "20.2.1"
        laps = 2
        [[car]]
        name = "halcyon"    # a lap down, two tiles ahead of the leader on the track
        at = "24.2.1"
        laps = 1
        laps_down = 1
        [[car]]
        name = "lumen"
        at = "10.2.1"
        laps = 2
        """) == ["vireo", "lumen", "halcyon"]


def test_fgp_7_3_2_spun_cars_move_last_in_their_own_order_boxed_cars_after():
    """Cars that spun move after every other car, among themselves in the normal order;
    a car in its pit box moves after the cars on and off the track (A16)."""
    assert sequence_next_round("""
        phase = "round_start"
        round = 8
        [[car]]
        name = "vireo"      # spun, in front
        at = "20.2.1"
        spun = true
        [[car]]
        name = "halcyon"
        at = "11.2.1"
        [[car]]
        name = "lumen"      # spun, behind
        at = "15.2.1"
        spun = true
        [[car]]
        name = "kestrel"
        at = "box"
        [[car]]
        name = "ardent"
        at = "5.2.1"
        """) == ["halcyon", "ardent", "vireo", "lumen", "kestrel"]


# ---- FGP 7 / 7.1 / 7.3: the round ----------------------------------------------------
def test_fgp_7_a_round_ends_when_every_car_has_had_its_turn():
    """The round is over once each car has taken one turn; then the next one begins
    with the flag one space on."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "20.2.1"
        hand = ["G05", "G06", "R04", "R05"]
        [[car]]
        name = "halcyon"
        at = "10.2.1"
        hand = ["G05", "G06", "R04", "R05"]
        """)
    assert st.round == 6 and st.flag == 14
    finish_turn(st, 0)
    assert st.round == 6 and st.turn.pending.seats == [1]
    finish_turn(st, 1)
    assert st.round == 7 and st.flag == 15


def test_fgp_7_1_flag_draw_phase_for_all_at_once_then_the_sequence():
    """A round starts with the chequered flag advancing, then all players draw at once
    (and may return), and only then is the driver sequence set."""
    st = pos("""
        phase = "round_start"
        round = 6
        [[car]]
        name = "vireo"
        at = "10.2.1"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "20.2.1"
        hand = ["G06"]
        """)
    assert st.flag == 14 and st.round == 6
    assert st.turn.pending.step == "returns" and GAME.to_act(st) == {0, 1}
    assert all(len(c.hand) == C.hand_limit(st, c) for c in st.cars)
    all_done(st)
    assert st.sequence == [1, 0] and st.turn.pending.seats == [1]


def test_fgp_7_3_the_green_flag_on_the_radar_clears_the_yellow_flags():
    """When the chequered flag reaches the Green Flag token on the radar, the yellow
    and green flags leave the track."""
    text = """
        round = 6
        yellow_zones = [{{yellow = 30, green = 32, ends_at = {end}}}]
        [[car]]
        at = "5.2.1"
        hand = ["G05", "G06"]
        """
    for end, left in ((15, 0), (16, 1)):
        st = pos(text.format(end=end))
        finish_turn(st, 0)
        assert st.round == 7 and st.flag == 15
        assert len(st.yellow_flags) == left


# ---- FGP 7.3.1: the draw phase ---------------------------------------------------------
def test_fgp_7_3_1_draw_up_to_four_plus_the_leds_of_the_ers_level():
    """Each car draws up to 4 cards plus the LEDs beside its current ERS charge: 6 with
    2 LEDs, 4 with none; a car with none returns nothing."""
    st = pos("""
        phase = "round_start"
        round = 6
        [[car]]
        name = "vireo"
        at = "20.2.1"
        ers = 3
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "10.2.1"
        ers = 1
        hand = ["G06", "G07"]
        """)
    assert [C.ers_leds(st, c) for c in st.cars] == [2, 0]
    assert [len(c.hand) for c in st.cars] == [6, 4]
    assert GAME.to_act(st) == {0}                      # 0 LEDs: no returns


def test_fgp_7_3_1_example_two_leds_return_two_drawn_cards_and_draw_two():
    """With 2 LEDs a car may send up to 2 of the cards it just drew to the bottom of its
    deck, in the order it likes, and draws 2 new ones; a card it held before the draw
    and the Draw Failure card cannot go back."""
    st = pos("""
        phase = "round_start"
        round = 6
        cards = ["F01", "T01", "T02", "G01", "R09", "B04"]
        [[car]]
        name = "vireo"
        at = "20.2.1"
        ers = 3
        hand = ["G05", "G06"]
        """)
    car = st.cars[0]
    assert sorted(car.hand) == sorted(["G05", "G06", "F01", "T01", "T02", "G01"])
    legal = GAME.fine_actions(st, 0)
    assert A.Return("T01") in legal and A.Return("G01") in legal
    assert A.Return("G05") not in legal and A.Return("F01") not in legal
    GAME.apply(st, 0, A.Return("T02"))
    GAME.apply(st, 0, A.Return("T01"))                 # the second and last return
    assert st.turn.pending.step == "prep"               # no third one
    assert car.deck.pile[:2] == ["T01", "T02"]          # T02 first, T01 under it
    # the two replacements came; the Draw Failure card was then played as the turn
    # began (FGP 7.3.3.1)
    assert sorted(car.hand) == sorted(["G05", "G06", "G01", "R09", "B04"])
    assert "F01" in car.deck.discards


def test_fgp_7_3_1_returning_fewer_or_none_is_allowed():
    """The returns are optional: a car may stop after one, or return none."""
    st = pos("""
        phase = "round_start"
        round = 6
        [[car]]
        name = "vireo"
        at = "20.2.1"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "10.2.1"
        hand = ["G06"]
        """)
    before = list(st.cars[1].hand)
    one = st.cars[0].drawn[0]
    GAME.apply(st, 0, A.Return(one))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 1, A.Done())
    assert one not in st.cars[0].hand and len(st.cars[0].hand) == 6
    assert st.cars[1].hand == before


def test_fgp_7_3_1_no_movement_card_play_a_tyre_wear_card_and_draw_until_one_comes():
    """Without a playable movement card the car may play a Tyre Wear card (+1 wear)
    and draw one card, again until a movement card comes; the WHITE token is offered."""
    st = pos("""
        round = 6
        cards = ["P01", "R04"]
        [[car]]
        name = "vireo"
        at = "20.2.1"
        hand = ["T01", "T02", "P02"]
        """)
    car = st.cars[0]
    legal = GAME.fine_actions(st, 0)
    assert A.Done() not in legal
    assert A.NoMove(("play", "T01")) in legal
    assert any(isinstance(a, A.Parameter) and a.colour == "white" for a in legal)
    wear = car.wear
    GAME.apply(st, 0, A.NoMove(("play", "T01")))
    assert car.wear == wear + 1 and "P01" in car.hand and A.Done() not in \
        GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.NoMove(("play", "T02")))
    assert "R04" in car.hand and A.Done() in GAME.fine_actions(st, 0)


def test_fgp_7_3_1_only_blue_cards_and_no_ers_two_blues_charge_for_a_third():
    """Only BLUE cards and an empty battery: two BLUE cards spent together charge one
    ERS point, which the third BLUE card then uses."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "20.2.1"
        ers = 0
        hand = ["B01", "B02", "B03"]
        """)
    assert A.NoMove(("blue_pair", "B01", "B02")) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.NoMove(("blue_pair", "B01", "B02")))
    assert st.cars[0].ers == 1
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("B03",)))
    assert st.cars[0].ers == 0 and st.move["pace"] == "blue"


def test_fgp_7_3_1_over_the_new_limit_tyre_wear_cards_are_played_not_discarded():
    """When an ERS spend drops the hand limit, a Tyre Wear card cannot simply be
    discarded: giving it up means playing it, with its +1 tyre wear (FGP 8.8)."""
    text = """
        round = 6
        [[car]]
        name = "vireo"
        at = "20.2.1"
        ers = 2
        hand = ["B01", "T01", "T02", "G05", "G06", "R04"]
        """
    for card, wear in (("T01", 1), ("G05", 0)):
        st = pos(text)
        car = st.cars[0]
        before = car.wear
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("B01",)))
        assert st.turn.pending.step == "discard" and len(car.hand) == 5
        assert {a.card for a in GAME.fine_actions(st, 0)} == {"T01", "T02", "G05", "G06",
                                                               "R04"}
        GAME.apply(st, 0, A.Discard(card))
        assert len(car.hand) == 4 and car.wear == before + wear
