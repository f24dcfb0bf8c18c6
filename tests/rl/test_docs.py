"""The examples in docs/rl.md run as written."""
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def test_the_page_has_its_examples():
    assert len(BLOCKS) == 3


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_example_runs(number):
    exec(compile(BLOCKS[number], f"docs/rl.md example {number + 1}", "exec"), {})
