"""FGP 4.1-4.2 card handling, FGP 4.10 / 8.8 ERS and the hand limit, FGP 4.12
parameter tokens, and the deck conservation invariant."""
from __future__ import annotations

import pytest

from chequered.engine.deck import Deck
from chequered.engine.protocol import IllegalAction
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import secondary as SF
from chequered.games.formulagp.rules.setup import new_race



def arrange(race, seat, hand, top=(), discards=()):
    """Give a car exactly this hand; `top` are the next cards drawn, in order;
    `discards` on the discard pile; the rest of the 45 below them."""
    car = race.cars[seat]
    ids = C.action_ids(C.content_of(race))
    rest = [c for c in ids if c not in hand and c not in top and c not in discards]
    car.deck = Deck(rest + list(reversed(top)), discards)
    car.hand = list(hand)
    car.drawn, car.returns_left, car.returned = [], 0, 0
    assert C.deck_conserved(car)
    return car


@pytest.fixture
def race():
    # seat 0: vireo side A: ERS max 3, LEDs [0, 0, 2, 2], tyre track 18 spaces
    return new_race("fast", 2, seed=7)


# ---- FGP 7.3.1 / 4.10 hand limit ------------------------------------------------
def test_hand_limit_is_4_plus_the_leds_beside_the_ers_level(race):
    car = race.cars[0]
    assert [C.board_side(race, car).ers_leds[e] for e in range(4)] == [0, 0, 2, 2]
    limits = []
    for e in range(4):
        car.ers = e
        limits.append(C.hand_limit(race, car))
    assert limits == [4, 4, 6, 6]


def test_fgp_8_8_worked_example_spending_at_2_leds_drops_the_limit_from_6_to_4(race):
    car = arrange(race, 0, ["G01", "R01", "T01", "F01", "P01"])
    car.ers = 2                                    # a level showing 2 LEDs
    assert C.hand_limit(race, car) == 6 and C.overflow(race, car) == 0
    ev = C.spend_ers(race, car, 1, "FGP 9.3")
    assert car.ers == 1
    assert ev[0].data == {"seat": 0, "n": 1, "leds": 2, "ers": 1, "hand_limit": 4,
                          "must_discard": 1}   # +2 battle LEDs; 5 cards held, limit 4
    assert C.overflow(race, car) == 1
    # Tyre Wear and Draw Failure cannot be discarded, only played (FGP 8.8)
    assert C.overflow_choices(race, car) == [
        ("discard", "G01"), ("discard", "R01"), ("play_tyre_wear", "T01"),
        ("play_draw_failure", "F01"), ("discard", "P01")]
    assert C.discardable(race, car) == ["G01", "R01", "P01"]
    C.discard(car, "P01")
    assert C.overflow(race, car) == 0 and C.overflow_choices(race, car) == []
    assert car.deck.discards == ["P01"] and C.deck_conserved(car)


def test_spending_more_ers_than_held_is_illegal(race):
    car = race.cars[0]
    car.ers = 0
    with pytest.raises(IllegalAction, match="FGP 4.10"):
        C.spend_ers(race, car)
    assert car.ers == 0


def test_charge_ers_never_passes_the_maximum(race):
    car = race.cars[0]
    car.ers = 1
    assert C.charge_ers(race, car, 5)[0].data["delta"] == 2 and car.ers == 3
    assert C.charge_ers(race, car, 1) == [] and car.ers == 3


# ---- FGP 4.2 / 4.2.1 deck operations ------------------------------------------------
def test_draw_takes_from_the_top(race):
    car = arrange(race, 0, [], top=["B01", "G02", "T03"])
    assert C.draw_cards(race, car, 2, events=[]) == ["B01", "G02"]
    assert car.hand == ["B01", "G02"] and car.deck.peek() == "T03"
    assert C.deck_conserved(car)


def test_fgp_4_2_an_empty_pile_is_rebuilt_from_the_discards(race):
    car = race.cars[0]
    ids = C.action_ids(C.content_of(race))
    car.deck = Deck(["G01"], ["R01", "R02", "R03"])
    car.hand = [c for c in ids if c not in ("G01", "R01", "R02", "R03")]
    assert C.deck_conserved(car)
    ev = []
    got = C.draw_cards(race, car, 3, events=ev)
    assert got[0] == "G01" and set(got[1:]) < {"R01", "R02", "R03"} and len(got) == 3
    assert car.deck.discards == [] and len(car.deck.pile) == 1
    assert [e.kind for e in ev] == ["shuffle", "draw"]         # the discards shuffled in
    assert C.deck_conserved(car)
    # both empty: the draw stops short
    C.draw_cards(race, car, 1, events=[])
    assert C.draw_cards(race, car, 2, events=[]) == [] and len(car.hand) == 45


def test_fgp_4_2_a_pile_of_n_cards_draws_n_without_a_shuffle(race):
    # draw_cards makes no refill when the pile holds the n cards: the
    # discards stay until the pile is empty (FGP 4.2), the pile's last one too
    car = race.cars[0]
    ids = C.action_ids(C.content_of(race))
    car.deck = Deck(["G01", "G02"], ["R01", "R02", "R03"])
    car.hand = [c for c in ids if c not in ("G01", "G02", "R01", "R02", "R03")]
    ev = []
    assert C.draw_cards(race, car, 2, events=ev) == ["G02", "G01"]     # the top first
    assert [e.kind for e in ev] == ["draw"] and car.deck.discards == ["R01", "R02", "R03"]
    assert C.draw_cards(race, car, 1, events=ev)[0] in ("R01", "R02", "R03")
    assert [e.kind for e in ev] == ["draw", "shuffle", "draw"]


def test_reshuffle_is_seeded(race):
    a, b = race.clone(), race.clone()
    for r in (a, b):
        car = r.cars[0]
        car.deck = Deck([], [f"X{i}" for i in range(10)])
        C.draw_cards(r, car, 10, events=[])
    assert a.cars[0].hand == b.cars[0].hand
    assert a.cars[0].hand != [f"X{i}" for i in range(9, -1, -1)]   # really shuffled


def test_return_discard_remove_keep_the_deck_whole(race):
    car = arrange(race, 0, ["G01", "G02", "G03", "T01"], discards=["R01"])
    C.return_to_bottom(car, "G01")
    C.return_to_bottom(car, "G02")
    assert car.deck.pile[:2] == ["G02", "G01"]          # the last one returned is lowest
    C.discard(car, "G03")
    assert car.deck.discards == ["R01", "G03"]
    C.remove(car, "T01")                                # from the hand
    C.remove(car, "R01")                                # from the discard pile
    C.remove(car, car.deck.peek())                      # from the draw pile
    assert len(car.deck.removed) == 3 and "T01" in car.deck.removed
    assert C.deck_counts(car) == {"pile": 41, "hand": 0, "discards": 1, "removed": 3}
    assert sum(C.deck_counts(car).values()) == 45 and C.deck_conserved(car)


def test_put_on_top_and_play_and_spend(race):
    car = arrange(race, 0, ["G01", "O01", "R04"])
    C.put_on_top(car, "G01")
    assert car.deck.peek() == "G01"
    C.play(car, "O01")
    C.spend(car, "R04")
    assert car.deck.discards == ["O01", "R04"] and car.hand == []


def test_handling_a_card_not_in_hand_is_illegal(race):
    car = arrange(race, 0, ["G01"])
    for fn in (C.discard, C.return_to_bottom, C.play):
        with pytest.raises(IllegalAction):
            fn(car, "G02")
    assert car.hand == ["G01"] and C.deck_conserved(car)


def test_effect_reshuffle_leaves_the_discard_pile_alone(race):
    car = arrange(race, 0, [], discards=["G01", "G02"])
    pile = list(car.deck.pile)
    ev = []
    C.reshuffle_effect(race, car, ev)
    assert [e.kind for e in ev] == ["shuffle"]
    assert car.deck.discards == ["G01", "G02"]
    assert sorted(car.deck.pile) == sorted(pile) and car.deck.pile != pile


def test_conservation_detects_lost_and_doubled_cards(race):
    car = race.cars[0]
    assert C.deck_conserved(car)
    car.hand.append(car.deck.pile[0])                   # doubled
    assert not C.deck_conserved(car)
    car.hand.clear()
    car.deck.pile.pop()                                 # lost
    assert not C.deck_conserved(car)
    assert "seat 0" in C.check_conservation(race)[0]


def test_shared_decks_are_conserved_with_held_cards(race):
    car = race.cars[1]
    ev = []
    car.held_events.append(C.draw_shared(race, "event", ev, rule="FGP 4.4", to=1))
    car.damage.append(C.draw_shared(race, "damage", ev, rule="FGP 13.6"))
    race.decks["risk"].discard(C.draw_shared(race, "risk", ev, rule="FGP 4.5"))
    assert ev[0].to == 1 and ev[1].to is None              # an EVENT card is held face down
    assert C.check_conservation(race) == []
    race.decks["failure"].pile.pop()
    assert C.check_conservation(race) == ["failure deck holds 15 cards, not 16"]


# ---- FGP 4.12 parameter tokens ----------------------------------------------------
def test_yellow_parameter_charges_ers_capped(race):
    car = race.cars[0]
    car.ers = 2
    C.use_parameter(race, car, "yellow")
    assert car.ers == 3 and car.params["yellow"] is False
    with pytest.raises(IllegalAction, match="already used"):
        C.use_parameter(race, car, "yellow")


def test_red_parameter_may_pass_the_ot_maximum(race):
    car = race.cars[0]
    car.ot = C.board_side(race, car).max_ot            # vireo A: 2
    C.use_parameter(race, car, "red")
    assert car.ot == 3


def test_white_parameter_is_the_draw_procedure_and_tokens_come_back(race):
    car = race.cars[0]
    with pytest.raises(IllegalAction, match="rules.draw"):
        C.use_parameter(race, car, "white")
    with pytest.raises(IllegalAction):
        C.restore_parameter(car, "red")
    C.use_parameter(race, car, "red")
    C.restore_parameter(car, "red")
    assert car.params["red"] is True


def test_tyre_wear_stays_on_the_track(race):
    car = race.cars[0]
    car.wear = 16
    C.add_wear(race, car, 3)
    assert car.wear == 17                               # the red_die icon, last space
    C.add_wear(race, car, -20)
    assert car.wear == 0


def test_card_kinds(race):
    assert [C.kind_of(race, c) for c in ("G01", "B01", "T01", "P01", "F01")] == \
        ["movement", "movement", "tyre_wear", "option", "draw_failure"]
    assert C.colour_of(race, "O01") == "orange" and C.colour_of(race, "T01") is None


# ---- FGP 13.6 board maluses -----------------------------------------------------
def _take_shared(race, deck, cid):
    race.decks[deck].pile.remove(cid)
    return cid


def test_damage_lowers_hand_limit_ers_max_and_max_ot(race):
    car = race.cars[0]                                   # vireo A: ERS 3 (2 LEDs), OT 2
    car.damage.append(_take_shared(race, "damage", "D12"))    # hand limit -1
    assert C.hand_limit(race, car) == 5
    car.damage.append(_take_shared(race, "damage", "D10"))    # ERS max -1
    car.damage.append(_take_shared(race, "damage", "D11"))    # max OT -1
    assert (C.ers_max(race, car), C.max_ot(race, car)) == (2, 1)
    car.ers = 1
    C.charge_ers(race, car, 3)
    assert car.ers == 2
    assert C.check_conservation(race) == []


# ---- FGP 8.8 coming down to the limit --------------------------------------------
def test_overflow_by_playing_tyre_wear_and_draw_failure(race):
    car = arrange(race, 0, ["T01", "F01", "G01", "G02", "G03"])
    car.ers = 1                                          # 0 LEDs: limit 4, holding 5
    wear = car.wear
    C.apply_overflow(race, car, ("play_tyre_wear", "T01"))
    assert car.wear == wear + 1 and C.overflow(race, car) == 0
    with pytest.raises(IllegalAction, match="FGP 8.8"):
        C.apply_overflow(race, car, ("discard", "G01"))   # within the limit now
    car.hand.append(car.deck.draw())
    n_fail = len(race.decks["failure"])
    ev = C.apply_overflow(race, car, ("play_draw_failure", "F01"))
    assert len(race.decks["failure"]) == n_fail - 1
    fid = ev[-1].data["card"]
    assert (fid in car.failures) != (fid in race.decks["failure"].discards)
    assert "F01" in car.deck.discards and C.check_conservation(race) == []


# ---- FGP 4.2.2 secondary functions ------------------------------------------------
def test_fgp_4_2_2_a_single_orange_card_adds_one_ot(race):
    car = arrange(race, 0, ["O01", "G01", "T01"])
    assert SF.single_spends(race, car) == [("ot_plus1", "O01"), ("counter_steer", "G01"),
                                          ("brake", "T01")]
    SF.spend_single(race, car, "ot_plus1", "O01")
    assert car.ot == 1 and car.deck.discards == ["O01"]
    car.ot = 2                                          # the car's maximum: no more +1 OT
    car.hand.append("O02")
    car.deck.pile.remove("O02")
    assert ("ot_plus1", "O02") not in SF.single_spends(race, car)
    with pytest.raises(IllegalAction, match="FGP 4.2.2"):
        SF.spend_single(race, car, "ot_plus1", "O02")


def test_fgp_4_2_2_a_green_card_and_an_event_card_restore_a_parameter(race):
    car = arrange(race, 0, ["G10", "R01"])              # G10: parameter 2x
    car.held_events.append(_take_shared(race, "event", "E08"))   # E08: parameter 2x
    assert SF.pair_spends(race, car) == []               # no token used yet
    car.params["white"] = car.params["red"] = False
    assert SF.pair_spends(race, car) == [("parameter_2x", "G10", "E08", "white"),
                                        ("parameter_2x", "G10", "E08", "red")]
    SF.spend_pair(race, car, ("parameter_2x", "G10", "E08", "red"))
    assert car.params == {"white": False, "yellow": True, "red": True}
    assert car.hand == ["R01"] and car.held_events == []
    assert car.deck.discards == ["G10"] and race.decks["event"].discards == ["E08"]
    assert C.check_conservation(race) == []


def test_two_card_ers_tyre_and_mp(race):
    car = arrange(race, 0, ["G05", "R09", "G08", "R10", "G12", "R07"])
    car.ers = 3
    assert [p[0] for p in SF.pair_spends(race, car)] == ["tyre_2x", "mp_2x"]   # ERS full
    car.ers = 1
    wear = car.wear
    SF.spend_pair(race, car, ("ers_2x", "G05", "R09"))
    SF.spend_pair(race, car, ("tyre_2x", "G08", "R10"))
    SF.spend_pair(race, car, ("mp_2x", "G12", "R07"))
    assert (car.ers, car.wear, car.mp_bonus) == (2, wear - 1, 1)
    assert car.hand == [] and len(car.deck.discards) == 6
    with pytest.raises(IllegalAction, match="same 2x icon"):
        SF.spend_pair(race, car, ("mp_2x", "G12", "R07"))


def test_fgp_4_2_2_pair_spends_is_every_pair_of_one_icon_whatever_the_hand(race):
    # pair_spends keeps its pairs by the cards' icons in order (positions),
    # not by the cards: every pair of two cards of one 2x icon, each time
    import random
    from itertools import combinations
    icons = SF.pair_icons(race)
    held = [c for c in C.action_ids(C.content_of(race)) if c in icons]
    rng = random.Random(4)
    for _ in range(200):
        hand = rng.sample(held, rng.randint(2, 7))
        car = arrange(race, 0, hand)
        car.ers, car.wear = rng.randint(0, 3), rng.randint(0, 3)
        car.params = {p: rng.random() < 0.5 for p in car.params}
        want = []
        for f in SF.PAIR_FUNCTIONS:
            if (f == "ers_2x" and not SF.ers_room(race, car)) or (f == "tyre_2x" and car.wear <= 0):
                continue
            for a, b in combinations([c for c in hand if icons[c] == f], 2):
                want += [(f, a, b, p) for p in car.params if not car.params[p]] \
                    if f == "parameter_2x" else [(f, a, b)]
        assert SF.pair_spends(race, car) == want
