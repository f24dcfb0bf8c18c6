"""STOCK Ending the race and Scoring (ours), Start/Finish line and laps."""
from __future__ import annotations

import pytest

from chequered.engine.chance import scripted
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, Step
from chequered.games.stockcar.rules.scoring import car_points

from .helpers import C, car, card_with, idx, phase, play_card, position

T = C.tracks["speedway"]


def test_leader_crossing_the_last_lap_takes_the_flag_and_the_race_runs_on():
    card = card_with(move="solo", mp=5)
    st = position([car(1, 0, T.n - 2), car(2, 1, T.n - 10), car(3, 0, T.n - 12, lane=2)],
                  hands=[[card, card_with(mp=4)], [card_with(mp=8, move="solo")]], laps=1)
    play_card(st, 0, 1, card)
    for _ in range(5):
        GAME.apply(st, 0, Step(1, 1))
    c1 = st.cars[idx(st, 1)]
    assert (c1.status, c1.position) == ("finished", 1)
    assert st.occ.count(c1.idx) == 0 and phase(st) == "car" and not GAME.is_over(st)


def test_cars_finish_in_running_order_and_the_race_ends_when_none_is_left():
    card = card_with(move="lead", mp=5)
    # A line of three in lane 1 behind the line, led by #1: all cross together.
    st = position([car(1, 0, T.n - 1), car(2, 1, T.n - 2), car(3, 0, T.n - 3),
                   car(4, 1, T.n - 1, lane=2, flipped=True)],
                  hands=[[card, card_with(mp=4)], [card_with(mp=8)]], laps=1)
    play_card(st, 0, 1, card, "lead")
    events = []
    while phase(st) == "move":
        events += GAME.apply(st, 0, Step(1, 1))
    finished = [(e.data["car"], e.data["position"]) for e in events if e.kind == "finished"]
    assert finished == [(1, 1), (2, 2), (3, 3)]
    # #4 still to finish: the race ends once it crosses.
    assert not GAME.is_over(st)


def test_scoring_positions_leads_and_win_bonus():
    R = C.rules
    st = position([car(1, 0, 0, status="finished", position=1, leads=3),
                   car(2, 1, 0, status="finished", position=2, leads=1),
                   car(3, 0, 0, status="worn", position=4),
                   car(4, 1, 30, position=None)], hands=[[card_with(mp=4)], [card_with(mp=5)]],
                  actor=1, finished=[0, 1])
    c4 = st.cars[idx(st, 4)]
    c4.flipped = False
    for c in st.cars[:3]:
        c.flipped = True
    GAME.apply(st, 1, Activate(4))
    from chequered.games.stockcar.actions import Retire
    GAME.apply(st, 1, Retire())                   # the last racing car: the race ends
    assert GAME.is_over(st)
    assert car_points(R, 4, st.cars[0]) == 4 + 1 - 1 + R.win_bonus + 3 * R.turn_leader_points
    res = GAME.result(st)
    red = car_points(R, 4, st.cars[0]) + car_points(R, 4, st.cars[2])
    blue = car_points(R, 4, st.cars[1]) + car_points(R, 4, st.cars[3])
    assert res.points == {0: red, 1: blue}
    assert res.classification == ([0, 1] if red > blue else [1, 0])


@pytest.mark.parametrize("first", ["R", "B"])
def test_scoring_ties_broken_by_the_team_bar(first):
    # Two mirror teams: same points; the next Race card's bar decides.
    st = position([car(1, 0, 0, status="finished", position=1),
                   car(2, 1, 0, status="finished", position=2, leads=C.rules.win_bonus),
                   car(3, 1, 30)], hands=[[card_with(mp=4)], [card_with(mp=5)]], actor=1,
                  finished=[0, 1])
    st.cars[0].flipped = st.cars[1].flipped = True
    other = "B" if first == "R" else "R"
    bar_card = next(k for k, c in C.cards.items()
                    if k not in st.hands[0] + st.hands[1] and c.bar.index(first) < c.bar.index(other))
    GAME.apply(st, 1, Activate(3))
    from chequered.games.stockcar.actions import Retire
    with scripted(st.chance, cards=[bar_card]):
        GAME.apply(st, 1, Retire())
    res = GAME.result(st)
    assert res.points[0] == res.points[1]
    assert res.classification == ([0, 1] if first == "R" else [1, 0])
