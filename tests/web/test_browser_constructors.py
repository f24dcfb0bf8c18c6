"""The race page shows a finished FormulaGP race's Constructors' classification
(FGP 14.4) under the drivers'."""
from __future__ import annotations

import os
import time

import httpx2
import pytest

from .conftest import CHROMIUM
from .helpers import create

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")


def test_the_result_shows_the_constructors_table(page, live_server):
    with httpx2.Client(base_url=live_server) as client:
        made = create(client, game="formulagp", track="street", options=["constructors"],
                      seats=["heuristic"] * 4, settings={"teams": [1, 2, 1, 2]})
        end = time.monotonic() + 240
        while not (doc := client.get(f"/api/races/{made['race']}").json())["over"]:
            assert time.monotonic() < end
            time.sleep(0.2)
    table = doc["result"]["extra"]["constructors"]
    page.goto(live_server + made["watch_url"])
    page.wait_for_selector("#result table.constructors")
    rows = page.locator("#result table.constructors tbody tr")
    assert rows.count() == 2
    for k, team in enumerate(table):
        cells = rows.nth(k).locator("td")
        assert cells.nth(1).inner_text() == f"#{team['number']} {team['team']}"
        assert cells.nth(2).inner_text() == str(team["points"])
    assert {t["team"] for t in table} == {"Vireo Racing", "Halcyon GP"}
