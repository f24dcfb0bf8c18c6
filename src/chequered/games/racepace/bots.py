"""The rulebook's bots (RP Bot mode) as an agent, and the seat kinds.

A bot's action is not a choice: it is the number in the bot's colour on the
current Race Situation card of the deck that lights that colour, so the game
offers a car the bots drive (`car.bot`) exactly that action. Before the race
the bot takes a team, a driver and (it has no tyres) nothing else; those
picks are random from the agent's own generator.

The same agent also drives a car that has tyres: a seat handed to a bot
mid-race, or whose person ran out of time. There it plays every decision,
the tyres and pit stops included (strategy.py): only then is the hand-over
a full bot's.
"""
from __future__ import annotations

from ...agents.random_agent import RandomAgent
from . import strategy
from .actions import PickDriver, PickTeam


class RulebookBot(RandomAgent):
    __slots__ = ()

    def choose(self, game, state, seat):
        legal = game.legal_actions(state, seat)
        if isinstance(legal[0], (PickTeam, PickDriver)):
            return legal[self.rng.below(len(legal))]
        if len(legal) == 1 or state.cars[seat].bot:
            return legal[0]
        return strategy.choose(state, seat, legal)


# Seat kinds besides human and random, and the agent playing each (the one
# list: config.py and the spec read it).
AGENTS = {"bot": lambda seat, seed: RulebookBot(seed * 1000 + seat)}
