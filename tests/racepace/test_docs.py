"""docs/play/racepace.md: its pictures are the game's own boards from real
races, up to date, and it links the rules coverage."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from . import docs_images

DOC = Path(__file__).resolve().parents[2] / "docs" / "play" / "racepace.md"


def test_the_page_links_the_rules_coverage_and_its_pictures_exist():
    text = DOC.read_text(encoding="utf-8")
    assert "(../rules/racepace.md)" in text
    pictures = re.findall(r"\]\((img/racepace-[a-z]+\.svg)\)", text)
    assert len(pictures) >= 5
    for rel in pictures:
        root = ET.parse(DOC.parent / rel).getroot()
        assert root.tag.endswith("svg")
        assert all((t.text or "").strip() for t in root.iter("{http://www.w3.org/2000/svg}title"))
    assert "/tutorial/racepace" in text and "chequered race racepace" in text


@pytest.mark.parametrize("name", sorted(docs_images.PICTURES))
def test_the_pictures_are_current(name):
    stored = (docs_images.IMG / f"racepace-{name}.svg").read_text(encoding="utf-8")
    assert stored == docs_images.render(name) + "\n", (
        "regenerate: PYTHONPATH=src python -m tests.racepace.docs_images")
