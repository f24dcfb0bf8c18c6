"""FGP 7.2-7.2.3 (the race start: pole bonus, secret start cards, rounds 1-3),
written from the rulebook: a game from its start or a position, played through
GAME.apply."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C

from ._util import (GAME, all_done, at, drive, face, finish_turn, ids, new, no_pushes,
    pos, qualify, space, white)

G = ids("movement", "green")
R = ids("movement", "red")


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
        GAME.apply(st, seat, GAME.fine_actions(st, seat)[0])


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
                   for a in GAME.fine_actions(st, first))
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
    plays = GAME.fine_actions(st, 1)
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
    assert A.PlayCard("P01", "play") in GAME.fine_actions(st, 0)
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
    legal = GAME.fine_actions(st, 0)
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


def test_fgp_7_2_a_restart_with_no_playable_movement_card_is_stuck_in_neutral():
    """FGP 7.2 at a red-flag restart (13.10): a car whose only movement card is a BLUE one
    and whose battery holds no charge cannot choose start cards; it is stuck in neutral
    and draws until a movement card comes, instead of the race finding no legal choice
    (street, seed 18 since forced steps are not asked of the bots: a red flag,
    then a car stuck in neutral)."""
    from chequered.engine.play import agents_for, play
    cfg = GAME.config(track="street", seats=["heuristic"] * 6)
    st = GAME.new(cfg, 18)
    seen = []

    def hook(seat, action, events, step):
        seen.extend(e.kind for e in events)
    play(GAME, cfg, 18, agents=agents_for(GAME, cfg, 18), state=st, on_step=hook)
    assert GAME.is_over(st) and "red_flag" in seen and "neutral_draw" in seen
