"""FGP 7.3.1 the draw phase: drawing to the hand limit, returns, and the
no-movement-card procedure; FGP 4.12 the WHITE parameter token."""
from __future__ import annotations

import pytest

from chequered.engine.deck import Deck
from chequered.engine.protocol import IllegalAction
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import draw as D
from chequered.games.formulagp.rules.setup import new_race


def arrange(race, seat, hand, top=(), discards=()):
    car = race.cars[seat]
    ids = C.action_ids(C.content_of(race))
    rest = [c for c in ids if c not in hand and c not in top and c not in discards]
    car.deck = Deck(rest + list(reversed(top)), discards)
    car.hand = list(hand)
    car.drawn, car.returns_left, car.returned = [], 0, 0
    return car


def _resolve_event(race, seat):
    """The EVENT card of an Option card, drawn and resolved (the round machine's
    followups are not run here)."""
    from chequered.games.formulagp.rules.card_effects import draw_and_resolve
    return draw_and_resolve(race, seat, "event").events


@pytest.fixture
def race():
    # seat 0: vireo side A, ERS max 3, LEDs [0, 0, 2, 2] -> hand limit 6 at full ERS
    return new_race("fast", 2, seed=7)


# ---- step 1: draw up to 4 + LEDs ---------------------------------------------------
def test_draw_up_to_the_hand_limit(race):
    car = arrange(race, 0, ["G01"], top=["R01", "R02", "R03", "R04", "R05", "R06"])
    ev = D.draw_to_limit(race, 0)
    assert car.hand == ["G01", "R01", "R02", "R03", "R04", "R05"]   # 4 + 2 LEDs = 6
    assert car.drawn == ["R01", "R02", "R03", "R04", "R05"] and car.returns_left == 2
    # drawn into the hand: its owner reads the cards, the others how many
    assert ev[0].data["cards"] == ["R01", "R02", "R03", "R04", "R05"] and ev[0].to == 0
    assert ev[0].masked == {"what": "ACTION card", "count": 5, "seat": 0}
    assert ev[0].rule == "FGP 7.3.1"
    car.ers = 1                                                    # 0 LEDs
    car.hand.pop()
    car.hand.pop()
    assert C.hand_limit(race, car) == 4 and D.draw_to_limit(race, 0) == []   # nothing drawn


def test_a_hand_over_the_limit_keeps_its_cards(race):           # digest A12
    car = arrange(race, 0, ["G01", "G02", "G03", "G04", "G05", "G06", "G07"])
    D.draw_to_limit(race, 0)
    assert len(car.hand) == 7 and car.drawn == []
    assert D.legal_returns(race, 0) == []


def test_start_draw_phase_draws_for_every_seat(race):
    D.start_draw_phase(race)
    assert [len(c.hand) for c in race.cars] == [6, 6]
    assert D.seats_to_return(race) == [0, 1]
    assert all(C.deck_conserved(c) for c in race.cars)


# ---- step 2: returns ------------------------------------------------------------
def test_fgp_7_3_1_example_two_leds_return_two_and_draw_two(race):
    car = arrange(race, 0, [], top=["B01", "B02", "G01", "G02", "R01", "O01", "G03", "G04"])
    D.draw_to_limit(race, 0)
    assert car.hand == ["B01", "B02", "G01", "G02", "R01", "O01"]
    assert D.legal_returns(race, 0) == car.hand
    D.return_card(race, 0, "B01")
    D.return_card(race, 0, "B02")
    assert car.returns_left == 0 and D.legal_returns(race, 0) == []
    with pytest.raises(IllegalAction, match="no returns left"):
        D.return_card(race, 0, "G01")
    assert car.deck.pile[:2] == ["B02", "B01"]        # at the bottom, B01 drawn first
    ev = D.finish_returns(race, 0)
    assert car.hand == ["G01", "G02", "R01", "O01", "G03", "G04"]   # two replacements
    assert ev[0].data["cards"] == ["G03", "G04"] and ev[0].masked["count"] == 2
    assert car.drawn == [] and D.legal_returns(race, 0) == []      # replacements stay
    assert C.deck_conserved(car)


def test_only_cards_drawn_this_round_and_never_draw_failure(race):
    car = arrange(race, 0, ["G05", "G06"], top=["F01", "G01", "R01", "T01"])
    D.draw_to_limit(race, 0)
    assert car.hand == ["G05", "G06", "F01", "G01", "R01", "T01"]
    assert D.legal_returns(race, 0) == ["G01", "R01", "T01"]
    with pytest.raises(IllegalAction, match="Draw Failure"):
        D.return_card(race, 0, "F01")
    with pytest.raises(IllegalAction, match="not drawn this round"):
        D.return_card(race, 0, "G05")


def test_zero_leds_means_no_returns(race):
    car = arrange(race, 0, [])
    car.ers = 1
    D.draw_to_limit(race, 0)
    assert len(car.hand) == 4 and car.returns_left == 0 and D.legal_returns(race, 0) == []


def test_apply_returns_batch_and_illegal_batch_leaves_the_state(race):
    car = arrange(race, 0, [], top=["B01", "B02", "G01", "G02", "R01", "O01", "G03", "G04"])
    D.draw_to_limit(race, 0)
    before = race.to_doc()
    for bad in (["B01", "B02", "G01"], ["B01", "B01"], ["G09"]):
        with pytest.raises(IllegalAction, match="FGP 7.3.1"):
            D.apply_returns(race, 0, bad)
        assert race.to_doc() == before
    D.apply_returns(race, 0, ["G02"])
    assert car.hand == ["B01", "B02", "G01", "R01", "O01", "G03"]
    assert car.deck.pile[0] == "G02" and C.deck_conserved(car)


# ---- step 3: no playable movement card ----------------------------------------------
def test_playable_movement(race):
    car = arrange(race, 0, ["B01"])
    car.ers = 1
    assert D.has_playable_movement(race, car)
    assert not D.has_playable_movement(race, car, must_change_lane=True)   # BLUE: no lanes
    car.ers = 0
    assert not D.has_playable_movement(race, car)
    car.hand.append("O02")
    assert D.has_playable_movement(race, car, must_change_lane=True)
    car.hand = ["B01"]
    car.ers = 1
    car.failures, car.failure_tokens = ["X04"], ["ers_spend"]    # ERS Failure by the board
    assert not D.has_playable_movement(race, car)
    assert D.no_move_choices(race, 0) != []


def test_no_choices_when_a_card_is_playable(race):
    arrange(race, 0, ["G01", "T01"])
    assert D.no_move_choices(race, 0) == []
    with pytest.raises(IllegalAction):
        D.apply_no_move(race, 0, ("play", "T01"))


def test_white_token_and_non_movement_cards(race):
    arrange(race, 0, ["T01", "P01", "T02", "F01"])
    assert D.no_move_choices(race, 0) == [
        ("white",), ("play", "T01"), ("play", "P01"), ("play", "T02")]


def test_playing_a_tyre_wear_card_wears_and_draws_one(race):
    car = arrange(race, 0, ["T01", "P01"], top=["R07"])
    wear = car.wear
    ev = D.apply_no_move(race, 0, ("play", "T01"))
    assert car.wear == wear + 1 and car.hand == ["P01", "R07"]
    assert car.deck.discards == ["T01"] and car.no_move_procedure is False
    assert ev[0].rule == "FGP 4.3.2" and ev[0].data["delta"] == 1
    assert D.no_move_choices(race, 0) == []


def test_playing_an_option_card_draws_an_event_and_one_card(race):
    car = arrange(race, 0, ["P01", "T01"], top=["T02"])
    n_event = len(race.decks["event"])
    with pytest.raises(ValueError):                 # FGP 4.3.3: its EVENT card is resolved
        D.apply_no_move(race, 0, ("play", "P01"))
    D.apply_no_move(race, 0, ("play", "P01"), draw_event=_resolve_event)
    assert len(race.decks["event"]) == n_event - 1
    assert car.hand == ["T01", "T02"] and car.no_move_procedure is True
    assert C.check_conservation(race) == []
    assert ("play", "T02") in D.no_move_choices(race, 0)


def test_two_blue_cards_charge_ers_for_a_third(race):
    car = arrange(race, 0, ["B01", "B02", "B03"])
    car.ers = 0
    assert D.no_move_choices(race, 0) == [
        ("white",), ("blue_pair", "B01", "B02"), ("blue_pair", "B01", "B03"),
        ("blue_pair", "B02", "B03")]
    D.apply_no_move(race, 0, ("blue_pair", "B01", "B03"))
    assert car.ers == 1 and car.hand == ["B02"] and car.deck.discards == ["B01", "B03"]
    assert D.has_playable_movement(race, car) and car.no_move_procedure is False


def test_two_blue_cards_are_not_enough_for_the_pair(race):
    car = arrange(race, 0, ["B01", "B02"], top=["G01"])
    car.ers = 0
    car.params["white"] = False
    # nothing of a)-d) applies: e) discard one card and draw one
    assert D.no_move_choices(race, 0) == [("discard_draw", "B01"), ("discard_draw", "B02")]
    D.apply_no_move(race, 0, ("discard_draw", "B02"))
    assert car.hand == ["B01", "G01"] and D.no_move_choices(race, 0) == []


def test_blue_only_and_a_lane_change_first(race):
    car = arrange(race, 0, ["B01", "B04"], top=["R02"])
    car.ers = 2
    car.params["white"] = False
    assert D.no_move_choices(race, 0, must_change_lane=True) == [
        ("discard_blue", "B01"), ("discard_blue", "B04")]
    D.apply_no_move(race, 0, ("discard_blue", "B04"), must_change_lane=True)
    assert car.hand == ["B01", "R02"]
    assert D.has_playable_movement(race, car, must_change_lane=True)


def test_last_resort_with_nothing_to_discard_draws(race):
    car = arrange(race, 0, ["F01"], top=["G01"])
    car.params["white"] = False
    assert D.no_move_choices(race, 0) == [("draw",)]
    D.apply_no_move(race, 0, ("draw",))
    assert car.hand == ["F01", "G01"]


# ---- FGP 4.12 WHITE parameter token --------------------------------------------------
def test_white_parameter_discards_then_draws_with_returns(race):
    car = arrange(race, 0, ["T01", "P01", "P02", "F01"], top=["G01", "G02", "R01"])
    assert D.white_discard_choices(race, 0) == ["P01", "P02"]
    with pytest.raises(IllegalAction, match="FGP 4.12"):
        D.use_white_parameter(race, 0, ["T01"])
    assert car.params["white"] and car.hand == ["T01", "P01", "P02", "F01"]
    D.apply_no_move(race, 0, ("white", ("P01", "P02")))
    assert car.params["white"] is False
    assert car.hand == ["T01", "F01", "G01", "G02"] + car.hand[4:] and len(car.hand) == 6
    assert car.returns_left == 2 and D.legal_returns(race, 0) == car.hand[2:]
    assert car.deck.discards == ["P01", "P02"] and C.deck_conserved(car)
    with pytest.raises(IllegalAction, match="already used"):
        D.use_white_parameter(race, 0, [])


@pytest.mark.parametrize("seed", range(20))
def test_many_draw_phases_conserve_decks_and_respect_limits(seed):
    """Random play of draw phases, returns, no-movement steps and discards:
    every deck stays whole and every hand is at the limit after drawing."""
    from chequered.engine.rng import Rng
    r = new_race("street", 4, seed=seed)
    pick = Rng(seed + 1000)
    for _ in range(12):
        D.start_draw_phase(r)
        for car in r.cars:
            assert len(car.hand) == max(C.hand_limit(r, car), len(car.hand))
            legal = D.legal_returns(r, car.seat)
            k = pick.below(min(len(legal), car.returns_left) + 1)
            D.apply_returns(r, car.seat, legal[:k])
            for _ in range(10):
                choices = D.no_move_choices(r, car.seat)
                if not choices:
                    break
                ch = pick.choice(choices)
                if ch == ("white",):
                    ch = ("white", tuple(D.white_discard_choices(r, car.seat)[:1]))
                D.apply_no_move(r, car.seat, ch, draw_event=_resolve_event)
                if car.returns_left:
                    D.finish_returns(r, car.seat)
            # the turn: play two cards or so, spend some ERS
            for _ in range(min(2, len(C.discardable(r, car)))):
                C.play(car, pick.choice(C.discardable(r, car)))
            if car.ers and pick.below(2):
                C.spend_ers(r, car)
                while C.overflow(r, car):
                    C.apply_overflow(r, car, pick.choice(C.overflow_choices(r, car)))
            assert C.overflow(r, car) == 0
        assert C.check_conservation(r) == []


def test_the_hand_limit_from_leds_at_hand(race):
    """cards.hand_limit with the ERS LEDs given is the hand limit (FGP 7.3.1)."""
    for car in race.cars:
        for ers in range(0, C.ers_max(race, car) + 1):
            car.ers = ers
            assert C.hand_limit(race, car, C.ers_leds(race, car)) == C.hand_limit(race, car)
