"""FGP 7.3.3-7.3.3.5 (the order of a turn: cards, the regular move, the battle
decision, the effects), written from the rulebook on positions
(formulagp-position/1), played through GAME.apply."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C

from ._util import GAME, at, drive, pos, space


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
    assert A.PlayCard("P02", "play") in GAME.fine_actions(st, 0)
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
    legal = GAME.fine_actions(st, 0)
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
    plays = GAME.fine_actions(st, 0)
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
    spend = next(a for a in GAME.fine_actions(st, 0)
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
    assert A.Extend("ers") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    drive(st, 0, ["14.2.1"])
    assert st.cars[0].ers == 0 and not any(isinstance(a, A.Reduce)
                                           for a in GAME.fine_actions(st, 0))
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
    legal = GAME.fine_actions(st, 0)
    assert A.Step(space(st, "13.2.1")) not in legal and A.Stop() in legal
    GAME.apply(st, 0, A.Stop())
    assert st.turn.pending.step == "attack" and at(st, 0) == "12.2.1"
    assert set(GAME.fine_actions(st, 0)) == {A.Attack(1), A.Attack(None)}


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
