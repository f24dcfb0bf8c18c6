"""The search's reading of an unfinished race (search_value.py): teams by the
points all their cars would score now (STOCK Ending the race, scoring),
not by their best car."""
from __future__ import annotations

import pytest

from chequered.agents.mcts import place_reward
from chequered.engine.play import play
from chequered.games.stockcar import GAME
from chequered.games.stockcar.search_value import provisional_points, search_value

from .helpers import C, car, card_with, position

R = C.rules


def _split_field():
    # Team 0 leads with #1 and trails with three cars; team 1 runs 2nd to 5th.
    return position([car(1, 0, 40), car(2, 1, 39), car(3, 1, 38), car(4, 1, 37),
                     car(5, 1, 36), car(6, 0, 35), car(7, 0, 34), car(8, 0, 33)],
                    hands=[[card_with(mp=4)], [card_with(mp=5)]])


def test_a_team_is_worth_all_its_cars_not_its_leader():
    st = _split_field()
    # 8 cars: a marker p scores 9 - p, the winner 5 more (rules.toml)
    lead_team = (8 + R.win_bonus) + 3 + 2 + 1
    pack_team = 7 + 6 + 5 + 4
    assert provisional_points(st) == {0: lead_team, 1: pack_team}
    assert pack_team > lead_team
    value = search_value(st)
    assert value[1] > value[0] and max(value.values()) <= 0
    # the reward the search reads at its horizon follows the points, though
    # the running order a spectator sees is led by team 0's car
    assert GAME.spec.search_value is search_value
    assert place_reward(GAME, st, 1) > place_reward(GAME, st, 0)


def test_cars_out_of_the_race_keep_their_markers_and_leads_count():
    st = position([car(1, 0, 0, status="finished", position=1, leads=2),
                   car(2, 1, 50), car(3, 0, 48, lane=2),
                   car(4, 1, 0, status="worn", position=4)],
                  hands=[[card_with(mp=4)], [card_with(mp=5)]], finished=[0])
    # #2 and #3 share the free markers 2 and 3 in running order
    expected = {0: (5 - 1 + R.win_bonus + 2 * R.turn_leader_points) + (5 - 3),
                1: (5 - 2) + (5 - 4)}
    assert provisional_points(st) == expected


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_at_the_end_of_a_race_the_reading_is_the_score(seed):
    st = play(GAME, GAME.config(seats=["bot"] * 4), seed).state
    assert GAME.is_over(st)
    assert provisional_points(st) == st.scores
