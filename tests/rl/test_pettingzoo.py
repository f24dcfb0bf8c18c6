"""PettingZoo's own checks on every game's environment (issue 18)."""
import functools
import types

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402

import chequered.rl as rl  # noqa: E402

from .short import GAMES, SHORT  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_api(name):
    api_test(rl.env(name, **SHORT[name]), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_seed(name):
    seed_test(functools.partial(rl.env, name, **SHORT[name]), num_cycles=50)


@pytest.mark.parametrize("name", GAMES)
def test_max_cycles(name):
    mod = types.SimpleNamespace(env=functools.partial(rl.env, name, **SHORT[name]),
                                parallel_env=functools.partial(rl.parallel_env, name, **SHORT[name]))
    max_cycles_test(mod)


@pytest.mark.parametrize("name", ["racepace", "formulagp"])
def test_parallel_api(name):
    parallel_api_test(rl.parallel_env(name, **SHORT[name]), num_cycles=200)


def test_an_index_the_mask_forbids_changes_nothing():
    env = rl.env("racepace", **SHORT["racepace"])
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.observe(agent)
    forbidden = int(np.flatnonzero(before["action_mask"] == 0)[0])
    env.step(forbidden)
    assert env.agent_selection == agent
    assert "not legal" in env.infos[agent]["illegal"]
    after = env.observe(agent)
    assert all(np.array_equal(before[k], after[k]) for k in before)
    env.step(int(np.flatnonzero(after["action_mask"])[0]))
    assert env.infos[agent] == {}


def test_bots_seats_are_not_agents():
    env = rl.env("racepace", track="italy", seats=["bot", "human", "bot"])
    env.reset(seed=1)
    assert env.possible_agents == ["player_1"]
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        env.step(None if done or cut else env.action_space(agent).sample(obs["action_mask"]))
    assert env.table.over()
