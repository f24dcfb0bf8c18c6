"""The pages made from the docs of the source tree: each how-to-play page
links to its game's rules coverage, and every link and picture on them
answers (the coverage link used to be the repository's relative path,
../rules/formulagp.md, which the app answered with 404)."""
from __future__ import annotations

import re

import pytest

from chequered.engine import registry

LINK = re.compile(r'(?:href|src)="([^"#]+)')


def _local(html: str) -> list[str]:
    return sorted({u for u in LINK.findall(html)
                   if not u.startswith(("http://", "https://", "mailto:"))})


@pytest.mark.parametrize("name", registry.game_names())
def test_every_link_of_a_how_to_play_page_answers(client, name):
    page = client.get(f"/how-to-play/{name}")
    assert page.status_code == 200
    links = _local(page.text)
    assert f"/rules-coverage/{name}" in links
    for url in links:
        url = url if url.startswith("/") else f"/how-to-play/{url}"
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("name", ["formulagp", "formulagp-bots", "bolide",
                                  "bolide-trajectories", "racepace", "stockcar"])
def test_the_rules_coverage_pages_and_their_links_and_figures(client, name):
    page = client.get(f"/rules-coverage/{name}")
    assert page.status_code == 200 and "<table>" in page.text
    for url in _local(page.text):
        assert url.startswith("/"), url          # no repository-relative link left
        assert client.get(url).status_code == 200, url
    assert "../shared" not in page.text          # a user's clone has no such folder


def test_the_rules_coverage_serves_nothing_else(client):
    assert client.get("/rules-coverage/..%2F..%2FREADME").status_code == 404
    assert client.get("/rules-coverage/nonsense").status_code == 404
    assert client.get("/rules-coverage/figures/make_trajectories.py").status_code == 404
