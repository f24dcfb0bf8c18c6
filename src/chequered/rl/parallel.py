"""The PettingZoo parallel environment: every step is one moment of decision.

`step(actions)` takes an action from each agent and applies those of the
seats deciding now (several at once where the rules ask for face-down
choices together, else one); the others' are ignored, their mask being all
zero. `max_cycles` counts these steps (None: the game's own bound,
encode.MAX_CYCLES).
"""
from __future__ import annotations

from pettingzoo import ParallelEnv

from .seats import SeatAgents


class ChequeredParallelEnv(SeatAgents, ParallelEnv):
    def __init__(self, game, *, render_mode: str | None = None, max_cycles: int | None = None,
                 max_actions: int | None = None, **config):
        self._seat_up(game, config, render_mode=render_mode, max_cycles=max_cycles,
                      max_actions=max_actions)

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._start(seed)
        self.cycles = 0
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict:
        return {a: self.table.observe(self._seat[a]) for a in self.agents}

    def step(self, actions: dict):
        table = self.table
        infos = {a: {} for a in self.agents}
        # the seats deciding now, asked together: each answers from the view it had
        for agent in [a for a in self.agents if self._seat[a] in table.game.to_act(table.state)]:
            if self._seat[agent] not in table.game.to_act(table.state):
                continue            # the rules moved on (a choice made the others' moot)
            refused = table.act(self._seat[agent], actions.get(agent))
            if refused is not None:
                infos[agent] = {"illegal": refused}
        self.cycles += 1
        over = table.over()
        returns = table.returns()
        cut = not over and self.cycles >= self.max_cycles
        observations = self._observations()
        rewards = {a: returns[self._seat[a]] for a in self.agents}
        terminations = {a: over for a in self.agents}
        truncations = {a: cut for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
