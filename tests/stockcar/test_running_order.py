"""STOCK Spaces and sectors, Running order, Lapped cars, The Apron (order),
Losing a car, Start/Finish line and laps."""
from __future__ import annotations

from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Step
from chequered.games.stockcar.rules.order import lap_marker, leader, running_order

from .helpers import C, car, card_with, idx, phase, play_card, position

T = C.tracks["speedway"]


def numbers(st):
    return [c.number for c in running_order(st, T)]


def test_running_order_laps_then_sectors_then_inside_first():
    cars = [car(1, 0, 45, lane=3), car(2, 1, 45, lane=1), car(3, 0, 44), car(4, 1, 39, lane=2),
            car(5, 0, 45, lane=0)]
    st = position(cars, apron={5: [4]})
    assert numbers(st) == [2, 1, 5, 3, 4]        # the Apron car is behind its sector's track cars
    assert leader(st, T).number == 2


def test_lap_marker_first_crossing_does_not_count():
    st = position([car(1, 0, -1), car(2, 1, -3)])
    assert lap_marker(st, T, 3) == 1
    st = position([car(1, 0, 5), car(2, 1, -3)])
    assert lap_marker(st, T, 3) == 1
    st = position([car(1, 0, T.n + 2), car(2, 1, 3)])
    assert lap_marker(st, T, 3) == 2


def test_lapped_when_the_leader_moves_into_its_sector_and_unlapped_when_back_in_front():
    card = card_with(move="solo", mp=5)
    # #1 leads by 38 sectors; two steps put it in #2's sector a lap ahead.
    st = position([car(1, 0, 48, lane=3), car(2, 1, 10, lane=1), car(3, 1, 14, lane=2)],
                  hands=[[card], [card_with(mp=8, move="solo")]])
    play_card(st, 0, 1, card)
    for _ in range(5):
        GAME.apply(st, 0, Step(1, 3))
    assert st.cars[idx(st, 2)].lapdown and not st.cars[idx(st, 3)].lapdown
    # #2 is ahead of the leader again: the marker comes off.
    card2 = card_with(mp=8, move="solo")
    play_card(st, 1, 2, card2)
    while phase(st) == "move":
        GAME.apply(st, 1, sorted(GAME.fine_actions(st, 1), key=lambda s: -s.ahead)[0])
    assert not st.cars[idx(st, 2)].lapdown


def test_leader_once_cars_finish_is_the_racing_car_closest_to_the_line():
    st = position([car(1, 0, 130, status="finished", position=1), car(2, 1, 100),
                   car(3, 0, 101, lane=2)], finished=[0])
    assert leader(st, T).number == 3


def test_same_sector_inside_counts_as_ahead():
    st = position([car(1, 0, 20, lane=4), car(2, 1, 20, lane=2)])
    assert numbers(st) == [2, 1]
