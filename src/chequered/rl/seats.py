"""What the two PettingZoo environments share: agents named after the
seats decided from outside, their spaces, seeding and rendering."""
from __future__ import annotations

from gymnasium.utils import seeding

from . import encode
from .spaces import action_space, observation_space
from .table import Table


class SeatAgents:
    metadata = {"render_modes": ["ansi"]}

    def _seat_up(self, game, config: dict, *, render_mode, max_cycles, max_actions) -> None:
        self.table = Table(game, config, max_actions=max_actions)
        self.metadata = {**self.metadata, "name": f"chequered_{self.table.game.name}_v0"}
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        # (None: the game's own bound, so that no race runs for ever)
        self.max_cycles = encode.max_cycles(self.table.game.name, max_cycles)
        self.possible_agents = [f"player_{s}" for s in self.table.outside]
        self._seat = dict(zip(self.possible_agents, self.table.outside))
        self._agent = {s: a for a, s in self._seat.items()}
        self._obs_space = {a: observation_space(self.table) for a in self.possible_agents}
        self._act_space = {a: action_space(self.table) for a in self.possible_agents}
        self._seeds = None
        self.agents = []

    def observation_space(self, agent):
        return self._obs_space[agent]

    def action_space(self, agent):
        return self._act_space[agent]

    def _start(self, seed: int | None) -> None:
        """A new race: `seed` itself, else the next from the environment's
        generator (seeded by the last reset that gave a seed)."""
        if seed is not None or self._seeds is None:
            self._seeds, _ = seeding.np_random(seed)
        self.table.start(seed if seed is not None else int(self._seeds.integers(2**31)))
        self.agents = list(self.possible_agents)

    def render(self):
        if self.render_mode is None:
            return None
        return self.table.game.render_text(self.table.view(None))

    def close(self):
        pass
