"""The search's reading of an unfinished race (search_value.py): distance,
less 5 tiles for each Penalty token (FGP 12.2.1), in rounds."""
from __future__ import annotations

from chequered.agents.mcts import place_reward
from chequered.engine.play import play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.rules.where import distance
from chequered.games.formulagp.search_value import TILES_PER_ROUND, search_value


class _Stop(Exception):
    pass


def _race_after(steps: int, seed: int = 4):
    config = GAME.config(seats=["heuristic"] * 6)
    state = GAME.new(config, seed)
    left = [steps]

    def on_step(*_):
        left[0] -= 1
        if left[0] <= 0:
            raise _Stop

    try:
        play(GAME, config, seed, state=state, on_step=on_step)
    except _Stop:
        pass
    assert not GAME.is_over(state)
    return state


def test_values_follow_distance_in_rounds_and_are_never_positive():
    race = _race_after(200)
    value = search_value(race)
    assert set(value) == {c.seat for c in race.cars}
    assert max(value.values()) <= 0
    a, b = race.cars[0], race.cars[1]
    gap = (distance(race, a) - distance(race, b)) / TILES_PER_ROUND
    assert abs((value[a.seat] - value[b.seat]) - gap) < 1e-9


def test_a_penalty_token_costs_five_tiles_before_the_finish():
    race = _race_after(200)
    front = max(race.cars, key=lambda c: distance(race, c))
    clean = race.clone()
    before = search_value(race)[front.seat]
    front.penalties += 2
    assert abs(before - search_value(race)[front.seat] - 10 / TILES_PER_ROUND) < 1e-9
    # FGP 12.2.1: a car that leads by less than 5 tiles a token is behind
    # at the finish, and the search's value already says so
    second = max((c for c in race.cars if c is not front), key=lambda c: distance(race, c))
    gap = distance(race, front) - distance(race, second)
    front.penalties += int(gap // 5) + 1
    value = search_value(race)
    assert value[second.seat] > value[front.seat]
    assert place_reward(GAME, clean, front.seat) > place_reward(GAME, race, front.seat)
