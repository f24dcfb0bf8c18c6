"""Machine.run_forced, the play loop's run of forced decisions in one call:
each one is what Machine.forced names, applied as Machine.apply would apply
it, with the same events, record and position, and never more than asked."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import agents_for, play

SEATS = {"racepace": ["bot"] * 6, "stockcar": ["bot"] * 4,
         "formulagp": ["heuristic"] * 3}


def _one_by_one(game, state) -> list:
    """The forced run as the web and the terminal apply it: ask, apply, again."""
    seen = []
    while (f := game.forced(state)) is not None:
        step = game.machine.pending_step(state)
        events = game.apply(state, *f)
        seen.append((f, [e.to_doc() for e in events], step.name))
    return seen


@pytest.mark.parametrize("name", sorted(SEATS))
def test_each_forced_run_is_the_one_by_one_run(name):
    game = chequered.game(name)
    cfg = game.config(seats=SEATS[name])
    state = game.new(cfg, 5)
    agents = agents_for(game, cfg, 5)
    runs = forced = 0
    while not game.is_over(state):
        first = game.forced(state)
        if first is not None:
            twin = game.clone(state)
            expected = _one_by_one(game, twin)
            record, seen = [], []
            n = game.machine.run_forced(
                state, first, record, 10 ** 6,
                lambda seat, action, events, step: seen.append(
                    ((seat, action), [e.to_doc() for e in events], step.name)))
            assert seen == expected
            assert record == [f for f, _, _ in expected] and n == len(record)
            assert game.state_hash(state) == game.state_hash(twin)
            assert game.to_act(state) == game.to_act(twin)
            runs += 1
            forced += n
            continue
        seat = min(game.to_act(state))
        game.apply(state, seat, agents[seat].choose(game, state, seat))
    assert runs > 0 and forced >= runs
    if name == "racepace":
        assert forced > runs        # Bot-mode selections come six in a row


def test_a_run_stops_at_its_limit_and_the_rest_stays_forced():
    game = chequered.game("racepace")
    cfg = game.config(seats=["bot"] * 6)
    state = game.new(cfg, 2)
    agents = agents_for(game, cfg, 2)
    while game.forced(state) is None:
        seat = min(game.to_act(state))
        game.apply(state, seat, agents[seat].choose(game, state, seat))
    record: list = []
    assert game.machine.run_forced(state, game.forced(state), record, 2) == 2
    assert len(record) == 2 and game.forced(state) is not None


def test_play_counts_forced_decisions_against_its_limit():
    game = chequered.game("racepace")
    cfg = game.config(seats=["bot"] * 6)
    whole = play(game, cfg, 4)
    total = whole.decisions + whole.forced
    assert whole.forced > 0 and len(whole.actions) == total
    again = play(game, cfg, 4, max_decisions=total)
    assert again.actions == whole.actions
    assert game.state_hash(again.state) == game.state_hash(whole.state)
    with pytest.raises(RuntimeError, match=f"within {total - 1} decisions"):
        play(game, cfg, 4, max_decisions=total - 1)
