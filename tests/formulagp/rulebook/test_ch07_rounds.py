"""FGP 7 (gameplay: the round, the race start, the draw phase, the driver
sequence, the order of a turn), written from the rulebook: positions
(formulagp-position/1) or a game from its start, played through GAME.apply."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C

from ._util import GAME, all_done, at, drive, face, finish_turn, forward, ids, leds, new, \
    no_pushes, pos, qualify, space, white

G = ids("movement", "green")
R = ids("movement", "red")
B = ids("movement", "blue")
O = ids("movement", "orange")
TW = ids("tyre_wear")
OPT = ids("option")


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
    legal = GAME.legal_actions(st, 0)
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
    legal = GAME.legal_actions(st, 0)
    assert A.Done() not in legal
    assert A.NoMove(("play", "T01")) in legal
    assert any(isinstance(a, A.Parameter) and a.colour == "white" for a in legal)
    wear = car.wear
    GAME.apply(st, 0, A.NoMove(("play", "T01")))
    assert car.wear == wear + 1 and "P01" in car.hand and A.Done() not in \
        GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.NoMove(("play", "T02")))
    assert "R04" in car.hand and A.Done() in GAME.legal_actions(st, 0)


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
    assert A.NoMove(("blue_pair", "B01", "B02")) in GAME.legal_actions(st, 0)
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
        assert {a.card for a in GAME.legal_actions(st, 0)} == {"T01", "T02", "G05", "G06",
                                                               "R04"}
        GAME.apply(st, 0, A.Discard(card))
        assert len(car.hand) == 4 and car.wear == before + wear


# ---- FGP 7.2 / 7.2.1: the race start from qualifying -----------------------------------
FILL = [c for c in G + R if c not in ("G01", "G02", "G03", "G04")]


def to_round_one(n, plays, *, hands=None, seed=1, **cfg):
    """Qualifying played with `plays` (seat -> cards), no pushes; the race stands at
    the pole bonus (or round 1's cards)."""
    hands = hands or [list(plays.get(s, [])) + [c for c in FILL if c not in plays.get(s, [])]
                      [:6 - len(plays.get(s, []))] for s in range(n)]
    st = new(n, hands=hands, seed=seed, **cfg)
    all_done(st)
    qualify(st, plays)
    no_pushes(st)
    return st


def keep_first(st):
    if st.turn.pending.step == "pole_keep":
        seat = st.turn.pending.seats[0]
        GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])


def test_fgp_7_2_the_pole_sitter_holds_the_race_leader_token_from_the_grid():
    """The car on pole leads the race from the start: it has the Race Leader token (so
    the focus space is closed to it) before anyone has moved."""
    st = to_round_one(3, {0: ["G05"], 1: ["R09", "T01"], 2: ["R10"]})
    pole = next(c for c in st.cars if c.grid == 1)
    assert pole.seat == 1
    assert st.leader == pole.seat and pole.leader and not pole.focus
    assert GAME.view(st, None)["leader"] == pole.seat
    assert all(not c.leader for c in st.cars if c is not pole)


def test_fgp_7_2_1_pole_draws_three_keeps_one_the_others_draw_nothing():
    """Only the pole sitter draws: three cards, one kept in hand, the other two put back
    on top or at the bottom of its deck in the order it chooses."""
    st = to_round_one(2, {0: ["R09"], 1: ["G05"]})
    assert st.turn.pending.step == "pole_keep" and st.turn.pending.seats == [0]
    pole, other = st.cars
    drawn = list(st.move["pole"])
    assert len(drawn) == 3 and len(pole.hand) == 5 + 3 and len(other.hand) == 5
    keep, up, down = drawn
    GAME.apply(st, 0, A.PoleKeep(keep, (up,), (down,)))
    assert len(pole.hand) == 6 and keep in pole.hand
    assert pole.deck.pile[-1] == up and pole.deck.pile[0] == down
    assert len(other.hand) == 5 and st.turn.pending.step == "start_cards"


def test_fgp_7_2_1_secret_start_cards_most_leds_first_ties_by_grid():
    """Everyone picks start cards at once; the car with the most LEDs moves first,
    equal LEDs go by the better grid place."""
    hands = [["R10", "G05", "G06", "G07", "G08", "G09"],
             ["R09", "T01", "G01", "G11", "G12", "R04"],
             ["G05", "G06", "G07", "G08", "G09", "G10"]]
    st = to_round_one(3, {0: ["R10"], 1: ["R09", "T01"], 2: ["G05"]}, hands=hands)
    keep_first(st)
    assert sorted(range(3), key=lambda s: st.cars[s].grid) == [1, 0, 2]
    assert st.turn.pending.step == "start_cards" and GAME.to_act(st) == {0, 1, 2}
    GAME.apply(st, 0, A.Cards(("G06",)))           # 2 LEDs, P2
    GAME.apply(st, 1, A.Cards(("G01",)))           # 1 LED, pole
    GAME.apply(st, 2, A.Cards(("G06",)))           # 2 LEDs, P3
    assert st.sequence == [0, 2, 1]


def test_fgp_7_2_1_tyre_wear_and_option_cards_add_one_led_each():
    """A Tyre Wear card adds 1 LED and 1 tyre wear, an Option card 1 LED and no EVENT
    card: they can put a slower card ahead."""
    hands = [["R10", "G05", "G06", "G07", "G08", "G09"],
             ["R09", "G01", "T02", "P01", "G12", "R04"]]
    st = to_round_one(2, {0: ["R10"], 1: ["R09"]}, hands=hands)
    keep_first(st)
    car = st.cars[1]
    wear, events = car.wear, len(st.decks["event"].pile)
    GAME.apply(st, 0, A.Cards(("G06",)))           # 2 LEDs
    GAME.apply(st, 1, A.Cards(("G01", "T02", "P01")))   # 1 + 1 + 1 LEDs
    assert st.sequence[0] == 1
    assert car.wear == wear + 1 and not car.held_events
    assert len(st.decks["event"].pile) == events and "P01" in car.deck.discards


def test_fgp_7_2_1_round_one_in_second_gear_with_the_revealed_cards_no_characteristic():
    """Round 1 is driven in 2nd gear with exactly the cards revealed; no Play step, no
    car characteristic; the free actions come first but no Option card for an EVENT."""
    st = to_round_one(2, {0: ["R09"], 1: ["G05"]})
    keep_first(st)
    red = next(c for c in st.cars[0].hand if c.startswith("R"))
    opt = "P01"
    st.cars[1].hand.append(st.cars[1].deck.pile.pop(st.cars[1].deck.pile.index(opt)))
    green = next(c for c in st.cars[1].hand if c.startswith("G"))
    GAME.apply(st, 0, A.Cards((red,)))
    GAME.apply(st, 1, A.Cards((green, opt)))       # +1 LED, no EVENT card
    assert "P01" in st.cars[1].deck.discards and not st.cars[1].held_events
    first = st.sequence[0]
    assert st.turn.pending.step == "prep" and st.turn.pending.seats == [first]
    assert not any(isinstance(a, A.PlayCard) and a.how == "play"
                   for a in GAME.legal_actions(st, first))
    GAME.apply(st, first, A.Done())
    car = st.cars[first]
    side = C.board_side(st, car)
    from chequered.games.formulagp.rules.tyres import tyre_bonus
    pace = "red" if first == 0 else "green"
    assert st.move["gear"] == 2 and st.move["cards"] == ([red] if first == 0 else [green])
    assert st.move["mp"] == side.speed.mp(2, pace) + tyre_bonus(side, car.tyre, car.wear)


def test_fgp_7_2_1_no_battles_cars_pass_freely_and_no_w2w_tokens():
    """In round 1 a car drives past the others without stopping behind them, and cars
    that end on one tile get no wheel-to-wheel token."""
    hands = [["G05", "G06", "G07", "G08", "G09", "G10"],
             ["R09", "G06", "G07", "G08", "G09", "G10"],
             ["G05", "R05", "R06", "G08", "G09", "G10"]]
    st = to_round_one(3, {0: ["G05"], 1: ["R09"], 2: ["G05"]}, hands=hands)
    keep_first(st)
    grid = sorted(range(3), key=lambda s: st.cars[s].grid)
    last = grid[-1]
    for s in range(3):
        GAME.apply(st, s, A.Cards(("R05", "R06") if s == last else ("G06",)))
    assert st.sequence[0] == last                 # the RED pair has the most LEDs
    from chequered.games.formulagp.rules.where import distance, tile_of
    GAME.apply(st, last, A.Done())                # round 1's free actions: none
    assert at(st, last) == "39.2.1" and st.move["mp"] == 5
    # round the pole sitter's lane-2 car: over to lane 3, then past both cars
    drive(st, last, ["39.3.1", "40.3.1", "0.3.1", "1.3.1"])
    with chance.scripted(st.chance, rolls=[face("yellow", "tyre_wear")]):
        drive(st, last, ["2.3.1"])                # the pair's YELLOW die after the move
        finish_turn(st, last)
    assert all(distance(st, st.cars[last]) > distance(st, st.cars[s]) for s in grid[:-1])
    for s in st.sequence[1:]:
        finish_turn(st, s)
    assert st.round == 2
    tiles = [tile_of(st, c) for c in st.cars]
    assert len(set(tiles)) < 3                    # two cars share a tile ...
    assert all(c.w2w is None for c in st.cars)    # ... and get no token


def test_fgp_7_2_stuck_in_neutral_moves_last_drawing_until_a_movement_card():
    """A car that used all its movement cards in qualifying takes no part in the start
    reveal, moves after every other car, and draws and discards one card at a time
    until a movement card comes, which it then drives in 2nd gear."""
    hands = [["G05", "G06", "T01", "T02", "P01", "P02"],
             ["R09", "G07", "G08", "G09", "G10", "G11"]]
    st = to_round_one(2, {0: ["G05", "G06"], 1: ["R09"]}, hands=hands)
    keep_first(st)
    assert st.cars[0].stuck_in_neutral
    assert st.turn.pending.step == "start_cards" and GAME.to_act(st) == {1}
    GAME.apply(st, 1, A.Cards(("G07",)))
    assert st.sequence == [1, 0]
    car = st.cars[0]
    with chance.scripted(st.chance, cards=["P03", "T03", "R04"]):
        finish_turn(st, 1)                        # then car 0's turn begins: the draws
    assert "P03" in car.deck.discards              # discarded
    assert "T03" in car.hand                       # a Tyre Wear card cannot be discarded
    assert st.move["seat"] == 0 and st.move["cards"] == ["R04"] and st.move["gear"] == 2


def test_fgp_7_2_a_qualifying_crash_starts_from_the_pit_lane_last_in_round_two():
    """A car that crashed in qualifying sits out round 1 and joins after every car on
    track in round 2 from the pit exit, in 2nd gear and without pairs (A11)."""
    hands = [["R09"] + [c for c in G if c not in ("G01", "G02", "G03", "G04")][:5],
             ["R10", "R05", "R06", "G10", "G11", "G12"]]
    st = new(2, hands=hands, seed=2)
    all_done(st)
    qualify(st, {0: ["R09"], 1: ["R10"]})
    while st.turn.pending.step == "push":
        seat = st.turn.pending.seats[0]
        if seat == 1:
            with chance.scripted(st.chance, rolls=[white("red")]):
                GAME.apply(st, 1, A.Push(True))   # no counter-steer card: a crash
        else:
            GAME.apply(st, seat, A.Push(False))
    assert st.cars[1].crashed
    keep_first(st)
    assert GAME.to_act(st) == {0}                  # round 1 without it
    GAME.apply(st, 0, A.Cards((st.cars[0].hand[0],)))
    assert st.sequence == [0]
    finish_turn(st, 0)
    assert st.round == 2
    all_done(st)
    assert st.sequence == [0, 1]
    finish_turn(st, 0)
    assert st.turn.pending.step == "prep" and st.turn.pending.seats == [1]
    assert at(st, 1) == "0.4.1"                    # the pit exit
    GAME.apply(st, 1, A.Done())
    plays = GAME.legal_actions(st, 1)
    assert plays and all(len(p.cards) == 1 for p in plays)      # no pairs
    GAME.apply(st, 1, plays[0])
    assert st.move["gear"] == 2


def test_fgp_7_2_option_pit_start_round_3_the_crashed_car_joins_in_round_three():
    """With the option `pit_start_round_3` (A11: the first paragraph of FGP 7.2) the
    pit-lane starter sits out round 2 too and moves last in round 3."""
    text = """
        phase = "round_start"
        round = {r}
        options = ["pit_start_round_3"]
        [[car]]
        name = "vireo"
        at = "10.2.1"
        [[car]]
        name = "halcyon"
        at = "box"
        pit_lane_start = true
        [[car]]
        name = "lumen"
        at = "8.2.1"
        """
    two = pos(text.format(r=2))
    all_done(two)
    assert two.sequence == [0, 2]
    three = pos(text.format(r=3))
    all_done(three)
    assert three.sequence == [0, 2, 1]
    default = pos(text.format(r=2).replace('options = ["pit_start_round_3"]', ""))
    all_done(default)
    assert default.sequence == [0, 2, 1]


# ---- FGP 7.2.2 -------------------------------------------------------------------------
def test_fgp_7_2_2_round_two_flag_draw_and_the_normal_sequence():
    """Round 2 moves the flag to the next space (10), everyone draws with returns, and
    the driver sequence follows the track (not the start LEDs)."""
    st = pos("""
        phase = "round_start"
        round = 2
        sequence = ["lumen", "vireo"]     # round 1's LED order
        [[car]]
        name = "vireo"
        at = "3.2.1"
        ers = 3
        [[car]]
        name = "lumen"
        at = "1.2.1"
        ers = 3
        """)
    assert st.flag == 10 and st.turn.pending.step == "returns" and GAME.to_act(st) == {0, 1}
    assert all(len(c.hand) == C.hand_limit(st, c) for c in st.cars)
    all_done(st)
    assert st.sequence == [0, 1]


def test_fgp_7_2_2_round_two_in_the_tiles_gear_with_option_cards_allowed():
    """In round 2 the car drives in its tile's gear and may play an Option card (an
    EVENT draw) before its move."""
    st = pos("""
        round = 2
        [[car]]
        name = "vireo"
        at = "9.2.1"          # a 6th-gear corner
        hand = ["G05", "P01"]
        """)
    assert A.PlayCard("P01", "play") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert st.move["gear"] == 6


# ---- FGP 7.2.3: rounds 1-2 against round 3 ----------------------------------------------
@pytest.mark.parametrize("rnd, relieved", [(2, False), (3, True)])
def test_fgp_7_2_3_single_green_card_relieves_stress_from_round_three(rnd, relieved):
    """A single GREEN card takes one stress off from round 3; in the start rounds it
    does not."""
    st = pos(f"""
        round = {rnd}
        [[car]]
        name = "vireo"
        at = "20.2.1"
        stress = 3
        hand = ["G05"]
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert st.cars[0].stress == (2 if relieved else 3)


@pytest.mark.parametrize("rnd, battle", [(2, False), (3, True)])
def test_fgp_7_2_3_no_battles_in_the_start_rounds(rnd, battle):
    """Reaching a car's tile in the next lane stops the car for a battle from round 3;
    in round 2 it drives past."""
    st = pos(f"""
        round = {rnd}
        [[car]]
        name = "vireo"
        at = "1.2.1"
        tyre = "hard"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "3.3.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert st.move["mp"] == 4
    drive(st, 0, ["2.2.1"])
    legal = GAME.legal_actions(st, 0)
    assert (A.Step(space(st, "3.2.1")) in legal) is not battle
    if battle:
        assert A.Stop() in legal
    else:
        drive(st, 0, ["3.2.1", "3.2.2", "4.2.1"])
        assert at(st, 0) == "4.2.1"


@pytest.mark.parametrize("rnd, end", [(2, "4.2.1"), (3, "4.2.2")])
def test_fgp_7_2_3_drs_works_from_round_three(rnd, end):
    """A car ending its move behind another in the DRS zone is pulled up behind it from
    round 3; not in the start rounds."""
    st = pos(f"""
        round = {rnd}
        [[car]]
        name = "vireo"
        at = "1.2.1"
        tyre = "hard"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "5.3.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["2.2.1", "3.2.1", "3.2.2", "4.2.1"])
    finish_turn(st, 0)
    assert at(st, 0) == end


@pytest.mark.parametrize("rnd, token", [(2, None), (3, "vs")])
def test_fgp_7_2_3_wheel_to_wheel_tokens_from_round_three(rnd, token):
    """Cars ending the round on one tile get a wheel-to-wheel token from round 3 only."""
    st = pos(f"""
        round = {rnd}
        to_move = "vireo"
        sequence = ["halcyon", "vireo"]
        [[car]]
        name = "vireo"
        at = "11.3.1"
        ers = 1
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "14.1.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["12.3.1", "13.3.1", "14.3.1"])
    GAME.apply(st, 0, A.Reduce(charge=st.move["left"]))
    finish_turn(st, 0)
    assert st.round == rnd + 1
    assert [c.w2w for c in st.cars] == [token, token]


# ---- FGP 7.3.3: the order of a turn ----------------------------------------------------
def test_fgp_7_3_3_a_turn_plays_cards_moves_then_battles_then_resolves():
    """A turn runs: play cards, the regular move (stopping behind a car), the battle
    decision, then the effects (the pair's YELLOW die) - in that order."""
    st = pos("""
        round = 6
        rolls = ["yellow:tyre_wear"]
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["R04", "R05", "G05"]
        [[car]]
        name = "halcyon"
        at = "13.3.1"
        """)
    car = st.cars[0]
    steps = [st.turn.pending.step]
    GAME.apply(st, 0, A.Done())
    steps.append(st.turn.pending.step)
    GAME.apply(st, 0, A.Play(("R04", "R05")))    # a RED pair: BLUE pace, YELLOW die
    wear = car.wear
    steps.append(st.turn.pending.step)
    drive(st, 0, ["12.2.1"])
    GAME.apply(st, 0, A.Stop())                  # halcyon's tile ahead: stop (FGP 9.2)
    steps.append(st.turn.pending.step)
    GAME.apply(st, 0, A.Attack(None))            # no battle
    assert steps == ["prep", "play", "move", "attack"]
    assert car.wear == wear + 1 and not st.chance.script      # the die was rolled


# ---- FGP 7.3.3.1 ----------------------------------------------------------------------
def test_fgp_7_3_3_1_a_draw_failure_card_is_played_before_anything_else():
    """A Draw Failure card in hand is played as the turn starts: a FAILURE card is
    drawn before the car can do anything else."""
    st = pos("""
        round = 6
        decks = {failure = ["X01"]}
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["F01", "G05"]
        """)
    car = st.cars[0]
    assert st.turn.pending.step == "prep"
    assert "F01" not in car.hand and "F01" in car.deck.discards
    assert "X01" not in st.decks["failure"].pile


def test_fgp_7_3_3_1_option_cards_one_after_another_each_draw_an_event():
    """Before moving a car may play one or more Option cards, each drawing an EVENT
    card."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["P01", "P02", "G05"]
        """)
    pile = len(st.decks["event"].pile)
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    assert A.PlayCard("P02", "play") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.PlayCard("P02", "play"))
    assert len(st.decks["event"].pile) == pile - 2
    assert "P01" in st.cars[0].deck.discards and "P02" in st.cars[0].deck.discards


def test_fgp_7_3_3_1_held_events_and_secondary_functions_before_the_move():
    """Held EVENT cards and the cards' secondary functions (two cards with the ERS icon:
    +1 ERS) may be used before the move."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "11.2.1"
        ers = 1
        hand = ["G05", "G06", "R04"]
        """)
    legal = GAME.legal_actions(st, 0)
    spend = next(a for a in legal if isinstance(a, A.Spend) and a.function == "ers_2x")
    GAME.apply(st, 0, spend)
    assert st.cars[0].ers == 2 and st.turn.pending.step == "prep"


def test_fgp_7_3_3_1_tyre_wear_cards_to_free_the_hand_each_one_wear():
    """To free space in the hand a car may play one or more Tyre Wear cards before its
    move, each for +1 tyre wear and no other effect."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["T01", "T02", "G05"]
        """)
    car = st.cars[0]
    wear = car.wear
    GAME.apply(st, 0, A.PlayCard("T01", "tyre_wear"))
    GAME.apply(st, 0, A.PlayCard("T02", "tyre_wear"))
    assert car.wear == wear + 2 and car.hand == ["G05"]


# ---- FGP 7.3.3.2 ----------------------------------------------------------------------
def test_fgp_7_3_3_2_a_movement_card_must_be_played():
    """The move needs at least one movement card: the only choices are movement cards
    or pairs."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["G05", "T01", "P01"]
        """)
    GAME.apply(st, 0, A.Done())
    plays = GAME.legal_actions(st, 0)
    assert plays and all(isinstance(p, A.Play) and p.cards == ("G05",) for p in plays)


def test_fgp_7_3_3_2_the_movement_points_add_up():
    """MP = the board's speed for gear and pace + the tyre bonus + focus + the car
    characteristic + the two-card +1 MP function."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"        # its characteristic: +1 starting in 8th gear
        at = "11.2.1"
        tyre = "soft"
        stress = 1            # the focus space
        hand = ["G05", "G12", "R07"]
        [[car]]
        name = "halcyon"      # the race leader, far ahead
        at = "30.2.1"
        """)
    car = st.cars[0]
    assert car.focus
    spend = next(a for a in GAME.legal_actions(st, 0)
                 if isinstance(a, A.Spend) and a.function == "mp_2x")
    GAME.apply(st, 0, spend)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",), (), True))
    side = C.board_side(st, car)
    assert st.move["gear"] == 8
    assert st.move["mp"] == side.speed.mp(8, "green") + side.tyres.soft.fresh + 1 + 1 + 1


# ---- FGP 7.3.3.3 ----------------------------------------------------------------------
def test_fgp_7_3_3_3_extend_or_reduce_never_both():
    """After the regular move a car may extend it (ERS from a straight); a car that
    reduced its move is offered no extension."""
    text = """
        round = 6
        [[car]]
        name = "vireo"
        at = "10.2.1"         # 6th gear: GREEN 2 + hard tyres 1 = 3 MP
        tyre = "hard"
        ers = 1
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """
    st = pos(text)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert st.move["mp"] == 3
    drive(st, 0, ["11.2.1", "12.2.1", "13.2.1"])
    assert st.turn.pending.step == "extend"
    assert A.Extend("ers") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    drive(st, 0, ["14.2.1"])
    assert st.cars[0].ers == 0 and not any(isinstance(a, A.Reduce)
                                           for a in GAME.legal_actions(st, 0))
    st = pos(text)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["11.2.1"])
    GAME.apply(st, 0, A.Reduce(charge=2))
    assert st.cars[0].ers == 3
    assert st.cars[0].seat in st.done or st.turn.pending.step != "extend"
    assert at(st, 0) == "11.2.1"


# ---- FGP 7.3.3.4 ----------------------------------------------------------------------
def test_fgp_7_3_3_4_stop_before_an_occupied_tile_then_the_battle_decision():
    """With points left to enter a tile where a car is in the same or next lane, the car
    stops on its own tile and decides whether to battle."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["G05", "R04"]
        [[car]]
        name = "halcyon"
        at = "13.3.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["12.2.1"])
    legal = GAME.legal_actions(st, 0)
    assert A.Step(space(st, "13.2.1")) not in legal and A.Stop() in legal
    GAME.apply(st, 0, A.Stop())
    assert st.turn.pending.step == "attack" and at(st, 0) == "12.2.1"
    assert set(GAME.legal_actions(st, 0)) == {A.Attack(1), A.Attack(None)}


# ---- FGP 7.3.3.5 ----------------------------------------------------------------------
def test_fgp_7_3_3_5_example_green_in_sixth_gear_plus_tyre_bonus_three_is_five():
    """The book's example: a GREEN card in 6th gear is 2 MP; with a +3 tyre bonus the
    car moves 5 spaces."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "9.2.1"          # a 6th-gear corner
        tyre = "soft"         # +3 fresh on this board
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    side = C.board_side(st, st.cars[0])
    assert side.speed.mp(6, "green") == 2 and side.tyres.soft.fresh == 3
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert st.move["gear"] == 6 and st.move["mp"] == 5
    drive(st, 0, ["10.2.1", "11.2.1", "12.2.1", "13.2.1", "14.2.1"])
    assert at(st, 0) == "14.2.1" and st.move["left"] == 0


def test_fgp_7_3_3_5_the_gear_is_the_start_tiles():
    """The gear is read from the tile the car starts its turn on, not where it goes."""
    for start, gear in (("8.2.1", 8), ("9.2.1", 6), ("7.2.1", 4), ("21.3.1", 2)):
        st = pos(f"""
            round = 6
            [[car]]
            name = "vireo"
            at = "{start}"
            hand = ["G05"]
            [[car]]
            name = "halcyon"
            at = "30.2.1"
            """)
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G05",)))
        assert st.move["gear"] == gear, start


def test_fgp_7_2_a_restart_with_no_playable_movement_card_is_stuck_in_neutral():
    """FGP 7.2 at a red-flag restart (13.10): a car whose only movement card is a BLUE one
    and whose battery holds no charge cannot choose start cards; it is stuck in neutral
    and draws until a movement card comes, instead of the race finding no legal choice
    (street, seed 127: a damaged battery stays empty after the red flag)."""
    from chequered.engine.play import agents_for, play
    cfg = GAME.config(track="street", seats=["heuristic"] * 6)
    st = GAME.new(cfg, 127)
    seen = []

    def hook(seat, action, events, step):
        seen.extend(e.kind for e in events)
    play(GAME, cfg, 127, agents=agents_for(GAME, cfg, 127), state=st, on_step=hook)
    assert GAME.is_over(st) and "red_flag" in seen
