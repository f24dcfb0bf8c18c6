"""Issue 15 in the browser, for every game: the turn banner, the running
order and the legend are there; every mark with a tooltip has a text; the
first-race tutorial can be clicked through to the end; a saved race resumed
from the lobby continues with the same hash; a move that harms your own race
asks first; the page fits a laptop and a phone.

CHEQUERED_SCREENSHOTS=DIR saves each race page at 1366x768 and 390x844 as
DIR/<game>-1366.png and DIR/<game>-390.png (docs/screenshots has them).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import httpx2
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from chequered.engine import registry

from .conftest import CHROMIUM
from .helpers import create, human_tokens, play_first_legal
from .page_helpers import click_first, wait_ready

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")

GAMES = registry.game_names()


def untitled_marks(page) -> list[str]:
    """Every tooltip on the page that says nothing: an SVG <title> without
    text, or an element whose title attribute is empty."""
    return page.eval_on_selector_all(
        "#board title, #race [title]",
        """nodes => nodes.filter(n => n.tagName.toLowerCase() === 'title'
                                    ? !n.textContent.trim()
                                    : !n.getAttribute('title').trim())
                         .map(n => (n.parentNode && n.parentNode.outerHTML || n.outerHTML).slice(0, 120))""")


@pytest.mark.parametrize("name", GAMES)
def test_banner_running_order_legend_and_tooltips(page, live_server, name):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game=name, seed=3)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(live_server + made["play_url"])
    wait_ready(page)
    banner = page.inner_text("#banner")
    assert banner.strip(), "no turn banner"
    assert "Your turn" in banner or "to play" in banner or "over" in banner
    assert page.locator("#legend li").count() > 0, "no legend"
    for text in page.locator("#legend li").all_inner_texts():
        assert len(text.strip()) > 3
    assert page.locator("#standings tr").count() > 0, "no running order"
    assert untitled_marks(page) == []
    assert page.locator("#board title").count() > 0, "no mark on the board has a tooltip"
    # the name, not "seat 0 (seat 0)"
    assert "seat" not in page.inner_text("#who")
    assert page.get_attribute("#howto", "href") == f"/how-to-play/{name}"
    shots = os.environ.get("CHEQUERED_SCREENSHOTS")
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        # nothing sticks out sideways: the page scrolls down, never across
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page is {overflow} px too wide at {width}x{height}"
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(shots) / f"{name}-{width}.png"))


@pytest.mark.parametrize("name", GAMES)
def test_the_tutorial_can_be_clicked_through_to_the_end(page, live_server, name):
    tutorial = registry.game(name).tutorial()
    assert tutorial is not None, f"{name} has no tutorial"
    page.goto(f"{live_server}/tutorial/{name}")
    page.wait_for_selector("#coach:not([hidden])")
    wait_ready(page)
    assert tutorial.intro[:40] in page.inner_text("#coach")
    decisions = 0
    while page.get_attribute("#race", "data-over") != "true":
        coach = page.inner_text("#coach")
        assert "Now you" in coach, coach
        click_first(page)
        decisions += 1
        assert decisions <= tutorial.max_decisions, "the tutorial race is longer than it says"
        wait_ready(page)
    assert "Well done" in page.inner_text("#coach")
    assert tutorial.outro[:40] in page.inner_text("#coach")


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_race_resumed_from_the_lobby_continues_with_the_same_hash(
        page, live_server, name, tmp_path):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game=name, seed=21)
        page.goto(live_server + made["play_url"])
        for _ in range(3):
            wait_ready(page)
            if page.get_attribute("#race", "data-over") == "true":
                break
            click_first(page)
        wait_ready(page)
        # "Save / leave" offers the record of this solo race (its seed was chosen)
        page.click("#save")
        with page.expect_download() as got:
            page.click("#save-record")
        saved = tmp_path / "saved.json"
        got.value.save_as(saved)
        record = json.loads(saved.read_text())
        assert record["result"] is None and record["actions"]

        page.goto(live_server + "/")
        page.set_input_files("#resume", str(saved))
        page.wait_for_url("**/play/**")
        wait_ready(page)
        resumed_id = page.get_attribute("#race", "data-race")
        assert resumed_id != made["race"]
        assert page.get_attribute("#race", "data-version") == str(len(record["actions"]))
        again = client.get(f"/api/races/{resumed_id}/record").json()
        assert again["final_hash"] == record["final_hash"]

        # the same next choices in both races lead to the same race
        original = human_tokens(made)[0]
        resumed_token = page.url.rsplit("/", 1)[1].split("?")[0]
        for token in (original, resumed_token):
            play_first_legal(client, token, 2)
        hashes = [client.get(f"/api/races/{rid}/record").json()["final_hash"]
                  for rid in (made["race"], resumed_id)]
        assert hashes[0] == hashes[1]


def test_a_running_race_of_several_people_gives_no_record_to_resume(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="racepace", seats=["human", "human", "bot"])
        token = human_tokens(made)[0]
    page.goto(f"{live_server}/play/{token}")
    page.wait_for_selector("#race[data-version]")
    page.click("#save")
    note = page.inner_text("#save-note")
    assert "saved on the server" in note and not page.locator("#save-record").count()


def test_a_phone_zooms_on_the_action_and_can_show_the_whole_board(page, live_server):
    """Bolide's circuits are wider than a phone can show at a readable size:
    its board says where the action is (data-focus), and the page shows that
    part on a narrow screen until asked for the whole board."""
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="bolide", seed=3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server + made["play_url"])
    wait_ready(page)
    svg = page.locator("#board svg").first
    focus = svg.get_attribute("data-focus")
    assert focus and svg.get_attribute("viewBox") == focus
    page.click("#zoom")
    page.wait_for_selector("#zoom[aria-pressed=false]")
    assert page.locator("#board svg").first.get_attribute("viewBox") != focus


def test_other_players_moves_are_shown_one_at_a_time(page, live_server):
    """After my move the bots' moves arrive together; the page slides each
    car that moved, one player after another, and a ticker says what each
    did, at the pace the player chose (here the default)."""
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="racepace", seed=3)
    page.goto(live_server + made["play_url"])
    seen_ticker, seen_slides = set(), 0
    for _ in range(8):
        wait_ready(page)
        click_first(page)
        # the bots' moves may come in the message after mine
        try:
            page.wait_for_selector("#ticker:not([hidden])", timeout=3_000)
            seen_ticker.add(page.inner_text("#ticker"))
        except PlaywrightTimeout:
            pass
        seen_slides = max(seen_slides, page.evaluate("document.getAnimations().length"))
        if seen_slides and len(seen_ticker) >= 2:
            break
    assert seen_slides > 0, "no car slid to its new place"
    assert seen_ticker and all(":" in t for t in seen_ticker)
    # the ticker names players, never seats
    assert not any("seat" in t for t in seen_ticker)
    page.select_option("#pace", "0")                 # at once: nothing is held back
    wait_ready(page)
    click_first(page)
    assert page.locator("#ticker[hidden]").count() == 1


def test_a_choice_made_while_the_connection_is_down_says_so_and_the_race_goes_on(
        page, live_server):
    """A click while the socket reconnects used to be dropped without a word:
    the player saw nothing happen. The page now says it was not sent, clears
    that once connected again, and the next click plays."""
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="racepace", seats=["human", "bot"], seed=3)
    sockets, allow = [], [True]

    def route(ws):
        if allow[0]:
            ws.connect_to_server()
            sockets.append(ws)
        else:
            ws.close()          # the server cannot be reached just now
    page.route_web_socket("**/ws/**", route)
    page.goto(live_server + made["play_url"])
    wait_ready(page)
    allow[0] = False
    sockets[-1].close()
    page.wait_for_selector("#status:has-text('reconnecting')")
    page.locator("#actions button").first.click()
    assert page.inner_text("#error").startswith("Not connected just now")
    assert page.get_attribute("#race", "data-version") == "0"
    allow[0] = True
    page.wait_for_selector("#status:has-text('live'), #status:has-text('connected')",
                           timeout=20_000)
    page.wait_for_selector("#error:empty", timeout=10_000)
    click_first(page)
