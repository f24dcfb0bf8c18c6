"""Records and position documents, through the Race Pace game."""
from __future__ import annotations

import json

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.positions import load_position_file, read_position_file, write_position_file
from chequered.engine.protocol import BadInput
from chequered.engine.records import Record, ReplayError, record_of, replay


@pytest.fixture(scope="module")
def game():
    return chequered.game("racepace")


def _race(game, seats=("random", "bot", "bot")):
    config = game.config(seats=list(seats))
    played = play(game, config, 5)
    return config, played, record_of(game, config, 5, played.actions, played.state)


def test_registry(game):
    assert chequered.game("racepace") is game
    names = [g.name for g in chequered.games()]
    # Sorted, and every game registered so far (others join as they are built).
    assert names == sorted(names) and \
        {"bolide", "formulagp", "racepace", "stockcar"} <= set(names)
    with pytest.raises(BadInput, match="unknown game"):
        chequered.game("tiddlywinks")


def test_record_round_trip_and_replay(tmp_path, game):
    _, played, rec = _race(game)
    path = tmp_path / "r.json"
    rec.save(path)
    doc = json.loads(path.read_text())
    assert doc["format"] == "chequered-record/1" and doc["game"] == "racepace"
    assert doc["result"]["classification"]
    loaded = Record.load(path)
    assert game.state_hash(replay(loaded)) == rec.final_hash


def test_changed_action_fails_naming_the_step(game):
    _, played, rec = _race(game, seats=("random", "random"))
    # Find a decision with a choice and swap in another legal action ... then
    # the replay diverges: either an illegal step or a different final hash.
    doc = rec.to_doc()
    for i, (seat, action) in enumerate(doc["actions"]):
        if action["type"] == "Select" and action["button"] != 2:
            doc["actions"][i][1] = {"type": "Select", "button": 42, "tyre": None}
            break
    with pytest.raises(ReplayError) as err:
        replay(Record.from_doc(doc))
    assert err.value.step == i + 1 and f"step {i + 1}" in str(err.value)


def test_hash_mismatch_is_reported(game):
    _, _, rec = _race(game)
    rec.final_hash = "0" * 64
    with pytest.raises(ReplayError, match="final hash differs"):
        replay(rec)


@pytest.mark.parametrize("doc,msg", [
    ([], "JSON object"),
    ({"format": "x"}, "not a chequered-record/1"),
    ({"format": "chequered-record/1", "game": "racepace"}, "missing"),
    ({"format": "chequered-record/1", "game": "racepace", "config": {}, "seed": "x",
      "actions": []}, "seed"),
    ({"format": "chequered-record/1", "game": "racepace", "config": {}, "seed": 1,
      "actions": [["a", {}]]}, "pairs"),
])
def test_malformed_records(doc, msg):
    with pytest.raises(BadInput, match=msg):
        Record.from_doc(doc)


def test_record_load_errors(tmp_path):
    with pytest.raises(BadInput, match="no such file"):
        Record.load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BadInput, match="not valid JSON"):
        Record.load(bad)


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_position_files_round_trip(tmp_path, game, suffix):
    config = game.config(seats=["random", "bot", "bot", "random"])
    state = game.new(config, 3)
    for _ in range(15):                       # a few decisions into the race
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    path = tmp_path / f"pos{suffix}"
    write_position_file(game, state, path)
    assert read_position_file(path)["format"] == "chequered-position/1"
    again = load_position_file(game, path)
    assert game.state_hash(again) == game.state_hash(state)


def test_position_errors(tmp_path, game):
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"format": "chequered-position/1", "game": "racepace",
                             "state": {"config": {"seats": ["bot", "bot"]}}}))
    with pytest.raises(BadInput, match="malformed Race Pace position"):
        load_position_file(game, p)
    p.write_text(json.dumps({"format": "chequered-position/1", "game": "bolide", "state": {}}))
    with pytest.raises(BadInput, match="not 'racepace'"):
        load_position_file(game, p)
    with pytest.raises(BadInput, match="no such file"):
        load_position_file(game, tmp_path / "missing.toml")
