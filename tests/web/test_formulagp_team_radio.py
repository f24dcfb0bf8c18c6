"""FGP 4.9 [ADV] TEAM RADIO cards in the browser's API: a person in an Advanced
FormulaGP race keeps one of the two cards from the page's menu and then reads the
card held on the page (and no other seat's)."""
from __future__ import annotations

import json

from .helpers import act, create, human_tokens, wait_turn


def test_a_person_keeps_a_team_radio_card_through_the_web_page(client):
    made = create(client, game="formulagp", rules="advanced", seed=4,
                  seats=["human", "heuristic", "heuristic"])
    token = human_tokens(made)[0]
    doc = wait_turn(client, token)
    for _ in range(60):                       # starting tyres and qualifying first
        keeps = [a for a in doc["legal"] if json.loads(a["key"])["type"] == "RadioKeep"]
        if keeps:
            break
        assert act(client, token, doc["legal"][0]["key"], doc["version"]).status_code == 200
        doc = wait_turn(client, token)
    assert len(keeps) == 2 and all("TEAM RADIO" in a["label"] for a in keeps)
    card = json.loads(keeps[1]["key"])["card"]
    assert act(client, token, keeps[1]["key"], doc["version"]).status_code == 200
    doc = wait_turn(client, token)
    held = [ln for ln in doc["text"].splitlines() if ln.startswith("TEAM RADIO: ")]
    assert len(held) == 1 and f"({card})" in held[0]
