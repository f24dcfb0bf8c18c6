"""The replay page keeps up with fast key presses: every press counts, even
those that come while a frame is still on its way (60 presses used to reach
only step 18)."""
from __future__ import annotations

import json
import os

import httpx2
import pytest

from chequered.engine import registry
from chequered.engine.play import agents_for, play
from chequered.engine.records import record_of

from .conftest import CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no chromium at {CHROMIUM}")


def test_sixty_fast_presses_reach_step_sixty_and_back(page, live_server):
    game = registry.game("racepace")
    config = game.config(seats=["random"] * 6)
    played = play(game, config, 9, agents=agents_for(game, config, 9))
    rec = record_of(game, config, 9, played.actions, played.state)
    assert len(rec.actions) > 80
    with httpx2.Client(base_url=live_server) as client:
        up = client.post("/api/replays", content=json.dumps(rec.to_doc())).json()
    page.goto(live_server + up["url"])
    page.wait_for_selector("#replay[data-step='0']")
    for _ in range(60):
        page.keyboard.press("ArrowRight", delay=0)
    page.wait_for_selector("#replay[data-step='60']", timeout=30_000)
    for _ in range(25):
        page.keyboard.press("ArrowLeft", delay=0)
    page.wait_for_selector("#replay[data-step='35']", timeout=30_000)
    assert page.inner_text("#stepno") == f"step 35 of {len(rec.actions)}"
    page.keyboard.press("End")
    page.wait_for_selector(f"#replay[data-step='{len(rec.actions)}']")
