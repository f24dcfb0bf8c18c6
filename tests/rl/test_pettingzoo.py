"""PettingZoo's own checks on every game's environment (issue 18)."""
import functools
import types

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
