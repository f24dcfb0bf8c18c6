"""Every game as an OpenSpiel Python game: `chequered_<game>` (e.g.
`pyspiel.load_game("chequered_racepace", {"config": '{"track": "italy"}'})`).

- Players are the config's `human` seats (player 0 is the first of them);
  other seats are played by their own bots inside the game, as in the
  PettingZoo environment (rl/table.py). With only `human` seats the game is
  zero-sum (+1 for the winner down to -1 for the last); with bots it is
  general-sum (each player's return still by its place).
- Chance is SAMPLED_STOCHASTIC: the dice and the decks are the engine's own
  (engine/chance.py, seeded in the race), not listed as chance nodes. The
  protocol draws them inside `apply`, with draws whose odds change with the
  state (a deck's remaining cards, a rulebook's die tables); listing every
  outcome with its probability would mean a second copy of each game's rules.
  Each race played takes the next seed from the game's generator (parameter
  `seed`), so a run is repeatable.
- Imperfect information: a player's observation is its own view (hashed to
  numbers as in rl/encode.py, and as canonical JSON for the string); its
  information state is what it has seen of the race so far: the log as it
  reads it (others' face-down choices masked) and its view now.
  `resample_from_infostate` uses the game's `redeterminize`, so OpenSpiel's
  IS-MCTS (open_spiel.python.algorithms.ismcts) can search it.
- A decision is an index into the deciding seat's legal list (one movement
  point at a time), bounded by encode.MAX_ACTIONS.
"""
from __future__ import annotations

import json

import numpy as np
import pyspiel

from ..engine.registry import game as find_game
from ..engine.registry import game_names
from ..engine.rng import Rng
from . import encode
from . import encode
from .table import Table

PREFIX = "chequered_"
MAX_PLAYERS = 12


def _canonical(doc) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def _game_type(name: str, title: str, zero_sum: bool = True) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"{title} (chequered)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # config: the game's config as a JSON object; max_actions 0: the game's bound
        parameter_specification={"config": "{}", "seed": 0, "max_actions": 0})


def _make_class(name: str):
    chequered_game = find_game(name)

    class ChequeredGame(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            config = json.loads(params.get("config", "{}"))
            if not isinstance(config, dict):
                raise ValueError("the config parameter must be a JSON object")
            size = int(params.get("max_actions", 0)) or None
            self.table = Table(chequered_game, config, max_actions=size, log=True)
            players = len(self.table.outside)
            zero_sum = players == self.table.n and players > 1
            # OpenSpiel asks for a bound on a game's length, and the rules allow
            # races that never end (encode.MAX_CYCLES): a race is over, each
            # return 0, once its players have made this many decisions
            self.max_length = encode.max_cycles(name) * players
            info = pyspiel.GameInfo(
                num_distinct_actions=self.table.size, max_chance_outcomes=0,
                num_players=players, min_utility=-1.0, max_utility=1.0,
                utility_sum=0.0 if zero_sum else None, max_game_length=self.max_length)
            super().__init__(_game_type(name, chequered_game.title, zero_sum), info, params)
            self.seeds = Rng(int(params.get("seed", 0)))
            self.ready: tuple[int, Table] | None = None

        def next_race(self) -> tuple[int, Table]:
            """The seed and the opening of the next race to be played. OpenSpiel
            makes new states to learn a tensor's shape, and to clone: they
            read this race without starting one of their own."""
            if self.ready is None:
                seed = self.seeds.below(2**31)
                table = self.table.clone()
                table.start(seed)
                self.ready = (seed, table)
            return self.ready

        def take(self, seed: int) -> Table:
            """A race of its own for a state about to be played."""
            if self.ready is not None and self.ready[0] == seed:
                table, self.ready = self.ready[1], None
                return table
            table = self.table.clone()
            table.start(seed)
            return table

        def new_initial_state(self):
            return ChequeredState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return Observer(recall)

    ChequeredGame.__name__ = ChequeredGame.__qualname__ = f"Chequered{name.title()}Game"
    return ChequeredGame


class _Same:
    """A reference that a state's copy shares (OpenSpiel deep-copies states)."""

    __slots__ = ("to",)

    def __init__(self, to):
        self.to = to

    def __deepcopy__(self, memo):
        return self


class ChequeredState(pyspiel.State):
    """A race: each race played takes the next seed of the game's generator
    (the seed is bound when the state is first looked at)."""

    def __init__(self, game):
        super().__init__(game)
        self._game = _Same(game)
        self._outside = game.table.outside
        self._seed = None
        self._table = None        # its own race, once played (until then the game's next)
        self._reading = Reading()

    @property
    def table(self) -> Table:
        """The race, to read."""
        if self._table is not None:
            return self._table
        game = self._game.to
        if self._seed is None:
            self._seed = game.next_race()[0]
        ready = game.ready
        if ready is not None and ready[0] == self._seed:
            return ready[1]
        self._table = game.take(self._seed)     # the next race moved on: start this one
        return self._table

    def _own(self) -> Table:
        """The race, to change."""
        if self._table is None:
            self.table                              # binds the seed
            if self._table is None:
                self._table = self._game.to.take(self._seed)
        return self._table

    def current_player(self):
        seat = None if self._cut() else self.table.deciding()
        return pyspiel.PlayerId.TERMINAL if seat is None else self._outside.index(seat)

    def _cut(self) -> bool:
        """The race reached the game's bound on its length unfinished."""
        return self.table.acted >= self._game.to.max_length

    def _legal_actions(self, player):
        seat = self._outside[player]
        if seat not in self.table.game.to_act(self.table.state):
            return []
        return list(range(len(self.table.legal(seat))))

    def _apply_action(self, action):
        table = self._own()
        refused = table.act(table.deciding(), action)
        if refused is not None:
            raise ValueError(refused)

    def _action_to_string(self, player, action):
        options = self.table.legal(self._outside[player])
        if not 0 <= action < len(options):
            return f"choice {action}"
        return _canonical(self.table.game.encode_action(options[action]))

    def is_terminal(self):
        return self.table.over() or self._cut()

    def returns(self):
        values = self.table.returns()
        return [values[s] for s in self._outside]

    def __str__(self):
        table = self.table
        found = table.memo.get("hash")
        if found is None:
            found = table.memo["hash"] = table.game.state_hash(table.state)
        return f"{table.game.title} race, state {found}"

    def resample_from_infostate(self, player_id, probability_sampler):
        """A race `player_id` cannot tell from this one: what it cannot see
        (the others' hands, deck order, future dice) drawn again."""
        twin = self.clone()
        seed = int(probability_sampler() * 2**31)
        table = self.table
        twin._own().replace(table.game.redeterminize(table.state, self._outside[player_id],
                                                     Rng(seed)))
        return twin


class Observer:
    """A player's view as numbers (`tensor`) and as text; with `recall`, its
    information state (everything it has read of the race) as text."""

    def __init__(self, recall: bool):
        self.recall = recall
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        table = state.table
        self.tensor = table.hashed_view(table.outside[player]).copy()
        self.dict = {"view": self.tensor}

    def string_from(self, state, player):
        table = state.table
        seat = table.outside[player]
        key = ("text", seat)
        now = table.memo.get(key)
        if now is None:
            now = table.memo[key] = _canonical(table.view(seat))
        if not self.recall:
            return now
        return "\n".join([*state._reading.of(table, seat), now])


class Reading:
    """The log as each seat reads it, kept line by line as the race goes (an
    information state grows by a few lines a decision; rereading the whole
    log at every question would cost the race's length each time)."""

    __slots__ = ("done", "lines")

    def __init__(self):
        self.done: dict[int, int] = {}           # seat -> log entries read
        self.lines: dict[int, list[str]] = {}

    def __deepcopy__(self, memo) -> "Reading":
        twin = Reading()
        twin.done = dict(self.done)
        twin.lines = {seat: list(lines) for seat, lines in self.lines.items()}
        return twin

    def of(self, table, seat: int) -> list[str]:
        """The race's log as `seat` reads it: each choice as it was shown to
        it (a face-down one by its public text) and the events it saw."""
        game = table.game
        lines = self.lines.setdefault(seat, [])
        start = self.done.get(seat, 0)
        for step, who, action, events in table.log[start:]:
            if action is not None:
                lines.append(f"{who}: {game.action_text(step, who, action, seat)}")
            for event in events:
                seen = event.seen_by(seat)
                if seen is not None:
                    lines.append(_canonical(seen.to_doc()))
        self.done[seat] = len(table.log)
        return lines


def register(names=None) -> list[str]:
    """Register the games (all by default) with OpenSpiel; their short names."""
    done = []
    registered = set(pyspiel.registered_names())
    for name in names or game_names():
        short = PREFIX + name
        if short not in registered:
            cls = _make_class(name)
            default = cls()
            pyspiel.register_game(default.get_type(), cls)
        done.append(short)
    return done
