"""FGP 15.12 in the web app: when a person's time runs out, the server records
the offence (two warnings, then a Penalty token), sets a new deadline from now,
and does not move for them."""
from __future__ import annotations

import time

from chequered.games.formulagp.rules import time_limit

from .helpers import create, human_tokens, seat_state, wait_turn


def test_time_limit_offences_are_logged_and_the_player_keeps_the_decision(client, monkeypatch):
    # one second instead of the book's 45-60, so the test does not wait a minute
    monkeypatch.setattr(time_limit, "seconds",
                        lambda race: 1.0 if time_limit.OPTION in race.config.options else None)
    made = create(client, game="formulagp", seats=["human", "heuristic"],
                  options=["turn_time_limit"], seed=5)
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    legal = [a["key"] for a in doc["legal"]]
    assert doc["deadline"] and doc["deadline"] - time.time() <= 1.5
    end = time.monotonic() + 20
    while True:
        doc = seat_state(client, token)
        overruns = [e for e in doc["log"] if e["by"] == "timeout"]
        if len(overruns) >= 3:
            break
        assert time.monotonic() < end, f"only {len(overruns)} offences in 20 s"
        time.sleep(0.1)
    texts = [ev["text"] for e in overruns for ev in e["events"]]
    assert any("warning 1 of 2" in t for t in texts)
    assert any("warning 2 of 2" in t for t in texts)
    assert any("penalty token for going over the time limit" in t for t in texts)
    assert all(e["action"] == "over the time limit" for e in overruns)
    # the decision is still the player's, with a fresh deadline
    assert [a["key"] for a in doc["legal"]] == legal
    assert doc["deadline"] and doc["deadline"] > time.time() - 0.5
