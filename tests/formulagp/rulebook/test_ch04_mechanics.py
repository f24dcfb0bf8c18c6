"""FGP 4.2.2-4.13 (game mechanics; the decks and the hand are test_ch04_decks.py)
as scenarios: a position written by hand
(formulagp.position), played through GAME.legal_actions / GAME.apply, the
outcome checked against the rulebook; docstrings say what the book demands.

Boards used (content/boards.toml, side A): Vireo Racing: 8th gear GREEN 3 /
RED 5 / BLUE 7 MP, medium tyres +2 (fresh, wear 3), hard +1 (wear 1), max OT
2, ERS 3 with LEDs [0, 0, 2, 2] (hand limit 6 when full), tyre track of 18
spaces with the RED die icon on 17. Fast track: tiles 0-6 and 11-14 straight
(8th gear), 7, 9, 10, 15 and 16 curved."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position
from chequered.games.formulagp.rules import cards as C

from ._ch04_help import GAME, FAST, drive


def sp(name: str, key: str = "fast") -> int:
    return parse_space(key, name)


# ---- FGP 4.2.2 ----------------------------------------------------------------------------
BATTLE = """
round = 5
{extra}
[[car]]
name = "vireo"
at = "11.2.1"
tyre = "hard"
driver = "DR01"
hand = {hand}
[[car]]
name = "halcyon"
at = "15.3.1"
hand = {defence}
"""


def to_battle(st, card="G01"):
    """Vireo (hard tyres: GREEN 3 + 1 = 4 MP) drives 11.2.1 -> 14.2.1 and stops
    behind Halcyon on 15.3.1 (adjacent lane): 1 point left becomes 1 OT."""
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,)))
    for name in ("12.2.1", "13.2.1", "14.2.1"):
        GAME.apply(st, 0, A.Step(sp(name)))
    GAME.apply(st, 0, A.Stop())
    assert st.cars[0].ot == 1 and st.turn.pending.step == "attack"
    GAME.apply(st, 0, A.Attack(1))


def test_fgp_4_2_2_worked_example_one_orange_card_adds_one_ot_up_to_the_maximum():
    """The book's example: one ORANGE card is spent for +1 OT; the OT point may
    not pass the car's maximum (2), so a second card cannot be spent."""
    st = position(BATTLE.format(extra="", hand='["G01", "O01", "O02"]', defence='["G02"]'))
    to_battle(st)
    assert st.turn.pending.step == "ot_boost"
    assert A.Spend("ot_plus1", ("O01",)) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Spend("ot_plus1", ("O01",)))
    car = st.cars[0]
    assert car.ot == 2 and "O01" in car.deck.discards
    assert not [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Spend)]


def test_fgp_4_2_2_worked_example_green_card_and_event_card_restore_a_parameter():
    """The book's example: a GREEN ACTION card and a held EVENT card with the
    same 2x icon (regain a parameter token) are spent together: the token comes
    back; cards with different 2x icons do not pair."""
    st = position('[[car]]\nat = "13.2.1"\nhand = ["G01", "G10", "G05"]\n'
                  'held_events = ["E08"]\nparams = ["yellow", "red"]')
    car = st.cars[0]
    legal = GAME.fine_actions(st, 0)
    assert A.Spend("parameter_2x", ("G10", "E08"), "white") in legal
    assert not [a for a in legal if isinstance(a, A.Spend) and set(a.cards) == {"G10", "G05"}]
    GAME.apply(st, 0, A.Spend("parameter_2x", ("G10", "E08"), "white"))
    assert car.params["white"] and car.held_events == [] and "G10" in car.deck.discards


def test_fgp_4_2_2_two_cards_buy_one_ers_one_tyre_wear_back_or_one_movement_point():
    """Two cards with the same 2x icon: +1 ERS, -1 tyre wear, or +1 movement
    point for this turn; spending is free and the turn goes on."""
    st = position('[[car]]\nat = "13.2.1"\nwear = 5\ners = 1\n'
                  'hand = ["G01", "G05", "G06", "G08", "G09", "G12", "R07"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Spend("ers_2x", ("G05", "G06")))
    GAME.apply(st, 0, A.Spend("tyre_2x", ("G08", "G09")))
    GAME.apply(st, 0, A.Spend("mp_2x", ("G12", "R07")))
    assert (car.ers, car.wear) == (2, 4) and st.turn.pending.step == "prep"
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 + 2 + 1                       # GREEN 8th + medium + the pair


# ---- FGP 4.3 ------------------------------------------------------------------------------
def test_fgp_4_3_the_four_kinds_of_action_card():
    """Movement cards move the car, an Option card draws an EVENT card, a Tyre
    Wear card played adds wear, the Draw Failure card draws a FAILURE card:
    the last at once when the turn starts."""
    st = position('cards = ["X01", "E09"]\n[[car]]\nat = "13.2.1"\n'
                  'hand = ["G01", "P01", "T01", "T02", "T03", "T04", "F01"]\n'
                  '[[car]]\nat = "30.2.1"')
    car = st.cars[0]
    assert "F01" in car.deck.discards and "X01" in st.decks["failure"].discards
    wear = car.wear
    GAME.apply(st, 0, A.PlayCard("T01", "tyre_wear"))        # a full hand of 6 (7.3.3.1)
    assert car.wear == wear + 1
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    assert car.held_events == ["E09"]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 + 2 + 1                   # X01 eased stress: focus +1


# ---- FGP 4.3.1 ----------------------------------------------------------------------------
def _lane_change(card, orange_as=(), ers=3, stress=2):
    st = position(f'leader = "none"\n[[car]]\nat = "13.2.1"\ners = {ers}\n'
                  f'stress = {stress}\nhand = ["{card}", "G12"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,), tuple(orange_as)))
    return st, car


def test_fgp_4_3_1_green_changes_lanes_free_and_a_single_green_eases_stress():
    """GREEN: a lane change costs a point but no tyre wear; played alone it
    lowers stress by one (from round 3)."""
    st, car = _lane_change("G01")
    assert car.stress == 1 and car.focus
    wear = car.wear
    GAME.apply(st, 0, A.Step(sp("13.3.1")))
    assert car.wear == wear and st.move["left"] == st.move["mp"] - 1


def test_fgp_4_3_1_red_lane_change_wears_the_tyres():
    """RED: each lane change adds one tyre wear; no stress relief."""
    st, car = _lane_change("R01")
    wear = car.wear
    GAME.apply(st, 0, A.Step(sp("13.3.1")))
    assert car.wear == wear + 1 and car.stress == 2 and st.move["mp"] == 5 + 2


def test_fgp_4_3_1_blue_costs_an_ers_charge_and_cannot_change_lanes():
    """BLUE: the farthest pace, one ERS charge spent, no lane change; without a
    charge it cannot be played."""
    st, car = _lane_change("B01")
    assert car.ers == 2 and st.move["mp"] == 7 + 2
    assert all(FAST.spaces[a.to].lane == 2 for a in GAME.fine_actions(st, 0)
               if isinstance(a, A.Step))
    st = position('[[car]]\nat = "13.2.1"\ners = 0\nhand = ["B01", "G01"]')
    GAME.apply(st, 0, A.Done())
    assert all("B01" not in p.cards for p in GAME.fine_actions(st, 0))


def test_fgp_4_3_1_orange_is_wild_and_its_lane_change_always_wears():
    """ORANGE plays as GREEN or RED; even as GREEN a lane change wears the
    tyres, and it relieves no stress (A49)."""
    st, car = _lane_change("O01", ("green",))
    assert st.move["mp"] == 3 + 2 and car.stress == 2
    wear = car.wear
    GAME.apply(st, 0, A.Step(sp("13.3.1")))
    assert car.wear == wear + 1
    st, car = _lane_change("O01", ("red",))
    assert st.move["mp"] == 5 + 2


def test_fgp_4_3_1_c_a_second_card_of_the_same_colour_makes_a_pair():
    """Card option: two cards of one colour push harder (two GREEN: RED pace),
    for movement or battle; two different colours never pair."""
    st = position('[[car]]\nat = "13.2.1"\nhand = ["G01", "G02", "R01"]')
    GAME.apply(st, 0, A.Done())
    plays = GAME.fine_actions(st, 0)
    assert A.Play(("G01", "G02")) in plays and A.Play(("G01", "R01")) not in plays
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    assert st.move["pace"] == "red" and st.move["mp"] == 5 + 2


# ---- FGP 4.3.2 ----------------------------------------------------------------------------
def test_fgp_4_3_2_tyre_wear_card_extends_from_a_curve_with_wear_and_twice_in_a_turn():
    """After the regular move ends on a curved tile a Tyre Wear card gives one
    more point (and +1 wear, A4); several may be played in one turn."""
    st = position('[[car]]\nat = "6.2.1"\nhand = ["G01", "T01", "T02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    while st.turn.pending.step == "move":
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                               if isinstance(a, A.Step) and FAST.spaces[a.to].lane == 2))
    assert st.turn.pending.step == "extend" and not FAST.tile_of(car.space).straight
    wear = car.wear
    GAME.apply(st, 0, A.Extend("tyre_wear", "T01"))
    assert st.move["left"] == 1 and car.wear == wear + 1
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    if not FAST.tile_of(car.space).straight:
        assert A.Extend("tyre_wear", "T02") in GAME.fine_actions(st, 0)


def test_fgp_4_3_2_tyre_wear_cards_stay_in_the_hand_until_the_tyres_are_worn_out():
    """A Tyre Wear card cannot be thrown away (not even with the WHITE token);
    once the tyres are worn out it may be discarded."""
    st = position('[[car]]\nat = "13.2.1"\nhand = ["G01", "P01", "T01"]')
    GAME.apply(st, 0, A.Parameter("white"))
    assert A.Discard("P01") in GAME.fine_actions(st, 0)
    assert A.Discard("T01") not in GAME.fine_actions(st, 0)
    st = position('[[car]]\nat = "13.2.1"\nwear = 13\nhand = ["G01", "T01"]')   # medium worn
    assert A.PlayCard("T01", "worn_discard") in GAME.fine_actions(st, 0)
    st = position('[[car]]\nat = "13.2.1"\nwear = 12\nhand = ["G01", "T01"]')
    assert A.PlayCard("T01", "worn_discard") not in GAME.fine_actions(st, 0)


# ---- FGP 4.3.3 ----------------------------------------------------------------------------
def test_fgp_4_3_3_option_card_only_before_moving_draws_an_event_then_is_discarded():
    """An Option card is played for its EVENT card before the car moves, never
    during or after the move; it lies on the discard pile afterwards."""
    st = position('decks = {event = ["E11"]}\n[[car]]\nat = "13.2.1"\nwear = 6\n'
                  'hand = ["G01", "P01", "P02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.PlayCard("P01", "play"))            # Track Rubbering In: wear -1
    assert car.wear == 5 and car.deck.discards == ["P01"]
    GAME.apply(st, 0, A.Done())
    assert not [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.PlayCard)]
    GAME.apply(st, 0, A.Play(("G01",)))
    assert not [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.PlayCard)]


def test_fgp_4_3_3_option_in_the_no_movement_procedure_resolves_its_event():
    """With no movement card, playing the Option card draws an EVENT card that
    is resolved like any other (Grandstand Pressure: stress +1), then a card is
    drawn."""
    st = position('cards = ["E13", "G01"]\n[[car]]\nat = "13.2.1"\nhand = ["P01", "T01"]')
    car = st.cars[0]
    assert A.NoMove(("play", "P01")) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.NoMove(("play", "P01")))
    assert car.stress == 3 and "G01" in car.hand and "P01" in car.deck.discards


def test_fgp_4_3_3_option_card_adds_leds_but_cannot_attack_alone():
    """In a battle an Option card adds its LEDs to a movement card but cannot be
    the attack card on its own."""
    st = position(BATTLE.format(extra="", hand='["G01", "G02", "P01"]', defence='["G03"]'))
    to_battle(st)
    GAME.apply(st, 0, A.Done())
    plays = GAME.fine_actions(st, 0)
    assert A.Cards(("P01",)) not in plays
    assert A.Cards(("G02", "P01")) in plays


# ---- FGP 4.3.4 ----------------------------------------------------------------------------
def test_fgp_4_3_4_a_no_failure_card_does_not_reapply_the_old_failure():
    """A Draw Failure card that draws a 'no failure' card applies that card
    (here stress -1) and nothing else: the FAILURE card already by the board
    (Overheating: +1 wear when it was drawn) does not act again."""
    st = position('cards = ["X01"]\n[[car]]\nat = "13.2.1"\nhand = ["G01", "F01"]\n'
                  'failures = ["X16"]\nfailure_tokens = ["tyre_bonus"]\nwear = 4\n'
                  '[[car]]\nat = "30.2.1"')
    car = st.cars[0]
    assert car.failures == ["X16"] and car.failure_tokens == ["tyre_bonus"]
    assert "F01" not in car.hand and st.turn.pending.step == "prep"
    assert (car.wear, car.stress) == (4, 1)
    assert "X01" in st.decks["failure"].discards


def test_fgp_4_3_4_draw_failure_played_first_never_returned():
    """The Draw Failure card is played as the turn starts (its FAILURE card
    lies by the board) and may not go back under the deck in the draw phase."""
    st = position('cards = ["X06"]\n[[car]]\nat = "13.2.1"\nhand = ["G01", "F01"]')
    car = st.cars[0]
    assert car.failures == ["X06"] and "F01" in car.deck.discards
    st = position('phase = "round_start"\nround = 6\ncards = ["F01"]\n'
                  '[[car]]\nat = "13.2.1"')
    car = st.cars[0]
    assert "F01" in car.hand and st.turn.pending.step == "returns"
    assert A.Return("F01") not in GAME.fine_actions(st, 0)


def test_fgp_4_3_4_draw_failure_is_played_at_the_start_of_the_pit_stop_turn_too():
    """A car starting its turn in the pit box plays its Draw Failure card first,
    so the FAILURE card drawn can be repaired at that very stop."""
    st = position('cards = ["X06"]\n[[car]]\nat = "pit"\nhand = ["G01", "F01"]')
    car = st.cars[0]
    assert st.turn.pending.step == "pit_stop" and car.failures == ["X06"]
    assert any(a.repair != "none" for a in GAME.fine_actions(st, 0))


# ---- FGP 4.4 ------------------------------------------------------------------------------
def test_fgp_4_4_event_cards_held_outside_the_hand_played_at_start_or_end_of_turn():
    """An EVENT card kept for later lies face down, does not count towards the
    hand limit, and may be played at the start or at the end of the turn."""
    st = position('[[car]]\nat = "13.2.1"\nhand = ["G01", "G02", "G03", "G04", "G05", "G06"]\n'
                  'held_events = ["E09"]\ners = 2')
    car = st.cars[0]
    assert A.PlayCard("T01", "tyre_wear") not in GAME.fine_actions(st, 0)
    assert len(car.hand) == C.hand_limit(st, car) and A.PlayCard("E09", "event") in \
        GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    drive(st)
    assert st.turn.pending.step == "end_events"
    GAME.apply(st, 0, A.PlayCard("E09", "event"))               # Battery Top-Up: +1 ERS
    assert car.ers == 3 and car.held_events == [] and "E09" in st.decks["event"].discards


def test_fgp_4_4_an_event_card_to_apply_at_once_is_not_kept():
    """An EVENT card marked to be applied at once is resolved when drawn (A52):
    Track Rubbering In takes one tyre wear off every car."""
    st = position('decks = {event = ["E11"]}\n[[car]]\nat = "13.2.1"\nwear = 6\n'
                  'hand = ["G01", "P01"]\n[[car]]\nat = "30.2.1"\nwear = 8')
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    assert (st.cars[0].wear, st.cars[1].wear) == (5, 7) and st.cars[0].held_events == []


# ---- FGP 4.5 ------------------------------------------------------------------------------
def test_fgp_4_5_a_risk_face_draws_a_risk_card_resolved_at_once():
    """A RISK face on the YELLOW die draws a RISK card, applied straight away
    (Lock-Up: +1 tyre wear) and discarded."""
    st = position('round = 5\nforced = ["yellow:risk", "card:K03"]\n'
                  '[[car]]\nat = "13.2.1"\nhand = ["G01", "G02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    wear = car.wear
    drive(st)
    assert car.wear == wear + 1 and "K03" in st.decks["risk"].discards


# ---- FGP 4.6 ------------------------------------------------------------------------------
def test_fgp_4_6_damage_card_lies_by_the_board_until_a_pit_stop_repairs_it():
    """A DAMAGE card drawn is placed by the board with its token and acts until
    it is repaired in a pit stop; then it goes to the discard pile."""
    st = position('round = 5\nforced = ["yellow:risk", "card:K10", "card:D10"]\n'
                  '[[car]]\nat = "13.2.1"\nhand = ["G01", "G02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    drive(st)
    assert car.damage == ["D10"] and car.damage_tokens == ["ers_max"]
    assert C.ers_max(st, car) == 2
    st = position('[[car]]\nat = "pit"\ndamage = ["D10"]\ndamage_tokens = ["ers_max"]')
    car = st.cars[0]
    stop = next(a for a in GAME.fine_actions(st, 0) if a.repair == "all" and a.tyre is None)
    GAME.apply(st, 0, stop)
    assert car.damage == [] and "D10" in st.decks["damage"].discards


# ---- FGP 4.7 ------------------------------------------------------------------------------
def test_fgp_4_7_failure_card_by_the_board_and_its_quick_repair_cost():
    """A FAILURE card drawn lies by the board until a pit stop or a quick repair
    paying what the card shows (MGU-K Fault: the YELLOW parameter token)."""
    st = position('cards = ["X05"]\n[[car]]\nat = "13.2.1"\nhand = ["G01", "F01"]')
    car = st.cars[0]
    assert car.failures == ["X05"] and car.failure_tokens == ["ers_charge"]
    assert A.QuickRepair("X05", ()) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.QuickRepair("X05", ()))
    assert car.failures == [] and not car.params["yellow"]
    assert "X05" in st.decks["failure"].discards


# ---- FGP 4.8 ------------------------------------------------------------------------------
def test_fgp_4_8_stress_token_starts_in_the_middle_and_the_skill_is_once_a_round():
    """Every driver starts on the middle stress space; the driver skill (here
    +1 LED attacking) is offered in a battle unless already used this round."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 4), 2)
    assert {c.stress for c in st.cars} == {2}
    for used in (False, True):
        st = position(BATTLE.format(extra="", hand='["G01", "G02"]', defence='["G03"]'))
        st.cars[0].skill_used = used
        to_battle(st)
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Cards(("G02",)))
        GAME.apply(st, 1, A.Cards(("G03",)))
        assert st.turn.pending.step == "battle_boost"
        assert any(b.skill for b in GAME.fine_actions(st, 0)) is (not used)


# ---- FGP 4.10 -----------------------------------------------------------------------------
def test_fgp_4_10_ers_leds_raise_the_hand_limit_and_the_returns():
    """The LEDs beside the ERS charge add cards to the hand limit (4 + 2 at a
    full battery) and allow as many returns in the draw phase."""
    st = position('phase = "round_start"\nround = 6\n[[car]]\nat = "13.2.1"\n'
                  '[[car]]\nat = "20.2.1"\ners = 1')
    assert len(st.cars[0].hand) == 6 and len(st.cars[1].hand) == 4
    assert st.cars[0].returns_left == 2 and st.cars[1].returns_left == 0


def test_fgp_4_10_blue_spends_ers_and_then_no_charging_by_reducing():
    """Playing a BLUE card spends a charge and the move may not be cut short to
    charge the ERS again; an ERS charge extends only from a straight."""
    st = position('[[car]]\nat = "13.2.1"\ners = 2\nhand = ["B01", "T01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("B01",)))
    assert car.ers == 1
    while st.move["left"] > 1:
        assert all(a.charge == 0 for a in GAME.fine_actions(st, 0) if isinstance(a, A.Reduce))
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert A.Reduce(0, ("T01",)) in GAME.fine_actions(st, 0)        # a brake, no charge
    assert A.Reduce(1, ()) not in GAME.fine_actions(st, 0)


def test_fgp_4_10_an_ers_charge_extends_a_move_ending_on_a_straight():
    """An ERS charge buys one more point when the move ends on a straight tile
    (not on a curve)."""
    st = position('[[car]]\nat = "0.2.1"\nhand = ["G01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    while st.turn.pending.step == "move":
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                               if isinstance(a, A.Step) and FAST.spaces[a.to].lane == 2))
    assert FAST.tile_of(car.space).straight and A.Extend("ers") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    assert car.ers == 2 and st.move["left"] == 1


# ---- FGP 4.11 / 4.11.1 --------------------------------------------------------------------
def test_fgp_4_11_the_three_dice_and_their_faces():
    """WHITE is a six-sided die whose faces are green (right, yes) or red (left,
    no); YELLOW gives stress, tyre wear or RISK; RED tyre wear, RISK or a loss
    of control."""
    dice = C.content_of(GAME.new(GAME.config(track="fast", seats=["human"]), 0)).dice
    assert [f.value for f in dice.white] == [1, 2, 3, 4, 5, 6]
    assert {f.colour for f in dice.white} == {"green", "red"}
    assert set(dice.yellow) == {"stress", "tyre_wear", "risk"}
    assert set(dice.red) == {"tyre_wear", "risk", "loss_of_control"}


def test_fgp_4_11_1_white_green_shifts_right_red_left():
    """A counter-steer's lane change follows the WHITE die: a green face moves
    the car one lane right, a red face one lane left."""
    for face, lane in (("green", 3), ("red", 1)):
        st = position(f'round = 5\nrolls = ["red:loss_of_control", "white:{face}"]\n'
                      '[[car]]\nat = "11.2.1"\nwear = 17\nhand = ["R01", "G02"]')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("R01",)))
        drive(st)
        GAME.apply(st, 0, A.CounterSteer("G02"))
        assert FAST.spaces[st.cars[0].space].lane == lane


# ---- FGP 4.11.2 ---------------------------------------------------------------------------
def test_fgp_4_11_2_a_pairs_yellow_die_after_the_move_or_before_the_pit_lane():
    """The YELLOW die a pair asks for is rolled when the move is over (stress
    face: +1 stress); but before the car drives into the pit lane it is rolled
    first, on the track."""
    st = position('round = 5\nrolls = ["yellow:stress"]\n[[car]]\nat = "13.2.1"\n'
                  'hand = ["G01", "G02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    for _ in range(st.move["mp"] - 1):
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)
                               and FAST.spaces[a.to].lane == 2))
    assert car.stress == 2                                   # not yet
    drive(st)
    assert car.stress == 3
    st = position('round = 5\nrolls = ["yellow:tyre_wear"]\n[[car]]\nat = "39.4.1"\n'
                  'hand = ["G01", "G02"]')
    car = st.cars[0]
    wear = car.wear
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    ev = GAME.apply(st, 0, A.Step(sp("pit_entry")))
    kinds = [e.kind for e in ev]
    assert kinds.index("roll") < kinds.index("pit_entry") and car.wear == wear + 1


# ---- FGP 4.11.3 ---------------------------------------------------------------------------
def test_fgp_4_11_3_worn_tyres_roll_red_before_a_battle_not_after():
    """Tyres on the RED die icon: the RED roll the turn needs comes before the
    battle (right after the car stops behind its opponent), and once only."""
    st = position(BATTLE.format(extra='rolls = ["red:tyre_wear"]',
                                hand='["R01", "G02"]', defence='["G03"]'))
    st.cars[0].wear = 17                                # worn out: RED 5 MP, no bonus
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    for name in ("12.2.1", "13.2.1", "14.2.1"):
        GAME.apply(st, 0, A.Step(sp(name)))
    ev = GAME.apply(st, 0, A.Stop())
    assert [e.data["die"] for e in ev if e.kind == "roll"] == ["red"]
    assert st.turn.pending.step == "attack"
    ev = GAME.apply(st, 0, A.Attack(None))              # no battle after all
    assert not [e for e in ev if e.kind == "roll" and e.data.get("seat") == 0]


def test_fgp_4_11_3_red_die_faces_and_after_the_move():
    """A RED roll the move asks for (worn tyres) comes after the move: its
    tyre-wear face adds one wear, its RISK face draws a RISK card."""
    st = position('round = 5\nforced = ["red:risk", "card:K07"]\nleader = "none"\n'
                  '[[car]]\nat = "13.2.1"\nwear = 17\nhand = ["G01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    drive(st)
    assert car.stress == 2 and "K07" in st.decks["risk"].discards    # -1 green, +1 K07


# ---- FGP 4.12 -----------------------------------------------------------------------------
def test_fgp_4_12_white_token_any_time_discard_then_normal_draw():
    """The WHITE token may be used at any time of the turn (a movement card in
    hand or not): discard any cards (never Tyre Wear), then draw up to the
    hand limit as in the draw phase, returns included."""
    st = position('cards = ["R01", "R02", "R03", "R04"]\n[[car]]\nat = "13.2.1"\n'
                  'hand = ["G01", "P01", "P02", "T01"]')
    car = st.cars[0]
    assert A.Parameter("white") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Parameter("white"))
    GAME.apply(st, 0, A.Discard("P01"))
    GAME.apply(st, 0, A.Discard("P02"))
    GAME.apply(st, 0, A.Done())
    assert sorted(car.hand) == ["G01", "R01", "R02", "R03", "R04", "T01"]
    assert {"P01", "P02"} <= set(car.deck.discards) and not car.params["white"]
    assert st.turn.pending.step == "returns" and car.returns_left == 2
    assert A.Parameter("white") not in GAME.fine_actions(st, 0)


def test_fgp_4_12_yellow_charges_ers_red_lifts_ot_past_the_maximum():
    """YELLOW: +1 ERS. RED: +1 OT, which may go above the car's maximum."""
    st = position('[[car]]\nat = "13.2.1"\ners = 1\nhand = ["G01"]')
    GAME.apply(st, 0, A.Parameter("yellow"))
    assert st.cars[0].ers == 2 and not st.cars[0].params["yellow"]
    st = position(BATTLE.format(extra="", hand='["G01", "O01", "G02"]', defence='["G03"]'))
    to_battle(st)
    GAME.apply(st, 0, A.Spend("ot_plus1", ("O01",)))
    GAME.apply(st, 0, A.Parameter("red"))
    assert st.cars[0].ot == 3 and C.max_ot(st, st.cars[0]) == 2


# ---- FGP 4.13 -----------------------------------------------------------------------------
def test_fgp_4_13_characteristic_adds_one_point_once_per_turn():
    """The car characteristic (Vireo: starting in 8th gear) adds one movement
    point, once a turn, where the board's condition holds."""
    st = position('[[car]]\nat = "13.2.1"\nhand = ["G01"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",), (), True))
    assert st.move["mp"] == 3 + 2 + 1 and st.cars[0].characteristic_used
    st = position('[[car]]\nat = "9.2.1"\nhand = ["G01"]')          # 6th gear: no
    GAME.apply(st, 0, A.Done())
    assert not any(p.characteristic for p in GAME.fine_actions(st, 0))


def test_fgp_4_13_late_braker_extends_a_move_that_ends_on_a_curve_once():
    """Borealis' characteristic (+1 to finish a move ending on a curved tile)
    is an extension of one point after the regular move, once per turn."""
    st = position('round = 5\n[[car]]\nname = "borealis"\nat = "6.2.1"\nhand = ["G01"]\n'
                  'ers = 0')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    assert all(not p.characteristic for p in GAME.fine_actions(st, 0))  # not before moving
    GAME.apply(st, 0, A.Play(("G01",)))
    while st.turn.pending.step == "move":
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert not FAST.tile_of(car.space).straight                   # the move ended on a curve
    assert A.Extend("characteristic") in GAME.fine_actions(st, 0)
    here = car.space
    GAME.apply(st, 0, A.Extend("characteristic"))
    assert car.characteristic_used and st.move["left"] == 1
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert car.space != here
    if st.move and st.turn.pending.step == "extend":             # a second time: no
        assert A.Extend("characteristic") not in GAME.fine_actions(st, 0)
