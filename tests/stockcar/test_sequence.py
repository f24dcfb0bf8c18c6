"""STOCK Sequence of play, Fill hands, Cars and activation, Action segments,
Losing a car (passes, voluntary retirement), played as the players would."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import (Activate, KeepHand, PlayCard, Retire, Step)

from .helpers import actor, car, card_with, idx, phase, play_card, position


def test_fill_hands_first_player_draws_first():
    st = position([car(1, 0, 10), car(2, 1, 12)], phase="discard", actor=1, first=1,
                  queue=[1], hands=[[], [card_with(mp=4)]])
    top = list(reversed(st.deck.pile))
    GAME.apply(st, 1, KeepHand())
    # Seat 1 held one card and draws first: the next card on top; then seat 0.
    assert st.hands[1][1:] == top[:1]
    assert st.hands[0] == top[1:3]
    assert phase(st) == "car" and actor(st) == 1 and st.turn_number == 2


def test_fill_hands_empty_deck_shuffles_the_discards():
    st = position([car(1, 0, 10), car(2, 1, 12)], phase="discard", actor=0, queue=[0],
                  hands=[[card_with(mp=4)], []])
    st.deck.discards = st.deck.pile[:-1]
    st.deck.pile = st.deck.pile[-1:]
    GAME.apply(st, 0, KeepHand())
    assert len(st.hands[0]) == len(st.hands[1]) == 2
    assert not st.deck.discards


def test_new_race_hand_size_is_starting_cars_plus_one():
    for n, cars in ((2, 6), (3, 5), (4, 4), (5, 4), (6, 3), (7, 3)):
        st = GAME.new(GAME.config(seats=["bot"] * n), 1)
        assert st.hand_size == cars + 1
        assert all(len(h) == cars + 1 for h in st.hands)
        assert len(st.cars) == n * cars


def test_cars_and_activation_flip_once_per_turn():
    cards = [card_with(mp=4), card_with(mp=5)]
    st = position([car(1, 0, 10), car(2, 1, 20)], hands=[cards, [card_with(mp=6)]])
    play_card(st, 0, 1, cards[0])
    while phase(st) == "move":
        GAME.apply(st, 0, GAME.legal_actions(st, 0)[0])
    assert st.cars[idx(st, 1)].flipped
    assert actor(st) == 1
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, Activate(1))           # not seat 0's segment
    assert GAME.legal_actions(st, 0) == []


def test_action_segments_go_round_to_the_left():
    cars = [car(1, 0, 5), car(2, 1, 10), car(3, 2, 15), car(4, 0, 1, status="retired", position=4),
            car(5, 1, 2, status="retired", position=5), car(6, 2, 3, status="retired", position=6)]
    st = position(cars, seats=3, first=1, actor=1)
    order = []
    while phase(st) == "car":
        seat = actor(st)
        order.append(seat)
        number = [a.car for a in GAME.fine_actions(st, seat)][-1]
        GAME.apply(st, seat, Activate(number))   # the lost cars: passes
        if phase(st) != "car":
            break
    assert order[:3] == [1, 2, 0]


def test_losing_a_car_activating_it_is_a_pass():
    st = position([car(1, 0, 10), car(2, 0, 0, status="lapped", position=3), car(9, 1, 20)],
                  hands=[[card_with(mp=4)] * 1, [card_with(mp=6)]])
    events = GAME.apply(st, 0, Activate(2))
    assert [e.kind for e in events] == ["pass"]
    assert st.cars[idx(st, 2)].flipped and len(st.hands[0]) == 1 and actor(st) == 1


def test_voluntary_retirement_takes_the_lowest_marker_left():
    cars = [car(1, 0, 10), car(2, 0, 8), car(3, 1, 20), car(4, 1, 0, status="worn", position=4)]
    st = position(cars, hands=[[card_with(mp=4)], [card_with(mp=6)]])
    GAME.apply(st, 0, Activate(2))
    assert Retire() in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Retire())
    c2 = st.cars[idx(st, 2)]
    assert (c2.status, c2.position) == ("retired", 3)
    assert st.occ.count(c2.idx) == 0              # off the track
    assert st.hand_size == 3                      # the hand size never shrinks


def test_a_card_not_in_hand_cannot_be_played():
    st = position([car(1, 0, 10), car(9, 1, 20)], hands=[[card_with(mp=4)], [card_with(mp=5)]])
    GAME.apply(st, 0, Activate(1))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, 0, PlayCard(card_with(mp=5)))
    assert "STOCK Action segments" in err.value.rule
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, Step(1, 1))


def test_every_lost_car_is_the_same_pass_so_one_is_offered():
    """STOCK Action segments 2: a car out of the race is a pass, whichever
    it is. With two lost cars and a racing one the team chooses between
    moving and one pass; with only lost cars left it is not asked at all."""
    cars = [car(1, 0, 10), car(2, 0, 0, status="lapped", position=4),
            car(3, 0, 0, status="retired", position=3), car(9, 1, 20)]
    st = position(cars, hands=[[card_with(mp=4)], [card_with(mp=6)]])
    assert [a.car for a in GAME.fine_actions(st, 0)] == [1, 2]
    GAME.apply(st, 0, Activate(2))                    # the pass: #3 is the same
    assert st.cars[idx(st, 2)].flipped and not st.cars[idx(st, 3)].flipped
    st = position(cars[1:], hands=[[card_with(mp=4)], [card_with(mp=6)]])
    assert [a.car for a in GAME.fine_actions(st, 0)] == [2]
    assert GAME.forced(st) == (0, Activate(2))        # applied without asking
