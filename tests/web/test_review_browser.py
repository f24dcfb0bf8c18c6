"""The Review button of the replay page (issue 18) in the browser: a finished
race's review shows every rated decision and the biggest mistakes, and a
click on a decision moves the replay there.

CHEQUERED_SCREENSHOTS=DIR saves the page as DIR/race-review.png
(docs/images/race-review.png is that picture).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import httpx2
import pytest

from chequered.engine import registry
from chequered.engine.records import record_of

from .conftest import CHROMIUM
from .test_review import finished_race

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")


def press_review(page) -> None:
    page.select_option("#review-iterations", "20")               # quick: a few seconds
    page.click("#review-start")
    page.wait_for_selector("#review[data-status=done]", timeout=60_000)
    assert page.inner_text("#review-error") == ""


def test_review_button_rates_the_decisions_and_jumps_to_a_mistake(page, live_server, tmp_path):
    with httpx2.Client(base_url=live_server) as client:
        race = finished_race(client, controller="random")     # mistakes to list
        names = [s["name"] for s in client.get(f"/api/replay/race/{race}").json()["seats"]]
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server}/replay/race/{race}")
    page.wait_for_selector("#replay[data-step='0']")
    # the human seat is offered first, by name
    assert page.input_value("#review-seat") == "0"
    assert page.locator("#review-seat option").all_inner_texts()[0].startswith(names[0])
    press_review(page)
    rows = page.locator("#review-body table.decisions tbody tr")
    mistakes = page.locator("#review-body ol.mistakes li")
    assert rows.count() > 3 and 1 <= mistakes.count() <= 5
    summary = page.inner_text("#review-body .review-summary")
    assert names[0] in summary and f"{rows.count()} decisions rated (20 iterations each)" in summary
    # the mistakes listed are the rows highlighted in the table
    highlighted = page.locator("#review-body table.decisions tr.mistake")
    assert highlighted.count() == mistakes.count()
    worst = mistakes.first.get_attribute("data-step")
    assert worst in [highlighted.nth(i).get_attribute("data-step")
                     for i in range(highlighted.count())]
    assert "Loss" in mistakes.first.inner_text() and "prefers" in mistakes.first.inner_text()
    # a click on the worst mistake moves the replay to the position it was
    # made in (the moves before it played), its row marked
    move = int(mistakes.first.inner_text().split()[1])
    assert int(worst) == move - 1
    mistakes.first.click()
    page.wait_for_selector(f"#replay[data-step='{worst}']")
    assert page.locator(f"#review-body tr.current[data-step='{worst}']").count() == 1
    assert page.locator("#log > li").count() == move - 1
    # a row far down the table: the board, above the review, comes back into sight
    last = rows.last
    last.scroll_into_view_if_needed()
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().top") < 0
    last.click()
    page.wait_for_selector(f"#replay[data-step='{last.get_attribute('data-step')}']")
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().top") >= 0
    for width in (390, 1366):                  # a phone, then the laptop of the picture
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page is {overflow} px too wide at {width} px"
    shots = Path(os.environ.get("CHEQUERED_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    mistakes.first.click()                # the picture shows the worst mistake
    page.wait_for_selector(f"#replay[data-step='{worst}']")
    page.mouse.move(0, 0)                 # no row lit up by the pointer in the picture
    page.screenshot(path=str(shots / "race-review.png"), full_page=True)
    assert (shots / "race-review.png").stat().st_size > 10_000


def test_a_bolide_review_sets_the_laps_against_the_exact_line(page, live_server):
    """An uploaded record of a race's first moves: its laps are listed against
    the solver's, none finished yet, so none with turns lost."""
    from chequered.games.bolide.solver import solve_track
    game = registry.game("bolide")
    config = game.config(seats=["human", "club"], track="ring")
    state, actions = game.new(config, 3), []
    while len(actions) < 8:                  # each seat's first legal move, 8 times
        seat = min(game.to_act(state))
        actions.append((seat, game.legal_actions(state, seat)[0]))
        game.apply(state, *actions[-1])
    rec = record_of(game, config, 3, actions, state)
    with httpx2.Client(base_url=live_server) as client:
        up = client.post("/api/replays", content=json.dumps(rec.to_doc())).json()
    page.goto(live_server + up["url"])
    page.wait_for_selector("#replay[data-step='0']")
    press_review(page)
    heading = page.locator("#review-body h3", has_text="exact line").inner_text()
    exact = solve_track("ring")
    assert heading == f"Laps against the solver's exact line ({exact.turns} turns)"
    laps = page.locator("#review-body table.laps tbody tr")
    cells = [laps.nth(i).locator("td").all_inner_texts() for i in range(laps.count())]
    assert [c[0] for c in cells] == [str(n + 1) for n in range(exact.laps)]
    assert [c[2] for c in cells] == [str(t) for t in exact.lap_turns]
    assert cells[0][1].endswith("(unfinished)") and all(c[3] == "–" for c in cells)
    # the car's line drawn against the exact line, as an image the browser decoded
    picture = page.locator("#review-body img.race-line")
    assert picture.is_visible() and "exact line" in picture.get_attribute("alt")
    assert picture.evaluate("img => img.complete && img.naturalWidth") > 300


def test_the_drivers_are_offered_though_the_review_loads_after_the_first_frame(page, live_server):
    # review.js held back until the replay has drawn its first frame: it must
    # still offer the drivers (before, it only heard frames drawn after it)
    with httpx2.Client(base_url=live_server) as client:
        race = finished_race(client)
    held = []
    page.route("**/static/review.js", lambda route: held.append(route))
    page.goto(f"{live_server}/replay/race/{race}", wait_until="commit")
    page.wait_for_selector("#replay[data-step='0']")
    assert held and page.locator("#review-seat option").count() == 0
    held[0].continue_()
    page.wait_for_selector("#review-seat option", state="attached", timeout=5_000)
    assert page.input_value("#review-seat") == "0"
