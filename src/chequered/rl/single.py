"""The Gymnasium single-agent environment: you, one seat, against the bots.

The config's one `human` seat is yours; every other seat is played by its
own kind (the game's bots, `random`). The episode is one race; the reward
comes at its end, +1 for a win down to -1 for last place (Table.returns).
After `max_steps` steps (None: the game's own bound, encode.MAX_CYCLES) an
unfinished race is truncated: the rules allow races that never end.
"""
from __future__ import annotations

import gymnasium

from ..engine.protocol import BadInput
from . import encode
from .spaces import action_space, observation_space
from .table import OUTSIDE, Table


class ChequeredSingleEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, *, render_mode: str | None = None, max_actions: int | None = None,
                 max_steps: int | None = None, **config):
        self.table = Table(game, config, max_actions=max_actions)
        self.max_steps = encode.max_cycles(self.table.game.name, max_steps)
        self.steps = 0
        if len(self.table.outside) != 1:
            raise BadInput(f"the single-agent environment needs exactly one {OUTSIDE!r} seat, "
                           f"not {len(self.table.outside)}")
        self.seat = self.table.outside[0]
        self.render_mode = render_mode
        self.observation_space = observation_space(self.table)
        self.action_space = action_space(self.table)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.table.start(seed if seed is not None else int(self.np_random.integers(2**31)))
        self.steps = 0
        return self.table.observe(self.seat), {}

    def step(self, action):
        refused = self.table.act(self.seat, action)
        self.steps += 1
        over = self.table.over()
        reward = self.table.returns()[self.seat]
        info = {"illegal": refused} if refused is not None else {}
        cut = not over and self.steps >= self.max_steps
        return self.table.observe(self.seat), reward, over, cut, info

    def render(self):
        if self.render_mode is None:
            return None
        return self.table.game.render_text(self.table.view(self.seat))
