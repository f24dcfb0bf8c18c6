"""The PettingZoo AEC environment: one agent a seat, one decision at a time.

Agents are the seats of kind `human` (`player_0` is seat 0); other seats are
played by their own bots inside the environment. Where several seats decide
at once, face down (FormulaGP's battle cards), they are asked one after the
other, lowest seat first; each only sees its own view, so a choice already
made stays hidden from the next.
"""
from __future__ import annotations

from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .spaces import action_space, observation_space
from .table import Table


class ChequeredEnv(AECEnv):
    """`max_cycles`: each agent is asked at most that many times (an illegal
    index counts: it is refused and the agent asked again); then it is
    truncated, and the random agent plays its seat so the others race on."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game, *, render_mode: str | None = None, max_cycles: int | None = None,
                 max_actions: int | None = None, **config):
        super().__init__()
        self.table = Table(game, config, max_actions=max_actions)
        self.metadata = {**self.metadata, "name": f"chequered_{self.table.game.name}_v0"}
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{s}" for s in self.table.outside]
        self._seat = {a: s for a, s in zip(self.possible_agents, self.table.outside)}
        self._agent = {s: a for a, s in self._seat.items()}
        self._obs_space = {a: observation_space(self.table) for a in self.possible_agents}
        self._act_space = {a: action_space(self.table) for a in self.possible_agents}
        self._seeds = None

    def observation_space(self, agent):
        return self._obs_space[agent]

    def action_space(self, agent):
        return self._act_space[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._seeds is None:
            self._seeds, _ = seeding.np_random(seed)
        race_seed = seed if seed is not None else int(self._seeds.integers(2**31))
        self.table.start(race_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.asked = {a: 0 for a in self.agents}
        self._after_decision()

    def observe(self, agent):
        return self.table.observe(self._seat[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
            self.infos[a] = {}
        refused = self.table.act(self._seat[agent], action)
        if refused is not None:
            # as the engine does with an illegal action: nothing changes
            self.infos[agent] = {"illegal": refused}
        self.asked[agent] += 1
        if self.max_cycles is not None and self.asked[agent] >= self.max_cycles \
                and not self.table.over():
            self.truncations[agent] = True
        self._after_decision()
        self._accumulate_rewards()
        self._deads_step_first()

    def _after_decision(self) -> None:
        """Hand truncated seats to the random agent, score a finished race,
        and select the next agent to decide."""
        table = self.table
        for a in self.agents:
            if self.truncations[a] and self._seat[a] not in table.bots:
                table.hand_over(self._seat[a])
        if table.over():
            returns = table.returns()
            for a in self.agents:
                if not self.truncations[a]:
                    self.terminations[a] = True
                    self.rewards[a] = returns[self._seat[a]]
        live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        if live:
            self.agent_selection = self._agent[table.deciding()]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode is None:
            return None
        return self.table.game.render_text(self.table.view(None))

    def close(self):
        pass
