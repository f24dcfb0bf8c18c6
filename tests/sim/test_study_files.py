"""Canned studies (studies/*.toml), the report's extra tables, the value of
counted actions, hidden empty metrics, and the Markdown report."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine.protocol import BadInput
from chequered.sim import stats, studyfile
from chequered.sim.report import build, json_ready

from .helpers import run, study

runner = CliRunner()
STUDIES = Path(__file__).resolve().parents[2] / "studies"


@pytest.mark.parametrize("path", sorted(STUDIES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_canned_study_loads_and_checks(path):
    s, notes = studyfile.load(path, races=1)
    assert s.name == path.stem and s.races == 1 and notes["question"].endswith("?")
    s.check()                                      # every variant's config is valid


@pytest.mark.parametrize("text, words", [
    ("game = 'racepace'\nseats = ['bot']\n", "races is missing"),
    ("game = 'racepace'\nraces = 5\nseats = ['bot']\ncolour = 1\n", "unknown key(s) colour"),
    ("game = 'racepace'\nraces = 0\nseats = ['bot']\n", "at least 1"),
    ("game = 'racepace'\nraces = 5\nseats = ['bot']\n[vary]\ntrack = []\n", "non-empty list"),
    ("game = 'racepace'\nraces = 5\nseats = ['bot']\n[report]\nfoo = 1\n", "[report] takes"),
    ("game = [\n", "not a TOML study file"),
])
def test_bad_study_files_are_one_clear_error(tmp_path, text, words):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(BadInput, match=None) as err:
        studyfile.load(f)
    assert words in str(err.value)


def test_simulate_a_study_file_then_report_it_as_markdown(tmp_path):
    f = tmp_path / "q.toml"
    f.write_text("question = 'Does the bot beat random drivers?'\ngame = 'racepace'\n"
                 "races = 6\nseats = ['bot', 'random', 'random']\n"
                 "[vary]\ntrack = ['monaco', 'italy']\n"
                 "[report]\ngroups = [['variant', 'start_tyre']]\nseat_kinds = ['random']\n"
                 "effects = ['dry_', 'wet_']\nmetrics = ['start_tyre', 'pit_stops']\n")
    out = tmp_path / "s"
    res = runner.invoke(app, ["simulate", "--study", str(f), "--out", str(out), "--quiet"])
    assert res.exit_code == 0, res.output
    doc = json.loads((out / "study.json").read_text())
    assert doc["name"] == "q" and doc["notes"]["question"].startswith("Does the bot")
    report = json_ready(build(out))
    assert report["question"] == "Does the bot beat random drivers?"
    [group] = report["groups"]
    assert group["keys"] == ["variant", "metric_start_tyre"]
    assert sum(r["n"] for r in group["rows"]) == 2 * 6 * 2       # random seats only
    assert [m["metric"] for m in report["metrics"]] == ["start_tyre", "pit_stops"]
    assert report["effects"][0]["n"] == 24
    md = tmp_path / "md"
    res = runner.invoke(app, ["report", str(out), "--markdown", str(md),
                              "--rerun", "chequered simulate --study q.toml"])
    assert res.exit_code == 0, res.output
    text = (md / "README.md").read_text()
    assert "## Question" in text and "Does the bot beat random drivers?" in text
    assert "![Win rate](win-rate.svg)" in text and (md / "win-rate.svg").read_text().startswith("<svg")
    assert "chequered simulate --study q.toml" in text
    assert json.loads((md / "report.json").read_text())["races"] == 12
    # --study takes the game and seats from the file
    res = runner.invoke(app, ["simulate", "racepace", "--study", str(f), "--seats", "bot"])
    assert res.exit_code == 2 and "from the study file" in res.output


def test_a_metric_no_seat_has_is_left_out(tmp_path):
    """Rulebook bots have no tyres: a study of bots shows no tyre metric."""
    run(study(races=2, chunk=2, seats=["bot", "bot"]), tmp_path / "b")
    names = [m["metric"] for m in build(tmp_path / "b")["metrics"]]
    assert "team" in names
    assert not {"compounds", "compound_count", "pit_stops", "start_tyre"} & set(names)


def test_effects_find_a_planted_value():
    """Counts that add up to 10 a seat; each press of a is worth 0.5 places
    and each press of c costs 0.5, b is neutral: the contrasts against the
    average press are +0.5, 0, -0.5 and the intervals hold them."""
    rng = np.random.default_rng(1)
    n = 4000
    a = rng.integers(0, 6, n)
    c = rng.integers(0, 5, n)
    b = 10 - a - c
    finish = 3.5 - 0.5 * a + 0.5 * c + rng.normal(0, 1, n)
    table = pa.table({"metric_act_a": a, "metric_act_b": b, "metric_act_c": c,
                      "finish": finish, "variant_index": np.zeros(n, dtype=int)})
    [fit] = stats.effects(table, ["act_"])
    got = {e["name"]: e for e in fit["effects"]}
    for name, want in (("act_a", 0.5), ("act_b", 0.0), ("act_c", -0.5)):
        assert got[name]["low"] < want < got[name]["high"]
        assert abs(got[name]["value"] - want) < 0.05
    assert [e["name"] for e in fit["effects"]] == ["act_a", "act_b", "act_c"]


def test_a_metric_the_same_for_every_seat_is_one_line_not_a_plot(tmp_path):
    """Every stock-car team runs as many cars and, over two short races of
    bots, none is retired: a table and a plot of one bar say nothing that
    "cars 4" does not."""
    run(study(game="stockcar", races=2, chunk=2, seats=["bot", "bot"],
              track="short", settings={"laps": 1}), tmp_path / "s")
    report = build(tmp_path / "s")
    same = report["metrics_constant"]
    assert same["cars"] > 0
    assert "cars" not in [m["metric"] for m in report["metrics"]]
    assert report["metrics"]                       # the ones that vary keep their plots
    from chequered.sim.page import sections
    text = " ".join(s.text for s in sections(report) if s.text)
    assert f"The same for every seat of the study: cars {same['cars']}" in text
