"""Helpers shared by the web tests (HTTP through any httpx-like client)."""
from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor


def create(client, **body) -> dict:
    resp = client.post("/api/races", json=body)
    assert resp.status_code == 200, resp.text
    return resp.json()


def stored_seed(client, race_id: str) -> int:
    """The secret seed of a race, read from the server's database (a test's
    privilege: no response carries it while the race runs)."""
    return client.app.state.store.load(race_id)[0].seed


def human_tokens(made: dict) -> list[str]:
    return [s["token"] for s in made["seats"] if s["kind"] == "human"]


def seat_state(client, token: str) -> dict:
    resp = client.get(f"/api/play/{token}")
    assert resp.status_code == 200, resp.text
    return resp.json()


def act(client, token: str, key: str, version: int):
    """Play the action `key` chosen on the race at `version` (required)."""
    return client.post(f"/api/play/{token}/act", json={"action": json.loads(key),
                                                      "version": version})


def wait_turn(client, token: str, timeout: float = 30.0) -> dict:
    """The seat's state once it has something to do (or the race is over):
    bots act in the background after each move."""
    end = time.monotonic() + timeout
    while True:
        doc = seat_state(client, token)
        if doc["legal"] or doc["over"]:
            return doc
        if time.monotonic() > end:
            raise TimeoutError(f"seat never got a turn: to_act={doc['to_act']}")
        time.sleep(0.02)


def play_first_legal(client, token: str, moves: int) -> dict:
    """Play the first legal action `moves` times (or to the end)."""
    doc = wait_turn(client, token)
    for _ in range(moves):
        if doc["over"]:
            break
        resp = act(client, token, doc["legal"][0]["key"], doc["version"])
        assert resp.status_code == 200, resp.text
        doc = wait_turn(client, token)
    return doc


def receive_until(ws, kind: str, limit: int = 50) -> dict:
    """The next WebSocket message of this type (others are skipped)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def wait_over(client, race_id: str, timeout: float = 60.0) -> dict:
    end = time.monotonic() + timeout
    while not (doc := client.get(f"/api/races/{race_id}").json())["over"]:
        assert time.monotonic() < end, "the race did not end"
        time.sleep(0.05)
    return doc


def run(coro):
    """Run a coroutine in a thread of its own: a browser test before this one
    may leave an event loop running in the test's thread, and asyncio.run
    refuses to start inside it."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
