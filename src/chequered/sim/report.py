"""A study's report as a JSON-ready document (the HTML page is drawn from it),
and the short table `chequered simulate` prints at the end."""
from __future__ import annotations

import math

from .stats import Columns, by, compare, metric_names, metric_summary
from .store import StudyDir


def build(out, metrics: bool = True) -> dict:
    folder = StudyDir(out)
    doc = folder.read_doc()
    cols = Columns(folder.table())
    variants = sorted(set(cols["variant"]), key=lambda v: cols["variant_index"][
        cols["variant"].index(v)])
    kinds = sorted(set(cols["seat_kind"]))
    races = len(set(zip(cols["variant_index"], cols["race"])))
    report = {
        "format": "chequered-report/1",
        "study": doc,
        "rows": len(cols["race"]),
        "races": races,
        "races_planned": doc["config"]["races"] * len(doc["variants"]),
        "variants": variants,
        "seat_kinds": kinds,
        "by_seat_kind": by(cols, "seat_kind"),
        "by_variant": by(cols, "variant", "seat_kind"),
        "tests": [],
    }
    if len(variants) > 1:
        report["tests"] += compare(cols, "variant", within="seat_kind")
    if len(kinds) > 1:
        report["tests"] += compare(cols, "seat_kind", within="variant")
    if metrics:
        report["metrics"] = [metric_summary(cols, m) for m in metric_names(cols)]
    report["_cols"] = cols                 # for the plots; dropped from --json
    return report


def json_ready(report: dict) -> dict:
    """The report without its raw columns, NaN written as null."""
    def clean(x):
        if isinstance(x, float) and math.isnan(x):
            return None
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items() if k != "_cols"}
        if isinstance(x, list):
            return [clean(v) for v in x]
        return x
    return clean(report)


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(x) -> str:
    return "-" if _missing(x) else f"{100 * x:.1f} %"


def span(lo, hi, scale: float = 1.0, digits: int = 1) -> str:
    """'39.3-60.7': an interval, compact."""
    if _missing(lo) or _missing(hi):
        return "-"
    return f"{scale * lo:.{digits}f}-{scale * hi:.{digits}f}"


def num(x, digits: int = 2) -> str:
    return "-" if _missing(x) else f"{x:.{digits}f}"


def kind_table(report: dict):
    """Win rate and mean finish by variant and seat kind, as a rich table."""
    from rich.table import Table
    many = len(report["variants"]) > 1
    table = Table(title=f"{report['study']['config']['game']}: {report['races']} races")
    if many:
        table.add_column("Variant")
    for col in ("Seat kind", "Seats", "Win rate", "95 % CI", "Finish", "95 % CI"):
        table.add_column(col, justify="left" if col in ("Seat kind",) else "right")
    for row in report["by_variant"]:
        cells = [row["seat_kind"], str(row["n"]), pct(row["win_rate"]),
                 span(row["win_low"], row["win_high"], 100), num(row["mean_finish"]),
                 span(row["finish_low"], row["finish_high"], digits=2)]
        table.add_row(*([row["variant"]] if many else []), *cells)
    return table
