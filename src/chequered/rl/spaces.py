"""The Gymnasium spaces of an environment over a Table."""
from __future__ import annotations

import numpy as np
from gymnasium import spaces

from . import encode


def observation_space(table, seed=None) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (table.obs_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.size,), np.int8),
        "actions": spaces.Box(-np.inf, np.inf, (table.size, encode.ACTION_SIZE), np.float32),
    }, seed=seed)


def action_space(table, seed=None) -> spaces.Discrete:
    return spaces.Discrete(table.size, seed=seed)
