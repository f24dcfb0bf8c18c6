"""Race review from the replay page (issue 18): the API that starts a
review in a process of its own and reports its progress, who may ask for
which review, and its errors."""
from __future__ import annotations

import json
import time

from chequered.agents.search_kind import Budget
from chequered.analyse import analyse
from chequered.engine.records import Record
from chequered.web.reviews import reviews_of

from .helpers import create, human_tokens

ITERATIONS = 4                 # a decision: enough to rate, quick to run


def finished_race(client, seed: int = 1, controller: str = "bot") -> str:
    """A short Race Pace race run to its end, its human seat handed to a bot
    (`controller`: random plays mistakes for a review to find)."""
    made = create(client, game="racepace", seats=["human", "bot", "bot"], seed=seed)
    for token in human_tokens(made):
        res = client.post(f"/api/play/{token}/controller", json={"controller": controller})
        assert res.status_code == 200, res.text
    end = time.monotonic() + 30
    while not client.get(f"/api/races/{made['race']}").json()["over"]:
        assert time.monotonic() < end, "the race never ended"
        time.sleep(0.05)
    return made["race"]


def wait_review(client, url: str, timeout: float = 120) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        doc = client.get(url).json()
        if doc["status"] in ("done", "failed"):
            return doc
        time.sleep(0.1)
    raise TimeoutError(f"{url} never finished")


def test_a_finished_race_is_reviewed_as_chequered_analyse_rates_it(client):
    race = finished_race(client)
    frame = client.get(f"/api/replay/race/{race}?step=0").json()
    assert [s["kind"] for s in frame["seats"]] == ["human", "bot", "bot"]
    assert frame["review_seat"] == 0                      # the first human seat
    res = client.post(f"/api/replay/race/{race}/review", json={"iterations": ITERATIONS})
    assert res.status_code == 202, res.text
    asked = res.json()
    assert asked["seat"] == 0 and asked["url"] == f"/api/reviews/{asked['id']}"
    doc = wait_review(client, asked["url"])
    assert doc["status"] == "done", doc["error"]
    rec = Record.from_doc(client.get(f"/api/races/{race}/record").json())
    # the same document the command line gives, computed in the other process
    assert doc["review"] == json.loads(json.dumps(analyse(rec, 0, Budget(ITERATIONS))))
    assert doc["done"] == doc["total"] == len(doc["review"]["decisions"]) > 0
    assert doc["review"]["mistakes"] and doc["review"]["name"] == frame["seats"][0]["name"]
    # asked again: the same review, not another run
    again = client.post(f"/api/replay/race/{race}/review", json={"iterations": ITERATIONS})
    assert again.json()["id"] == asked["id"] and again.json()["status"] == "done"
    # another seat is another review
    other = client.post(f"/api/replay/race/{race}/review",
                        json={"seat": 1, "iterations": ITERATIONS}).json()
    assert other["id"] != asked["id"] and other["seat"] == 1
    assert wait_review(client, other["url"])["review"]["seat"] == 1


def test_an_uploaded_record_is_reviewed_and_stays_as_it_was(client):
    race = finished_race(client)
    rec = client.get(f"/api/races/{race}/record").json()
    up = client.post("/api/replays", content=json.dumps(rec)).json()
    asked = client.post(f"/api/replay/upload/{up['id']}/review", json={"iterations": ITERATIONS})
    assert asked.status_code == 202, asked.text
    assert wait_review(client, asked.json()["url"])["status"] == "done"
    # nothing was added to the race's record or to the stored upload
    assert client.get(f"/api/races/{race}/record").json() == rec
    assert client.app.state.store.upload(up["id"]).doc == rec


def test_a_bad_seat_or_budget_is_one_clear_400(client):
    race = finished_race(client)
    for body, words in [({"seat": 3}, "seat must be between 0 and 2"),
                        ({"seat": -1}, "seat"), ({"seat": "1"}, "seat"),
                        ({"iterations": 0}, "iterations"),
                        ({"iterations": 10**6}, "iterations"), ({"colour": 1}, "colour")]:
        res = client.post(f"/api/replay/race/{race}/review", json=body)
        assert res.status_code == 400, (body, res.text)
        assert words in res.json()["error"] and "Traceback" not in res.text


def test_an_unknown_race_record_or_review_is_404(client):
    assert client.post("/api/replay/race/nosuch/review", json={}).status_code == 404
    assert client.post("/api/replay/upload/nosuch/review", json={}).status_code == 404
    assert client.post("/api/replay/elsewhere/x/review", json={}).status_code == 404
    res = client.get("/api/reviews/nosuch")
    assert res.status_code == 404 and res.json() == {"error": "no such review"}


def test_a_running_race_is_not_reviewed(client):
    # Its record would give away the seed, and with it every card and die to come.
    made = create(client, game="racepace", seats=["human", "bot"])
    res = client.post(f"/api/replay/race/{made['race']}/review", json={"seat": 0})
    assert res.status_code == 409
    assert res.json()["error"] == "a race can be reviewed once it is over"
    assert not reviews_of(client.app).jobs.jobs             # nothing was started


def test_reviews_are_rate_limited(db_url):
    from fastapi.testclient import TestClient

    from chequered.web.app import create_app
    with TestClient(create_app(db_url, rate_limits={"reviews": 2})) as client:
        codes = [client.post("/api/replay/race/nosuch/review", json={}).status_code
                 for _ in range(3)]
        assert codes == [404, 404, 429]
        res = client.post("/api/replay/race/nosuch/review", json={})
        assert res.status_code == 429 and int(res.headers["retry-after"]) >= 1


def test_a_review_that_runs_too_long_is_stopped_with_a_sentence(client, monkeypatch):
    import chequered.web.reviews as reviews
    race = finished_race(client)
    monkeypatch.setattr(reviews, "MAX_SECONDS", 0.01)
    asked = client.post(f"/api/replay/race/{race}/review", json={"iterations": 3}).json()
    doc = wait_review(client, asked["url"])
    assert doc["status"] == "failed" and doc["review"] is None
    assert "took more than" in doc["error"] and "fewer iterations" in doc["error"]
    # a failed review is not kept as the answer: asked again, it runs again
    monkeypatch.setattr(reviews, "MAX_SECONDS", 600.0)
    again = client.post(f"/api/replay/race/{race}/review", json={"iterations": 3}).json()
    assert again["id"] != asked["id"]
    assert wait_review(client, again["url"])["status"] == "done"
