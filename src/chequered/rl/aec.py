"""The PettingZoo AEC environment: one agent a seat, one decision at a time.

Agents are the seats of kind `human` (`player_0` is seat 0); other seats are
played by their own bots inside the environment. Where several seats decide
at once, face down (FormulaGP's battle cards), they are asked one after the
other, lowest seat first; each only sees its own view, so a choice already
made stays hidden from the next.
"""
from __future__ import annotations

from pettingzoo import AECEnv

from .seats import SeatAgents


class ChequeredEnv(SeatAgents, AECEnv):
    """`max_cycles`: each agent is asked at most that many times (an illegal
    index counts: it is refused and the agent asked again); then it is
    truncated, and the random agent plays its seat so the others race on.
    None: the game's own bound (encode.MAX_CYCLES)."""

    metadata = {**SeatAgents.metadata, "is_parallelizable": False}

    def __init__(self, game, *, render_mode: str | None = None, max_cycles: int | None = None,
                 max_actions: int | None = None, **config):
        super().__init__()
        self._seat_up(game, config, render_mode=render_mode, max_cycles=max_cycles,
                      max_actions=max_actions)

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._start(seed)
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
        if self.asked[agent] >= self.max_cycles and not self.table.over():
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
