"""Content: the decks, teams and tracks validate, and errors name file and field."""
from __future__ import annotations

import shutil
from collections import Counter

import pytest

from chequered.games.stockcar.content import CONTENT_DIR, ContentError, load_content

from .helpers import C


def test_deck_sizes_and_public_facts():
    assert len(C.cards) == 84 and len(C.events) == 26 and len(C.teams) == 7
    assert {c.mp for c in C.cards.values()} == {4, 5, 6, 7, 8}
    assert set(Counter(c.move for c in C.cards.values())) == {"solo", "draft", "lead", "pursuit"}
    assert any(c.white for c in C.cards.values())
    assert {c.wear for c in C.cards.values()} == {"none", "tyre", "suspension", "fuel",
                                                  "engine", "body"}
    assert set(C.tracks) == {"speedway", "short", "triangle", "road"}


def test_tracks_have_corners_that_narrow():
    for T in C.tracks.values():
        assert min(T.width) >= 2 and max(T.width) > min(T.width)
        assert any(T.corner)


def copy_content(tmp_path):
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


def test_error_names_file_and_field(tmp_path):
    d = copy_content(tmp_path)
    p = d / "race_cards.toml"
    p.write_text(p.read_text().replace("mp = 4", "mp = 9", 1))
    with pytest.raises(ContentError) as err:
        load_content(str(d))
    msg = str(err.value)
    assert "race_cards.toml" in msg and "mp" in msg and "R01" in msg


def test_unknown_field_is_an_error(tmp_path):
    d = copy_content(tmp_path)
    p = d / "tracks" / "short.toml"
    p.write_text(p.read_text().replace("pit_loss = 4", "pit_los = 4"))
    with pytest.raises(ContentError, match=r"short.toml.*pit_los"):
        load_content(str(d))


def test_deck_size_checked(tmp_path):
    d = copy_content(tmp_path)
    p = d / "event_cards.toml"
    text = p.read_text()
    p.write_text(text[:text.rindex("[[card]]")])
    with pytest.raises(ContentError, match="26 cards"):
        load_content(str(d))


def test_bar_must_name_every_team(tmp_path):
    d = copy_content(tmp_path)
    p = d / "race_cards.toml"
    text = p.read_text()
    i = text.index('bar = "') + len('bar = "')
    p.write_text(text[:i] + "RRRRRRR" + text[i + 7:])
    with pytest.raises(ContentError, match="bar"):
        load_content(str(d))
