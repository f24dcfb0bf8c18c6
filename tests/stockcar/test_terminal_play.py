"""A person plays the stock-car game in the terminal against bot teams, and
bot races on every track with 2 to 7 teams record and replay through the CLI."""
from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.engine.records import replay
from chequered.terminal import Session

runner = CliRunner()


def driver_script():
    """A person at the keyboard: reads the menu, types what they want.

    They take their rearmost car, play the card with the most MP by typing
    its id, draft when offered, always step forward when they can (typing
    the menu number), pit under yellow, keep their hand; and ask for help
    once."""
    asked = []

    def script(session, prompt):
        game, st = session.game, session.state
        seat = min(game.to_act(st))
        legal = game.legal_actions(st, seat)
        lines = [game.describe_choice(st, seat, a) for a in legal]
        if not asked:
            asked.append(1)
            return "help"
        ph = game.pending_step(st).name
        if ph == "card":
            from chequered.games.stockcar.content import load_content
            C = load_content()
            cards = [a for a in legal if type(a).__name__ == "PlayCard"]
            best = max(cards, key=lambda a: C.card_mp[a.card])
            return f"play {best.card}"                    # typed text, not a number
        if ph == "type":
            return "move " + legal[0].kind                # the printed type
        if ph == "move":
            forward = [i for i, a in enumerate(legal) if a.ahead]
            return str((forward or [0])[0] + 1)
        if ph == "pits":
            return "1" if st.yellow else str(len(legal))  # last = no more pit stops
        if ph == "discard":
            return "keep the rest of the hand"
        return str(len(legal))                            # activate: the last car listed
    return script


def test_a_person_plays_a_whole_race_against_bot_teams():
    game = registry.game("stockcar")
    config = game.config(seats=["human", "bot", "bot", "bot"], track="short", laps=2)
    state = game.new(config, 7)
    out = io.StringIO()
    script = driver_script()
    session = Session(game, config, 7, state, agents_for(game, config, 7), out=out,
                      read_line=lambda prompt: script(session, prompt))
    assert session.run() == 0
    text = out.getvalue()
    assert "The race is over." in text and "Classification" in text
    assert "your hand" in text and "STOCK Action segments" in text     # view and help
    assert "illegal" not in text and "not understood" not in text
    human = [s for s in session.steps if s.seat == 0]
    kinds = {type(s.action).__name__ for s in human}
    assert {"Activate", "PlayCard", "Step", "KeepHand"} <= kinds       # a whole race of turns
    rec = session.record()
    assert game.state_hash(replay(rec)) == game.state_hash(session.state)


def test_a_person_plays_through_the_command_line(tmp_path):
    rec = tmp_path / "r.json"
    res = runner.invoke(app, ["race", "stockcar", "--seats", "human,bot,bot", "--track",
                              "road", "--seed", "4", "--set", "laps=1", "--record", str(rec)],
                        input="help\n" + "1\n" * 6000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "Traceback" not in res.output and "The race is over." in res.stdout
    assert runner.invoke(app, ["replay", str(rec)]).exit_code == 0


@pytest.mark.parametrize("track", ["speedway", "short", "triangle", "road"])
@pytest.mark.parametrize("teams", range(2, 8))
def test_bot_race_records_and_replays(tmp_path, track, teams):
    rec = tmp_path / "r.json"
    seats = ",".join(["bot"] * teams)
    res = runner.invoke(app, ["race", "stockcar", "--track", track, "--seats", seats,
                              "--seed", "11", "--record", str(rec)])
    assert res.exit_code == 0, res.output[-2000:]
    assert "classification" in res.stdout
    out = runner.invoke(app, ["replay", str(rec)])
    assert out.exit_code == 0, out.output
    doc = json.loads(rec.read_text())
    assert doc["game"] == "stockcar" and len(doc["result"]["classification"]) == teams


def test_json_result_and_bad_input():
    res = runner.invoke(app, ["race", "stockcar", "--seats", "bot,bot", "--seed", "1", "--json"])
    assert res.exit_code == 0
    doc = json.loads(res.stdout)
    assert sorted(doc["classification"]) == [0, 1]
    bad = runner.invoke(app, ["race", "stockcar", "--track", "monza", "--seats", "bot,bot"])
    assert bad.exit_code == 2 and "unknown track" in bad.output
