"""The Bolide bots: the expert drives the solver's optimum when alone, the
club drives a sensible (slower) line, both follow every rule, and the
expert beats the clubs (the full figure is benchmarks/bolide_bots.py)."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.games.bolide.circuit import circuit
from chequered.games.bolide.solver import solve

G = chequered.game("bolide")


def _alone(kind, track, seed):
    config = G.config(seats=[kind], track=track)
    state = G.new(config, seed)
    start = state.cars[0].start
    played = play(G, config, seed, state=state)
    return start, played


@pytest.mark.parametrize("track", ["ring", "twisty", "hairpin"])
def test_expert_alone_takes_exactly_the_solver_optimum(track):
    optimum = solve(circuit(track)).turns
    checked = 0
    for seed in range(12):
        start, played = _alone("expert", track, seed)
        if start != "normal":          # the solver assumes the normal start
            continue
        checked += 1
        car = played.state.cars[0]
        assert car.mode == "finished" and car.finish_turn == optimum, (seed, car.finish_turn)
    assert checked >= 3


@pytest.mark.parametrize("track", ["ring", "twisty", "hairpin"])
def test_club_alone_finishes_a_few_turns_slower_and_never_boosts(track):
    optimum = solve(circuit(track)).turns
    events = []
    config = G.config(seats=["club"], track=track)
    state = G.new(config, 1)
    played = play(G, config, 1, state=state, on_step=lambda s, a, ev, step: events.extend(ev))
    car = played.state.cars[0]
    assert car.mode == "finished"
    assert optimum < car.finish_turn <= optimum + 8
    assert not [e for e in events if e.kind == "request" and e.data["kind"] == "booster"]


def test_expert_beats_five_clubs_most_of_the_time():
    wins = 0
    for seed in range(12):
        config = G.config(seats=["expert"] + ["club"] * 5, track="ring")
        wins += G.result(play(G, config, seed).state).classification[0] == 0
    assert wins >= 8, wins


def test_bots_choose_strategies_and_pit_in_the_advanced_rules():
    config = G.config(seats=["expert", "club", "club"], track="hairpin", rules="advanced")
    events = []
    played = play(G, config, 5, on_step=lambda s, a, ev, step: events.extend(ev))
    strategies = {e.data["seat"]: e.data for e in events if e.kind == "strategy"
                  and "fuel" in e.data}
    assert set(strategies) == {0, 1, 2}
    assert strategies[1]["fuel"] == "full"          # the club never needs the pit lane
    expert = played.state.cars[0]
    if strategies[0]["fuel"] == "half":
        # a 1/2-fuel expert must stop: it steers into the pit lane
        assert expert.pitted and expert.mode in ("finished", "crashed")


def test_a_damaged_expert_heading_for_the_pit_only_plays_a_legal_move():
    # BOLIDE 9 (a car that lost top speed repairs in the pit) with BOLIDE 7
    # (damage cuts the top speed): near the end of lap 1 with 2 damage, the
    # expert's route to the pit lane began with a point its top speed no
    # longer reaches, and a search's rollout stopped on it as an illegal move
    from chequered.engine.positions import load_position_file
    from chequered.games.bolide.actions import Move
    from chequered.games.bolide.bots import make_bot

    from .helpers import POSITIONS
    s = load_position_file(G, POSITIONS / "ring_damaged_pit_route.json")
    car = s.cars[0]
    assert car.damage == 2 and not car.pitted
    legal = G.legal_actions(s, 0)
    assert Move(27, 4) not in legal
    for seed in range(3):
        assert make_bot("expert", 0, seed).choose(G, G.clone(s), 0) in legal
