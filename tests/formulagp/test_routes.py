"""FormulaGP moves as one decision (issue 14; FGP 8.3, 8.2.2, 7.3.3.1,
7.3.1): whole moves replay to the hash of the same race played space by
space, listed routes end where they say, and a six-car race of heuristic
drivers asks at most 400 decisions."""
from __future__ import annotations

import re
import statistics

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.engine.play import play
from chequered.engine.records import Record, record_of, replay
from chequered.engine.routes import Route
from chequered.games.formulagp import GAME
from chequered.games.formulagp.actions import Step

SIX = ["heuristic"] * 6


def _fine_steps(actions):
    for seat, a in actions:
        for step in (a.path if type(a) is Route else (a,)):
            yield seat, step


@pytest.mark.parametrize("seed", [1, 2])
def test_a_race_of_whole_moves_replays_space_by_space_to_the_same_hash(seed):
    cfg = GAME.config(seats=SIX, track="street")
    played = play(GAME, cfg, seed)
    assert any(type(a) is Route for _, a in played.actions)
    fine = GAME.new(cfg, seed)
    for seat, step in _fine_steps(played.actions):
        GAME.apply(fine, seat, step)
    assert GAME.state_hash(fine) == GAME.state_hash(played.state)
    # and the record of whole moves replays too
    rec = Record.from_doc(record_of(GAME, cfg, seed, played.actions, played.state).to_doc())
    assert GAME.state_hash(replay(rec, GAME)) == rec.final_hash


def test_six_heuristic_drivers_take_at_most_400_decisions_a_race():
    cfg = GAME.config(seats=SIX)
    counts = [play(GAME, cfg, seed).decisions for seed in range(5)]
    assert statistics.median(counts) <= 400, counts


def _at_a_move(seed):
    """A race of random cars played up to a person's choice among routes."""
    cfg = GAME.config(seats=["random"] * 4, track="fast")
    st = GAME.new(cfg, seed)
    agents = {s: RandomAgent(seed * 10 + s, fine=True) for s in range(4)}
    for _ in range(400):
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        if sum(type(a) is Route for a in legal) >= 3 and GAME.pending_step(st).name == "move":
            return st, seat, legal
        GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    pytest.skip("no move with three routes in this race")


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_each_listed_route_ends_on_its_space_and_outcomes_differ(seed):
    """FGP 8.3: each route, driven point by point, puts the car on the space
    it names; no two routes leave the same position."""
    st, seat, legal = _at_a_move(seed)
    outcomes = set()
    for r in legal:
        if type(r) is not Route:
            continue
        assert isinstance(r.path[-1], Step) or r.to is not None
        trial = GAME.clone(st)
        for step in r.path:
            at = trial.cars[seat].space
            GAME.apply(trial, seat, step)
        if isinstance(r.path[-1], Step):
            # the last space, or the one before it when the last step was a
            # push that met a car it could not move (FGP 8.3.1, 13.5)
            assert r.to in (r.path[-1].to, at)
        assert "space" in r.cost
        outcomes.add(GAME.state_hash(trial))
        # the cost text is for players: no Python forms
        assert "seat=" not in r.cost and "None" not in r.cost
    assert len(outcomes) == sum(type(r) is Route for r in legal)


def test_the_move_menu_names_destinations_with_their_cost():
    st, seat, legal = _at_a_move(6)
    lines = [GAME.describe_choice(st, seat, a) for a in legal if type(a) is Route]
    # named as the board shows them: tile (its row) and lane (its column)
    assert lines and all(re.match(r"drive to tile \d+, lane [\d/]+", line) for line in lines)
    assert all(": " in line and " space" in line for line in lines)   # with its cost


@pytest.mark.parametrize("track", sorted(GAME.tracks()))
def test_every_space_has_a_name_of_its_own_as_the_board_shows_it(track):
    """The menu and the log name a space by tile and lane, and which of the
    lane's spaces on the tile when it has several: no two spaces share a
    name (the log once said "to tile 3, lane 2" for both spaces of one lane)."""
    from chequered.games.formulagp.rules.where import space_name, track_of
    race = GAME.new(GAME.config(seats=["heuristic"] * 3, track=track), 0)
    spaces = track_of(race).spaces
    names = [space_name(race, s) for s in range(len(spaces))]
    assert len(set(names)) == len(names)
    assert not [n for n in names if "space" in n and " of " not in n]


def test_typed_text_that_fits_several_moves_is_refused_naming_them_as_the_menu_does():
    """A typed start that fits several menu lines is refused, and the refusal
    names the candidates as the menu shows them (where each move ends), not
    in words every move shares."""
    from chequered.engine.protocol import BadInput
    from chequered.engine.session import Session
    st, seat, legal = _at_a_move(6)
    sess = Session(GAME, st.config, 6, state=st)
    with pytest.raises(BadInput) as err:
        sess.parse(seat, "drive to tile")
    named = str(err.value).split(": ", 1)[1].split("; ")
    menu = {GAME.describe_choice(st, seat, a) for a in legal}
    assert len(named) >= 2 and set(named) <= menu


def test_a_move_listed_up_to_an_extension_says_its_point_is_still_to_come():
    """FGP 8.2.2 with 8.8: spending an ERS charge to extend can lower the hand
    limit, and the discard that follows is a step of its own, so the move is
    listed up to the extension. Its words must not read as if the extra
    point were already moved (it once read like the same move without it)."""
    from chequered.engine.play import agents_for
    from chequered.games.formulagp.actions import Extend
    cfg = GAME.config(seats=["heuristic"] * 3)
    st = GAME.new(cfg, 0)
    agents = agents_for(GAME, cfg, 0)
    for _ in range(3000):
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        ext = [a for a in legal if type(a) is Route and isinstance(a.path[-1], Extend)]
        if ext:
            break
        GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    else:
        pytest.fail("no move listed up to an extension in this race")
    route = ext[0]
    assert route.cost.endswith("then a discard and 1 more point")
    GAME.apply(st, seat, route)
    assert GAME.to_act(st) == {seat} and GAME.pending_step(st).name == "discard"
    GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    assert GAME.to_act(st) == {seat} and GAME.pending_step(st).name in ("move", "extend")
