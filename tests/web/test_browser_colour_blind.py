"""The colour-blind setting in the browser (FGP 16): a player switches it on in
the page header, the board shows the marks that tell colours apart (WHITE die
button and dots, Sprint speeds on the cards, arrows' squares, team numbers on
the cars), and the browser remembers it after a reload.

CHEQUERED_SCREENSHOTS=DIR saves the page with the setting on as
DIR/formulagp-colour-blind.png.
"""
from __future__ import annotations

import os
from pathlib import Path

import httpx2
import pytest

from .conftest import CHROMIUM
from .helpers import create
from .page_helpers import wait_ready
from .test_browser import click_move

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")


def test_colour_blind_setting_shows_the_marks_and_is_remembered(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", seed=4, track="fast",
                      seats=["human", "heuristic", "heuristic"])
    page.goto(live_server + made["play_url"])
    # play on until cars are on the track (after qualifying and the start)
    for _ in range(40):
        wait_ready(page)
        if page.locator("#board g.car").count() and page.locator("#board g.card").count():
            break
        click_move(page)
    wait_ready(page)
    marks = page.locator("#board .cb-mark")
    assert marks.count() > 0
    toggle = page.locator("#colour-blind")
    assert toggle.is_visible() and not toggle.is_checked()
    # off: the marks are in the picture but not shown
    assert not page.locator("#board .white-die .cb-mark").first.is_visible()
    assert not page.locator("#board .sprint").first.is_visible()

    toggle.check()
    assert page.locator("html.colour-blind").count() == 1
    # FGP 16.1: the race control panel's WHITE die with its button and dots
    die = page.locator("#board .white-die").first
    assert die.locator(".die-button").is_visible()
    dots = int(die.get_attribute("data-dots"))
    assert die.locator(".die-dot").count() == dots
    assert die.get_attribute("data-button") == ("left" if dots == 2 else "right")
    # FGP 16.4: every movement card in the hand shows its Sprint speed
    sprint = page.locator("#board g.card .sprint")
    assert sprint.count() > 0 and sprint.first.is_visible()
    assert {sprint.nth(k).get_attribute("data-sprint") for k in range(sprint.count())} \
        <= {"2", "4", "6", "2/4"}
    # FGP 16.5: the cars on the track show their team numbers
    teams = page.locator("#board g.car .team-no")
    assert teams.count() > 0 and teams.first.is_visible()
    assert teams.first.text_content().strip().isdigit()

    shots = os.environ.get("CHEQUERED_SCREENSHOTS")
    if shots:
        page.set_viewport_size({"width": 1400, "height": 900})
        page.screenshot(path=str(Path(shots) / "formulagp-colour-blind.png"))

    page.reload()                                   # remembered in the browser
    wait_ready(page)
    assert page.locator("#colour-blind").is_checked()
    assert page.locator("#board .sprint").first.is_visible()
    page.locator("#colour-blind").uncheck()
    assert not page.locator("#board .sprint").first.is_visible()
    page.reload()
    wait_ready(page)
    assert not page.locator("#colour-blind").is_checked()
