"""Persistence on SQLite and PostgreSQL: a race survives a restart of the
app exactly (rebuilt from its stored actions, hash checked), a failed commit
changes nothing, and the migrations can run again on a migrated database."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from chequered.engine import registry
from chequered.store import Store
from chequered.store.db import Conflict
from chequered.web.app import create_app
from chequered.web.hub import rebuild

from .helpers import act, create, human_tokens, play_first_legal, seat_state, wait_turn


@pytest.mark.parametrize("name", registry.game_names())
def test_race_resumes_exactly_after_a_restart(any_db_url, name):
    with TestClient(create_app(any_db_url)) as client:
        made = create(client, game=name, seed=13)
        token = human_tokens(made)[0]
        before = play_first_legal(client, token, 4)
    store = Store(any_db_url)
    row, seats, actions = store.load(made["race"])
    assert row.n_actions == len(actions) == before["version"]
    race = rebuild(row, seats, actions)           # raises if the hash differs
    assert race.state_hash() == row.state_hash
    store.close()
    with TestClient(create_app(any_db_url)) as client:
        after = seat_state(client, token)
        assert after["version"] == before["version"]
        assert after["svg"] == before["svg"] and after["legal"] == before["legal"]
        assert [e["action"] for e in after["log"]] == [e["action"] for e in before["log"]]
        resp = act(client, token, after["legal"][0]["key"], after["version"])
        assert resp.status_code == 200


def test_a_failed_commit_leaves_the_race_untouched(client, monkeypatch):
    made = create(client, game="racepace", seats=["human", "bot"], seed=3)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    store = client.app.state.store

    def broken(batches):
        return [Conflict("simulated: another writer got there first")] * len(batches)
    monkeypatch.setattr(store, "append_many", broken)
    resp = act(client, token, doc["legal"][0]["key"], doc["version"])
    assert resp.status_code == 409 and "simulated" in resp.json()["error"]
    monkeypatch.undo()
    again = seat_state(client, token)
    assert again["version"] == doc["version"] and again["svg"] == doc["svg"]
    assert act(client, token, doc["legal"][0]["key"], doc["version"]).status_code == 200


def test_a_tampered_race_is_not_resumed(db_url):
    with TestClient(create_app(db_url)) as client:
        made = create(client, game="racepace", seed=3)
        play_first_legal(client, human_tokens(made)[0], 2)
    store = Store(db_url)
    from sqlalchemy import update

    from chequered.store.models import RaceRow
    with store.session.begin() as s:
        s.execute(update(RaceRow).values(state_hash="f" * 64))
    store.close()
    with TestClient(create_app(db_url)) as client:
        resp = client.get(f"/api/races/{made['race']}")
        assert resp.status_code == 500 and "not resumed" in resp.json()["error"]


def test_migrations_are_idempotent(any_db_url):
    Store(any_db_url).close()
    store = Store(any_db_url)          # upgrading an up-to-date database is a no-op
    assert store.list_races() == []
    store.close()


def test_a_failed_transaction_is_reported_not_acknowledged(db_url, monkeypatch):
    # As a real server does: the client gets the JSON error, not the exception.
    client = TestClient(create_app(db_url), raise_server_exceptions=False).__enter__()
    made = create(client, game="racepace", seats=["human", "bot"], seed=3)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)

    def down(batches):
        raise OSError("simulated: the disk is full")
    monkeypatch.setattr(client.app.state.store, "append_many", down)
    resp = act(client, token, doc["legal"][0]["key"], doc["version"])
    assert resp.status_code == 500 and "Traceback" not in resp.text
    assert resp.json() == {"error": "internal error (the server log has the details)"}
    monkeypatch.undo()
    assert seat_state(client, token)["version"] == doc["version"]
    client.__exit__(None, None, None)


def test_group_commit_keeps_each_race_apart(any_db_url):
    store = Store(any_db_url)
    for rid in ("g1", "g2"):
        store.create_race({"id": rid, "game": "racepace", "config": {"seats": ["human"]},
                           "seed": 1, "host_token": rid * 12, "status": "running",
                           "n_actions": 0, "state_hash": "0" * 64},
                          [{"seat": 0, "token": rid * 12 + "t", "kind": "human",
                            "controller": "human"}])
    errors = store.append_many([
        ("g1", 0, [(0, {"type": "A"}, "human")], "1" * 64, False, None, None),
        ("g2", 5, [(0, {"type": "B"}, "human")], "1" * 64, False, None, None),   # stale
        ("g2", 0, [(0, {"type": "C"}, "bot")], "2" * 64, False, None, None)])
    assert errors[0] is None and isinstance(errors[1], Conflict) and errors[2] is None
    assert [a.action["type"] for a in store.load("g1")[2]] == ["A"]
    assert [a.action["type"] for a in store.load("g2")[2]] == ["C"]
    store.close()


def test_a_group_commit_is_one_sqlite_transaction(db_url):
    """The appends of a group share one BEGIN ... COMMIT, so one disk flush.
    The driver's own handling sent no BEGIN before a savepoint, which made
    every race's append a transaction (and a flush) of its own."""
    store = Store(db_url)
    rids = ("t1", "t2", "t3")
    for rid in rids:
        store.create_race({"id": rid, "game": "racepace", "config": {"seats": ["human"]},
                           "seed": 1, "host_token": rid * 12, "status": "running",
                           "n_actions": 0, "state_hash": "0" * 64}, [])
    traced: list[str] = []
    with store.engine.connect() as conn:       # the pool's one connection, reused below
        conn.connection.driver_connection.set_trace_callback(traced.append)
    errors = store.append_many([(rid, 0, [(0, {"type": "A"}, "human")], "1" * 64, False,
                                 None, None) for rid in rids])
    assert errors == [None, None, None]
    words = [t.split()[0].upper() for t in traced]
    assert words.count("BEGIN") == 1 and words.count("COMMIT") == 1
    assert "RELEASE" not in words
    first, last = words.index("BEGIN"), words.index("COMMIT")
    assert all(first < i < last for i, w in enumerate(words) if w in ("UPDATE", "INSERT"))
    assert [store.load(rid)[0].n_actions for rid in rids] == [1, 1, 1]
    store.close()


def test_a_first_action_joins_its_seat_in_the_same_transaction(client, monkeypatch):
    """Acting is joining: the seat's joined_at is stored with the person's
    first action, not by a transaction of its own the acknowledgement waits
    for (issue 16, web)."""
    made = create(client, game="racepace", seats=["human", "bot"], seed=3)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    store = client.app.state.store
    groups: list[list] = []
    append_many = store.append_many
    monkeypatch.setattr(store, "mark_joined", lambda *a: pytest.fail("a transaction of its own"))
    monkeypatch.setattr(store, "append_many", lambda batches: groups.append(batches)
                        or append_many(batches))
    assert store.seats(made["race"])[0].joined_at is None
    assert act(client, token, doc["legal"][0]["key"], doc["version"]).status_code == 200
    mine = [b for group in groups for b in group if len(b) == 8 and b[7] == 0]
    assert len(mine) == 1                                 # the action's own batch carried it
    assert store.seats(made["race"])[0].joined_at is not None
    assert store.seats(made["race"])[1].joined_at is None


def test_optimistic_check_refuses_a_stale_writer(any_db_url):
    store = Store(any_db_url)
    store.create_race({"id": "r1", "game": "racepace", "config": {"seats": ["human"]},
                       "seed": 1, "host_token": "h" * 24, "status": "running", "n_actions": 0,
                       "state_hash": "0" * 64}, [{"seat": 0, "token": "t" * 24,
                                                  "kind": "human", "controller": "human"}])
    store.append_actions("r1", 0, [(0, {"type": "X"}, "human")], "1" * 64, False, None)
    with pytest.raises(Conflict):
        store.append_actions("r1", 0, [(0, {"type": "Y"}, "human")], "2" * 64, False, None)
    row, _seats, actions = store.load("r1")
    assert row.n_actions == 1 and [a.action for a in actions] == [{"type": "X"}]
    store.close()
