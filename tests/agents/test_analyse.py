"""`chequered analyse`: a seat's decisions rated by the search bot."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from chequered.agents.search_kind import Budget
from chequered.analyse import analyse
from chequered.analyse_bolide import line_against_solver
from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for, play
from chequered.engine.records import record_of


def recorded(name: str, seats: list[str], seed: int, fine: bool = False):
    game = registry.game(name)
    config = game.config(seats=seats)
    p = play(game, config, seed, agents=agents_for(game, config, seed, fine=fine))
    return game, config, p, record_of(game, config, seed, p.actions, p.state)


def test_every_real_decision_of_the_seat_is_rated():
    game, config, played, rec = recorded("racepace", ["random", "bot", "bot", "bot"], 5)
    # the decisions seat 0 really had: more than one legal choice
    state, expected = game.new(config, 5), []
    for seat, action in played.actions:
        if seat == 0 and len(game.legal_actions(state, 0)) > 1:
            expected.append(game.describe_choice(state, 0, action))
        game.apply(state, seat, action)
    doc = analyse(rec, 0, Budget(6))
    json.dumps(doc)                                            # JSON-ready, for the web page
    assert [d["played"] for d in doc["decisions"]] == expected
    for d in doc["decisions"]:
        assert d["value"] is not None and d["best_value"] >= d["value"]   # the best is the best
        assert d["loss"] == pytest.approx(d["best_value"] - d["value"], abs=2e-3)
        assert d["iterations"] >= 2 * (d["choices"] + 1)       # every choice tried
    losses = [m["loss"] for m in doc["mistakes"]]
    assert losses == sorted(losses, reverse=True) and len(losses) <= 5 and all(losses)
    # a mistake is a loss beyond the noise of the paired comparison
    assert all(m["sure"] and m["loss"] > 1.96 * m["loss_se"] for m in doc["mistakes"])
    for d in doc["decisions"]:
        # another move preferred: it was played against the seat's side by side
        assert d["pairs"] in (0, 8) if d["best"] == d["played"] else d["pairs"] == 8
    assert doc["name"] == game.seat_names(state)[0]


def test_the_same_review_under_the_same_seed():
    *_, rec = recorded("racepace", ["random", "bot", "bot"], 8)
    assert analyse(rec, 0, Budget(4), seed=3) == analyse(rec, 0, Budget(4), seed=3)


def test_bolide_laps_against_the_exact_line():
    game, config, played, rec = recorded("bolide", ["club", "club", "club"], 3)
    line = line_against_solver(game, config, 3, played.actions, 1)
    assert line["available"] and len(line["laps"]) == 2
    assert all(lap["complete"] for lap in line["laps"])
    assert sum(lap["turns"] for lap in line["laps"]) == line["turns"]
    assert [lap["lost"] for lap in line["laps"]] == [
        lap["turns"] - lap["solver_turns"] for lap in line["laps"]]
    assert line["solver_turns"] == sum(lap["solver_turns"] for lap in line["laps"])
    # a record stopped mid-race compares only the laps the car finished
    part = line_against_solver(game, config, 3, played.actions[:40], 1)
    assert [lap["lost"] for lap in part["laps"]] == [None, None]
    # the line drawn: where the car stood as each of its turns began, then
    # where it finished, from its grid slot; one bold segment a move
    car_line = line["car_line"]
    assert len(car_line) == line["turns"] + 1
    start = game.new(config, 3).cars[1]
    assert car_line[0] == [start.x, start.y]
    assert car_line[-1] == [played.state.cars[1].x, played.state.cars[1].y]
    svg = line["svg"]
    assert svg.startswith("<svg") and svg.count("<title>the car, turn ") == len(car_line) - 1
    assert f"the car: {line['turns']} turns (lap 1 {line['laps'][0]['lost']:+d}" in svg
    assert svg.count("<line") >= len(car_line) - 1 + exact_turns(config.track)
    assert len(part["car_line"]) < len(car_line)


def exact_turns(track: str) -> int:
    from chequered.games.bolide.solver import solve_track
    return solve_track(track).turns


def test_cli_draws_a_bolide_line_and_says_why_not_for_other_games(tmp_path):
    *_, rec = recorded("bolide", ["club", "club"], 5)
    path, out = tmp_path / "bolide.json", tmp_path / "line.svg"
    rec.save(path)
    res = CliRunner().invoke(app, ["analyse", str(path), "--seat", "2", "--budget", "2",
                                   "--quiet", "--svg", str(out)])
    assert res.exit_code == 0, res.output
    assert f"against the exact line: {out}" in res.output.replace("\n", "")
    assert out.read_text().startswith("<svg") and "against the exact line" in out.read_text()
    *_, rp = recorded("racepace", ["random", "bot", "bot"], 9)
    rp.save(path)
    res = CliRunner().invoke(app, ["analyse", str(path), "--budget", "2", "--svg", str(out)])
    assert res.exit_code == 2 and "not of a Bolide race" in res.output
    rec.save(path)                   # the Bolide race again: a folder that is not there
    res = CliRunner().invoke(app, ["analyse", str(path), "--svg", str(tmp_path / "no" / "x.svg")])
    assert res.exit_code == 2 and "there is no folder" in res.output


def test_cli_json_and_bad_budget(tmp_path):
    *_, rec = recorded("racepace", ["random", "bot", "bot"], 9)
    path = tmp_path / "race.json"
    rec.save(path)
    res = CliRunner().invoke(app, ["analyse", str(path), "--seat", "1", "--budget", "3", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["seat"] == 0 and doc["decisions"]
    res = CliRunner().invoke(app, ["analyse", str(path), "--budget", "3x"])
    assert res.exit_code == 2
    res = CliRunner().invoke(app, ["analyse", str(path), "--seat", "9", "--budget", "3"])
    assert res.exit_code == 2


def test_a_forced_first_point_then_the_rest_of_the_move_is_one_decision():
    # FormulaGP seed 3: the engine applies a move's first point unasked when
    # it is the only fine step (every route starts with it), and the bot's
    # route for the rest follows. The review rates the route from the state
    # after the forced point; before the fix the two were glued into one
    # Route holding a Route, illegal in every world the search played.
    from chequered.analyse import _decisions
    from chequered.engine.routes import Route
    game, config, played, _ = recorded("formulagp", ["heuristic"] * 4, 3)
    state = game.new(config, 3)
    forced_points = 0
    for seat, action in played.actions:
        if game.forced(state) == (seat, action) and game.pending_step(state).route is not None:
            forced_points += 1
        game.apply(state, seat, action)
    assert forced_points > 0                       # the race has the case
    for seat in range(4):
        for _, action, st in _decisions(game, game.new(config, 3), list(played.actions), seat):
            if type(action) is Route:
                assert not any(type(a) is Route for a in action.path)
            game.apply(game.clone(st), seat, action)       # legal where it was played


def _stockcar_record_retiring_at_first_choice(seed: int):
    """A stock-car race up to seat 0's first choice, at which it retires a
    car that has not raced yet (STOCK Action segments: a legal choice)."""
    game = registry.game("stockcar")
    config = game.config(seats=["human", "bot", "bot", "bot"])
    state, actions = game.new(config, seed), []
    while True:
        forced = game.forced(state)
        if forced is not None:
            seat, action = forced
        else:
            seat = min(game.to_act(state))
            if seat == 0:
                action = next(a for a in game.legal_actions(state, 0)
                              if "retires" in game.describe_choice(state, 0, a))
                game.apply(state, 0, action)
                actions.append((0, action))
                return game, record_of(game, config, seed, actions, state)
            action = game.make_agent("bot", seat, seed).choose(game, state, seat)
        game.apply(state, seat, action)
        actions.append((seat, action))


def test_throwing_a_fresh_car_away_is_a_sure_mistake():
    game, rec = _stockcar_record_retiring_at_first_choice(4)
    doc = analyse(rec, 0, Budget(80))
    [d] = doc["decisions"]
    assert "retires" in d["played"] and "plays" in d["best"]
    assert d["pairs"] == 13                      # a third of the budget, two rollouts a pair
    assert d["loss"] == pytest.approx(d["best_value"] - d["value"], abs=2e-3)
    assert d["sure"] and d["loss"] > 1.96 * d["loss_se"] > 0
    assert doc["mistakes"] == [d]


def test_a_pair_plays_both_moves_in_the_same_world_with_the_same_bots():
    # the same move twice in a pair must score the same: the world, its dice
    # and the bots' seeds are shared, so luck cancels out of the difference
    from chequered.agents.mcts import Search
    from chequered.engine.rng import Rng
    game, rec = _stockcar_record_retiring_at_first_choice(4)
    config = game.config(**rec.config)
    state = game.new(config, rec.seed)
    actions = [(s, game.decode_action(a)) for s, a in rec.actions]
    for seat, action in actions[:-1]:
        game.apply(state, seat, action)
    search = Search(game, 0, Budget(10))
    move = game.legal_actions(state, 0)[0]
    pairs = search.paired(state, Rng(1), move, move, pairs=12)
    assert len(pairs) == 12 and all(a == b for a, b in pairs)
    assert len({a for a, _ in pairs}) > 1        # and the worlds differ from pair to pair


def test_a_season_is_compared_on_its_first_race_as_that_race_alone():
    # the championship's first race on `ring` is the single race of the same
    # seed: its laps and line compare alike, though the record plays on into
    # the next circuit (before the fix its laps never counted as finished)
    game, config, played, _ = recorded("bolide", ["club", "club", "club"], 3)
    season = game.config(seats=["club"] * 3, options=["championship"], track="ring,hairpin")
    whole = play(game, season, 3, agents=agents_for(game, season, 3))
    assert whole.state.race_index == 1                   # it went on to `hairpin`
    for seat in range(3):
        alone = line_against_solver(game, config, 3, played.actions, seat)
        first = line_against_solver(game, season, 3, whole.actions, seat)
        assert all(lap["complete"] for lap in first["laps"])
        for key in ("laps", "turns", "car_line"):
            assert first[key] == alone[key], (seat, key)
