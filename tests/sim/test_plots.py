"""The study report's plots and intervals as a designer reads them: a group
keeps its colour from plot to plot, a count is drawn on whole-number ticks,
an interval of a count never reaches below its zero, and the summary table
fits 80 columns when one setting is varied."""
from __future__ import annotations

import re

import pyarrow as pa
from typer.testing import CliRunner

from chequered.cli import app
from chequered.sim import plots
from chequered.sim.stats import mean_ci, metric_summary

from .helpers import run, study


def _table(only_random: list, counts: list) -> pa.Table:
    """Ten races of a bot and a random driver; `metric_only` is given for
    the random driver alone, `metric_count` for both."""
    rows = []
    for race in range(10):
        for seat, kind in enumerate(("bot", "random")):
            rows.append({"variant": "base", "variant_index": 0, "race": race, "seat": seat,
                         "seat_kind": kind, "finish": 1 + (seat + race) % 2,
                         "metric_only": only_random[race] if kind == "random" else None,
                         "metric_count": counts[race]})
    return pa.Table.from_pylist(rows)


def _colours(svg: str) -> set[str]:
    return {c for c in plots.PALETTE if c in svg}


def test_a_group_keeps_its_colour_in_a_plot_it_has_alone():
    table = _table([1, 2, 0, 1, 3, 0, 2, 1, 1, 0], [0] * 10)
    bot, rnd = plots.PALETTE[0], plots.PALETTE[1]
    assert _colours(plots.finishes(table)) == {bot, rnd}
    # the bot has no value of this metric: the random driver stays orange
    # (its colour in the plot above), it does not become the first colour
    only = plots.metric(table, "metric_only", numeric=True)
    assert _colours(only) == {rnd}
    assert "random" in only           # and the legend says whose line it is


def _xtick_labels(svg: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", m).strip()
            for m in re.findall(r'<g id="xtick_\d+">.*?</text>', svg, flags=re.S)]


def test_a_count_is_drawn_on_whole_number_ticks():
    table = _table([0] * 10, [0, 0, 0, 1, 0, 0, 0, 0, 0, 1])
    labels = _xtick_labels(plots.metric(table, "metric_count", numeric=True))
    assert labels, "no x tick labels found"
    assert all(re.fullmatch(r"[−-]?\d+", t) for t in labels), labels


def test_the_interval_of_a_count_stays_within_its_values():
    # one race in 120 with a failure card: Student's t alone gives a low of
    # about -0.008; a mean of counts is never below 0
    mean, low, high = mean_ci([0] * 119 + [1])
    assert mean == 1 / 120 and low == 0.0 and 0 < high < 1
    table = _table([0] * 10, [0] * 9 + [1])
    (row,) = [r for r in metric_summary(table, "metric_count")["by"]
              if r["seat_kind"] == "bot"]
    assert row["low"] == 0.0 and row["high"] > row["mean"] == 0.1


def test_one_varied_setting_heads_its_column(tmp_path):
    run(study(races=4, seats=["bot", "bot", "random"], chunk=2,
              vary={"track": ["monaco", "italy"]}), tmp_path / "s")
    res = CliRunner().invoke(app, ["report", str(tmp_path / "s")], env={"COLUMNS": "80"})
    assert res.exit_code == 0, res.output
    table = res.output[:res.output.index("└")]
    assert "Track" in table and "monaco" in table and "italy" in table
    assert "track=" not in table and "…" not in table


def test_a_tiny_p_value_reads_as_below_a_ten_thousandth():
    from chequered.sim.stats import _verdict, p_text
    assert p_text(5.27e-110) == "< 0.0001" and p_text(0.0495) == "0.0495"
    assert p_text(0.000144) == "0.000144" and p_text(float("nan")) == "-"
    assert _verdict(5.27e-110).startswith("p < 0.0001: a difference this large")
    assert _verdict(0.112) == "p = 0.112: no difference shown at the 0.05 level"


def test_an_interval_with_a_negative_bound_reads_as_two_numbers():
    from chequered.sim.report import span
    assert span(-6.69, 17.51, digits=2) == "-6.69\u201317.51"
    assert span(0.248, 0.413, 100) == "24.8\u201341.3"
