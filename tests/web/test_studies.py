"""The Studies page (issue 17): a study started from the web runs in its own
process, its report fills in as races finish, and bad input gets one clear
error."""
from __future__ import annotations

import os
import time

import pytest

from .conftest import CHROMIUM


def wait_done(client, ident: str, timeout: float = 180) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        doc = client.get(f"/api/studies/{ident}").json()
        if doc["status"] in ("done", "failed"):
            return doc
        time.sleep(0.3)
    raise TimeoutError(f"study {ident} did not finish")


@pytest.mark.parametrize("form, words", [
    ({"game": "nosuch", "races": 5, "seats": "bot"}, "unknown game"),
    ({"game": "racepace", "races": 5, "seats": "bot,wizard"}, "unknown seat kind 'wizard'"),
    ({"game": "racepace", "races": 5, "seats": "bot,human"}, "human seats"),
    ({"game": "racepace", "races": 0, "seats": "bot,bot"}, "races"),
    ({"game": "racepace", "races": 5, "seats": "bot,bot", "vary": "colour=red"},
     "no setting 'colour'"),
    ({"game": "racepace", "races": 5, "seats": "bot,bot", "track": "the_moon"}, "moon"),
    ({"game": "racepace", "races": 5, "seats": "bot,bot", "vary": "content=/etc"},
     "server's choice"),
    ({"game": "racepace", "races": 2000, "seats": "bot,bot",
      "vary": "track=monaco,italy,spain,japan"}, "at most 6000 races"),
])
def test_bad_studies_get_one_clear_400(client, form, words):
    res = client.post("/api/studies", json=form)
    assert res.status_code == 400, res.text
    assert words in res.json()["error"]
    assert "Traceback" not in res.text


def test_unknown_study_is_404(client):
    assert client.get("/api/studies/abc").status_code == 404
    assert client.get("/api/studies/abc/report").status_code == 404


def test_a_study_runs_in_another_process_and_reports(client, tmp_path, monkeypatch):
    monkeypatch.setenv("CHEQUERED_STUDIES_DIR", str(tmp_path / "studies"))
    made = client.post("/api/studies", json={"game": "racepace", "races": 6,
                                             "seats": "bot,random,random",
                                             "vary": "track=monaco,italy"})
    assert made.status_code == 201, made.text
    doc = wait_done(client, made.json()["id"])
    assert doc["status"] == "done" and doc["races"] == doc["total"] == 12
    report = client.get(f"/api/studies/{doc['id']}/report")
    assert report.status_code == 200
    html = report.text
    assert "12 of 12 races on disk" in html and "<svg" in html and "<script" not in html
    assert "track=monaco" in html and "track=italy" in html
    # The parts are where the study was told to write them, by another process.
    assert list((tmp_path / "studies" / doc["id"] / "parts").glob("*.parquet"))


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no chromium at {CHROMIUM}")
def test_the_studies_page_starts_a_study_and_shows_its_report(live_server, page):
    page.goto(live_server + "/studies")
    page.select_option("#study-game", "racepace")
    page.fill("#study-races", "8")
    page.fill("#study-seats", "bot,random,random")
    page.click("#study-start")
    page.wait_for_selector("#study[data-status=done]", timeout=180_000)
    page.wait_for_selector("#study-report[data-races='8']", timeout=60_000)
    text = page.inner_text("#study-report")
    assert "8 of 8 races on disk" in text and "Win rate" in text
    assert page.locator("#study-report svg").count() >= 2
    # Bad input: the message, and nothing started.
    page.fill("#study-seats", "bot,wizard")
    page.click("#study-start")
    page.wait_for_selector("#study-error:has-text('unknown seat kind')", timeout=30_000)
