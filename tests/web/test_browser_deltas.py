"""The race page in chromium puts the board and the running order back
together from the pieces and rows its socket was sent again (web/deltas.py,
issue 16): after several moves it shows what a page opened afresh (sent
everything whole) shows for the same seat and version."""
from __future__ import annotations

import os
import re

import httpx2
import pytest

from .conftest import CHROMIUM
from .helpers import create
from .page_helpers import version, wait_ready
from .test_browser import click_move

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")

# where a car slides, the page moves it for a while in a group of its own
# (race_panels.playMoves)
MOVING = re.compile(r' (transform|style)="[^"]*"')
UNWRAPPED = """s => { const c = s.cloneNode(true);
  for (const g of c.querySelectorAll("g.car-slide")) g.replaceWith(...g.childNodes);
  return c.outerHTML; }"""


def picture(page) -> tuple[str, str]:
    board = page.eval_on_selector("#board svg", UNWRAPPED)
    return MOVING.sub("", board), page.inner_text("#standings")


@pytest.mark.parametrize("name, bot", [("stockcar", "bot"), ("formulagp", "pro")])
def test_the_page_shows_what_a_fresh_page_shows_after_moves(browser, live_server, name, bot):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game=name, seats=["human", bot, bot], seed=4)
    first = browser.new_page()
    try:
        first.goto(live_server + made["play_url"])
        for _ in range(6):
            click_move(first)
        wait_ready(first)
        seen = version(first)
        fresh = browser.new_page()
        try:
            fresh.goto(live_server + made["play_url"])
            fresh.wait_for_selector(f"#race[data-version='{seen}']")
            wait_ready(fresh)
            assert picture(first) == picture(fresh)
        finally:
            fresh.close()
    finally:
        first.close()
