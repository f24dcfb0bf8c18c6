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

    The moves are offered whole (rules/routes.py). They take the last car
    listed with the card with the most MP, by typing the start of the line
    ("#12 plays R05"), draft when offered, always go as far
    forward as they can (typing the menu number), pit under yellow, keep
    their hand; and ask for help once."""
    asked = []

    def forward(a) -> int:
        path = a.path if type(a).__name__ == "Route" else (a,)
        return sum(getattr(x, "ahead", 0) for x in path)

    def script(session, prompt):
        if "File name" in prompt:                         # the offer to save at the finish
            return "no"
        from chequered.games.stockcar.content import load_content
        C = load_content()
        game, st = session.game, session.state
        seat = min(game.to_act(st))
        legal = game.legal_actions(st, seat)
        if not asked:
            asked.append(1)
            return "help"
        ph = game.pending_step(st).name
        if ph == "car":
            plays = [a for a in legal if type(a).__name__ == "Route"
                     and type(a.path[-1]).__name__ == "PlayCard"]
            if not plays:
                return str(len(legal))                    # only passes: the last listed
            number = plays[-1].path[0].car
            best = max((a for a in plays if a.path[0].car == number),
                       key=lambda a: C.card_mp[a.path[-1].card])
            return f"#{number} plays {best.path[-1].card}"   # typed text
        if ph == "card":
            cards = [a for a in legal if type(a).__name__ == "PlayCard"]
            best = max(cards, key=lambda a: C.card_mp[a.card])
            return f"play {best.card}"                    # typed text, not a number
        if ph == "type":
            printed = legal[0].path[0].kind if type(legal[0]).__name__ == "Route" \
                else legal[0].kind                        # the printed type comes first
            mine = [i for i, a in enumerate(legal)
                    if (a.path[0] if type(a).__name__ == "Route" else a).kind == printed]
            return str(max(mine, key=lambda i: forward(legal[i])) + 1)
        if ph == "move":
            return str(max(range(len(legal)), key=lambda i: forward(legal[i])) + 1)
        if ph == "pits":
            return "1" if st.yellow else str(len(legal))  # last = no more pit stops
        if ph == "discard":
            return "keep the rest of the hand"
        return str(len(legal))
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
    kinds = {type(a).__name__ for s in human
             for a in (s.action.path if type(s.action).__name__ == "Route" else (s.action,))}
    assert "Route" in {type(s.action).__name__ for s in human}          # whole moves
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


def test_retiring_a_car_in_the_terminal_waits_for_a_yes():
    """Issue 15: "Retire the car" asked for no confirmation. The terminal
    shows the game's warning (guide.confirm) and retires only after a yes."""
    game = registry.game("stockcar")
    config = game.config(seats=["human", "bot"], track="short", laps=1)
    answers = ["#43 retires", "no", "#43 retires", "yes"]
    out = io.StringIO()

    def person(prompt):
        if "File name" in prompt:
            return "no"
        return answers.pop(0) if answers else "1"

    session = Session(game, config, 3, game.new(config, 3), agents_for(game, config, 3),
                      out=out, read_line=person)
    assert session.run() == 0
    text = out.getvalue()
    # (the engine hands the game the route's last step, Retire, so the
    # warning cannot name the car yet: "Retire this car?")
    assert text.count("Careful: Retire ") == 2 and "not done; choose again" in text
    assert "takes the worst Position marker still free" in text
    retired = [e for e in session.steps if e.seat == 0 and type(e.action).__name__ == "Route"
               and type(e.action.path[-1]).__name__ == "Retire"]
    assert len(retired) == 1
    assert next(c for c in session.state.cars if c.number == 43).status == "retired"


def test_the_ways_to_one_space_are_listed_within_100_columns():
    """Choosing "to sector 38 lane 4 (3 ways)" listed moves of 110 columns,
    cut by the terminal mid-word ("#" / "42 to sector 38"): they wrap."""
    import io

    from chequered.engine.play import agents_for
    from chequered.games.stockcar import GAME
    from chequered.terminal import Session
    config = GAME.config(seats=["human", "bot", "bot"])
    answers = iter(["34", "2", ""])
    out = io.StringIO()
    Session(GAME, config, 5, GAME.new(config, 5), agents_for(GAME, config, 5), out=out,
            read_line=lambda prompt, timeout=None: next(answers, None)).run()
    text = out.getvalue()
    assert "to sector 38 lane 4 (3 ways):" in text
    assert max(len(line) for line in text.splitlines()) <= 100
