"""The team bot's whole move in one pass (drive.py) against the machine's
point-by-point drive (engine/steps.Machine.drive): the same races, records,
events and hashes, on every track, with two to seven teams and random
teams among them; and its moves are legal routes when replayed."""
from __future__ import annotations

import pytest

from chequered.agents.whole_moves import WholeMoves
from chequered.engine.play import agents_for, play
from chequered.games.stockcar import GAME
from chequered.games.stockcar.bots import TeamBot


class _PointByPoint:
    """The same bot without its drive(): play() then lets the machine drive
    its moves a point at a time through choose()."""

    __slots__ = ("bot",)

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, state, seat):
        return self.bot.choose(game, state, seat)


def _played(config, seed: int, one_pass: bool):
    agents = agents_for(GAME, config, seed)
    used = 0
    for seat, agent in agents.items():
        if isinstance(agent, WholeMoves) and isinstance(agent.inner, TeamBot):
            used += 1
            if not one_pass:
                agents[seat] = WholeMoves(_PointByPoint(agent.inner))
    steps: list = []
    out = play(GAME, config, seed, agents=agents,
               on_step=lambda seat, action, events, step: steps.append(
                   (seat, action, step.name, [(e.kind, e.data, e.rule, e.to) for e in events])))
    return out, steps, used


CASES = [
    ({"seats": ["bot"] * 4, "track": "speedway"}, 0),
    ({"seats": ["bot"] * 4, "track": "speedway"}, 7),
    ({"seats": ["bot", "bot"], "track": "road"}, 3),
    ({"seats": ["bot"] * 7, "track": "short"}, 5),
    ({"seats": ["bot", "random", "bot"], "track": "triangle", "laps": 2}, 2),
    ({"seats": ["random", "bot", "bot", "random", "bot"], "track": "road", "laps": 2}, 9),
    ({"seats": ["bot"] * 3, "track": "triangle"}, 13),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_one_pass_drive_plays_the_race_the_machine_drives(cfg, seed):
    config = GAME.config(**cfg)
    fast, fast_steps, used = _played(config, seed, one_pass=True)
    slow, slow_steps, _ = _played(config, seed, one_pass=False)
    assert used == cfg["seats"].count("bot")
    assert GAME.is_over(fast.state)
    assert fast.actions == slow.actions
    assert (fast.decisions, fast.forced) == (slow.decisions, slow.forced)
    assert fast_steps == slow_steps            # every event, in order, with who sees it
    assert GAME.state_hash(fast.state) == GAME.state_hash(slow.state)


def test_one_pass_moves_replay_as_legal_routes():
    config = GAME.config(seats=["bot"] * 4, track="short", laps=2)
    played, _, _ = _played(config, 4, one_pass=True)
    moves = [a for _, a in played.actions if type(a).__name__ == "Route" and len(a.path) > 2]
    assert moves                                # whole moves of several points were played
    st = GAME.new(config, 4)
    for seat, action in played.actions:
        GAME.apply(st, seat, action)            # refused if any step were not legal
    assert GAME.state_hash(st) == GAME.state_hash(played.state)
