"""The command line: every command, machine-readable output, and bad input
(one stderr line, exit status 2, never a traceback). Runs against Race Pace."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine import registry
from chequered.engine.positions import write_position_file
from chequered.engine.records import Record

GAME = "racepace"
BOTS = "bot,bot,bot,bot,bot,bot"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def assert_bad_input(res, *words: str) -> str:
    """Exit 2 with exactly one stderr line starting 'error:' and no traceback."""
    assert res.exit_code == 2, (res.exit_code, res.output)
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("error: "), lines[0]
    for w in words:
        assert w.lower() in lines[0].lower(), (w, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def bot_record(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "r.json"
    res = run("race", GAME, "--seats", BOTS, "--seed", "7", "--record", str(path))
    assert res.exit_code == 0, res.output
    return path


# ---- games ---------------------------------------------------------------------
def test_games_table():
    res = run("games")
    assert res.exit_code == 0, res.output
    game = registry.game(GAME)
    assert GAME in res.stdout and game.title in res.stdout


def test_games_table_fits_an_80_column_terminal_with_every_name_whole(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    res = run("games")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    cells = {c.strip() for line in lines for c in line.split("│")}
    for doc in json.loads(run("games", "--json").stdout):
        for name in doc["tracks"] + doc["options"] + doc["bots"]:
            assert name in cells, (doc["name"], name)   # on a line of its own, not cut


def test_games_json():
    res = run("games", "--json")
    assert res.exit_code == 0, res.output
    docs = json.loads(res.stdout)
    assert isinstance(docs, list) and docs
    by_name = {d["name"]: d for d in docs}
    doc = by_name[GAME]
    assert set(doc) == {"name", "title", "tracks", "rules", "bots", "options", "notes",
                        "track_names"}
    assert "bot" in doc["bots"] and "random" in doc["bots"] and "human" not in doc["bots"]
    assert doc["tracks"] and doc["rules"]


def test_every_seat_kind_option_and_rule_level_says_what_it_is(monkeypatch):
    """`chequered games GAME` explains each choice: a player cannot guess
    what `expert_82` or `bot_late_pit_soft_medium` does from its name."""
    for game in registry.games():
        notes = game.notes()
        for name in [*game.seat_kinds(), *game.options(), *game.rule_levels()]:
            assert len(notes.get(name, "")) > 10, (game.name, name)
        # a seat kind, an option and a rule level never share a name (one note each)
        names = [*game.seat_kinds(), *game.options(), *game.rule_levels()]
        assert len(names) == len(set(names)), game.name
    monkeypatch.setenv("COLUMNS", "160")          # each note on one line
    res = run("games", "bolide")
    assert res.exit_code == 0, res.output
    text = res.stdout
    assert "8+2 strategy (half fuel, soft tyres)" in text and "sand timer" in text
    doc = json.loads(run("games", "formulagp", "--json").stdout)
    assert "Pro BOT" in doc["notes"]["pro"] and "FGP 15.2" in doc["notes"]["street_circuit"]
    assert "search bot" in doc["notes"]["mcts"]
    res = run("games", "monopoly")
    assert res.exit_code != 0 and "unknown game 'monopoly'" in res.output


def test_every_track_has_a_name_a_player_can_read(monkeypatch):
    """`--track fast` or `road` says little: each track has its name (and
    length where the game fixes it) beside its key."""
    for game in registry.games():
        names = game.track_names()
        assert list(names) == game.tracks(), game.name
        for key, name in names.items():
            assert name != key and len(name) > 5, (game.name, key, name)
    monkeypatch.setenv("COLUMNS", "160")
    text = run("games", "stockcar").stdout
    assert "Short track, 6 laps of 24 sectors" in text
    assert "Harbour street circuit (walls)" in run("games", "formulagp").stdout
    doc = json.loads(run("games", "racepace", "--json").stdout)
    assert doc["track_names"]["monaco"] == "Monaco, 78 laps"


@pytest.mark.parametrize("args, words", [
    (["racepace", "--seats", "bot"], "error: seats: at least 2 needed, 1 given"),
    (["racepace", "--seats", ",".join(["bot"] * 9)], "error: seats: at most 8 allowed, 9 given"),
    (["racepace", "--seats", "bot,bot", "--rules", "hard"],
     "error: rules: 'hard' should be 'standard' or 'academy'"),
    (["racepace", "--seats", "bot,bot", "--opt", "nitro"],
     "error: options: 'nitro' should be 'team' or 'campaign'"),
    (["racepace", "--seats", "bot,bot", "--set", "nonsense=1"],
     "error: nonsense: not a setting of this game (its settings: seats, track, rules"),
    (["formulagp", "--seats", "human,pro", "--opt", "street_defence_2"],
     "error: street_defence_2 raises the street_circuit bonus (FGP 15.2): add street_circuit"),
    (["bolide", "--seats", "human,club", "--track", "nowhere"],
     "error: unknown Bolide circuit 'nowhere'"),
])
def test_a_race_that_cannot_start_says_why_in_players_words_and_gives_no_seed(args, words):
    """Pydantic's wording ("Value error, ", "List should have at least 2
    items after validation") stays out of the message, and a race that never
    started prints no seed to replay it with."""
    res = run("race", *args)
    line = assert_bad_input(res)
    assert line.startswith(words), line
    assert "seed" not in res.stdout


# ---- race without humans -------------------------------------------------------------
def test_race_bots_prints_classification():
    res = run("race", GAME, "--seats", BOTS, "--seed", "7")
    assert res.exit_code == 0, res.output
    assert "classification" in res.stdout.lower()
    assert "seed 7" in res.stdout


def test_race_random_seed_is_printed():
    res = run("race", GAME, "--seats", "random,bot")
    assert res.exit_code == 0, res.output
    first = res.stdout.splitlines()[0]
    assert first.startswith("seed ") and "--seed" in first


def test_race_json_parses_and_is_reproducible():
    a = run("race", GAME, "--seats", "bot,random,bot", "--seed", "11", "--json")
    b = run("race", GAME, "--seats", "bot,random,bot", "--seed", "11", "--json")
    assert a.exit_code == 0, a.output
    doc = json.loads(a.stdout)
    assert doc["seed"] == 11
    assert sorted(doc["classification"]) == [0, 1, 2]
    assert set(doc) >= {"classification", "points", "laps", "names", "notes"}
    assert json.loads(b.stdout) == doc


def test_race_json_without_seed_still_parses():
    res = run("race", GAME, "--seats", "bot,bot", "--json")
    assert res.exit_code == 0, res.output
    assert isinstance(json.loads(res.stdout)["seed"], int)


def test_race_track_rules_and_options():
    game = registry.game(GAME)
    track = game.tracks()[-1]
    rules = game.rule_levels()[-1]
    res = run("race", GAME, "--seats", "bot,bot,bot,bot", "--seed", "3", "--track", track,
              "--rules", rules, "--opt", "team", "--json")
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.stdout)["classification"]) == 4


def test_race_verbose_logs_actions():
    res = run("race", GAME, "--seats", "bot,bot", "--seed", "5", "--verbose")
    assert res.exit_code == 0, res.output
    # every decision logged, players named, each event citing its rule
    assert "(RP Setup K)" in res.stdout and "takes the" in res.stdout
    assert "seat 0" not in res.stdout and "seat=" not in res.stdout


# ---- records and replay ---------------------------------------------------------------
def test_record_and_replay(bot_record):
    doc = json.loads(bot_record.read_text())
    assert doc["format"] == "chequered-record/1" and doc["game"] == GAME
    assert doc["seed"] == 7 and doc["final_hash"] and doc["result"]
    res = run("replay", str(bot_record))
    assert res.exit_code == 0, res.output
    assert doc["final_hash"] in res.stdout
    assert f"actions     {len(doc['actions'])}" in res.stdout
    assert "classification" in res.stdout.lower()


def test_replay_json(bot_record):
    res = run("replay", str(bot_record), "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    rec = json.loads(bot_record.read_text())
    assert doc["final_hash"] == rec["final_hash"] and doc["finished"]
    assert doc["result"]["classification"] == rec["result"]["classification"]


def _tampered(bot_record: Path, tmp_path: Path, step: int, action: dict) -> Path:
    doc = json.loads(bot_record.read_text())
    doc["actions"][step - 1][1] = action
    out = tmp_path / "bad.json"
    out.write_text(json.dumps(doc))
    return out


def test_replay_with_an_illegal_action_names_the_step(bot_record, tmp_path):
    doc = json.loads(bot_record.read_text())
    step = len(doc["actions"]) // 2
    bad = _tampered(bot_record, tmp_path, step, {"type": "Select", "button": 99})
    res = run("replay", str(bad))
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"replay failed: step {step}:"), res.stderr


def test_replay_with_a_changed_legal_action_fails(tmp_path):
    """Swap one action for another legal one: replay fails (at a later step
    or on the final hash), exit 1."""
    record = tmp_path / "random.json"
    res = run("race", GAME, "--seats", "random,random,random", "--seed", "9",
              "--record", str(record))
    assert res.exit_code == 0, res.output
    game = registry.game(GAME)
    rec = Record.load(record)
    state = game.new(game.config(**rec.config), rec.seed)
    target = len(rec.actions) // 2
    for i, (seat, a) in enumerate(rec.actions, start=1):
        if i == target:
            legal = [game.encode_action(x) for x in game.legal_actions(state, seat)]
            others = [x for x in legal if x != a]
            if others:
                break
            target += 1
        game.apply(state, seat, game.decode_action(a))
    else:
        pytest.skip("no decision with a choice")
    bad = _tampered(record, tmp_path, target, others[0])
    res = run("replay", str(bad))
    assert res.exit_code == 1, res.output
    assert res.stderr.startswith("replay failed: ") and "Traceback" not in res.output


def test_replay_wrong_seat_names_the_step(bot_record, tmp_path):
    doc = json.loads(bot_record.read_text())
    seat, action = doc["actions"][0]
    doc["actions"][0] = [seat + 1, action]
    bad = tmp_path / "seat.json"
    bad.write_text(json.dumps(doc))
    res = run("replay", str(bad))
    assert res.exit_code == 1
    assert res.stderr.startswith("replay failed: step 1:"), res.stderr


def test_replay_of_an_unfinished_record(tmp_path):
    game = registry.game(GAME)
    config = game.config(seats=["bot", "bot"])
    state = game.new(config, 3)
    from chequered.engine.play import agents_for
    from chequered.engine.records import record_of
    agents = agents_for(game, config, 3)
    actions = []
    for _ in range(5):
        seat = min(game.to_act(state))
        a = agents[seat].choose(game, state, seat)
        game.apply(state, seat, a)
        actions.append((seat, a))
    path = tmp_path / "part.json"
    record_of(game, config, 3, actions, state).save(path)
    res = run("replay", str(path))
    assert res.exit_code == 0, res.output
    assert "not finished" in res.stdout


# ---- bench -------------------------------------------------------------------------
def test_bench_json(tmp_path):
    out = tmp_path / "bench.json"
    res = run("bench", GAME, "--races", "2", "--repeats", "2", "--json", "--out", str(out))
    assert res.exit_code == 0, res.output
    docs = json.loads(res.stdout)
    assert len(docs) == 1
    d = docs[0]
    assert d["game"] == GAME and d["races"] == 2 and d["repeats"] == 2
    assert d["seats"] == registry.game(GAME).bench_seats
    for key in ("races_per_s", "decisions_per_s", "median_race_ms", "clones_per_s"):
        assert d[key] > 0
    assert set(d["machine"]) >= {"python", "platform", "cpu_count"}
    assert json.loads(out.read_text()) == docs


def test_bench_table_with_seats(tmp_path):
    res = run("bench", GAME, "--races", "1", "--repeats", "1", "--seats", "random,random")
    assert res.exit_code == 0, res.output
    assert "Races/s" in res.stdout and "random×2" in res.stdout
    assert not list(tmp_path.iterdir())


def test_bench_module_is_importable():
    from chequered import bench
    doc = bench.bench_game(registry.game(GAME), seats="bot,bot", races=1, repeats=1)
    assert doc["races"] == 1 and doc["decisions_per_s"] > 0


# ---- positions ----------------------------------------------------------------------
@pytest.fixture
def position_file(tmp_path) -> Path:
    game = registry.game(GAME)
    config = game.config(seats=["bot", "bot", "bot"])
    from chequered.engine.play import agents_for
    state = game.new(config, 5)
    agents = agents_for(game, config, 5)
    for _ in range(12):
        seat = min(game.to_act(state))
        game.apply(state, seat, agents[seat].choose(game, state, seat))
    path = tmp_path / "pos.json"
    write_position_file(game, state, path)
    return path


def test_race_from_position(position_file):
    res = run("race", GAME, "--position", str(position_file), "--seed", "1", "--json")
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.stdout)["classification"]) == 3


def test_race_from_position_with_other_controllers(position_file):
    res = run("race", GAME, "--position", str(position_file), "--seats", "random,bot,bot",
              "--seed", "1")
    assert res.exit_code == 0, res.output


def test_race_from_position_cannot_record(position_file, tmp_path):
    res = run("race", GAME, "--position", str(position_file), "--record",
              str(tmp_path / "r.json"))
    assert_bad_input(res, "--record", "position")
    assert not (tmp_path / "r.json").exists()


# ---- bad input: one line, exit 2 ---------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (("race", "nosuchgame"), ("unknown game",)),
    (("race", GAME, "--seats", "bot,nosuchkind"), ("nosuchkind",)),
    (("race", GAME, "--seats", "bot,,bot"), ("--seats",)),
    (("race", GAME, "--seats", "bot", "--seed", "1"), ("seats",)),
    (("race", GAME, "--seats", "bot,bot", "--track", "nosuchtrack"), ("nosuchtrack",)),
    (("race", GAME, "--seats", "bot,bot", "--rules", "nosuchrules"), ("rules",)),
    (("race", GAME, "--seats", "bot,bot", "--opt", "nosuchoption"), ("options",)),
    (("race", GAME, "--seats", "bot,bot", "--content", "/nonexistent/dir"), ("/nonexistent/dir",)),
    (("race", GAME, "--position", "/nonexistent/pos.json"), ("no such file",)),
    (("race", GAME, "--seats", "bot,bot", "--record", "/nonexistent/dir/r.json", "--seed", "1"),
     ("/nonexistent/dir/r.json",)),
    (("race", GAME, "--seats", "bot,bot", "--record", "/tmp"), ("directory",)),
    (("race", GAME, "--seats", "human,bot", "--json"), ("--json",)),
    (("replay", "/nonexistent/record.json"), ("no such file",)),
    (("bench", "nosuchgame"), ("unknown game",)),
    (("bench", GAME, "--seats", "human,bot"), ("human",)),
    (("bench", GAME, "--seats", "bot,nosuchkind", "--races", "1"), ("nosuchkind",)),
    (("bench", GAME, "--repeats", "0"), ("repeats",)),
])
def test_bad_input(args, words):
    assert_bad_input(run(*args), *words)


@pytest.mark.parametrize("content", [
    "not json at all",
    "[1, 2, 3]",
    '{"format": "something-else"}',
    '{"format": "chequered-record/1", "game": "racepace"}',
    '{"format": "chequered-record/1", "game": "nosuchgame", "config": {}, "seed": 1, "actions": []}',
    '{"format": "chequered-record/1", "game": "racepace", "config": {"seats": ["bot", "zzz"]},'
    ' "seed": 1, "actions": []}',
    '{"format": "chequered-record/1", "game": "racepace", "config": {}, "seed": "x", "actions": []}',
])
def test_replay_malformed_record(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert_bad_input(run("replay", str(path)))


def test_replay_a_directory(tmp_path):
    assert_bad_input(run("replay", str(tmp_path)))


@pytest.mark.parametrize("name, content", [
    ("pos.json", "{not json"),
    ("pos.toml", "format = [unclosed"),
    ("pos.json", '{"format": "chequered-position/1", "game": "someothergame"}'),
    ("pos.json", '{"format": "wrong"}'),
])
def test_race_malformed_position(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    assert_bad_input(run("race", GAME, "--position", str(path)))


def test_position_fixes_track(position_file):
    assert_bad_input(run("race", GAME, "--position", str(position_file), "--track", "x"),
                     "--position")


def test_position_seat_count_must_match(position_file):
    assert_bad_input(run("race", GAME, "--position", str(position_file), "--seats", "bot,bot"),
                     "seats")


def test_usage_errors_exit_2():
    res = run("race")                                   # missing GAME
    assert res.exit_code == 2 and "Traceback" not in res.output
    res = run("race", GAME, "--seed", "notanumber")
    assert res.exit_code == 2 and "Traceback" not in res.output
    res = run("nosuchcommand")
    assert res.exit_code == 2


# ---- the console script itself ----------------------------------------------------------
def _script() -> list[str]:
    exe = Path(sys.executable).with_name("chequered")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("chequered")
    return [found] if found else [sys.executable, "-m", "chequered.cli"]


def test_console_script_end_to_end(tmp_path):
    env = {**os.environ, "COLUMNS": "120"}
    rec = tmp_path / "r.json"
    p = subprocess.run([*_script(), "race", GAME, "--seats", BOTS, "--seed", "7",
                        "--record", str(rec)], capture_output=True, text=True, env=env,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    p = subprocess.run([*_script(), "replay", str(rec)], capture_output=True, text=True,
                       env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    assert json.loads(rec.read_text())["final_hash"] in p.stdout


def test_console_script_bad_input():
    p = subprocess.run([*_script(), "race", "nosuchgame"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2
    assert p.stderr.strip().splitlines() == [p.stderr.strip()]
    assert p.stderr.startswith("error: ") and "Traceback" not in p.stderr


def test_main_catches_bad_input(capsys):
    """main() itself is a safety net around the typer app."""
    from chequered import cli
    with pytest.raises(SystemExit) as exc:
        cli.main(["replay", "/nonexistent/record.json"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_race_set_any_config_field():
    res = runner.invoke(app, ["race", "bolide", "--seats", "club,club", "--set", "turn_limit=6",
                              "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["extra"]["turns"] == 6          # stopped by the turn limit we set
    bad = runner.invoke(app, ["race", "bolide", "--seats", "club", "--set", "nonsense=3"])
    assert bad.exit_code == 2 and "nonsense" in bad.stderr


def test_python_dash_m_runs_the_same_command_line():
    """`python -m chequered` is the console script: same output, same exit status."""
    p = subprocess.run([sys.executable, "-m", "chequered", "games", "--json"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "formulagp" in [g["name"] for g in json.loads(p.stdout)]
    p = subprocess.run([sys.executable, "-m", "chequered", "race", "nosuchgame"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and p.stderr.startswith("error: ")


def test_bench_clones_are_taken_mid_race():
    """clones/s is measured on positions of real races, none of them finished,
    each an independent copy (a search bot's cost of copying a position)."""
    from chequered import bench as benchmod
    game = registry.game(GAME)
    config = game.config(seats=game.bench_seats.split(","))
    states = benchmod.race_states(game, config, limit=30)
    assert len(states) == 30 and not any(game.is_over(s) for s in states)
    assert len({game.state_hash(s) for s in states}) > 20
