"""docs/play/formulagp.md, how to play: its pictures are the game's own
render_svg of real decisions (tests/formulagp/ux_races.py), each one named in
the text; the page links the rules coverage. Draw them again after a change
of the pictures with

    REGEN_PLAY_DOC=1 .venv/bin/python -m pytest tests/formulagp/test_play_doc.py
"""
from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .ux_races import GAME, positions

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "play" / "formulagp.md"
IMG = ROOT / "docs" / "play" / "img"
# picture -> (race of ux_races, the decision it shows)
PICTURES = {
    "qualifying": ("standard", "quali_cards"),
    "returns": ("standard", "returns"),
    "prep": ("standard", "prep"),
    "move": ("standard", "move"),
    "battle": ("standard", "battle_cards"),
    "pit": ("standard", "pit_stop"),
}


def picture(name: str) -> str:
    race, step = PICTURES[name]
    st = next(p for p in positions(race)
              if p.turn.pending and p.turn.pending.step == step and 0 in GAME.to_act(p))
    view = GAME.spec.decorate_view(st, 0, GAME.view(st, 0), GAME.fine_actions(st, 0))
    return GAME.render_svg(view)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_each_picture_is_a_real_decision_and_named_in_the_text(name):
    path = IMG / f"formulagp-{name}.svg"
    if os.environ.get("REGEN_PLAY_DOC"):
        path.write_text(picture(name) + "\n", encoding="utf-8")
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert "formulagp-view" in root.get("class", "")
    assert [g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if "card" in (g.get("class") or "").split()]           # the seat's hand is drawn
    assert f"img/formulagp-{name}.svg" in DOC.read_text(encoding="utf-8")


def test_the_page_links_the_rules_and_names_every_picture_it_shows():
    text = DOC.read_text(encoding="utf-8")
    assert "../rules/formulagp.md" in text
    for ref in re.findall(r"\(img/(formulagp-[a-z-]+\.svg)\)", text):
        assert (IMG / ref).exists(), ref
        assert ref[len("formulagp-"):-4] in PICTURES
    for cmd in ("chequered race formulagp", "chequered serve", "/tutorial/formulagp"):
        assert cmd in text
