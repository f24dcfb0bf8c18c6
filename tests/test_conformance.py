"""The protocol conformance test: every registered game must pass it unchanged.

Random legal play to the end over many seeds and every sample configuration,
checking at each step: actions round-trip through JSON; illegal actions raise
IllegalAction and leave the state untouched; a view never reveals what its
seat cannot see (it is unchanged when the unseen is resampled); positions
round-trip to the same hash; clones are independent; the record replays to
the same final hash; the game's own invariants hold.
"""
from __future__ import annotations

import json
import os

import pytest

import chequered
from chequered.agents.random_agent import RandomAgent
from chequered.engine.play import agents_for
from chequered.engine.protocol import IllegalAction
from chequered.engine.records import Record, record_of, replay
from chequered.engine.rng import Rng

# Seeds per game: 2,000, or the game's own `conformance_seeds` (a slower game
# may ask for fewer in the everyday run, never under 1,000); CONFORMANCE_SEEDS
# overrides both (the soak command uses 100000s).
SEEDS_ENV = os.environ.get("CONFORMANCE_SEEDS")


def seeds_for(game) -> int:
    if SEEDS_ENV:
        return int(SEEDS_ENV)
    return max(1000, getattr(game, "conformance_seeds", 2000))
DEEP = int(os.environ.get("CONFORMANCE_DEEP", "40"))     # races checked at every step

GAMES = [g.name for g in chequered.games()]


def _play_checked(game, cfg_doc: dict, seed: int, deep: bool) -> None:
    config = game.config(**cfg_doc)
    state = game.new(config, seed)
    agents = agents_for(game, config, seed)
    for seat, kind in enumerate(config.seats):
        if kind == "human":                 # nobody at the keyboard: play at random
            agents[seat] = RandomAgent(seed * 1000 + seat)
    actions = []
    steps = 0
    while not game.is_over(state):
        seats = game.to_act(state)
        assert seats, "a running race must have someone to act"
        seat = min(seats)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} to act with no legal action"
        for other in range(len(config.seats)):
            if other not in seats:
                assert game.legal_actions(state, other) == [], "a seat not to act has actions"
        if deep:
            _deep_checks(game, state, seat, legal, seed + steps)
        action = agents[seat].choose(game, state, seat)
        assert action in legal
        game.apply(state, seat, action)
        actions.append((seat, action))
        steps += 1
        bad = game.invariants(state)
        assert not bad, f"seed {seed} step {steps}: {bad}"
        assert steps < 20000, "race does not end"
    result = game.result(state)
    assert sorted(result.classification) == list(range(len(config.seats)))
    json.dumps(result.to_doc())
    # Replaying the record reproduces the final hash, also via JSON text.
    rec = record_of(game, config, seed, actions, state)
    rec2 = Record.from_doc(json.loads(json.dumps(rec.to_doc())))
    final = replay(rec2)
    assert game.state_hash(final) == rec.final_hash


def _deep_checks(game, state, seat, legal, salt):
    h = game.state_hash(state)
    # Every legal action round-trips through JSON.
    for a in legal:
        doc = json.loads(json.dumps(game.encode_action(a)))
        assert game.decode_action(doc) == a
    # Exactly the legal actions are accepted; the others raise on the real
    # state and leave it untouched.
    for a in game.candidate_actions(state, seat):
        if a in legal:
            game.apply(game.clone(state), seat, a)
        else:
            with pytest.raises(IllegalAction):
                game.apply(state, seat, a)
    assert game.state_hash(state) == h, "an illegal action changed the state"
    # A seat that is not to act cannot act.
    acting = game.to_act(state)
    others = [s for s in range(len(state.cars if hasattr(state, "cars") else []))
              if s not in acting]
    for other in others[:1]:
        trial = game.clone(state)
        with pytest.raises(IllegalAction):
            game.apply(trial, other, legal[0])
        assert game.state_hash(trial) == h
    # Clones are independent of the original.
    c = game.clone(state)
    assert game.state_hash(c) == h
    game.apply(c, seat, legal[0])
    assert game.state_hash(state) == h
    # Positions round-trip (through JSON text) to the same hash.
    doc = json.loads(json.dumps(game.dump_position(state)))
    assert game.state_hash(game.load_position(doc)) == h
    # Views: JSON-ready, and blind to what the seat cannot see.
    rng = Rng(salt)
    for s in [None, seat]:
        v = game.view(state, s)
        json.dumps(v)
    v = game.view(state, seat)
    for _ in range(2):
        other_world = game.redeterminize(state, seat, rng)
        assert game.view(other_world, seat) == v, "the view reveals hidden information"
        assert game.legal_actions(other_world, seat) == legal
    assert game.state_hash(state) == h
    text = game.render_text(v)
    assert isinstance(text, str) and text
    assert game.render_svg(v).startswith("<svg")


def _cases(name):
    game = chequered.game(name)
    configs = game.sample_configs()
    return [(name, i, configs[i % len(configs)], seed)
            for i, seed in enumerate(range(seeds_for(game)))]


@pytest.mark.parametrize("name", GAMES)
def test_conformance_deep(name):
    """Every check at every step, over a few races of every configuration."""
    game = chequered.game(name)
    configs = game.sample_configs()
    for i in range(max(DEEP, len(configs))):
        _play_checked(game, configs[i % len(configs)], 10_000 + i, deep=True)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("chunk", range(8))
def test_conformance_many_seeds(name, chunk):
    """Random legal play to the end with invariants and replay, SEEDS seeds
    spread over every configuration (in 8 chunks so xdist can share them)."""
    game = chequered.game(name)
    configs = game.sample_configs()
    for seed in range(chunk, seeds_for(game), 8):
        _play_checked(game, configs[seed % len(configs)], seed, deep=False)


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
