"""The protocol conformance test: every registered game passes the kit
(chequered.testing.conformance) unchanged.

Random legal play to the end over many seeds and every sample configuration:
JSON round-trips, illegal actions refused without a trace, views blind to the
unseen, positions, clones, record replays and invariants; the log keeps
secrets from other seats and spectators; every use of chance is revealed, so
undo cannot cross it; texts are written for players.
"""
from __future__ import annotations

import os

import pytest

import chequered
from chequered.agents.random_agent import RandomAgent
from chequered.testing.conformance import play_checked

# Seeds per game: the game's own `conformance_seeds` (2,000 unless a slower
# game asks for fewer in the everyday run, never under 1,000); CONFORMANCE_SEEDS
# overrides it (the soak command uses 100000s). Races checked at every step:
# the game's `conformance_deep` (40 unless it asks for fewer), never fewer
# than one a sample config; CONFORMANCE_DEEP overrides it.
SEEDS_ENV = os.environ.get("CONFORMANCE_SEEDS")
DEEP_ENV = os.environ.get("CONFORMANCE_DEEP")
CHUNKS = 8
DEEP_ROUTES = int(os.environ.get("CONFORMANCE_DEEP_ROUTES", "1"))
ROUTE_EVERY = int(os.environ.get("CONFORMANCE_ROUTE_EVERY", "16"))
DEEP_ROUTE_STEPS = int(os.environ.get("CONFORMANCE_DEEP_ROUTE_STEPS", "150"))

GAMES = [g.name for g in chequered.games()]


def seeds_for(game) -> int:
    if SEEDS_ENV:
        return int(SEEDS_ENV)
    return max(1000, game.conformance_seeds)


def deep_for(game) -> int:
    return int(DEEP_ENV) if DEEP_ENV else game.conformance_deep


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("chunk", range(4))
def test_conformance_deep(name, chunk):
    """Every check at every step, over races of every configuration. The
    first DEEP_ROUTES races choose among whole moves (each listing is a
    search, and the checks list them in several resampled worlds a step);
    the others move one fine step at a time."""
    game = chequered.game(name)
    configs = game.sample_configs()
    for i in range(chunk, max(deep_for(game), len(configs)), 4):
        routes = i < DEEP_ROUTES
        # with whole moves every check lists them in several resampled
        # worlds a step: the first DEEP_ROUTE_STEPS steps get every check
        play_checked(game, configs[i % len(configs)], 10_000 + i, deep=True,
                     fine=not routes, deep_steps=DEEP_ROUTE_STEPS if routes else None)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_conformance_many_seeds(name, chunk):
    """Random legal play to the end with invariants, explicit chance and
    replay, over the game's seed count spread over every configuration."""
    game = chequered.game(name)
    configs = game.sample_configs()
    for seed in range(chunk, seeds_for(game), CHUNKS):
        # Listing whole moves costs a search of the move's points: one race
        # in ROUTE_EVERY chooses among them, the others step by step.
        play_checked(game, configs[seed % len(configs)], seed,
                     fine=(seed // CHUNKS) % ROUTE_EVERY != 0)


@pytest.mark.parametrize("name", GAMES)
def test_seeded_races_are_reproducible(name):
    game = chequered.game(name)
    cfg = game.config(**game.sample_configs()[0])
    hashes = []
    for _ in range(2):
        state = game.new(cfg, 123)
        agents = {s: RandomAgent(s) for s in range(len(cfg.seats))}
        while not game.is_over(state):
            seat = min(game.to_act(state))
            game.apply(state, seat, agents[seat].choose(game, state, seat))
        hashes.append(game.state_hash(state))
    assert hashes[0] == hashes[1]
