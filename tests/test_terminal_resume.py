"""Saving and resuming in the terminal: the offer to save at quit and at the
finish, `chequered race --resume FILE`, and confirming an action that harms
your own race."""
from __future__ import annotations

import io

import pytest

from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.engine.records import Record
from chequered.terminal import Session

runner = CliRunner()
GAME = "racepace"


def scripted(answers, seats=("human", "bot", "bot"), seed=11, **kw):
    game = registry.game(GAME)
    config = game.config(seats=list(seats))
    out = io.StringIO()
    it = iter(answers)
    prompts = []

    def read(prompt, timeout=None):
        prompts.append(prompt)
        answer = next(it, None)
        if answer == "^C":            # the player presses Ctrl-C at this prompt
            raise KeyboardInterrupt
        return answer
    session = Session(game, config, seed, game.new(config, seed), agents_for(game, config, seed),
                      out=out, read_line=read, **kw)
    return session, out, prompts


def test_quit_offers_to_save_and_the_saved_race_resumes_where_it_stopped(tmp_path):
    path = tmp_path / "mine.json"
    session, out, prompts = scripted(["1", "1", "1", "quit", str(path)])
    assert session.run() == 0
    assert any("continue it later" in p for p in prompts)
    assert path.exists() and "chequered race --resume" in out.getvalue()
    saved_hash = session.game.state_hash(session.state)
    n = len(session.steps)

    rec = Record.load(path)
    again, out2, _ = scripted(["quit", "no"], resume=rec)
    assert again.run() == 0
    assert len(again.steps) == n                       # nothing replayed twice or lost
    assert again.game.state_hash(again.state) == saved_hash
    assert f"resumed after {n} actions" in out2.getvalue()


def test_resumed_race_plays_on_like_the_original(tmp_path):
    """The saved race, continued with the same answers, ends in the same
    state as the race played without a stop."""
    path = tmp_path / "r.json"
    first, _, _ = scripted(["1", "1", "quit", str(path)], seed=5)
    first.run()
    rec = Record.load(path)
    answers = ["1"] * 2000
    straight, _, _ = scripted(["1", "1"] + answers, seed=5)
    straight.run()
    resumed, _, _ = scripted(answers, resume=rec)
    resumed.run()
    assert resumed.game.is_over(resumed.state)
    assert resumed.game.state_hash(resumed.state) == straight.game.state_hash(straight.state)


def test_declining_or_end_of_input_saves_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, out, prompts = scripted(["1", "quit", "no"])
    session.run()
    session, out, prompts = scripted(["1"])             # then end of input: nobody to ask
    session.run()
    assert not any("continue it later" in p for p in prompts)
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_saves_the_race_at_once_without_overwriting(tmp_path, monkeypatch):
    """A Ctrl-C asks nothing (it may be a slip of the finger, or the player
    is in a hurry) and loses nothing: the race is saved under a name no
    file has, and resumes where it stopped."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "racepace-11.json").write_text("mine, keep it")

    session, out, prompts = scripted(["1", "1", "^C"])
    assert session.run() == 130
    assert not any("continue it later" in p for p in prompts)      # no question
    assert (tmp_path / "racepace-11.json").read_text() == "mine, keep it"
    saved = tmp_path / "racepace-11-2.json"
    assert saved.exists()
    assert "continue with: chequered race --resume racepace-11-2.json" in out.getvalue()
    again, out2, _ = scripted(["quit", "no"], resume=Record.load(saved))
    again.run()
    assert len(again.steps) == len(session.steps) > 2
    assert again.game.state_hash(again.state) == session.game.state_hash(session.state)


def test_the_finish_offers_to_save_the_record(tmp_path):
    path = tmp_path / "done.json"
    answers = iter(["1"] * 3000)
    game = registry.game(GAME)
    config = game.config(seats=["human", "bot"])
    prompts = []

    def read(prompt, timeout=None):
        prompts.append(prompt)
        return str(path) if "Save the record" in prompt else next(answers, None)
    session = Session(game, config, 3, game.new(config, 3), agents_for(game, config, 3),
                      out=io.StringIO(), read_line=read)
    assert session.run() == 0 and session.race.over
    assert Record.load(path).result is not None


def test_an_action_needing_confirmation_waits_for_yes():
    session, out, prompts = scripted(["1", "nope", "1", "yes"])
    session.game = _Warning(session.game)
    session.run()
    text = out.getvalue()
    assert "Careful: this ends your race" in text and "not done; choose again" in text
    assert [e.by for e in session.steps].count("human") == 1


class _Warning:
    """The game with every action of the human seat needing a yes."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)

    def confirm(self, state, seat, action):
        return "this ends your race"


def test_cli_resume(tmp_path):
    path = tmp_path / "s.json"
    res = runner.invoke(app, ["race", GAME, "--seats", "human,bot", "--seed", "4"],
                        input=f"1\n1\nsave {path}\nquit\nno\n")
    assert res.exit_code == 0, res.stdout
    res = runner.invoke(app, ["race", "--resume", str(path)], input="quit\nno\n")
    assert res.exit_code == 0, res.stdout
    assert "resumed after" in res.stdout
    res = runner.invoke(app, ["race", "bolide", "--resume", str(path)], input="quit\n")
    assert res.exit_code != 0 and "is a racepace race" in res.stdout + (res.stderr or "")
    res = runner.invoke(app, ["race", "--resume", str(path), "--seed", "3"], input="quit\n")
    assert res.exit_code != 0 and "--seed cannot be combined" in res.stdout + (res.stderr or "")
    res = runner.invoke(app, ["race", "--resume", str(tmp_path / "none.json")])
    assert res.exit_code != 0 and "no such file" in res.stdout + (res.stderr or "")


def test_a_menu_number_typed_at_the_save_offer_writes_no_file(tmp_path, monkeypatch):
    """Someone typing 1 on and on (or a script doing it) is not asked for
    ever and leaves no file named 1."""
    monkeypatch.chdir(tmp_path)
    game = registry.game(GAME)
    config = game.config(seats=["human", "bot"])
    out = io.StringIO()
    session = Session(game, config, 3, game.new(config, 3), agents_for(game, config, 3),
                      out=out, read_line=lambda prompt, timeout=None: "1")
    assert session.run() == 0 and session.race.over
    assert list(tmp_path.iterdir()) == []
    assert "looks like a menu number" in out.getvalue()


@pytest.mark.parametrize("answer", ["yes", "y", "YES", ""])
def test_a_yes_at_the_save_offer_saves_to_the_offered_file(tmp_path, monkeypatch, answer):
    """The offer is a question: answering it with yes (or Enter) takes the
    file name it offers, and writes no file named yes."""
    monkeypatch.chdir(tmp_path)
    game = registry.game(GAME)
    config = game.config(seats=["human", "bot"])
    answers = iter(["1", "quit", answer])
    out = io.StringIO()
    session = Session(game, config, 3, game.new(config, 3), agents_for(game, config, 3),
                      out=out, read_line=lambda prompt, timeout=None: next(answers, None))
    session.run()
    assert [f.name for f in tmp_path.iterdir()] == [f"{GAME}-3.json"]


def test_the_same_choice_typed_again_confirms_it():
    session, out, prompts = scripted(["1", "1"])
    session.game = _Warning(session.game)
    session.run()
    assert any("(or 1 again)" in p for p in prompts)
    assert [e.by for e in session.steps].count("human") == 1
