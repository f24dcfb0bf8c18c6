"""The team bot's shortcut (bots._forward_first): where a forward step enters
an empty space on the track, it takes it without scoring the sideways steps
and pushes, and its drive (drive.py) does not even work them out. Both rest
on that step outscoring every other one at the rules' step costs. Here every
movement point of whole races is answered twice, with the shortcut and by
scoring the whole legal list, and the answers must be the same option."""
from __future__ import annotations

import pytest

from chequered.agents.whole_moves import WholeMoves
from chequered.engine.play import agents_for, play
from chequered.games.stockcar import GAME, bots
from chequered.games.stockcar.bots import TeamBot, best_step
from chequered.games.stockcar.rules import movement


class BothWays:
    """The bot's point-by-point choice, checked against a full scoring."""

    def __init__(self, bot, tally):
        self.bot, self.tally = bot, tally

    def choose(self, game, state, seat):
        if state.turn.pending.step != "move":
            return self.bot.choose(game, state, seat)
        C, T = state.tables
        R = C.rules
        fast = best_step(state, R, T)           # the machine listed every step
        costs = movement.moves(R, T).costs
        kept = bots._FORWARD_FIRST.get(costs)
        bots._FORWARD_FIRST[costs] = False       # no shortcut: every step scored
        try:
            full = best_step(state, R, T)
        finally:
            bots._FORWARD_FIRST[costs] = kept
        assert fast is full, (fast, full)
        self.tally["points"] += 1
        if len(state.cache) > 1 and fast is state.cache[0] and fast[2] == movement.NO_PUSH:
            self.tally["free ahead"] += 1
        return fast[0]


CASES = [
    ({"seats": ["bot"] * 4, "track": "speedway"}, 1),
    ({"seats": ["bot"] * 7, "track": "short"}, 2),
    ({"seats": ["bot", "random", "bot"], "track": "road", "laps": 2}, 3),
    ({"seats": ["bot"] * 3, "track": "triangle"}, 4),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_shortcut_picks_what_scoring_every_step_picks(cfg, seed):
    config = GAME.config(**cfg)
    C, T = GAME.new(config, seed).tables
    assert bots._forward_first(movement.moves(C.rules, T).costs)   # the shortcut is on
    tally = {"points": 0, "free ahead": 0}
    agents = agents_for(GAME, config, seed)
    for seat, agent in agents.items():
        if isinstance(agent, WholeMoves) and type(agent.inner) is TeamBot:
            agents[seat] = WholeMoves(BothWays(agent.inner, tally))
    race = play(GAME, config, seed, agents=agents)
    assert GAME.is_over(race.state)
    # Points where the shortcut answered (a free forward step heading a
    # longer list) are most of them: the check is not vacuous.
    assert tally["points"] > 100
    assert tally["free ahead"] > tally["points"] // 4


def test_forward_first_is_off_when_a_sideways_step_could_outscore():
    # At costs where a sideways step is as cheap as going forward and a
    # forward step is dear, the bound fails and the bot scores every step.
    C, T = GAME.new(GAME.config(seats=["bot"] * 2), 0).tables
    K = movement.moves(C.rules, T).costs
    dear = type("Costs", (), {"forward": 4, "sideways": 0, "aside": 0, "ahead": 4})()
    assert bots._forward_first(K)
    assert not bots._forward_first(dear)
