"""FGP 5 (pre-race preparations) and 6 (qualifying), written from the
rulebook: a game started from a config, the qualifying hands forced, then
played through GAME.apply."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.engine.protocol import BadInput
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.car_state import driver
from chequered.games.formulagp.rules.tyres import tyre_bonus

from ._util import (CONTENT, GAME, done_returns, ids, leds, new, no_pushes, qualify,
    white, white_icon)

G = ids("movement", "green")
R = ids("movement", "red")
B = ids("movement", "blue")
O = ids("movement", "orange")
TW = ids("tyre_wear")
OPT = ids("option")
STEER = ids(secondary="counter_steer")                # cards that can counter-steer
NO_STEER = [c for c in G + R + B + O + TW if c not in STEER]


def base(st, seat):
    car = st.cars[seat]
    return tyre_bonus(C.board_side(st, car), car.tyre, car.wear) + C.max_ot(st, car)


# ---- FGP 5.1 / 5.1.1 -----------------------------------------------------------------
def test_fgp_5_1_every_player_sets_up_a_board_a_deck_a_driver_and_tyres():
    """Before qualifying each car has its team board, its own 45-card ACTION deck, a
    driver and a starting tyre."""
    st = new(3, tyres=["soft", "medium", "hard"])
    for car in st.cars:
        assert car.board and car.driver and car.tyre
        assert len(car.deck) + len(car.hand) == 45
    assert [c.tyre for c in st.cars] == ["soft", "medium", "hard"]


def test_fgp_5_1_1_board_and_side_chosen_and_kept_and_own_shuffled_deck():
    """The team board and one of its sides are chosen per seat and kept; each ACTION
    deck is shuffled on its own; a board serves one seat only."""
    st = new(3, boards=["lumen", "vireo", "kestrel"], sides=["B", "A", "B"], seed=4)
    assert [(c.board, c.side) for c in st.cars] == [("lumen", "B"), ("vireo", "A"),
                                                   ("kestrel", "B")]
    decks = [list(c.hand) + list(c.deck.pile) for c in st.cars]
    assert all(sorted(d) == sorted(ids()) for d in decks)
    assert len({tuple(d) for d in decks}) == 3          # three different shuffles
    with pytest.raises((BadInput, ValueError)):
        new(2, boards=["vireo", "vireo"])
    with pytest.raises((BadInput, ValueError)):
        new(1, sides=["C"])


# ---- FGP 5.1.2 -----------------------------------------------------------------------
def test_fgp_5_1_2_driver_from_either_deck_focus_token_off_stress_in_the_middle():
    """A driver comes from the DRIVER or the CHAMPIONS deck; the focus bonus is not
    active and the stress token is on the middle space of the track."""
    champ = CONTENT.champions.cards[0].id
    st = new(2, drivers=[champ, None], seed=2)
    assert st.cars[0].driver == champ
    assert st.cars[1].driver in {d.id for d in CONTENT.driver.cards}
    for car in st.cars:
        assert car.stress == 2                         # the middle of the three spaces (13.3)
        assert not car.focus


# ---- FGP 5.1.3 -----------------------------------------------------------------------
def test_fgp_5_1_3_tokens_on_the_board_at_the_start():
    """OT on its zero space, ERS full, the tyre token on its better side, the three
    parameter tokens, the wear marker on the start of the compound's track; the other
    compounds wait in the pit box."""
    st = new(3, tyres=["soft", "medium", "hard"])
    for car in st.cars:
        side = C.board_side(st, car)
        assert car.ot == 0 and car.ers == side.ers_max
        assert car.params == {"white": True, "yellow": True, "red": True}
        assert car.wear == side.start_position(car.tyre)
        assert tyre_bonus(side, car.tyre, car.wear) == getattr(side.tyres, car.tyre).fresh
        assert sorted(car.tyres_left + [car.tyre]) == ["hard", "medium", "soft"]
    soft = C.board_side(st, st.cars[0])
    assert st.cars[0].wear == st.cars[1].wear == soft.tyre_start.soft_medium
    assert st.cars[2].wear == C.board_side(st, st.cars[2]).tyre_start.hard


# ---- FGP 6.1 -------------------------------------------------------------------------
def test_fgp_6_1_everyone_draws_four_plus_ers_leds_and_may_return_that_many():
    """All players draw at once up to 4 + the LEDs of their ERS level and may send as
    many of the drawn cards to the bottom of the deck for replacements."""
    st = new(3)
    assert GAME.to_act(st) == {0, 1, 2}                 # simultaneously
    for car in st.cars:
        assert len(car.hand) == 4 + C.ers_leds(st, car) == C.hand_limit(st, car)
    car = st.cars[1]
    first, second = car.hand[0], car.hand[1]
    GAME.apply(st, 1, A.Return(first))
    GAME.apply(st, 1, A.Return(second))                 # 2 LEDs: 2 returns, no more
    assert 1 not in GAME.to_act(st)
    assert len(car.hand) == C.hand_limit(st, car)
    assert car.deck.pile[:2] == [second, first]         # at the bottom, in that order
    assert first not in car.hand and second not in car.hand


def test_fgp_6_1_cards_combine_as_in_a_battle_pairs_roll_no_yellow_die():
    """Qualifying plays follow the battle combinations: a movement card or a pair (a
    BLUE pair too, without ERS), Tyre Wear and Option cards on top; an Option card
    alone is not a play; pairs roll no YELLOW die."""
    hand = [G[0], G[1], B[0], B[1], OPT[0], TW[0]]
    st = new(1, hands=[hand])
    done_returns(st)
    legal = {tuple(sorted(a.cards)) for a in GAME.fine_actions(st, 0)}
    assert tuple(sorted([B[0], B[1]])) in legal           # BLUE pair, ERS untouched
    assert tuple(sorted([G[0], G[1], OPT[0], TW[0]])) in legal
    assert (OPT[0],) not in legal and (G[0], B[0]) not in legal
    ers = st.cars[0].ers
    ev = GAME.apply(st, 0, A.Cards((G[0], G[1])))
    assert not [e for e in ev if e.kind == "roll"]
    assert st.cars[0].ers == ers


def test_fgp_6_1_what_each_card_adds_to_the_score():
    """GREEN/RED/ORANGE/BLUE add their LEDs (BLUE spends no ERS); an Option card adds
    1 LED and draws no EVENT card; a Tyre Wear card adds 1 LED and 1 tyre wear."""
    hand = [B[0], OPT[0], TW[0], TW[1], G[0], R[0]]
    st = new(1, hands=[hand])
    done_returns(st)
    car = st.cars[0]
    wear, ers, events = car.wear, car.ers, len(st.decks["event"].pile)
    qualify(st, {0: [B[0], OPT[0], TW[0], TW[1]]})
    assert car.quali_score == base(st, 0) + leds(B[0]) + 1 + 2
    assert car.wear == wear + 2 and car.ers == ers
    assert len(st.decks["event"].pile) == events and not car.held_events


def test_fgp_6_1_the_cards_left_serve_round_one():
    """The cards not played in qualifying stay in the hand for the first round: nobody
    draws again before it (the pole sitter's bonus card apart)."""
    hands = [[G[0], G[1], R[0], R[1], TW[0], OPT[0]], [G[2], G[3], R[2], R[3], TW[1], OPT[1]]]
    st = new(2, hands=hands)
    done_returns(st)
    qualify(st, {0: [R[0]], 1: [R[2], TW[1]]})
    no_pushes(st)
    if st.turn.pending.step == "pole_keep":
        pole = st.turn.pending.seats[0]
        GAME.apply(st, pole, GAME.fine_actions(st, pole)[0])
    assert st.turn.pending.step == "start_cards"
    other = 1 if st.cars[0].grid == 1 else 0
    assert sorted(st.cars[other].hand) == sorted(set(hands[other]) - {R[0], R[2], TW[1]})


# ---- FGP 6.2 -------------------------------------------------------------------------
def test_fgp_6_2_score_is_tyre_bonus_plus_max_ot_plus_leds_nothing_played_is_zero():
    """Base score = the fitted compound's bonus + the car's maximum OT; the played
    LEDs are added; a car that plays no card scores 0 and is asked no push."""
    hands = [[R[0], G[4], G[5], G[6], G[7], G[8]], [R[1], G[9], G[10], G[11], TW[0], OPT[0]]]
    st = new(2, hands=hands, tyres=["soft", "hard"], boards=["vireo", "lumen"])
    done_returns(st)
    qualify(st, {0: [R[0]], 1: []})
    s0 = C.board_side(st, st.cars[0])
    assert st.cars[0].quali_score == s0.tyres.soft.fresh + s0.max_ot + leds(R[0])
    assert st.cars[1].quali_score == 0
    assert st.turn.pending.step == "push" and st.turn.pending.seats == [0]


def test_fgp_6_2_push_in_pit_box_order_a_green_roll_adds_its_number_the_icon_one():
    """Pushing is offered one by one from the pit box nearest the exit; a green WHITE
    result adds its number, the die icon counting 1."""
    hands = [[R[i], G[i], G[i + 4], TW[i], OPT[i], G[i + 8]] for i in range(3)]
    st = new(3, hands=hands, seed=5)
    done_returns(st)
    qualify(st, {s: [R[s]] for s in range(3)})
    scores = [c.quali_score for c in st.cars]
    asked = []
    faces = [white("green", 5), white_icon(), None]
    for face in faces:
        seat = st.turn.pending.seats[0]
        asked.append(seat)
        if face is None:
            GAME.apply(st, seat, A.Push(False))
            continue
        with chance.scripted(st.chance, rolls=[face]):
            GAME.apply(st, seat, A.Push(True))
    assert asked == st.pit_order
    first, second, third = asked
    assert st.cars[first].quali_score == scores[first] + 5
    assert st.cars[second].quali_score == scores[second] + 1
    assert st.cars[third].quali_score == scores[third]


def test_fgp_6_2_red_roll_with_a_counter_steer_card_keeps_the_score_without_bonus():
    """A red WHITE result asks for a counter-steer card; spending one keeps the score
    (no die bonus) and the card is discarded."""
    steer = STEER[0]
    hand = [R[4], steer] + [c for c in NO_STEER if c != R[4]][:4]
    st = new(1, hands=[hand])
    done_returns(st)
    qualify(st, {0: [R[4]]})
    score = st.cars[0].quali_score
    with chance.scripted(st.chance, rolls=[white("red")]):
        GAME.apply(st, 0, A.Push(True))
    assert st.turn.pending.step == "quali_save"
    legal = GAME.fine_actions(st, 0)
    assert A.CounterSteer(None) not in legal and A.CounterSteer(steer) in legal
    GAME.apply(st, 0, A.CounterSteer(steer))
    car = st.cars[0]
    assert car.quali_score == score and not car.crashed
    assert steer not in car.hand and steer in car.deck.discards


def test_fgp_6_2_red_roll_without_counter_steer_crashes_to_the_pit_lane():
    """Without a counter-steer card a red result is a crash: score 0, no grid place,
    the car starts from the pit lane."""
    hands = [[R[4]] + NO_STEER[:5], [R[5]] + NO_STEER[5:10]]
    st = new(2, hands=hands, seed=3)
    done_returns(st)
    qualify(st, {0: [R[4]], 1: [R[5]]})
    while st.turn.pending.step == "push":
        seat = st.turn.pending.seats[0]
        if seat == 0:
            with chance.scripted(st.chance, rolls=[white("red")]):
                GAME.apply(st, 0, A.Push(True))
        else:
            GAME.apply(st, seat, A.Push(False))
    car = st.cars[0]
    assert car.crashed and car.quali_score == 0 and car.pit_lane_start
    assert car.grid is None and car.in_pit and car.space is None
    assert st.cars[1].grid == 1


def test_fgp_6_2_cards_played_in_qualifying_are_discarded():
    """Every card played in qualifying goes to the discard pile."""
    hand = [G[0], G[1], TW[0], OPT[0], R[0], R[1]]
    st = new(1, hands=[hand])
    done_returns(st)
    qualify(st, {0: [G[0], G[1], TW[0], OPT[0]]})
    car = st.cars[0]
    assert sorted(car.deck.discards) == sorted([G[0], G[1], TW[0], OPT[0]])
    assert sorted(car.hand) == sorted([R[0], R[1]])


def test_fgp_6_2_highest_score_on_pole_ties_by_the_pit_box_nearer_the_exit():
    """The grid follows the scores; equal scores put the car whose pit box is nearer
    the pit exit ahead; cars that scored 0 line up last in pit-box order."""
    st = new(4, seed=7, boards=["vireo", "halcyon", "lumen", "kestrel"])
    target = max(base(st, s) for s in range(4)) + 3
    hands, plays = [], {}
    for s in range(4):                      # each car its own deck: ids may repeat
        gap = target - base(st, s)
        card = max((c for c in G + R if leds(c) <= gap), key=leds)
        plays[s] = [card] + (TW + OPT)[:gap - leds(card)]
        filler = [c for c in G + R if c not in plays[s]]
        hands.append(plays[s] + filler[:6 - len(plays[s])])
    st = new(4, seed=7, boards=["vireo", "halcyon", "lumen", "kestrel"], hands=hands)
    done_returns(st)
    zero = st.pit_order[1]                           # one car plays nothing
    plays[zero] = []
    qualify(st, plays)
    no_pushes(st)
    scorers = [s for s in st.pit_order if s != zero]
    assert {st.cars[s].quali_score for s in scorers} == {target}
    grid = sorted(range(4), key=lambda s: st.cars[s].grid)
    assert grid == scorers + [zero]
