"""Bolide positions: hand-written TOML and JSON documents (like chess's FEN)
set up a rule scenario; dump/load round-trips to the same state hash; bad
documents get one clear error."""
from __future__ import annotations

import json

import pytest

from chequered.engine.chance import scripted
from chequered.engine.positions import load_position_file, write_position_file
from chequered.engine.protocol import BadInput
from chequered.games.bolide.actions import Move, Place, Request, Stay

from .helpers import G, POSITIONS, begin, decision, legal, move, new_race, put


def test_positions_hand_written_toml_engagement_on_the_ring():
    s = load_position_file(G, POSITIONS / "ring_engagement.toml")
    assert G.to_act(s) == {0}
    acts = legal(s)
    assert Move(50, 6) in acts                       # car 1's point: an engagement
    assert Move(48, 6) in acts and Move(51, 6) not in acts
    assert Request("booster") in acts
    assert {Move(45, 4), Move(45, 8)} <= set(acts)   # sharp brakings (2 left)
    assert len(acts) == 24 + 2 + 1 + 1
    with scripted(s.chance, rolls=[11]):
        G.apply(s, 0, Move(50, 6))
    assert decision(s)["kind"] == "reposition" and set(legal(s)) == {Place(50, 5), Place(50, 7)}


def test_positions_hand_written_toml_turn_goes_on():
    s = load_position_file(G, POSITIONS / "ring_engagement.toml")
    G.apply(s, 0, Move(49, 6))                       # car 1 moved already: the turn ends
    assert s.turn_no == 13 and s.order == [1, 0]


def test_positions_hand_written_json_half_spin():
    s = load_position_file(G, POSITIONS / "ring_half_spin.json")
    assert G.to_act(s) == {0}
    assert set(legal(s)) == {Move(29, 5), Move(29, 6), Move(29, 7), Move(30, 5), Move(30, 7),
                             Stay()}
    assert s.cars[0].damage == 1 and s.config.seats == ["human", "random"]


def _roundtrip(s):
    doc = json.loads(json.dumps(G.dump_position(s)))
    t = G.load_position(doc)
    assert G.state_hash(t) == G.state_hash(s)
    assert G.to_act(t) == G.to_act(s)
    for seat in G.to_act(s):
        assert G.legal_actions(t, seat) == G.legal_actions(s, seat)
    return t


def test_positions_dump_load_round_trip_fresh_race():
    _roundtrip(new_race(4, seed=9))
    _roundtrip(new_race(3, track="ring", rules="advanced", options=["qualifying"]))


def test_positions_dump_load_round_trip_mid_engagement():
    s = new_race(2)
    put(s, 1, 18, 4, 3, 0)
    put(s, 0, 14, 2, 4, 2)
    begin(s, first=0)
    with scripted(s.chance, rolls=[9]):
        move(s, 18, 4)
    t = _roundtrip(s)
    G.apply(t, 1, Place(18, 5))
    G.apply(s, 1, Place(18, 5))
    assert G.state_hash(t) == G.state_hash(s)


def test_positions_dump_load_round_trip_through_toml_file(tmp_path):
    s = load_position_file(G, POSITIONS / "ring_engagement.toml")
    path = tmp_path / "p.toml"
    write_position_file(G, s, path)
    t = load_position_file(G, path)
    assert G.state_hash(t) == G.state_hash(s)


def test_positions_written_positions_need_only_a_few_fields():
    doc = json.loads((POSITIONS / "ring_half_spin.json").read_text())
    s = G.load_position(doc)
    car = s.cars[1]
    assert (car.brakes, car.start, car.pitted) == (3, None, False)       # defaults


def test_positions_bad_documents_rejected():
    doc = json.loads((POSITIONS / "ring_half_spin.json").read_text())
    bad = json.loads(json.dumps(doc))
    bad["state"]["cars"][0]["x"], bad["state"]["cars"][0]["y"] = 0, 0      # a forbidden point
    with pytest.raises(BadInput, match="forbidden point"):
        G.load_position(bad)
    bad = json.loads(json.dumps(doc))
    bad["state"]["cars"][0]["mode"] = "flying"
    with pytest.raises(BadInput, match="unknown mode"):
        G.load_position(bad)
    bad = json.loads(json.dumps(doc))
    bad["state"]["turn"]["pending"]["seats"] = [5]
    with pytest.raises(BadInput, match="seat"):
        G.load_position(bad)
    bad = json.loads(json.dumps(doc))
    bad["state"]["cars"].pop()
    with pytest.raises(BadInput, match="one car per seat"):
        G.load_position(bad)
    with pytest.raises(BadInput):
        G.load_position({"game": "racepace"})
