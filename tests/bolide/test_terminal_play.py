"""A person plays Bolide in the terminal: basic and advanced rules, the sand
timer, and whole races through the command line that replay."""
from __future__ import annotations

import io

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.terminal import TIMEOUT, Session

runner = CliRunner()


def test_sand_timer_expiry_takes_the_pawn_point():
    game = registry.game("bolide")
    config = game.config(seats=["human", "club"], options=["timer"], timer=5)
    state = game.new(config, 2)
    answers = iter(["1", TIMEOUT])
    out = io.StringIO()
    session = Session(game, config, 2, state, agents_for(game, config, 2), out=out,
                      read_line=lambda prompt, timeout=None: next(answers, None))
    session.run()
    text = out.getvalue()
    assert "sand timer: 5 s" in text
    # the timer's event: the car takes its pawn's point (BOLIDE 3)
    assert "time is up!" in text and "Red car is out of time" in text
    assert any(type(a).__name__ == "Expire" for _, a in
               [(st.seat, st.action) for st in session.steps])


@pytest.mark.parametrize("args", [
    ["--seats", "human,club,club", "--track", "ring"],
    ["--seats", "human,expert", "--track", "hairpin", "--rules", "advanced"],
], ids=["basic", "advanced"])
def test_a_person_plays_a_whole_bolide_race(tmp_path, args):
    rec = tmp_path / "r.json"
    # A person who always takes the first option drives badly but legally; the
    # race ends (finish, crash or the turn limit) and the record replays.
    # Typing 1 again confirms a choice that harms their own race.
    res = runner.invoke(app, ["race", "bolide", *args, "--seed", "4", "--record", str(rec)],
                        input="help\n" + "1\n" * 4000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "Traceback" not in res.output
    assert "The race is over." in res.stdout
    assert "BOLIDE 1" in res.stdout
    assert runner.invoke(app, ["replay", str(rec)]).exit_code == 0


@pytest.mark.parametrize("track", ["ring", "twisty", "hairpin"])
def test_bot_race_on_every_circuit_records_and_replays(tmp_path, track):
    rec = tmp_path / f"{track}.json"
    res = runner.invoke(app, ["race", "bolide", "--track", track, "--seats",
                              "expert,club,club,club,club,club", "--seed", "3",
                              "--record", str(rec)])
    assert res.exit_code == 0, res.output[-2000:]
    assert runner.invoke(app, ["replay", str(rec)]).exit_code == 0


def test_menu_says_what_each_move_would_do():
    game = registry.game("bolide")
    config = game.config(seats=["human", "club"], track="ring")
    state = game.new(config, 5)
    car = state.cars[0]
    car.x, car.y, car.vx, car.vy, car.mode, car.start = 54, 4, 4, 0, "run", None
    other = state.cars[1]
    other.x, other.y, other.mode = 57, 4, "run"
    game.machine.wait(state, "move", [0])          # car 0 to move, from there
    lines = [game.describe_choice(state, 0, a) for a in game.legal_actions(state, 0)]
    assert "to 56,4 (speed 2)" in lines
    assert "to 57,4: attack the Blue car" in lines
    assert any(line.endswith("sharp braking to speed 2 (leaves 2)") for line in lines)


def test_a_taller_terminal_shows_more_of_the_board():
    """The board is cropped to fit 100x40 with the menu; in a 70-line
    terminal the whole Ring (42 rows) is shown, and the screen still fits."""
    from chequered.testing.screens import terminal_of

    game = registry.game("bolide")
    config = game.config(seats=["human", "club", "expert"], track="ring")
    screens = {}
    with terminal_of(100, 70) as tty:
        for name, out in (("tty", tty), ("file", io.StringIO())):
            session = Session(game, config, 4, game.new(config, 4),
                              agents_for(game, config, 4), out=out,
                              read_line=lambda prompt: None)
            screens[name] = session.screen(0)

    def board_rows(screen):      # "12 ###,,,...### 12": a row number on both sides
        return [line for line in screen if len(line.split()) == 3
                and line.split()[0].isdigit() and line.split()[0] == line.split()[-1]]
    assert len(board_rows(screens["file"])) < 30 and len(screens["file"]) <= 40
    assert [r.split()[0] for r in board_rows(screens["tty"])] == [str(y) for y in range(42)]
    assert len(screens["tty"]) <= 70


def test_help_at_the_strategy_says_what_its_name_means():
    """BOLIDE 11: the strategies are named by the rulebook's table (6/7+2,
    8+2); `help` at that decision reads the name for the player."""
    game = registry.game("bolide")
    config = game.config(seats=["human", "club"], rules="advanced")
    answers = iter(["help"])
    out = io.StringIO()
    session = Session(game, config, 4, game.new(config, 4), agents_for(game, config, 4),
                      out=out, read_line=lambda prompt: next(answers, None))
    session.run()
    text = " ".join(out.getvalue().split())
    assert "choose your race strategy" in text and "6/7+2 (full fuel, soft, slicks)" in text
    assert "6/7+2 is top speed 6 on lap 1 and 7 on lap 2 with 2 sharp brakings" in text
