"""Every game as an OpenSpiel Python game: OpenSpiel's random simulation
checks, and its own IS-MCTS searching a race (issue 18)."""
import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import chequered.rl as rl  # noqa: E402

from .short import GAMES, SHORT  # noqa: E402


def _load(name, config=None, **params):
    rl.register_openspiel()
    return pyspiel.load_game(f"chequered_{name}",
                             {"config": json.dumps(config or SHORT[name]), **params})


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation(name):
    game = _load(name)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_bots_make_it_general_sum_with_fewer_players():
    game = _load("racepace", {**SHORT["racepace"], "seats": ["human", "bot", "human"]})
    assert game.num_players() == 2
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_same_seed_plays_the_same_races():
    def play(seed):
        game = _load("stockcar", seed=seed)
        rng = np.random.default_rng(0)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        return str(state)
    assert play(1) == play(1)
    assert play(1) != play(2)


def test_resampling_keeps_what_the_player_knows():
    """OpenSpiel's infostate check: a resampled race reads the same to the
    player (its information state and observation)."""
    game = _load("formulagp")
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    checked = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for k in range(200):
        if state.is_terminal():
            break
        if k % 25 == 0:
            p = state.current_player()
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.legal_actions() == state.legal_actions()
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 4


def test_openspiel_is_mcts_searches_a_race():
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load("racepace")
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiel_rl_environment_plays_a_race():
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(_load("racepace"))
    rng = np.random.default_rng(2)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert sorted(step.rewards) == [-1.0, 1.0]
