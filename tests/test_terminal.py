"""The interactive play loop (chequered.terminal), driven by scripted input.

Runs against Race Pace: one human seat among bots, hot-seat with two humans,
numbers, typed actions, JSON actions, rejected input, help, undo, save and
quit; and the whole loop through `chequered race` with piped stdin."""
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

GAME = "racepace"
runner = CliRunner()


def make_session(seats, seed=7, script=None, record_path=None):
    """A Session whose input comes from `script(session, seat_prompt)`, a
    function returning the next line (or None for end of input)."""
    game = registry.game(GAME)
    config = game.config(seats=seats)
    state = game.new(config, seed)
    out = io.StringIO()
    session = Session(game, config, seed, state, agents_for(game, config, seed),
                      record_path=record_path, out=out,
                      read_line=lambda prompt: script(session, prompt))
    return session, out


def lines_then(lines, then="1"):
    """A script that answers with `lines`, then `then` forever."""
    it = iter(lines)

    def script(session, prompt):
        return next(it, then)
    return script


def human_seat(session) -> int:
    return min(session.game.to_act(session.state))


# ---- playing a whole race ------------------------------------------------------------
def test_play_to_the_end_answering_1():
    session, out = make_session(["human", "bot", "bot"], script=lines_then([]))
    assert session.run() == 0
    text = out.getvalue()
    assert session.game.is_over(session.state)
    assert "The race is over." in text and "Classification" in text
    assert f"{session.label(1)}: " in text          # bots' actions are logged by name
    assert "seat 1" not in text and "seat=" not in text
    # The steps replay to the same final state.
    rec = session.record()
    assert session.game.state_hash(replay(rec)) == session.game.state_hash(session.state)


def test_bot_lines_name_the_action_and_events():
    session, out = make_session(["human", "bot"], script=lines_then([]))
    session.run()
    game = session.game
    bot_steps = [s for s in session.steps if s.seat == 1]
    assert bot_steps
    assert f": {game.describe_action(bot_steps[0].action)}" in out.getvalue()


def test_human_sees_own_view_and_menu():
    seen = {}

    def script(session, prompt):
        if not seen:
            seat = human_seat(session)
            game = session.game
            seen["view"] = game.render_text(game.view(session.state, seat))
            seen["legal"] = [game.describe_action(a)
                             for a in game.legal_actions(session.state, seat)]
            return None
        return None
    session, out = make_session(["human", "bot"], script=script)
    assert session.run() == 0                        # end of input = quit, status 0
    text = out.getvalue()
    assert seen["view"] in text
    for i, d in enumerate(seen["legal"], start=1):
        assert f"{i:>2}. {d}" in text
    assert "quit after 0 actions" in text


# ---- input forms --------------------------------------------------------------------
def test_typed_action_exact_and_prefix():
    chosen = []

    def script(session, prompt):
        game, seat = session.game, human_seat(session)
        legal = game.legal_actions(session.state, seat)
        texts = [game.describe_action(a) for a in legal]
        n = len(session.steps)
        if len(chosen) == 0:
            chosen.append(legal[-1])
            return texts[-1].upper()                  # exact, any case
        if len(chosen) == 1:
            # the shortest prefix that picks exactly one action
            for i, t in enumerate(texts):
                for k in range(1, len(t) + 1):
                    p = t[:k].casefold()
                    if sum(x.casefold().startswith(p) for x in texts) == 1:
                        chosen.append(legal[i])
                        return t[:k]
            chosen.append(legal[0])
            return "1"
        return None
    session, out = make_session(["human", "bot"], script=script)
    session.run()
    mine = [s.action for s in session.steps if s.seat == 0]
    assert mine[:2] == chosen[:2]
    assert "illegal" not in out.getvalue() and "not understood" not in out.getvalue()


def test_json_action():
    def script(session, prompt):
        if session.steps and session.steps[0].seat == 0:
            return None
        game, seat = session.game, human_seat(session)
        action = game.legal_actions(session.state, seat)[1]
        return json.dumps(game.encode_action(action))
    session, out = make_session(["human", "bot"], script=script)
    session.run()
    assert session.steps[0].seat == 0


@pytest.mark.parametrize("line, message", [
    ("no such action at all", "not understood"),
    ("999", "there is no action 999"),
    ("{not json", "not valid JSON"),
    ('{"type": "NoSuchAction"}', "unknown action type"),
    ('{"type": "Select", "button": 99}', "illegal"),
    ("", None),
])
def test_rejected_input_asks_again(line, message):
    answers = [line, "1"]

    def script(session, prompt):
        return answers.pop(0) if answers else None
    session, out = make_session(["human", "bot"], script=script)
    assert session.run() == 0
    text = out.getvalue()
    if message:
        assert message in text
    assert "Traceback" not in text
    assert [s.seat for s in session.steps].count(0) == 1   # "1" was then accepted


def test_illegal_json_action_cites_the_rule():
    answers = ['{"type": "Select", "button": 99}']
    session, out = make_session(["human", "bot"], script=lambda s, p: answers.pop(0) if answers else None)
    session.run()
    line = next(l for l in out.getvalue().splitlines() if l.startswith("illegal"))
    assert "RP" in line                                # the rule is named


def test_help_is_brief_and_help_rules_shows_the_card():
    answers = ["help"]
    session, out = make_session(["human", "bot"], script=lambda s, p: answers.pop(0) if answers else None)
    session.run()
    game = session.game
    fresh = game.new(session.config, 7)
    card = game.help(fresh, min(game.to_act(fresh)))
    text = out.getvalue()
    assert card not in text                      # not the whole card at every `help`
    assert "save FILE" in text and "help rules" in text
    assert game.turn(fresh)["deciding"] in text   # what is being decided now

    answers = ["help rules"]
    session, out = make_session(["human", "bot"], script=lambda s, p: answers.pop(0) if answers else None)
    session.run()
    assert card in out.getvalue()


def test_a_long_menu_is_laid_out_in_columns_within_the_screen():
    from chequered.terminal import SCREEN_COLS, menu_lines
    items = [f"move car {i} with a rather long description of the card" for i in range(90)]
    lines = menu_lines(items, room=30)
    assert len(lines) <= 30
    assert all(len(line) <= SCREEN_COLS for line in lines)
    assert " 90. " in "".join(lines) and "  1. " in lines[0]
    assert menu_lines(items[:5], room=30) == [f"{i + 1:>3}. {t}" for i, t in enumerate(items[:5])]


def test_moves_that_would_read_alike_once_cut_are_grouped_by_where_they_end():
    """Seen in a stock-car race at 120x50: two columns cut "to sector 38
    lane 4 (lead, 5 spaces, 2 lane changes, pushes #6 aside)" and its twin
    without the push to the same words, so two choices looked the same.
    Such a menu groups the moves by where they end; choosing one lists them
    whole. A list whose cut lines all differ is shown as it is."""
    from chequered.engine.routes import Route
    from chequered.terminal_menu import build_menu
    tail = ", 2 lane changes, some more words to be cut, then what differs: "
    texts, actions = [], []
    for i in range(30):
        for ending in ("a push", "no push"):
            texts.append(f"to sector {i} lane 4 (lead, 5 spaces{tail}{ending})")
            actions.append(Route((i, ending), to=(i, 4)))
    menu = build_menu(actions, texts, room=20, width=100)
    assert menu.grouped and len(menu.entries) == 30
    assert menu.entries[0] == ("to sector 0 lane 4 (2 ways)", [0, 1])
    shown = "\n".join(menu.lines(20, 100))
    assert shown.count("(2 ways)") == 30 and "…" not in shown
    distinct = [f"to sector {i} lane 4" for i in range(60)]
    assert not build_menu(list(range(60)), distinct, room=20, width=100).grouped


def test_a_long_log_line_wraps_between_words_under_its_own_indent():
    """A Pro BOT's STRATEGY card is one long event; printed as it was, a
    100-column terminal cut it mid-word ("h" / "ard on 3")."""
    game = registry.game("formulagp")
    config = game.config(seats=["human", "pro", "pro"], rules="advanced")
    out = io.StringIO()
    session = Session(game, config, 21, game.new(config, 21), agents_for(game, config, 21),
                      out=out, read_line=lambda prompt: None)
    session.run()
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 100
    head = next(i for i, line in enumerate(lines) if "draws 1 STRATEGY card" in line)
    assert lines[head + 1].startswith(" " * 6) and not lines[head + 1].startswith(" " * 7)
    card = lines[head].strip() + " " + lines[head + 1].strip()
    assert "STRATEGY card STR05: starts medium on 1/4/5, soft on 2/3, hard on 6" in card


# ---- undo ---------------------------------------------------------------------------
def test_undo_restores_the_state_before_your_action():
    """Undo is allowed while only bots acted since and nothing was revealed."""
    marks = {}

    def script(session, prompt):
        game = session.game
        if "undone" in marks:
            return None
        if not session.steps:
            marks["before"] = game.state_hash(session.state)
            return "1"
        i = max(i for i, s in enumerate(session.steps) if s.seat == 0)
        if any(s.reveals_to(0) for s in session.steps[i:]):
            return "1"                                  # wait for an undoable action
        marks["undone"] = i
        before, _ = session.race.rebuild_to(i)
        marks["before"] = game.state_hash(before)
        return "undo"
    session, out = make_session(["human", "bot", "bot"], script=script)
    session.run()
    assert "undone" in marks, "no undoable action came up"
    assert "undone: " in out.getvalue()
    assert session.game.state_hash(session.state) == marks["before"]
    assert len(session.steps) == marks["undone"]


def test_undo_refused_across_a_reveal_or_with_nothing_to_undo():
    asked = []

    def script(session, prompt):
        if not session.steps and not asked:
            asked.append("first")
            return "undo"                               # nothing to undo yet
        mine = [i for i, s in enumerate(session.steps) if s.seat == 0]
        if mine and any(s.reveals_to(0) for s in session.steps[mine[-1]:]):
            if "reveal" not in asked:
                asked.append("reveal")
                return "undo"
            return None
        return "1"
    session, out = make_session(["human", "bot"], script=script)
    session.run()
    text = out.getvalue()
    assert "cannot undo: you have no action to take back" in text
    assert "reveal" in asked
    assert "cannot undo: something hidden or random was revealed since your last action" \
        in text


def test_undo_refused_after_another_human_acted():
    """Hot-seat: seat 1 acted after seat 0, so seat 0 cannot take back."""
    asked = []

    def script(session, prompt):
        seat = human_seat(session)
        humans_after = [s for s in session.steps if s.by == "human"]
        if seat == 0 and len({s.seat for s in humans_after}) == 2 and not asked:
            last0 = max(i for i, s in enumerate(session.steps) if s.seat == 0)
            if any(s.seat == 1 and s.by == "human" for s in session.steps[last0:]):
                asked.append(1)
                return "undo"
        if asked:
            return None
        return "1"
    session, out = make_session(["human", "human"], script=script)
    session.run()
    text = out.getvalue()
    assert "your turn ===" in text                       # hot-seat announces the seat
    assert asked
    assert "acted after your last action" in text


# ---- save and quit -------------------------------------------------------------------
def test_save_writes_a_record_that_replays_to_the_current_state(tmp_path):
    path = tmp_path / "saved.json"
    saved = {}

    def script(session, prompt):
        if len(session.steps) >= 6 and not saved:
            saved["hash"] = session.game.state_hash(session.state)
            return f"save {path}"
        if saved:
            return None
        return "1"
    session, out = make_session(["human", "bot"], script=script)
    session.run()
    assert f"saved {len(Record.load(path).actions)} actions to {path}" in out.getvalue()
    game = session.game
    assert game.state_hash(replay(Record.load(path))) == saved["hash"]


def test_save_problems_are_reported_not_raised(tmp_path):
    answers = ["save", f"save {tmp_path}/no/such/dir/x.json"]
    session, out = make_session(["human", "bot"], script=lambda s, p: answers.pop(0) if answers else None)
    assert session.run() == 0
    text = out.getvalue()
    assert "save needs a file name" in text and "cannot save to" in text


def test_quit_with_record_writes_the_partial_record(tmp_path):
    path = tmp_path / "q.json"
    answers = ["1", "1", "quit"]
    session, out = make_session(["human", "bot"], record_path=str(path),
                                script=lambda s, p: answers.pop(0) if answers else "quit")
    assert session.run() == 0
    rec = Record.load(path)
    assert rec.result is None and len(rec.actions) == len(session.steps)
    assert session.game.state_hash(replay(rec)) == session.game.state_hash(session.state)


# ---- through the command line -------------------------------------------------------------
def test_cli_interactive_race_to_the_end(tmp_path):
    rec = tmp_path / "h.json"
    script = "\n".join(["2", "bogus input", "help", "undo", f"save {tmp_path}/s.json"]
                       + ["1"] * 3000) + "\n"
    res = runner.invoke(app, ["race", GAME, "--seats", "human,bot,bot", "--seed", "4",
                              "--record", str(rec)], input=script)
    assert res.exit_code == 0, res.output
    assert "Traceback" not in res.output
    assert "The race is over." in res.stdout
    assert "not understood" in res.stdout
    assert (tmp_path / "s.json").exists()
    done = runner.invoke(app, ["replay", str(rec)])
    assert done.exit_code == 0, done.output


def test_cli_quit_and_eof_exit_0(tmp_path):
    res = runner.invoke(app, ["race", GAME, "--seats", "human,bot", "--seed", "4"], input="quit\n")
    assert res.exit_code == 0 and "quit after 0 actions" in res.stdout
    res = runner.invoke(app, ["race", GAME, "--seats", "human,bot", "--seed", "4"], input="1\n")
    assert res.exit_code == 0 and "quit after" in res.stdout


def test_cli_save_refused_from_a_position(tmp_path):
    from chequered.engine.positions import write_position_file
    game = registry.game(GAME)
    state = game.new(game.config(seats=["human", "bot"]), 2)
    pos = tmp_path / "p.json"
    write_position_file(game, state, pos)
    res = runner.invoke(app, ["race", GAME, "--position", str(pos), "--seed", "1"],
                        input=f"save {tmp_path}/x.json\nquit\n")
    assert res.exit_code == 0, res.output
    assert "cannot save: this race started from a position" in res.stdout
    assert not (tmp_path / "x.json").exists()


class _Screen(io.StringIO):
    """Output that says it is a terminal, as a player's screen does."""

    def isatty(self) -> bool:
        return True


def test_a_search_seat_says_it_is_thinking_on_a_screen_only():
    game = registry.game(GAME)
    config = game.config(seats=["human", "mcts:3"])
    seen = {}
    for out in (_Screen(), io.StringIO()):
        answers = iter(["1"] * 4)
        session = Session(game, config, 7, game.new(config, 7), agents_for(game, config, 7),
                          out=out, read_line=lambda prompt: next(answers, "quit"))
        session.run()
        assert any(step.seat == 1 and step.by == "mcts:3" for step in session.steps)
        seen[out.isatty()] = out.getvalue()
    assert f"{session.label(1)} is thinking (mcts:3)..." in seen[True]
    assert "is thinking" not in seen[False]          # a pipe or a file: the log only


@pytest.mark.parametrize("rows", [24, 50])
def test_a_wider_terminal_holds_long_menu_lines_whole(rows):
    """The board is laid out for 100x40; on a wider terminal the menu's
    two columns use the room instead of cutting moves short ("+1 engine wear,
    d…"), and a taller one keeps the menu in one column, every move whole.
    Output that is not a terminal keeps the 100 columns."""
    from chequered.testing.screens import terminal_of

    game = registry.game("stockcar")
    config = game.config(seats=["human"] * 4)
    screens = {}
    with terminal_of(160, rows) as tty:
        for name, out in (("tty", tty), ("file", io.StringIO())):
            session = Session(game, config, 5, game.new(config, 5),
                              agents_for(game, config, 5), out=out,
                              read_line=lambda prompt: None)
            screens[name] = session.screen(min(game.to_act(session.state)))
    def menu(screen):
        return "\n".join(line for line in screen if line[:5].strip().rstrip(".").isdigit())
    assert max(len(line) for line in screens["file"]) <= 100
    assert "+1 engine wear, drift" not in menu(screens["file"])     # cut short at 100 columns
    assert "+1 engine wear, drift" in menu(screens["tty"])
    assert menu(screens["tty"]).count("…") < menu(screens["file"]).count("…")
    if rows == 24:      # 40 lines all the same: two columns, wider
        assert max(len(line) for line in screens["tty"]) > 100
    else:               # room for one column: each move whole
        assert "…" not in menu(screens["tty"]) and len(screens["tty"]) <= rows


@pytest.mark.parametrize("cols, rows, warned", [(80, 24, True), (100, 30, True),
                                                (120, 50, False)])
def test_a_terminal_smaller_than_the_layout_is_told_once(cols, rows, warned):
    """The board and menus are laid out for 100x40: a smaller terminal breaks
    their lines mid-word, so the player is told once, in words that fit."""
    from chequered.testing.screens import terminal_of

    game = registry.game("racepace")
    config = game.config(seats=["human", "bot"])
    with terminal_of(cols, rows) as tty:
        written = []
        tty.write = lambda text: written.append(text) or len(text)
        Session(game, config, 5, game.new(config, 5), agents_for(game, config, 5),
                out=tty, read_line=lambda prompt: None).run()
    lines = "".join(written).splitlines()
    notice = [i for i, line in enumerate(lines) if "the race is drawn for 100 x 40" in line]
    assert bool(notice) == warned
    if warned:
        assert notice == [0] and f"this terminal is {cols} x {rows}" in lines[0]
        assert all(len(line) < cols for line in lines[:2])


def test_hot_seat_with_hidden_hands_clears_the_screen_between_players():
    """Two people at one keyboard, each with a hidden hand (the stock car's
    Race cards): the screen that showed one hand is cleared and the next
    player's waits for Enter, so nobody reads the other's cards. Output that
    is not a screen (a file, a pipe) is not asked."""
    from chequered.testing.screens import terminal_of

    game = registry.game("stockcar")
    config = game.config(seats=["human", "human"])
    prompts = []
    answers = iter(["", "1", "1", "1", "", "1"])

    def read(prompt, timeout=None):
        prompts.append(prompt)
        return next(answers, None)
    with terminal_of(100, 40) as tty:
        written = []
        tty.write = lambda text: written.append(text) or len(text)
        session = Session(game, config, 2, game.new(config, 2), agents_for(game, config, 2),
                          out=tty, read_line=read)
        session.run()
    text = "".join(written)
    passes = [p for p in prompts if p.startswith("Pass the keyboard to ")]
    assert len(passes) >= 2
    assert {p.split(" to ")[1].split(",")[0] for p in passes} == {session.label(0),
                                                                   session.label(1)}
    # each hand-over clears the screen before the next player's hand is drawn
    assert text.count("\033[2J") == len(passes)
    first, second = text.split("\033[2J")[1:3]
    hand = "Your hand ("
    assert hand in first and hand in second
    # the public log of the first player's move is printed again after the
    # clearing, for the next player to read
    moved = [line for line in first.splitlines() if line.startswith("    #")]
    assert moved and moved[-1] in second
    # no prompt on output that is not a screen
    out = io.StringIO()
    plain = iter(["1"] * 6)
    Session(game, config, 2, game.new(config, 2), agents_for(game, config, 2), out=out,
            read_line=lambda prompt, timeout=None: next(plain, None)).run()
    assert "\033[2J" not in out.getvalue() and "Pass the keyboard" not in out.getvalue()
