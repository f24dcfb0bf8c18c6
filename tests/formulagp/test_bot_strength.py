"""benchmarks/bot_strength.py: the seats of a pairing, the intervals against
hand-worked figures, and a small run whose counts add up."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_strength.py"


@pytest.fixture(scope="module")
def mod():
    spec = importlib.util.spec_from_file_location("bot_strength", SCRIPT)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def test_three_cars_of_each_kind_alternating_by_seed(mod):
    assert mod.seats_for("pro", "rookie", 2) == ["pro", "rookie"] * 3
    assert mod.seats_for("pro", "rookie", 3) == ["rookie", "pro"] * 3


def test_wilson_and_mean_intervals_match_worked_figures(mod):
    # 40 wins of 100: the Wilson 95 % interval is 0.3094..0.4980 (worked by hand)
    lo, hi = mod.wilson(40, 100)
    assert abs(lo - 0.3094) < 5e-4 and abs(hi - 0.4980) < 5e-4
    lo, hi = mod.wilson(0, 10)                 # never won: from 0, not below
    assert lo == 0.0 and 0.27 < hi < 0.28
    m, lo, hi = mod.mean_interval([2.0, 4.0, 3.0, 3.0])
    assert m == 3.0 and abs(hi - m - 1.96 * (2 / 3) ** 0.5 / 2) < 1e-9


def test_a_small_run_counts_every_race_and_position(mod, tmp_path):
    out = tmp_path / "s.json"
    assert mod.main(["2", "--kinds", "rookie,random", "--workers", "1", "--no-progress",
                     "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    (pairing,) = doc["pairings"]
    s = pairing["summary"]
    assert set(s) == {"rookie", "random"}
    assert all(v["races"] == 2 for v in s.values())
    # both kinds' cars fill positions 1-6: their mean positions average 3.5
    assert abs((s["rookie"]["position"] + s["random"]["position"]) / 2 - 3.5) < 1e-9
    assert s["rookie"]["wins"] + s["random"]["wins"] == 2
    for v in s.values():
        lo, hi = v["position_95"]
        assert lo <= v["position"] <= hi


def test_unknown_kinds_are_refused_clearly(mod, capsys):
    with pytest.raises(SystemExit):
        mod.main(["2", "--kinds", "pro,wizard"])
    assert "unknown seat kind" in capsys.readouterr().err
