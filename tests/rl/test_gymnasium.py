"""The one-seat Gymnasium environment: you against the game's bots."""
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import chequered.rl as rl  # noqa: E402
from chequered.engine.protocol import BadInput  # noqa: E402

from .short import AGAINST_BOTS, GAMES  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name):
    check_env(rl.single_env(name, **AGAINST_BOTS[name]), skip_render_check=True)


@pytest.mark.parametrize("name", ["racepace", "stockcar"])
def test_a_race_against_the_bots_ends_with_the_seats_place(name):
    env = rl.single_env(name, **AGAINST_BOTS[name])
    obs, _ = env.reset(seed=3)
    env.action_space.seed(3)
    total, over, steps = 0.0, False, 0
    while not over:
        obs, reward, over, cut, info = env.step(env.action_space.sample(obs["action_mask"]))
        assert not cut and "illegal" not in info
        total += reward
        steps += 1
    table = env.unwrapped.table
    order = table.game.result(table.state).classification
    n = len(order)
    assert total == 1.0 - 2.0 * order.index(env.unwrapped.seat) / (n - 1)
    assert steps > 5


def test_one_human_seat_exactly():
    with pytest.raises(BadInput, match="exactly one"):
        rl.single_env("racepace", seats=["human", "human"])
    with pytest.raises(BadInput, match="no seat"):
        rl.single_env("racepace", seats=["bot", "bot"])
