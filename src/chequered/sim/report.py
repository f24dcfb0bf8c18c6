"""A study's report as a JSON-ready document (the HTML page is drawn from it),
and the short table `chequered simulate` prints at the end."""
from __future__ import annotations

import math

from .stats import by, column, compare, constant_value, effects, metric_names, metric_summary, only
from .store import StudyDir


def build(out, metrics: bool = True) -> dict:
    """The report of the study in folder `out`; with the study's notes (a
    study file's question and [report] options) its extra tables too."""
    folder = StudyDir(out)
    doc = folder.read_doc()
    table = folder.table()
    variants = [r["variant"] for r in by(table, "variant")]
    kinds = [r["seat_kind"] for r in by(table, "seat_kind")]
    races = table.select(["variant_index", "race"]).group_by(
        ["variant_index", "race"], use_threads=False).aggregate([]).num_rows
    notes = doc.get("notes") or {}
    report = {
        "format": "chequered-report/1",
        "study": doc,
        "question": notes.get("question", ""),
        "rows": table.num_rows,
        "races": races,
        "races_planned": doc["config"]["races"] * len(doc["variants"]),
        "variants": variants,
        "seat_kinds": kinds,
        "by_seat_kind": by(table, "seat_kind"),
        "by_variant": by(table, "variant", "seat_kind"),
        "tests": [],
    }
    if len(variants) > 1:
        report["tests"] += compare(table, "variant", within="seat_kind")
    if len(kinds) > 1:
        report["tests"] += compare(table, "seat_kind", within="variant")
    picked = only(table, notes.get("seat_kinds"))
    report["groups"] = [{"keys": keys, "seat_kinds": notes.get("seat_kinds"),
                         "rows": by(picked, *keys)}
                        for keys in ([column(table, k) for k in g]
                                     for g in notes.get("groups", ()))]
    if notes.get("effects"):
        split = notes.get("effects_by")
        prefixes = notes["effects"]
        report["effects"] = effects(picked, [prefixes] if isinstance(prefixes, str) else prefixes,
                                    column(table, split) if split else None)
    if metrics:
        shown = notes.get("metrics")          # a study file may list the ones it shows
        names = metric_names(table) if shown is None else \
            [column(table, m) for m in shown if column(table, m) in metric_names(table)]
        same = {m: constant_value(table, m) for m in names}
        report["metrics"] = [metric_summary(table, m) for m in names if same[m] is None]
        # the same for every seat: one line, not a table and a plot of one bar
        report["metrics_constant"] = {m.removeprefix("metric_"): v
                                      for m, v in same.items() if v is not None}
    report["_table"] = table               # for the plots; dropped from --json
    return report


def json_ready(report: dict) -> dict:
    """The report without its raw columns, NaN written as null."""
    def clean(x):
        if isinstance(x, float) and math.isnan(x):
            return None
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items() if k != "_table"}
        if isinstance(x, list):
            return [clean(v) for v in x]
        return x
    return clean(report)


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(x) -> str:
    return "-" if _missing(x) else f"{100 * x:.1f} %"


def span(lo, hi, scale: float = 1.0, digits: int = 1) -> str:
    """'39.3–60.7': an interval, compact. An en dash between the bounds, so
    that a negative bound reads as one ('-6.69–17.51', not '-6.69-17.51')."""
    if _missing(lo) or _missing(hi):
        return "-"
    return f"{scale * lo:.{digits}f}\u2013{scale * hi:.{digits}f}"


def num(x, digits: int = 2) -> str:
    return "-" if _missing(x) else f"{x:.{digits}f}"


def kind_table(report: dict):
    """Win rate and mean finish by variant and seat kind, as a rich table."""
    from rich.table import Table
    many = len(report["variants"]) > 1
    table = Table(title=f"{report['study']['config']['game']}: {report['races']} races")
    # One setting varied ("rules=standard", "rules=advanced"): the setting
    # heads the column and each row gives its value, so it fits 80 columns.
    keys = {str(v).partition("=")[0] for v in report["variants"]}
    one = len(keys) == 1 and all("=" in str(v) and "," not in str(v)
                                 for v in report["variants"])
    if many:
        table.add_column(keys.pop().capitalize() if one else "Variant", overflow="fold")
    for col in ("Seat kind", "Seats", "Win rate", "95 % CI", "Finish", "95 % CI"):
        table.add_column(col, justify="left" if col in ("Seat kind",) else "right")
    for row in report["by_variant"]:
        cells = [row["seat_kind"], str(row["n"]), pct(row["win_rate"]),
                 span(row["win_low"], row["win_high"], 100), num(row["mean_finish"]),
                 span(row["finish_low"], row["finish_high"], digits=2)]
        variant = str(row["variant"]).partition("=")[2] if one else row["variant"]
        table.add_row(*([variant] if many else []), *cells)
    return table
