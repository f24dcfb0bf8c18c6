"""Issue 14 in the browser: a whole move is one decision. Every legal move
that ends on a space marks that space as a destination; hovering it shows
what the move costs and draws its path; clicking it makes the move. Several
moves ending on one space open a chooser; "Move space by space" lists the
fine steps instead.

FormulaGP and the stock-car game, each with one human seat and bots.
CHEQUERED_SCREENSHOTS=DIR saves each hovered board as
DIR/<game>-route-hover.png (docs/screenshots has them); CHEQUERED_ROUTE_ZOOM=DIR
a close-up of the path as DIR/<game>-zoom.png.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import httpx2
import pytest

from chequered.engine import registry

from .conftest import CHROMIUM
from .helpers import create, human_tokens, seat_state
from .page_helpers import click_first, version, wait_moved_on, wait_ready

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")

COST = re.compile(r"\d+ spaces?")
MAX_DECISIONS = 60


def to_a_move(page, client, token: str, want=lambda doc: True) -> dict:
    """Play the other decisions (the first button of the list) until this
    seat must choose among moves over spaces ("n spaces" in a cost: not the
    stock-car choice of a car and its card, whose `to` is the car's own
    space) and `want(state)`; returns the seat's state then."""
    for _ in range(MAX_DECISIONS):
        wait_ready(page)
        assert page.get_attribute("#race", "data-over") != "true", "the race ended first"
        doc = seat_state(client, token)
        if str(doc["version"]) != version(page):
            page.wait_for_selector(f"#race[data-version='{doc['version']}']")
            continue
        if any(COST.search(a["route"]["cost"]) for a in doc["legal"] if a.get("route")) \
                and want(doc):
            page.wait_for_selector("#board .space.destination")
            return doc
        click_first(page)
    pytest.fail(f"no movement decision within {MAX_DECISIONS} decisions")


def space_key(to) -> str:
    """A move's `to` as the SVG's data-space writes it (a pair as "a,b")."""
    return ",".join(map(str, to)) if isinstance(to, list) else str(to)


def by_space(doc) -> dict:
    out: dict = {}
    for a in doc["legal"]:
        if a.get("route"):
            out.setdefault(space_key(a["route"]["to"]), []).append(a)
    return out


def logged(game: str, move: dict) -> str:
    """How the log names a move: the game's text of the action as sent (a
    Route is sent as its path alone, without the listed labels)."""
    g = registry.game(game)
    return g.describe_action(g.decode_action(json.loads(move["key"])))


def hover_click_and_check(page, client, token: str, game: str, car_label: str | None):
    """Hover a destination reached by one multi-space move, check the
    tooltip and the drawn path, save the screenshot, click, and check that
    the race moved on with this move in the log (and the car on that space)."""
    page.set_viewport_size({"width": 1400, "height": 900})
    doc = seat_state(client, token)
    spaces = by_space(doc)
    # every destination on the board is a space some legal move ends on
    marked = page.locator("#board .space.destination")
    drawn = {marked.nth(i).get_attribute("data-space") for i in range(marked.count())}
    assert drawn and drawn <= set(spaces)
    one = [(to, moves[0]) for to, moves in spaces.items()
           if len(moves) == 1 and len(moves[0]["route"]["path"]) > 1 and to in drawn]
    to, move = one[0] if one else next((to, m[0]) for to, m in spaces.items() if to in drawn)
    node = page.locator(f"#board .space.destination[data-space='{to}']")
    assert node.get_attribute("data-moves") == str(len(spaces[to]))
    node.scroll_into_view_if_needed()
    node.hover()
    tip = page.locator("#route-tip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert COST.search(text), text
    assert all(m["route"]["cost"] in text for m in spaces[to])
    # the path: one polyline through the centres of its spaces, ending on `to`
    page.wait_for_selector("#board g.route-path polyline")
    assert page.locator("#board g.route-path circle").count() \
        == sum(len(m["route"]["path"]) for m in spaces[to])
    shots = os.environ.get("CHEQUERED_SCREENSHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / f"{game}-route-hover.png"))
    zoom = os.environ.get("CHEQUERED_ROUTE_ZOOM")      # a close-up, for looking at the path
    if zoom:
        box = node.bounding_box()
        page.screenshot(path=str(Path(zoom) / f"{game}-zoom.png"), clip={
            "x": max(0, box["x"] - 300), "y": max(0, box["y"] - 150), "width": 600, "height": 300})
    before = version(page)
    log_before = page.locator("#log > li").count()
    node.click()
    if len(spaces[to]) > 1:
        page.locator("#route-chooser button.route-choice").first.click()
    wait_moved_on(page, before)
    assert page.locator("#route-tip").is_hidden()
    # the log shows the move as its menu line said it
    log = page.locator("#log > li")
    assert log.count() > log_before
    new = [log.nth(i).inner_text() for i in range(log_before, log.count())]
    assert any(logged(game, move) in item for item in new), (logged(game, move), new)
    # and a car stands on that space now (seat 0's own when it is known by its label)
    car = page.locator(f"#board g.car[data-space='{to}']")
    assert car.count() >= 1
    if car_label is not None:
        assert car_label in car.first.text_content()
    return to, move


def test_formulagp_hover_a_destination_and_click_it(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", seats=["human", "heuristic", "heuristic"], seed=5)
        token = human_tokens(made)[0]
        page.goto(live_server + made["play_url"])
        # a turn with a choice of several destinations (a better picture)
        to_a_move(page, client, token, lambda d: len(by_space(d)) >= 4)
        # FGP 16.5: seat 0's car is drawn with its number, 1
        hover_click_and_check(page, client, token, "formulagp", "1")


def test_formulagp_several_moves_to_one_space_open_a_chooser(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", seats=["human", "heuristic", "heuristic"], seed=5)
        token = human_tokens(made)[0]
        page.goto(live_server + made["play_url"])
        doc = to_a_move(page, client, token,
                        lambda d: any(len(m) > 1 for m in by_space(d).values()))
        to, moves = next((to, m) for to, m in by_space(doc).items() if len(m) > 1)
        node = page.locator(f"#board .space.destination[data-space='{to}']")
        node.scroll_into_view_if_needed()
        node.hover()
        assert f"{len(moves)} choices on this space" in page.inner_text("#route-tip")
        node.click()
        choices = page.locator("#route-chooser button.route-choice")
        choices.first.wait_for()
        assert choices.count() == len(moves)
        assert {choices.nth(i).get_attribute("data-key") for i in range(len(moves))} \
            == {m["key"] for m in moves}
        # Escape closes it without moving; the list's buttons still name every move
        before = version(page)
        page.keyboard.press("Escape")
        assert page.locator("#route-chooser").is_hidden() and version(page) == before
        assert all(page.locator(f"#actions button[data-key='{m['key']}']").count() == 1
                   for m in moves)
        node.click()
        choices.nth(len(moves) - 1).click()
        wait_moved_on(page, before)
        assert logged("formulagp", moves[-1]) in page.inner_text("#log")


def test_formulagp_space_by_space(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", seats=["human", "heuristic", "heuristic"], seed=5)
        token = human_tokens(made)[0]
        page.goto(live_server + made["play_url"])
        doc = to_a_move(page, client, token)
        routes = by_space(doc)
        page.check("#fine-moves")
        fine = seat_state_fine(client, token)
        assert fine["fine"] and all(len(a["route"]["path"]) == 1
                                    for a in fine["legal"] if a.get("route"))
        first = next(a for a in fine["legal"] if a.get("route"))
        to = space_key(first["route"]["to"])
        # the board now marks the spaces one point away, not the routes' ends
        node = page.locator(f"#board .space.destination[data-space='{to}']")
        node.wait_for()
        marked = page.locator("#board .space.destination")
        assert {marked.nth(i).get_attribute("data-space") for i in range(marked.count())} \
            == {space_key(a["route"]["to"]) for a in fine["legal"] if a.get("route")}
        assert set(routes) != {space_key(a["route"]["to"]) for a in fine["legal"] if a.get("route")}
        node.scroll_into_view_if_needed()
        node.hover()
        assert "1 space" in page.inner_text("#route-tip")
        before = version(page)
        node.click()
        wait_moved_on(page, before)
        # the choice is remembered: a reload still moves space by space
        page.reload()
        page.wait_for_selector("#race[data-version]")
        assert page.is_checked("#fine-moves")
        page.uncheck("#fine-moves")


def seat_state_fine(client, token: str) -> dict:
    resp = client.get(f"/api/play/{token}", params={"fine": "true"})
    assert resp.status_code == 200, resp.text
    return resp.json()


@pytest.mark.skipif(not registry.game("stockcar").has_routes,
                    reason="the stock-car game offers no routes yet (branch h/stock)")
def test_stockcar_hover_a_destination_and_click_it(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="stockcar", seats=["human", "bot", "bot", "bot"], seed=5)
        token = human_tokens(made)[0]
        page.goto(live_server + made["play_url"])
        to_a_move(page, client, token)
        hover_click_and_check(page, client, token, "stockcar", None)
