"""The rule coverage pages name the code that carries each rule out, as
`module:function` (docs/rules/<game>.md). Code moves when it is split or
made faster; a citation left behind would send a reader to nothing. Every
one must still name something: a game module's attribute (`rules/` first,
then the game's top-level modules, then chequered's own, e.g. `terminal`),
or a pydantic model's field."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
CODE_COLUMN = {"racepace": 2, "bolide": 2, "formulagp": 3}    # 0-based, after the first |
CITATION = re.compile(r"(?<![\w./`])([a-z_][a-z0-9_]*):([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


def _module(game: str, name: str):
    for path in (f"chequered.games.{game}.rules.{name}", f"chequered.games.{game}.{name}",
                 f"chequered.{name}"):
        try:
            return importlib.import_module(path)
        except ModuleNotFoundError as e:
            if e.name is None or not path.startswith(e.name):
                raise               # the module exists but one of its imports fails
    return None


def _names_something(obj, dotted: str) -> bool:
    for part in dotted.split("."):
        fields = getattr(obj, "model_fields", None)
        if hasattr(obj, part):
            obj = getattr(obj, part)
        elif isinstance(fields, dict) and part in fields:
            obj = fields[part]
        else:
            return False
    return True


def citations(game: str) -> list[tuple[str, str]]:
    col = CODE_COLUMN[game]
    out = []
    for line in (DOCS / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("| "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > col:
            out += CITATION.findall(cells[col])
    return out


@pytest.mark.parametrize("game", sorted(CODE_COLUMN))
def test_every_cited_function_exists(game):
    cited = citations(game)
    assert len(cited) > 40, "the code column was not found: has the table's layout changed?"
    missing = sorted({f"{mod}:{name}" for mod, name in cited
                      if (m := _module(game, mod)) is None or not _names_something(m, name)})
    assert not missing, f"docs/rules/{game}.md cites code that is not there: {missing}"
