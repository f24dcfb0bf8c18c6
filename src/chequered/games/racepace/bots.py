"""The rulebook's bots (RP Bot Mode) as an agent, and the seat kinds.

A bot's action is not a choice: it is the number in the bot's colour on the
current Race Situation card of the deck that lights that colour, so the game
offers a bot seat exactly that action. Before the race the bot takes a team, a
driver and (it has no tyres) nothing else; those picks are random from the
agent's own generator.
"""
from __future__ import annotations

from ...agents.random_agent import RandomAgent
from .actions import PickDriver, PickTeam


class RulebookBot(RandomAgent):
    __slots__ = ()

    def choose(self, game, state, seat):
        legal = game.legal_actions(state, seat)
        if isinstance(legal[0], (PickTeam, PickDriver)):
            return legal[self.rng.below(len(legal))]
        return legal[0]


# Seat kinds besides human and random, and the agent playing each (the one
# list: config.py and the spec read it).
AGENTS = {"bot": lambda seat, seed: RulebookBot(seed * 1000 + seat)}
