"""One race driven one decision at a time: the part the PettingZoo, Gymnasium
and OpenSpiel front ends share.

Seats of kind `human` are decided from outside (by the learning agents);
every other seat is played by its own agent (the game's bots, `random`).
Decisions nobody needs to be asked (a single legal choice, engine/steps
`forced`) are applied as the terminal and the browser apply them.

An action is an index into the deciding seat's legal list, one movement
point at a time (`Game.fine_actions`), in the game's own order; the list is
at most `size` long (encode.MAX_ACTIONS).
"""
from __future__ import annotations

import numpy as np

from ..agents.random_agent import RandomAgent
from ..engine.protocol import BadInput
from ..engine.registry import game as find_game
from . import encode

OUTSIDE = "human"          # the seat kind decided by the caller


class TooManyChoices(RuntimeError):
    """A decision offered more legal choices than the action space holds."""


class Table:
    def __init__(self, game, config: dict | None = None, *, max_actions: int | None = None,
                 obs_size: int = encode.OBS_SIZE, log: bool = False):
        self.game = find_game(game) if isinstance(game, str) else game
        doc = dict(config or {})
        doc.setdefault("seats", [OUTSIDE, OUTSIDE])
        self.config = self.game.config(**doc)
        self.n = len(self.config.seats)
        self.outside = tuple(s for s, kind in enumerate(self.config.seats) if kind == OUTSIDE)
        if not self.outside:
            raise BadInput(f"no seat of kind {OUTSIDE!r} to be played from outside")
        self.size = encode.max_actions(self.game.name, max_actions)
        self.obs_size = obs_size
        self.keep_log = log
        self.state = None
        self.seed = 0
        self.bots: dict = {}
        self.log: list = []        # (step, seat, action, events) when keep_log
        self.memo: dict = {}       # what was worked out from this position (views)
        self.acted = 0             # decisions taken from outside in this race

    # ---- the race ------------------------------------------------------------------------
    def start(self, seed: int) -> None:
        self.seed = seed
        self.state, events = self.game.start(self.config, seed)
        self.memo = {}
        self.acted = 0
        self.bots = {s: self.game.make_agent(kind, s, seed)
                     for s, kind in enumerate(self.config.seats) if s not in self.outside}
        self.log = [(None, None, None, events)] if self.keep_log else []
        self.settle()

    def over(self) -> bool:
        return self.game.is_over(self.state)

    def deciding(self):
        """The seat to decide now (the lowest of several deciding at once,
        face down), or None when the race is over."""
        seats = self.game.to_act(self.state)
        return min(seats) if seats else None

    def hand_over(self, seat: int) -> None:
        """From now on `seat` is played by the random agent (a seat the
        caller has stopped playing while the others race on)."""
        self.bots[seat] = RandomAgent(self.seed * 1000 + seat, fine=True)
        self.settle()

    def settle(self) -> None:
        """Make every decision nobody outside is asked: forced ones and the
        bots' (a bot deciding face down at the same time goes first)."""
        game, state = self.game, self.state
        while not game.is_over(state):
            forced = game.forced(state)
            if forced is not None:
                self._apply(*forced)
                continue
            mine = [s for s in sorted(game.to_act(state)) if s in self.bots]
            if not mine:
                return
            seat = mine[0]
            self._apply(seat, self.bots[seat].choose(game, state, seat))

    def legal(self, seat: int) -> list:
        options = self.game.fine_actions(self.state, seat)
        if len(options) > self.size:
            raise TooManyChoices(
                f"{self.game.title} offers {len(options)} choices here, more than the "
                f"action space's {self.size}: make the environment with max_actions="
                f"{len(options)} or more")
        return options

    def act(self, seat: int, index) -> str | None:
        """Take legal choice number `index` for `seat`; the reason it was not
        taken (the race is left as it was), or None."""
        if self.deciding() is None:
            return "the race is over"
        if seat not in self.game.to_act(self.state):
            return "this seat is not deciding now"
        options = self.legal(seat)
        try:
            i = int(index)
        except (TypeError, ValueError):
            return f"an action is an index, not {type(index).__name__}"
        if not 0 <= i < len(options):
            return f"choice {i} is not legal: {len(options)} choices now (see the action mask)"
        self._apply(seat, options[i])
        self.acted += 1
        self.settle()
        return None

    def _apply(self, seat: int, action) -> None:
        step = self.game.pending_step(self.state) if self.keep_log else None
        events = self.game.apply(self.state, seat, action)
        self.memo = {}
        if self.keep_log:
            self.log.append((step, seat, action, events))

    def clone(self) -> "Table":
        """An independent copy (for search): the state, the log and the bots."""
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.state = None if self.state is None else self.game.clone(self.state)
        twin.log = list(self.log)
        twin.memo = {}
        twin.bots = {s: _copy_agent(a) for s, a in self.bots.items()}
        return twin

    def __deepcopy__(self, memo) -> "Table":
        return self.clone()

    # ---- what a seat gets ---------------------------------------------------------------------
    def replace(self, state) -> None:
        """Race on from another state of the same race (a resampled world)."""
        self.state = state
        self.memo = {}

    def view(self, seat):
        key = ("view", seat)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.game.view(self.state, seat)
        return found

    def hashed_view(self, seat) -> np.ndarray:
        """The view as numbers (encode.hashed); do not change it in place."""
        key = ("hashed", seat)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = encode.hashed(self.view(seat), self.obs_size)
        return found

    def observe(self, seat: int) -> dict:
        """A seat's observation, made from its view only, with the mask and
        a hashed description of each legal choice."""
        mask = np.zeros(self.size, dtype=np.int8)
        actions = np.zeros((self.size, encode.ACTION_SIZE), dtype=np.float32)
        if not self.over() and seat in self.game.to_act(self.state):
            for i, action in enumerate(self.legal(seat)):
                mask[i] = 1
                actions[i] = encode.hashed(self.game.encode_action(action), encode.ACTION_SIZE)
        return {"observation": self.hashed_view(seat).copy(),
                "action_mask": mask, "actions": actions}

    def returns(self) -> list[float]:
        """Each seat's reward for the race: +1 for the winner down to -1 for
        the last, evenly spaced by place (they add up to 0); all 0 until it
        is over."""
        if not self.over():
            return [0.0] * self.n
        order = self.game.result(self.state).classification
        if self.n == 1:
            return [0.0]
        out = [0.0] * self.n
        for place, seat in enumerate(order):
            out[seat] = 1.0 - 2.0 * place / (self.n - 1)
        return out


def _copy_agent(agent):
    import copy
    return copy.deepcopy(agent)
