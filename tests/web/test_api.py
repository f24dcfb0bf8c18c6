"""The JSON API through the test client: games, races, acting, errors, undo,
hand-over, timers, records, uploads, replays and seasons."""
from __future__ import annotations

import json
import time

import pytest

from chequered.engine import registry

from .helpers import (act, create, human_tokens, play_first_legal, seat_state, stored_seed,
                      wait_turn)


def test_games_lists_every_registered_game(client):
    docs = client.get("/api/games").json()
    assert [d["name"] for d in docs] == registry.game_names()
    for d in docs:
        game = registry.game(d["name"])
        assert d["tracks"] == list(game.tracks())
        assert d["seat_kinds"][0] == "human"
        assert "content" not in d["settings"]      # a server path: never offered


@pytest.mark.parametrize("name", registry.game_names())
def test_solo_race_for_every_game(client, name):
    made = create(client, game=name)
    assert made["play_url"].startswith("/play/")
    token = human_tokens(made)[0]
    doc = play_first_legal(client, token, 3)
    assert doc["version"] >= 3
    assert doc["you"] == 0 and doc["svg"].startswith("<svg")
    game = registry.game(name)
    # The page shows exactly what the game renders for this seat.
    assert all(entry["rule"] for e in doc["log"] for entry in e["events"])
    assert doc["controllers"][0] == "human"
    assert game.name == doc["game"]


def test_illegal_and_malformed_actions_get_clear_errors(client):
    made = create(client, game="racepace", seed=3)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    v = doc["version"]
    resp = act(client, token, json.dumps({"type": "Select", "button": 99}), v)
    assert resp.status_code == 422 and "RP" in resp.json()["error"]
    resp = act(client, token, json.dumps({"type": "Nonsense"}), v)
    assert resp.status_code == 400 and "unknown action type" in resp.json()["error"]
    resp = act(client, token, json.dumps({"type": "PickTeam", "team": ["x"]}), v)
    assert resp.status_code in (400, 422) and "error" in resp.json()
    resp = client.post(f"/api/play/{token}/act", content=b"{not json",
                       headers={"content-type": "application/json"})
    assert resp.status_code == 400 and "error" in resp.json()
    resp = act(client, token, doc["legal"][0]["key"], version=doc["version"] + 5)
    assert resp.status_code == 409 and "moved on" in resp.json()["error"]
    assert seat_state(client, token)["version"] == doc["version"]     # nothing applied


def test_a_seat_token_acts_and_sees_only_its_own_seat(client):
    made = create(client, game="racepace", seats=["human", "human", "bot"])
    a, b = human_tokens(made)
    doc_a = wait_turn(client, a)
    doc_b = seat_state(client, b)
    assert doc_a["you"] == 0 and doc_b["you"] == 1
    assert doc_b["legal"] == []
    # B cannot play A's move: the server decides whose turn it is from the token.
    resp = act(client, b, doc_a["legal"][0]["key"], doc_a["version"])
    assert resp.status_code == 422 and "not your turn" in resp.json()["error"]
    assert client.get("/api/play/not-a-real-token-at-all").status_code == 403
    assert client.get("/api/play/x").status_code == 403


def test_json_errors_never_stack_traces(client):
    resp = client.get("/api/nothing/here")
    assert resp.status_code == 404 and resp.json() == {"error": "no such API endpoint: /api/nothing/here"}
    resp = client.post("/api/races", json={"game": "chess"})
    assert resp.status_code == 400 and "unknown game" in resp.json()["error"]
    resp = client.post("/api/races", json={"game": "racepace", "seats": ["human", "wizard"]})
    assert resp.status_code == 400 and "wizard" in resp.json()["error"]
    resp = client.post("/api/races", json={"game": "racepace", "settings": {"content": "/etc"}})
    assert resp.status_code == 400 and "content" in resp.json()["error"]
    resp = client.post("/api/races", json={"game": "racepace", "track": "mars"})
    assert resp.status_code == 400 and "Traceback" not in resp.text
    resp = client.post("/api/races", json={"game": "racepace", "bogus": 1})
    assert resp.status_code == 400 and "bogus" in resp.json()["error"]
    resp = client.get("/api/races/nope")
    assert resp.status_code == 404 and resp.json()["error"] == "no such race"


def test_request_size_is_limited(client):
    big = b"{" + b" " * 1_100_000 + b"}"
    resp = client.post("/api/replays", content=big, headers={"content-type": "application/json"})
    assert resp.status_code == 413 and "over" in resp.json()["error"]


def test_undo_follows_the_bga_policy(client):
    made = create(client, game="racepace", seed=11)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    before = doc["version"]
    assert act(client, token, doc["legal"][0]["key"], before).status_code == 200
    after = wait_turn(client, token)
    assert after["undo"]["ok"], after["undo"]
    # Picking a team reveals nothing: undo takes it back (with the bots' picks).
    resp = client.post(f"/api/play/{token}/undo")
    assert resp.status_code == 200 and resp.json()["version"] == before
    again = seat_state(client, token)
    assert again["version"] == before and again["legal"] == doc["legal"]
    # Play into the race: the Race Situation cards are turned (revealed), so no undo.
    doc = play_first_legal(client, token, 4)
    assert not doc["undo"]["ok"] and "revealed" in doc["undo"]["reason"]
    resp = client.post(f"/api/play/{token}/undo")
    assert resp.status_code == 409 and "cannot undo" in resp.json()["error"]


def test_hand_a_seat_to_a_bot_and_back(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=2)
    token = human_tokens(made)[0]
    wait_turn(client, token)
    resp = client.post(f"/api/play/{token}/controller", json={"controller": "wizard"})
    assert resp.status_code == 400
    resp = client.post(f"/api/play/{token}/controller", json={"controller": "bot"})
    assert resp.status_code == 200
    doc = wait_turn(client, token)        # the bot plays the seat to the end
    assert doc["over"] and doc["result"]["classification"]
    log = doc["log"]
    assert any(e["seat"] == 0 and e["by"] == "bot" for e in log)


def test_host_hands_an_absent_players_seat_to_a_bot(client):
    made = create(client, game="racepace", seats=["human", "human"])
    a, b = human_tokens(made)
    host = made["host"]
    doc = client.get(f"/api/host/{host}").json()
    assert [s["controller"] for s in doc["seats"]] == ["human", "human"]
    assert client.post(f"/api/host/{host}/seats/1", json={"controller": "random"}).status_code == 200
    assert client.post(f"/api/host/{a}/seats/1", json={"controller": "random"}).status_code == 403
    doc = play_first_legal(client, a, 30)
    assert doc["controllers"] == ["human", "random"]
    assert any(e["seat"] == 1 and e["by"] == "bot" for e in doc["log"])


def test_move_timer_plays_for_a_person_who_does_not_move(client):
    made = create(client, game="racepace", seats=["human", "bot"], seed=8, move_timer=5)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    assert doc["deadline"] and 3 < doc["deadline"] - time.time() <= 5.5
    end = time.monotonic() + 15
    while seat_state(client, token)["version"] == doc["version"]:
        assert time.monotonic() < end, "the timer never fired"
        time.sleep(0.2)
    log = seat_state(client, token)["log"]
    assert log[doc["version"]]["seat"] == 0 and log[doc["version"]]["by"] == "timeout"
    # The next decision has a full period of its own, not what was left of the last.
    nxt = wait_turn(client, token)
    assert nxt["deadline"] - time.time() > 3


def test_record_replay_and_upload_of_a_finished_race(client):
    made = create(client, game="racepace", seats=["random", "bot", "bot"])
    race = made["race"]
    seed = stored_seed(client, race)
    end = time.monotonic() + 30
    while not client.get(f"/api/races/{race}").json()["over"]:
        assert time.monotonic() < end
        time.sleep(0.05)
    rec = client.get(f"/api/races/{race}/record").json()
    assert rec["format"] == "chequered-record/1" and rec["seed"] == seed
    total = len(rec["actions"])
    first = client.get(f"/api/replay/race/{race}?step=0").json()
    assert first["total"] == total and first["log"] == [] and first["result"] is None
    mid = client.get(f"/api/replay/race/{race}?step=5").json()
    assert len(mid["log"]) == 5
    last = client.get(f"/api/replay/race/{race}?step={total}").json()
    assert last["result"]["classification"] and len(last["log"]) == total
    assert client.get(f"/api/replay/race/{race}?step={total + 1}").status_code == 400
    # The same record uploaded replays the same way.
    up = client.post("/api/replays?name=r.json", content=json.dumps(rec))
    assert up.status_code == 200, up.text
    frame = client.get(f"/api/replay/upload/{up.json()['id']}?step={total}").json()
    assert frame["result"] == last["result"] and frame["svg"] == last["svg"]
    # A tampered record is refused with the reason.
    rec["final_hash"] = "0" * 64
    bad = client.post("/api/replays", content=json.dumps(rec))
    assert bad.status_code == 400 and "hash" in bad.json()["error"]
    assert client.post("/api/replays", content=b"[1,2]").status_code == 400
    # A record naming a content directory would make the server read its files.
    rec["config"]["content"] = "/etc"
    bad = client.post("/api/replays", content=json.dumps(rec))
    assert bad.status_code == 400 and "content" in bad.json()["error"]


def test_running_race_has_no_record_or_replay(client):
    made = create(client, game="racepace", seats=["human", "bot", "human"])
    race = made["race"]
    assert client.get(f"/api/races/{race}/record").status_code == 409
    assert client.get(f"/api/replay/race/{race}").status_code == 409


def test_race_list_shows_open_and_running_races(client):
    made = create(client, game="bolide", seats=["human", "club"], seed=1)
    listed = {r["id"]: r for r in client.get("/api/races").json()}
    assert listed[made["race"]]["status"] == "open"       # its player has not come yet
    token = human_tokens(made)[0]
    seat_state(client, token)                             # a look is not a join
    listed = {r["id"]: r for r in client.get("/api/races").json()}
    assert listed[made["race"]]["status"] == "open"
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        ws.send_text(json.dumps({"type": "join", "ref": 1}))
        while (msg := ws.receive_json())["type"] != "joined":
            pass
        assert msg["ref"] == 1
    listed = {r["id"]: r for r in client.get("/api/races").json()}
    assert listed[made["race"]]["status"] == "running"


def test_season_standings_are_stored_with_the_games_points(client):
    made = create(client, game="bolide", track="ring,twisty", options=["championship"],
                  seats=["club", "club"], season="Test Cup")
    race = made["race"]
    end = time.monotonic() + 60
    while not client.get(f"/api/races/{race}").json()["over"]:
        assert time.monotonic() < end
        time.sleep(0.1)
    result = client.get(f"/api/races/{race}").json()["result"]
    seasons = {s["race"]: s for s in client.get("/api/seasons").json()}
    cup = seasons[race]
    assert cup["name"] == "Test Cup" and cup["circuits"] == ["ring", "twisty"]
    assert [r["seat"] for r in cup["standings"]] == result["classification"]
    assert {str(r["seat"]): r["points"] for r in cup["standings"]} == result["points"]
    assert sum(r["points"] for r in cup["standings"]) > 0


def test_the_games_own_sand_timer_imposes_its_timeout_action(client):
    # Bolide's sand timer option (BOLIDE 3): time_limit comes from the game,
    # and when it runs out the game's own timeout action is played.
    made = create(client, game="bolide", seats=["human", "club"], options=["timer"],
                  settings={"timer": 3}, seed=2)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    for _ in range(10):          # the standing start is not timed; the moves after are
        if doc["deadline"]:
            break
        doc = play_first_legal(client, token, 1)
    assert doc["deadline"] and doc["deadline"] - time.time() <= 3.5
    end = time.monotonic() + 15
    while seat_state(client, token)["version"] == doc["version"]:
        assert time.monotonic() < end, "the sand timer never ran out"
        time.sleep(0.2)
    entry = seat_state(client, token)["log"][doc["version"]]
    game = registry.game("bolide")
    assert entry["by"] == "timeout" and entry["seat"] == 0
    assert entry["action"] == game.describe_action(game.timeout_action(None, 0))


def test_pages_render_and_bad_links_get_a_readable_page(client):
    made = create(client, game="racepace", seed=1)
    html = {"accept": "text/html"}
    for url in ("/", "/seasons", made["play_url"], made["watch_url"], made["host_url"]):
        resp = client.get(url, headers=html)
        assert resp.status_code == 200 and "<html" in resp.text, url
    resp = client.get("/play/this-is-not-a-seat-token", headers=html)
    assert resp.status_code == 403 and "unknown seat link" in resp.text and "<html" in resp.text
    resp = client.get("/race/nope", headers=html)
    assert resp.status_code == 404 and "no such race" in resp.text


def test_a_team_campaign_stores_team_standings(client):
    made = create(client, game="racepace", track="italy,spain", options=["team", "campaign"],
                  seats=["bot"] * 4, season="Team Cup")
    race = made["race"]
    end = time.monotonic() + 60
    while not client.get(f"/api/races/{race}").json()["over"]:
        assert time.monotonic() < end
        time.sleep(0.1)
    cup = {s["race"]: s for s in client.get("/api/seasons").json()}[race]
    assert cup["teams"] and sum(cup["teams"].values()) == sum(r["points"] for r in cup["standings"])
    result = client.get(f"/api/races/{race}").json()["result"]
    assert len(result["extra"]["races"]) == 2          # both rounds of the campaign


def test_responses_carry_security_headers(client):
    resp = client.get("/")
    assert "script-src" not in resp.headers["content-security-policy"]   # default-src 'self'
    assert resp.headers["content-security-policy"].startswith("default-src 'self'")
    assert resp.headers["referrer-policy"] == "no-referrer"
    assert client.get("/replay/elsewhere/x", headers={"accept": "text/html"}).status_code == 404


def test_a_game_that_fails_to_load_does_not_take_the_lobby_down(client, monkeypatch):
    real = registry.game_names
    monkeypatch.setattr(registry, "game_names", lambda: [*real(), "broken"])
    names = [d["name"] for d in client.get("/api/games").json()]
    assert "broken" not in names and "racepace" in names


def test_resume_refuses_what_it_cannot_continue(client):
    """POST /api/races/resume: a file that is not JSON, a race of several
    people (its seed would tell them every card), a race that is over, and
    a record whose hash its actions do not reach, each get a clear 400."""
    from chequered.engine import registry
    from chequered.engine.play import agents_for, play
    from chequered.engine.records import record_of

    assert "not valid JSON" in client.post("/api/races/resume", content=b"{nope").json()["error"]
    game = registry.game("racepace")
    config = game.config(seats=["human", "human", "bot"])
    state = game.new(config, 4)
    rec = record_of(game, config, 4, [], state).to_doc()
    resp = client.post("/api/races/resume", json=rec)
    assert resp.status_code == 400 and "only a solo race" in resp.json()["error"]

    config = game.config(seats=["human", "bot"])
    played = play(game, config, 4, agents=agents_for(game, config.model_copy(
        update={"seats": ["bot", "bot"]}), 4))
    over = record_of(game, config, 4, played.actions, played.state).to_doc()
    resp = client.post("/api/races/resume", json=over)
    assert resp.status_code == 400 and "over" in resp.json()["error"]

    short = dict(over, actions=over["actions"][:5])          # the hash is the whole race's
    resp = client.post("/api/races/resume", json=short)
    assert resp.status_code == 400 and "hash" in resp.json()["error"]

    fresh = dict(short, final_hash=None, result=None)
    fresh["final_hash"] = ""
    assert client.post("/api/races/resume", json=fresh).status_code == 400


def test_a_replay_log_cites_each_rule_once():
    """The replay page's log showed "to tile 4, lane 3 (FGP 8.3) FGP 8.3":
    the event's own text kept the rule the log also shows in its place."""
    from pathlib import Path

    from chequered.engine import registry
    from chequered.web.replays import Replayer
    doc = json.loads((Path(__file__).parents[1] / "golden" / "formulagp-heuristic-fast.json")
                     .read_text())["record"]
    game = registry.game(doc["game"])
    rep = Replayer(game, doc["config"], doc["seed"], doc["actions"][:120])
    events = [ev for entry in rep.log for ev in entry["events"]]
    assert len(events) > 100
    cited = [ev for ev in events if ev["rule"] and ev["text"].endswith(f"({ev['rule']})")]
    assert not cited, cited[:3]
    assert any("to tile" in ev["text"] for ev in events)


def test_a_replay_log_marks_the_steps_nobody_chose():
    """The replay folds a run of single-choice steps as the live log does
    (static/common.js appendLog): an entry is marked "forced" exactly when
    the seat had that one action and the engine would have applied it
    unasked (Game.forced); a Pro BOT's move a space at a time makes runs."""
    from chequered.engine import registry
    from chequered.engine.play import agents_for, play
    from chequered.engine.records import record_of
    from chequered.web.replays import Replayer

    game = registry.game("formulagp")
    config = game.config(seats=["pro", "pro", "rookie", "heuristic"])
    played = play(game, config, 11, agents=agents_for(game, config, 11))
    doc = record_of(game, config, 11, played.actions[:150], played.state).to_doc()
    rep = Replayer(game, doc["config"], doc["seed"], doc["actions"])
    state = game.new(config, 11)
    runs = 0
    for entry, (seat, action) in zip(rep.log, played.actions):
        forced = game.forced(state)
        assert (entry["by"] == "forced") == (forced is not None), entry
        if forced is not None:
            assert forced == (seat, action)
        game.apply(state, seat, action)
    for a, b in zip(rep.log, rep.log[1:]):
        runs += a["by"] == b["by"] == "forced" and (a["who"], a["action"]) == (b["who"], b["action"])
    assert runs > 10
    assert any(entry["by"] == "" for entry in rep.log)
