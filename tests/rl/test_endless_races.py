"""A policy can make a race that never ends: in Race Pace a car on worn-out
tyres stays put until it pits (RP Tyre Degradation Bar), and a policy that
always takes the first choice never chooses Box Box. Every environment cuts
such a race at the game's bound instead of running for ever."""
import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import chequered.rl as rl  # noqa: E402
from chequered.rl.encode import MAX_CYCLES  # noqa: E402

BOUND = MAX_CYCLES["racepace"]


def _first(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def test_the_first_choice_never_pits_so_the_cars_stop():
    """The premise: without the bound this race would not end."""
    from chequered.rl.table import Table
    table = Table("racepace")
    table.start(1)
    for _ in range(300):
        seat = table.deciding()
        table.act(seat, 0)
    assert not table.over()
    dists = [c.dist for c in table.state.cars]
    for _ in range(40):
        table.act(table.deciding(), 0)
    assert [c.dist for c in table.state.cars] == dists      # nobody moves any more


def test_aec_environment_truncates_each_agent_at_the_bound():
    env = rl.env("racepace")
    assert env.max_cycles == BOUND
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter(max_iter=10 * BOUND):
        obs, _, done, cut, _ = env.last()
        env.step(None if done or cut else _first(obs))
        steps += 1
    assert not env.agents                      # every agent is done
    assert steps < 10 * BOUND
    assert env.asked == {"player_0": BOUND, "player_1": BOUND}


def test_parallel_environment_truncates_at_the_bound():
    env = rl.parallel_env("racepace", max_cycles=60)
    obs, _ = env.reset(seed=1)
    steps = 0
    while env.agents:
        obs, _, done, cut, _ = env.step({a: _first(o) if o["action_mask"].any() else 0
                                        for a, o in obs.items()})
        steps += 1
    assert steps == 60 and all(cut.values()) and not any(done.values())


def test_single_agent_environment_truncates_at_the_bound():
    pytest.importorskip("gymnasium")
    # against bots the race ends when they finish (RP Winning the Game), so
    # the bound is a safety net here: a small one shows it cuts
    env = rl.single_env("racepace", seats=["human", "bot"], max_steps=5)
    obs, _ = env.reset(seed=1)
    for step in range(1, 100):
        obs, reward, done, cut, _ = env.step(_first(obs))
        if done or cut:
            break
    assert step == 5 and cut and not done and reward == 0.0
    assert rl.single_env("racepace", seats=["human", "bot"]).max_steps == BOUND


def test_openspiel_ends_the_game_at_its_declared_length():
    pyspiel = pytest.importorskip("pyspiel")
    rl.register_openspiel()
    game = pyspiel.load_game("chequered_racepace", {"config": json.dumps({"track": "italy"})})
    assert game.max_game_length() == 2 * BOUND
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        moves += 1
    assert moves == game.max_game_length()
    assert state.returns() == [0.0, 0.0]       # an unfinished race: nobody placed
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
