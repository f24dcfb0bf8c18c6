"""FormulaGP the way players use it: `chequered race` and `replay` on every
track, and a whole Standard race played by a person in the terminal against
five heuristic bots (scripted input), with undo, help and a saved record."""
from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.engine.records import Record, replay
from chequered.terminal import Session

runner = CliRunner()
SIX = "heuristic,heuristic,heuristic,heuristic,heuristic,heuristic"


@pytest.mark.parametrize("track", ["fast", "twisty", "street"])
def test_race_on_each_track_records_and_replays(track, tmp_path):
    rec = tmp_path / f"r-{track}.json"
    res = runner.invoke(app, ["race", "formulagp", "--track", track, "--rules", "standard",
                              "--seats", SIX, "--seed", "5", "--record", str(rec)])
    assert res.exit_code == 0, res.output
    assert "classification" in res.stdout.lower()
    doc = json.loads(rec.read_text())
    assert doc["game"] == "formulagp" and len(doc["actions"]) > 200
    res = runner.invoke(app, ["replay", str(rec)])
    assert res.exit_code == 0, res.output


def test_race_json_and_games_listing():
    res = runner.invoke(app, ["games", "--json"])
    fgp = next(d for d in json.loads(res.stdout) if d["name"] == "formulagp")
    assert fgp["tracks"] == ["fast", "street", "twisty"] and "heuristic" in fgp["bots"]
    res = runner.invoke(app, ["race", "formulagp", "--seats", "heuristic,random,heuristic",
                              "--seed", "4", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert sorted(doc["classification"]) == [0, 1, 2]


def test_unknown_track_is_one_clear_line():
    res = runner.invoke(app, ["race", "formulagp", "--track", "monza", "--seats", "heuristic"])
    assert res.exit_code == 2
    assert "monza" in res.output and "Traceback" not in res.output


def _session(script, seed=3, track="street"):
    game = registry.game("formulagp")
    config = game.config(track=track, seats=["human"] + ["heuristic"] * 5)
    state = game.new(config, seed)
    out = io.StringIO()
    session = Session(game, config, seed, state, agents_for(game, config, seed), out=out,
                      read_line=lambda prompt: script(session, prompt))
    return session, out


def test_a_person_plays_a_whole_race_in_the_terminal(tmp_path):
    """The human answers with the first choice, but asks for help once, tries
    an illegal action once and undoes a move once."""
    said = {"help": False, "bad": False, "undo": 0}

    def script(session, prompt):
        st = session.state
        if st.turn.pending and st.turn.pending.step == "move" and not said["help"]:
            said["help"] = True
            return "help"
        if st.turn.pending and st.turn.pending.step == "move" and not said["bad"]:
            said["bad"] = True
            return '{"type": "Step", "to": 9999}'
        if st.turn.pending and st.turn.pending.step == "extend" and said["undo"] == 0:
            said["undo"] = 1
            return "undo"
        return "1"
    session, out = _session(script)
    assert session.run() == 0
    text = out.getvalue()
    game, st = session.game, session.state
    assert game.is_over(st)
    assert "The race is over." in text and "Classification" in text
    assert "FGP 8.3" in text                          # the help and the rejection cite rules
    assert said["help"] and said["bad"]
    rec = session.record()
    assert game.state_hash(replay(rec)) == game.state_hash(st)
    path = tmp_path / "human.json"
    rec.save(path)
    assert game.state_hash(replay(Record.load(path))) == game.state_hash(st)


def test_the_terminal_shows_the_players_board_and_hand_only():
    seen = []

    def script(session, prompt):
        if not seen:
            seen.append(session.out.getvalue())
        return "quit"
    session, out = _session(script)
    session.run()
    first = seen[0]
    me = session.state.cars[0]
    assert "HAND" in first and "SPEED G/R/B" in first
    for c in me.hand:
        assert c in first
    others = {c for car in session.state.cars[1:] for c in car.hand} - set(me.hand)
    hand_block = first.split("HAND", 1)[1]
    assert not any(f" {c} " in hand_block for c in others)
