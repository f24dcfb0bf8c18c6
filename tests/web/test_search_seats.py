"""Search seats (`mcts`) in the web app: a search thinks for seconds, and
the server's other races must not wait for it (issue 18: the search bot in
every interface, for friends playing online)."""
from __future__ import annotations

import time

from .helpers import create


def _version(client, race: str) -> tuple[int, bool]:
    doc = client.get(f"/api/races/{race}").json()
    return doc["version"], doc["over"]


def test_a_search_thinking_holds_up_no_other_race(client):
    # Race A: a search seat with 8 s a decision, asked first. Race B, made
    # after it: three club bots, a race of well under a second of CPU. B must
    # end while A's search is still on its first decision (before, every
    # race's bots ran in one thread, so B stood still until A's search ended).
    a = create(client, game="bolide", seats=["mcts:8s", "club"])
    time.sleep(0.3)                                     # A's search has begun
    start = _version(client, a["race"])[0]
    b = create(client, game="bolide", seats=["club", "club", "club"])
    end = time.monotonic() + 7
    while not _version(client, b["race"])[1]:
        assert time.monotonic() < end, "the bots' race stood still behind a search"
        time.sleep(0.05)
    assert _version(client, a["race"])[0] == start      # A's search has not played yet


def test_a_search_seat_plays_its_moves_in_turn(client):
    # the search's own race goes on: a few of its decisions are stored
    a = create(client, game="racepace", seats=["mcts:5", "bot", "bot"])
    end = time.monotonic() + 60
    while not _version(client, a["race"])[1]:
        assert time.monotonic() < end, "the race with a search seat never ended"
        time.sleep(0.05)
    actions = client.get(f"/api/races/{a['race']}/record").json()["actions"]
    assert any(seat == 0 for seat, _ in actions)


def test_the_lobby_offers_the_search_bot_with_its_think_time(page, live_server):
    import os

    import pytest

    from .conftest import CHROMIUM
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM}")
    page.goto(live_server + "/")
    page.select_option("#c-game", "bolide")
    seat = page.locator("#c-seat-list .seat-kind").nth(1)
    offered = dict(zip(seat.locator("option").evaluate_all("os => os.map(o => o.value)"),
                       seat.locator("option").all_inner_texts()))
    assert offered["mcts:1s"] == "search bot, 1 s a move"
    assert offered["mcts"] == "search bot, 200 iterations a move"
    assert offered["club"] == "bot: club"
    seat.select_option("mcts:3s")
    page.click("#create button[type=submit]")
    page.locator("#created li", has_text="mcts:3s").wait_for()
    # the race page's "while I am away" list offers them as well
    page.locator("#created a.seat-link").first.click()
    page.locator("#controller option", has_text="search bot, 1 s a move").wait_for(
        state="attached")
    assert page.locator("#controller option[value='mcts:1s']").count() == 1
