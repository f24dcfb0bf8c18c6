"""STOCK The Team Sheet, Starting grid, The Team Bar (the grid), Cars per team."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.stockcar import GAME

from .helpers import C


@pytest.mark.parametrize("players, cars", [(2, 6), (3, 5), (4, 4), (5, 4), (6, 3), (7, 3)])
def test_cars_per_team_by_player_count(players, cars):
    st = GAME.new(GAME.config(seats=["bot"] * players), 5)
    for seat in range(players):
        mine = [c.number for c in st.cars if c.team == seat]
        assert mine == C.teams[seat].cars[:cars]


def test_grid_set_by_the_team_bar_pole_owner_is_first_player():
    st = GAME.new(GAME.config(seats=["bot"] * 4, track="short"), 3)
    T = C.tracks["short"]
    grid = sorted(st.cars, key=lambda c: (-c.dist, c.lane))
    # The first card turned up: each racing team (R, B, Y, G) in bar order.
    first_card = st.deck.discards[0]
    racing = [ch for ch in C.cards[first_card].bar if ch in "RBYG"]
    assert [C.teams[c.team].code for c in grid[:4]] == racing
    assert [(c.dist, c.lane) for c in grid[:4]] == list(T.grid[:4])
    assert T.grid[0] == (-1, 1)                    # pole: inside, last sector before the line
    assert st.first == grid[0].team


def test_grid_spaces_one_to_twenty_one():
    for T in C.tracks.values():
        assert len(T.grid) == 21
        assert len(set(T.grid)) == 21
        assert all(lane in T.restart for _, lane in T.grid)


def test_teams_config_picks_team_sheets():
    st = GAME.new(GAME.config(seats=["bot"] * 2, teams=["black", "blue"]), 1)
    assert {c.number for c in st.cars if c.team == 0} == set(C.teams[6].cars)
    with pytest.raises(BadInput):
        GAME.new(GAME.config(seats=["bot"] * 2, teams=["black", "mauve"]), 1)


@pytest.mark.parametrize("bad", [{"seats": ["bot"]}, {"seats": ["bot"] * 8},
                                 {"seats": ["bot", "pro"]}, {"laps": 0},
                                 {"options": ["x"]}, {"teams": ["red"]}])
def test_bad_config(bad):
    with pytest.raises(BadInput):
        GAME.config(**bad)


def test_unknown_track():
    with pytest.raises(BadInput, match="unknown track"):
        GAME.new(GAME.config(seats=["bot", "bot"], track="monza"), 1)
