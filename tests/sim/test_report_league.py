"""chequered report and chequered league: intervals, tests, the known case of
a seat kind that wins every race, ratings that put the rulebook bot first,
and bad input as one line with exit status 2."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.sim.report import build, json_ready

from .helpers import run, study

runner = CliRunner()


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def known(tmp_path_factory):
    """Race Pace, one rulebook bot against two random drivers: the bot wins
    every race (random drivers never overtake it in these seeds)."""
    out = tmp_path_factory.mktemp("known")
    run(study(races=20, seats=["bot", "random", "random"], chunk=5,
              vary={"track": ["monaco", "italy"]}), out)
    return out


def test_report_json_has_the_intervals_and_p_values(known):
    doc = json_ready(build(known))
    bot = next(r for r in doc["by_seat_kind"] if r["seat_kind"] == "bot")
    assert bot["n"] == 40 and bot["wins"] == 40 and bot["win_rate"] == 1.0
    # Wilson at 40/40: lower bound n / (n + z^2)
    assert bot["win_low"] == pytest.approx(40 / (40 + 1.959964 ** 2), abs=1e-4)
    assert bot["win_high"] == pytest.approx(1.0)
    rnd = next(r for r in doc["by_seat_kind"] if r["seat_kind"] == "random")
    assert rnd["wins"] == 0 and rnd["mean_finish"] > bot["mean_finish"] == 1.0
    assert rnd["finish_low"] < rnd["mean_finish"] < rnd["finish_high"]
    kinds = [t for t in doc["tests"] if t["between"] == "seat_kind" and t["measure"] == "wins"]
    assert kinds and all(t["p"] < 1e-6 and t["significant"] for t in kinds)
    variants = [t for t in doc["tests"] if t["between"] == "variant"]
    assert {t["measure"] for t in variants} == {"wins", "finish"}
    # the bot wins on both circuits: no difference between the variants in wins
    assert all(t["p"] == 1.0 for t in variants if t["measure"] == "wins")
    assert any(m["metric"] == "team" for m in doc["metrics"])


def test_report_command_writes_one_html_page(known):
    res = cli("report", known)
    assert res.exit_code == 0, res.output
    page = (known / "report.html").read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page
    assert "95 % CI" in page and "100.0 %" in page
    assert "exact test on wins" in page and "Mann-Whitney U on finishes" in page
    assert "p = " in page and "rare by chance" in page
    assert "src=\"http" not in page and "<link" not in page        # self-contained
    res = cli("report", known, "--json")
    assert json.loads(res.output)["races"] == 40


def test_league_rates_the_rulebook_bot_above_random(tmp_path):
    res = cli("league", "racepace", "--seats", "random,bot", "--races", 12, "--out",
              tmp_path / "lg", "--quiet", "--json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    order = [r["kind"] for r in doc["ratings"]]
    assert order == ["bot", "random"]
    bot, rnd = doc["ratings"]
    assert bot["low"] > rnd["mu"] and bot["matches"] == rnd["matches"] == 12
    # seats rotate: each kind sat in both seats
    from chequered.sim.store import StudyDir
    table = StudyDir(tmp_path / "lg").table().to_pylist()
    assert {(r["seat"], r["seat_kind"]) for r in table} == {
        (0, "bot"), (1, "bot"), (0, "random"), (1, "random")}
    page = (tmp_path / "lg" / "league.html").read_text()
    assert page.count("<svg") == 1
    # the kind is the one text column: mu, sigma and the rest right-aligned
    assert page.count("<table class='named'>") == 2


@pytest.mark.parametrize("args,words", [
    (["simulate", "nogame", "--races", "2"], "unknown game"),
    (["simulate", "racepace", "--races", "2", "--seats", "bot,ace"], "unknown seat kind"),
    (["simulate", "racepace", "--races", "2", "--track", "nowhere"], "unknown circuit"),
    (["simulate", "racepace", "--races", "2", "--set", "speed=3"], "no setting 'speed'"),
    (["simulate", "racepace", "--races", "2", "--vary", "track"], "KEY=VALUE"),
    (["simulate", "racepace", "--races", "0"], "at least 1"),
    (["simulate", "racepace", "--races", "2", "--backend", "spark"], "unknown backend"),
    (["report", "{tmp}/none"], "not a study folder"),
    (["league", "racepace", "--seats", "bot"], "two different seat kinds"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if args[0] != "report":
        args += ["--out", str(tmp_path / "s"), "--quiet"]
    res = cli(*args)
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], lines
    assert "Traceback" not in res.output
    assert not (tmp_path / "s" / "study.json").exists()


def test_a_different_study_in_the_folder_is_refused(tmp_path):
    out = tmp_path / "s"
    run(study(races=3), out)
    res = cli("simulate", "racepace", "--races", 4, "--seats", "bot,bot,random", "--chunk", 3,
              "--out", out, "--quiet")
    assert res.exit_code == 2
    assert "holds a different study (races: 3 there, 4 now)" in res.stderr
