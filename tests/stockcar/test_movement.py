"""STOCK Race card parts, Movement, Drafting and corners, Speed penalties,
Wear, The Apron (movement on pit road): our written rules, played through
the Game protocol on hand-written positions."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, MoveType, PlayCard, Step
from chequered.games.stockcar.rules import movement

from .helpers import C, actor, car, card_with, idx, phase, play_card, position, where

T = C.tracks["speedway"]        # 4 lanes on sectors 0-5 and 14-25, 3 in the corners


def costs(state):
    return {s: how[0] for s, how in movement.steps(state, T, C.rules).items()}


def test_race_card_parts_pack_per_movement_type():
    """Linked = adjacent in the same lane; each movement type takes its part of the line."""
    cars = [car(1, 0, 16), car(2, 0, 15), car(3, 1, 14), car(4, 1, 18), car(5, 1, 15, lane=2)]
    st = position(cars)
    b = st.cars[idx(st, 2)]
    numbers = lambda kind: [st.cars[i].number for i in movement.pack(st, T, b, kind)]
    assert numbers("solo") == [2]
    assert numbers("draft") == [1, 2, 3]          # the gap at sector 17 ends the line in front
    assert numbers("lead") == [2, 3]
    assert numbers("pursuit") == [1, 2]           # #5 beside it is not linked


def test_movement_type_choice_is_printed_or_solo():
    card = card_with(move="draft", mp=6)
    st = position([car(1, 0, 16), car(2, 0, 15)], hands=[[card], []])
    GAME.apply(st, 0, Activate(2))
    GAME.apply(st, 0, PlayCard(card))
    assert GAME.fine_actions(st, 0) == [MoveType("draft"), MoveType("solo")]
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, MoveType("lead"))
    GAME.apply(st, 0, MoveType("draft"))
    assert [st.cars[i].number for i in st.move["snake"]] == [1, 2]


def test_movement_type_not_asked_when_the_car_is_alone():
    card = card_with(move="draft", mp=6)
    st = position([car(1, 0, 15), car(2, 0, 13)], hands=[[card], []])
    GAME.apply(st, 0, Activate(1))
    GAME.apply(st, 0, PlayCard(card))
    assert phase(st) == "move" and st.move["kind"] == "draft" and st.move["snake"] == [idx(st, 1)]


def test_movement_costs_empty_push_aside_push_ahead():
    """1 into an empty space, 2 to push a car aside, 3 to push the line ahead (solo only)."""
    card = card_with(move="solo", mp=8)
    cars = [car(1, 0, 15, lane=2), car(2, 1, 16, lane=2), car(3, 1, 17, lane=2),
            car(4, 1, 15, lane=3)]
    st = position(cars, hands=[[card], []])
    play_card(st, 0, 1, card)
    c = costs(st)
    assert c[Step(1, 2)] == 3                     # push #2 and its linked #3 forward
    assert c[Step(0, 1)] == 1                     # sideways into the empty lane 1
    assert c[Step(0, 3)] == 2                     # sideways, pushing #4 out to lane 4
    GAME.apply(st, 0, Step(1, 2))
    assert where(st, 1) == (16, 2) and where(st, 2) == (17, 2) and where(st, 3) == (18, 2)
    assert st.move["mp"] == 5
    GAME.apply(st, 0, Step(0, 3))                 # lane 3 at sector 16 is empty now
    assert st.move["mp"] == 4


def test_push_aside_needs_room_beyond():
    card = card_with(move="solo", mp=5)
    cars = [car(1, 0, 15, lane=3), car(2, 1, 15, lane=4), car(3, 1, 15, lane=2),
            car(4, 1, 15, lane=1)]
    st = position(cars, hands=[[card], []])
    play_card(st, 0, 1, card)
    c = costs(st)
    assert Step(0, 4) not in c                    # #2 has no lane 5 to go to
    assert Step(0, 2) not in c                    # #3 would need lane 1, which is taken


def test_pack_cannot_push_forward():
    """Pushing the line in front is for solo moves only."""
    card = card_with(move="lead", mp=6)
    cars = [car(1, 0, 15), car(2, 0, 14), car(3, 1, 16, lane=1)]
    st = position(cars, hands=[[card], []])
    play_card(st, 0, 1, card, "lead")
    assert [st.cars[i].number for i in st.move["snake"]] == [1, 2]
    assert Step(1, 1) not in costs(st)
    assert costs(st)[Step(0, 2)] == 1


def test_pack_follows_its_head():
    """Each car of the pack takes the space the car in front of it left."""
    card = card_with(move="lead", mp=6)
    cars = [car(1, 0, 15), car(2, 0, 14), car(3, 1, 13)]
    st = position(cars, hands=[[card], []])
    play_card(st, 0, 1, card, "lead")
    GAME.apply(st, 0, Step(0, 2))                 # head slides out
    assert where(st, 1) == (15, 2) and where(st, 2) == (15, 1) and where(st, 3) == (14, 1)
    GAME.apply(st, 0, Step(1, 2))
    assert where(st, 1) == (16, 2) and where(st, 2) == (15, 2) and where(st, 3) == (15, 1)


def test_head_never_reenters_a_space_it_left():
    card = card_with(move="solo", mp=5)
    st = position([car(1, 0, 15, lane=2)], seats=2, hands=[[card], []])
    play_card(st, 0, 1, card)
    GAME.apply(st, 0, Step(0, 3))
    assert Step(0, 2) not in costs(st)


def test_movement_points_must_be_spent_and_the_segment_ends():
    card = card_with(move="solo", mp=5, wear="tyre")
    st = position([car(1, 0, 15), car(9, 1, 30)], hands=[[card, card_with(mp=4)], [card_with(mp=7)]])
    play_card(st, 0, 1, card)
    for _ in range(5):
        assert phase(st) == "move"
        GAME.apply(st, 0, Step(1, 1))
    assert where(st, 1) == (20, 1)
    assert phase(st) == "car" and actor(st) == 1      # the player to the left is next
    c1 = st.cars[idx(st, 1)]
    assert c1.flipped and c1.temp == [1, 0, 0]      # STOCK Wear: the card's marker


def test_drafting_and_corners_diverging_lanes_are_a_choice():
    """Sector 13 (3 lanes) leads into sector 14 (4 lanes): the outside lane splits."""
    assert T.forward[13][3] == (3, 4)
    assert T.forward[5][4] == (3,)                 # converging: lane 4 merges into 3
    assert T.forward[5][2] == (1, 2)
    card = card_with(move="pursuit", mp=5)
    cars = [car(1, 0, 13, lane=3), car(2, 0, 12, lane=3)]
    st = position(cars, hands=[[card], []])
    play_card(st, 0, 2, card, "pursuit")
    assert {Step(1, 3), Step(1, 4)} <= set(costs(st))
    GAME.apply(st, 0, Step(1, 4))
    assert where(st, 1) == (14, 4) and where(st, 2) == (13, 3)
    GAME.apply(st, 0, Step(1, 4))
    assert where(st, 2) == (14, 4)                 # the follower takes the head's line


def test_speed_penalties_active_car_only():
    """3-4 wear: -1 MP, 5 wear: -2 MP; cars pulled along move the full distance."""
    card = card_with(move="lead", mp=6)
    for wear, mp in ((2, 6), (3, 5), (4, 5), (5, 4)):
        st = position([car(1, 0, 15, temp=(wear, 0, 0)), car(2, 0, 14, perm=(5, 0))],
                      hands=[[card], []])
        play_card(st, 0, 1, card, "lead")
        assert st.move["mp"] == mp, wear
        for _ in range(mp):
            GAME.apply(st, 0, Step(1, 1))
        assert where(st, 2) == (14 + mp, 1)       # the worn car behind came along


def test_wear_white_card_adds_none():
    white = card_with(move="solo", mp=4, wear="none")
    st = position([car(1, 0, 15, perm=(3, 2)), car(9, 1, 30)],
                  hands=[[white, card_with(mp=5)], [card_with(mp=6)]])
    play_card(st, 0, 1, white)
    assert st.move["mp"] == 2                      # 4 MP - 2 for five wear
    GAME.apply(st, 0, Step(1, 1))
    GAME.apply(st, 0, Step(1, 1))
    assert phase(st) == "car" and st.cars[idx(st, 1)].wear == 5


def test_wear_six_markers_retire_the_car_when_chosen():
    st = position([car(1, 0, 15), car(2, 0, 10, temp=(2, 2, 1), perm=(1, 0)), car(9, 1, 30)],
                  hands=[[card_with(mp=5), card_with(mp=6)], [card_with(mp=7)]])
    events = GAME.apply(st, 0, Activate(2))
    c2 = st.cars[idx(st, 2)]
    assert c2.status == "worn" and c2.position == 3 and c2.flipped
    assert [e.rule for e in events if e.kind == "out"] == ["STOCK Wear"]
    assert actor(st) == 1 and len(st.hands[0]) == 2     # no card was played


def test_apron_moves():
    """A car on the Apron moves alone along it (2 a space) or up onto lane 1."""
    card = card_with(move="draft", mp=5)
    st = position([car(1, 0, 15, lane=0), car(2, 0, 16, lane=1)], hands=[[card], []],
                  apron={15: [0]})
    play_card(st, 0, 1, card, "draft")
    assert st.move["snake"] == [idx(st, 1)]        # apron cars are never linked
    assert costs(st) == {Step(1, 0): 2, Step(0, 1): 1}
    GAME.apply(st, 0, Step(1, 0))
    assert Step(0, 1) not in costs(st)             # lane 1 of sector 16 holds #2
    GAME.apply(st, 0, Step(1, 0))
    GAME.apply(st, 0, Step(0, 1))
    assert where(st, 1) == (17, 1)


def test_track_cars_never_enter_the_apron():
    card = card_with(move="solo", mp=4)
    st = position([car(1, 0, 15, lane=1)], hands=[[card], []])
    play_card(st, 0, 1, card)
    assert all(s.lane >= 1 for s in costs(st))


def test_drift_effect_slides_out_after_moving():
    card = card_with(effect="drift", mp=None)
    st = position([car(1, 0, 15, lane=1)], hands=[[card], []])
    play_card(st, 0, 1, card, "solo")
    while phase(st) == "move":
        GAME.apply(st, 0, Step(1, 1))
    assert where(st, 1)[1] == 2


def test_clean_air_adds_a_point_when_solo():
    card = card_with(effect="clean_air")
    mp = C.cards[card].mp
    st = position([car(1, 0, 15, lane=1)], hands=[[card], []])
    play_card(st, 0, 1, card, "solo")
    assert st.move["mp"] == mp + 1
