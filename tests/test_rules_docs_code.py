"""The rule coverage pages name the code that carries each rule out, as
`module:function`, `rules/module:a, b` (docs/rules/<game>.md). Code moves when it is split or
made faster; a citation left behind would send a reader to nothing. Every
one must still name something: a game module's attribute (`rules/` first,
then the game's top-level modules, then chequered's own, e.g. `terminal`),
or a pydantic model's field. The scenario tests each row names must exist
too."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
CODE_COLUMN = {"racepace": 2, "bolide": 2, "formulagp": 3}    # 0-based, after the first |
CITATION = re.compile(r"(?<![\w./`])(?:rules/)?([a-z_][a-z0-9_]*):([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
                      r"((?:, [A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?![\w:/]| `))*)")   # `mod:a, b, c`


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
            for mod, first, more in CITATION.findall(cells[col]):
                out += [(mod, name) for name in [first, *more.split(", ")[1:]]]
    return out


@pytest.mark.parametrize("game", sorted(CODE_COLUMN))
def test_every_cited_function_exists(game):
    cited = citations(game)
    assert len(cited) > 40, "the code column was not found: has the table's layout changed?"
    missing = sorted({f"{mod}:{name}" for mod, name in cited
                      if (m := _module(game, mod)) is None or not _names_something(m, name)})
    assert not missing, f"docs/rules/{game}.md cites code that is not there: {missing}"


# Tests are cited as `test_file.py::test_name`, further names of the same file
# as `::test_other`, and a family as `::test_prefix_*`. A path is relative to
# tests/<game>/, tests/ or the repository.
TEST_CITATION = re.compile(r"(?<![\w/])([\w/]*test_\w+\.py)?(?:::(\w+)(\*)?)?")
TESTS = DOCS.parents[1] / "tests"


def _test_file(game: str, cited: str) -> Path | None:
    for base in (TESTS / game, TESTS, TESTS.parent):
        if (base / cited).is_file():
            return base / cited
    return None


def _defined(path: Path) -> set[str]:
    return set(re.findall(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)", path.read_text(encoding="utf-8"),
                          re.MULTILINE))


@pytest.mark.parametrize("game", ["bolide", "formulagp", "racepace", "stockcar"])
def test_every_cited_test_exists(game):
    """Each rule's row names the scenario test that checks it; a test renamed
    or split would leave the row pointing at nothing."""
    checked, missing, current = 0, [], None
    for line in (DOCS / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("| "):
            continue
        current = None                  # `::name` never reaches back past its row
        for m in TEST_CITATION.finditer(line):
            cited, name, family = m.groups()
            if cited:
                current = _test_file(game, cited)
                if current is None:
                    missing.append(cited)
                    continue
            if name:
                checked += 1
                names = _defined(current) if current else set()
                if not (any(n.startswith(name) for n in names) if family else name in names):
                    missing.append(f"{current.name if current else '?'}::{name}{family or ''}")
    assert checked > 40, "no test citations found: has the table's layout changed?"
    assert not missing, f"docs/rules/{game}.md cites tests that are not there: {sorted(set(missing))}"


def _stockcar_code() -> list[tuple[object, str]]:
    """The stock-car page cites code its own way, each name in backticks:
    `rules/order.py` `place`, `order.place`, `Track.grid` (a class in any of
    the game's modules), or a bare name of the module cited just before it.
    Names in parentheses are notes (a state field, a step), not code."""
    import pkgutil
    import chequered.games.stockcar as game
    import chequered.games.stockcar.rules as rules
    modules = [importlib.import_module(f"{p.__name__}.{m.name}")
               for p in (game, rules) for m in pkgutil.iter_modules(p.__path__)]
    cited = []
    for line in (DOCS / "stockcar.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or len(cells) != 6 or cells[0] == "#":
            continue
        current = None
        for tok in re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", cells[3])):
            if tok.endswith(".py"):
                current = _module("stockcar", tok[:-3].rsplit("/", 1)[-1])
                cited.append((current, ""))
            elif m := re.fullmatch(r"([a-z_]+)\.(\w+(?:\.\w+)*)", tok):
                current = _module("stockcar", m[1])
                cited.append((current, m[2]))
            elif re.fullmatch(r"[A-Z]\w*(?:\.\w+)?", tok):
                cited.append((next((mod for mod in modules if _names_something(mod, tok)), None), tok))
            elif re.fullmatch(r"[a-z_]\w*", tok) and current is not None:
                cited.append((current, tok))
    return cited


def test_every_cited_stockcar_name_exists():
    cited = _stockcar_code()
    assert len(cited) > 40, "the code column was not found: has the table's layout changed?"
    missing = sorted({name or "a module" for mod, name in cited
                      if mod is None or (name and not _names_something(mod, name))})
    assert not missing, f"docs/rules/stockcar.md cites code that is not there: {missing}"
