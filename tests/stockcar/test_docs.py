"""docs/play/stockcar.md: its pictures are the game's own boards, drawn
from the seeded positions of tests/stockcar/play_images.py and current
(regenerate them with `python -m tests.stockcar.play_images`), and it links
the rules coverage."""
from __future__ import annotations

import re
import xml.dom.minidom

import pytest

from .play_images import IMG, PICTURES, render

DOC = IMG.parent / "stockcar.md"


def test_the_page_shows_every_picture_and_links_the_rules():
    text = DOC.read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\(img/(stockcar-[a-z]+)\.svg\)", text))
    assert shown == set(PICTURES)
    assert "](../rules/stockcar.md)" in text
    assert "/tutorial/stockcar" in text and "chequered race stockcar" in text


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_each_picture_is_current(name):
    path = IMG / f"{name}.svg"
    stored = path.read_text(encoding="utf-8")
    xml.dom.minidom.parseString(stored)
    assert stored == render(name) + "\n", f"{path} is stale: python -m tests.stockcar.play_images"
