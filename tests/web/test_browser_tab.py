"""The browser tab of a race with friends: it says whose turn it is, so a
player reading another tab sees when a friend's move has come round, and it
shows the site's icon (a page without one asks /favicon.ico and gets 404)."""
from __future__ import annotations

import os

import httpx2
import pytest

from .conftest import CHROMIUM
from .helpers import create, human_tokens
from .page_helpers import wait_ready

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")


def test_the_tab_title_says_your_turn_and_the_icon_loads(browser, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="racepace", seats=["human", "human", "bot"])
        first, second = human_tokens(made)
        icon = client.get("/static/favicon.svg")
        assert icon.status_code == 200 and "<svg" in icon.text
    pages = []
    for token in (first, second):
        page = browser.new_page()
        page.goto(f"{live_server}/play/{token}")
        page.wait_for_selector("#race[data-version]")
        pages.append(page)
    mine = [p for p in pages if p.get_attribute("#race", "data-myturn") == "true"]
    theirs = [p for p in pages if p.get_attribute("#race", "data-myturn") != "true"]
    assert len(mine) == 1 and len(theirs) == 1          # seats choose teams in turn
    assert mine[0].title().startswith("\u25cf Your turn - ")
    assert "Your turn" not in theirs[0].title() and theirs[0].title().endswith("chequered")
    # the choice made, the turn passes: both titles follow
    mine[0].locator("#actions button").first.click()
    wait_ready(theirs[0])
    mine[0].wait_for_selector("#race[data-myturn=false]")
    assert theirs[0].title().startswith("\u25cf Your turn - ")
    assert mine[0].title().endswith("chequered")
    for page in pages:
        assert page.locator("link[rel=icon]").get_attribute("href") == "/static/favicon.svg"
        page.close()
