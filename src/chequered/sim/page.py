"""A study's report as one self-contained HTML page: tables, the tests' p-values
said in words, and the plots inline as SVG (no file or network beside it)."""
from __future__ import annotations

import json
from html import escape

from . import plots
from .report import num, pct, span

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; text-align: right; }
th:nth-child(-n+2), td:nth-child(-n+2), table.text td, table.text th { text-align: left; }
.sig { color: #a00; font-weight: 600; } .note { color: #666; font-size: .9em; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
code { background: #f4f4f4; padding: 0 .2rem; }
"""


def _table(head: list[str], rows: list[list], cls: str = "") -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return (f"<table class='{cls}'><thead><tr>{th}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _summary_rows(rows: list[dict], keys: list[str]) -> list[list]:
    return [[*(escape(str(r[k])) for k in keys), r["n"], r["wins"], pct(r["win_rate"]),
             span(r["win_low"], r["win_high"], 100) + " %", num(r["mean_finish"]),
             span(r["finish_low"], r["finish_high"], digits=2),
             num(r["mean_points"], 1)] for r in rows]


SUMMARY_HEAD = ["seats", "wins", "win rate", "95 % CI", "mean finish", "95 % CI", "mean points"]


def _tests(tests: list[dict]) -> str:
    if not tests:
        return "<p class='note'>One variant and one seat kind: nothing to compare.</p>"
    rows = []
    for t in tests:
        scope = t.get("seat_kind") or t.get("variant") or "all"
        rows.append([escape(t["between"].replace("_", " ")), escape(str(scope)),
                     escape(", ".join(t["groups"])), escape(t["test"]),
                     "-" if t["p"] is None or t["p"] != t["p"] else f"{t['p']:.3g}",
                     f"<span class='{'sig' if t['significant'] else ''}'>"
                     f"{escape(t['verdict'])}</span>"])
    return _table(["between", "within", "groups", "test", "p", "reading"], rows, "text") + (
        "<p class='note'>A small p says the groups would rarely differ this much by "
        "chance alone. Variants play the same seeds, so differences between variants come "
        "from the setting. Seats of one race are not independent, so tests between seat "
        "kinds are a guide, not an exact p-value.</p>")


def _metric_table(m: dict) -> str:
    if m["numeric"]:
        rows = [[escape(r["variant"]), escape(r["seat_kind"]), r["n"], num(r["mean"]),
                 span(r["low"], r["high"], digits=2)] for r in m["by"]]
        return _table(["variant", "seat kind", "n", "mean", "95 % CI"], rows)
    rows = [[escape(r["variant"]), escape(r["seat_kind"]), r["n"],
             escape(", ".join(f"{k} {v}" for k, v in list(r["counts"].items())[:8]))]
            for r in m["by"]]
    return _table(["variant", "seat kind", "n", "most common values"], rows)


def render(report: dict) -> str:
    cols = report["_cols"]
    study = report["study"]
    cfg = study["config"]
    title = f"Study {study.get('name') or study.get('id', '')}: {cfg['game']}"
    parts = [f"<h1>{escape(title)}</h1>",
             f"<p>{report['races']} of {report['races_planned']} races on disk "
             f"({report['rows']} seat results), {len(report['variants'])} variant(s), "
             f"seed {cfg['seed']}. Seats: <code>{escape(','.join(cfg['seats']))}</code>"
             f"{' (rotated a race)' if cfg.get('rotate') else ''}.</p>",
             "<details><summary>Config</summary><pre>"
             + escape(json.dumps(cfg, indent=1)) + "</pre></details>",
             "<h2>By seat kind</h2>",
             _table(["seat kind", *SUMMARY_HEAD], _summary_rows(report["by_seat_kind"],
                                                                ["seat_kind"]))]
    if len(report["variants"]) > 1:
        parts += ["<h2>By variant</h2>",
                  _table(["variant", "seat kind", *SUMMARY_HEAD],
                         _summary_rows(report["by_variant"], ["variant", "seat_kind"]))]
    parts += ["<h2>Significance</h2>", _tests(report["tests"])]
    parts += ["<h2>Plots</h2>", f"<figure>{plots.finishes(cols)}</figure>",
              "<figure>" + plots.win_rates(report["by_variant"], "variant,seat_kind"
                                           if len(report["variants"]) > 1 else "seat_kind",
                                           "Win rate" + (" by variant" if len(
                                               report["variants"]) > 1 else " by seat kind"))
              + "</figure>"]
    if report.get("metrics"):
        parts.append("<h2>Metrics</h2><p class='note'>Numbers each game reports from a "
                     "race's final state (columns <code>metric_*</code> of the Parquet "
                     "files).</p>")
        for m in report["metrics"]:
            parts += [f"<h3>{escape(m['metric'].replace('_', ' '))}</h3>", _metric_table(m),
                      f"<figure>{plots.metric(cols, 'metric_' + m['metric'], m['numeric'])}"
                      "</figure>"]
    body = "\n".join(parts)
    return (f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")
