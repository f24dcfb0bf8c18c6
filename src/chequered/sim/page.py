"""A study's report as pages: one self-contained HTML page (plots inline as
SVG, nothing fetched), or a Markdown page with its plots as SVG files beside
it (what GitHub shows: docs/studies/). Both are drawn from the same list of
sections, so they say the same things."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from . import plots
from .report import json_ready, num, pct, span
from .stats import p_text

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; text-align: right; }
th:nth-child(-n+2), td:nth-child(-n+2), table.text td, table.text th { text-align: left; }
table.named th:nth-child(n+2), table.named td:nth-child(n+2) { text-align: right; }
.sig { color: #a00; font-weight: 600; } .note { color: #666; font-size: .9em; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
code { background: #f4f4f4; padding: 0 .2rem; }
"""

SUMMARY_HEAD = ["seats", "wins", "win rate", "95 % CI", "mean finish", "95 % CI", "mean points"]
TESTS_NOTE = ("A small p says the groups would rarely differ this much by chance alone. "
              "Variants play the same seeds, so differences between variants come from the "
              "setting. Seats of one race are not independent, so tests between seat kinds "
              "are a guide, not an exact p-value.")


@dataclass
class Section:
    title: str
    level: int = 2
    text: str = ""                                  # a paragraph (plain text)
    head: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    strong: set = field(default_factory=set)        # (row, col) cells to stress
    note: str = ""
    figure: str = ""                                # SVG text
    name: str = ""                                  # the figure's file stem


def _label(key: str) -> str:
    return key.removeprefix("metric_").removeprefix("vary_").replace("_", " ")


def _summary_rows(rows: list[dict], keys: list[str]) -> list[list[str]]:
    return [[*(str(r[k]) for k in keys), str(r["n"]), str(r["wins"]), pct(r["win_rate"]),
             span(r["win_low"], r["win_high"], 100) + " %", num(r["mean_finish"]),
             span(r["finish_low"], r["finish_high"], digits=2),
             num(r["mean_points"], 1)] for r in rows]


def _tests(tests: list[dict]) -> Section:
    if not tests:
        return Section("Significance", text="One variant and one seat kind: nothing to compare.")
    rows, strong = [], set()
    for i, t in enumerate(tests):
        scope = t.get("seat_kind") or t.get("variant") or "all"
        rows.append([t["between"].replace("_", " "), str(scope), ", ".join(t["groups"]),
                     t["test"], p_text(t["p"]),
                     t["verdict"]])
        if t["significant"]:
            strong.add((i, 5))
    return Section("Significance", head=["between", "within", "groups", "test", "p", "reading"],
                   rows=rows, strong=strong, note=TESTS_NOTE)


def _metric(m: dict, table) -> Section:
    if m["numeric"]:
        head = ["variant", "seat kind", "n", "mean", "95 % CI"]
        rows = [[r["variant"], r["seat_kind"], str(r["n"]), num(r["mean"]),
                 span(r["low"], r["high"], digits=2)] for r in m["by"]]
    else:
        head = ["variant", "seat kind", "n", "most common values"]
        rows = [[r["variant"], r["seat_kind"], str(r["n"]),
                 ", ".join(f"{k} {v}" for k, v in list(r["counts"].items())[:8])]
                for r in m["by"]]
    return Section(_label(m["metric"]), level=3, head=head, rows=rows,
                   figure=plots.metric(table, "metric_" + m["metric"], m["numeric"]),
                   name=f"metric-{m['metric']}")


def _group(g: dict, i: int) -> Section:
    keys = g["keys"]
    names = [_label(k) for k in keys]
    who = f" ({', '.join(g['seat_kinds'])} seats)" if g.get("seat_kinds") else ""
    return Section(f"By {', '.join(names)}{who}", head=[*names, *SUMMARY_HEAD],
                   rows=_summary_rows(g["rows"], keys),
                   figure=plots.win_rates(g["rows"], ",".join(keys), f"Win rate by "
                                          f"{', '.join(names)}") if g["rows"] else "",
                   name=f"group-{i}")


def _effects(fits: list[dict]) -> Section:
    rows = []
    for fit in fits:
        for e in fit["effects"]:
            rows.append([str(fit["scope"] if fit["scope"] is not None else "all"), e["name"],
                         str(fit["n"]), f"{e['value']:+.3f}",
                         f"{e['low']:+.3f} to {e['high']:+.3f}", f"{e['mean_count']:.2f}"])
    split = _label(fits[0]["split"]) if fits and fits[0]["split"] else "scope"
    return Section("Value of each counted action", head=[split, "action", "seats",
                                                         "positions gained", "95 % CI",
                                                         "mean count"],
                   rows=rows, figure=plots.effects(fits, "Value of each action"),
                   name="effects",
                   note="Finishing position regressed on every count at once (least "
                        "squares). The counts add up to about the race's length, so each "
                        "value is what replacing one press of an average action by one of "
                        "this action gained in finishing positions (positive: better).")


def sections(report: dict) -> list[Section]:
    table = report["_table"]
    study = report["study"]
    cfg = study["config"]
    out = []
    if report.get("question"):
        out.append(Section("Question", text=report["question"]))
    out.append(Section(
        "Study", text=f"{report['races']} of {report['races_planned']} races on disk "
        f"({report['rows']} seat results), {len(report['variants'])} variant(s), seed "
        f"{cfg['seed']}. Seats: {','.join(cfg['seats'])}"
        f"{' (rotated a race)' if cfg.get('rotate') else ''}."))
    out.append(Section("By seat kind", head=["seat kind", *SUMMARY_HEAD],
                       rows=_summary_rows(report["by_seat_kind"], ["seat_kind"])))
    many = len(report["variants"]) > 1
    if many:
        out.append(Section("By variant", head=["variant", "seat kind", *SUMMARY_HEAD],
                           rows=_summary_rows(report["by_variant"], ["variant", "seat_kind"])))
    out.append(Section("Win rate", figure=plots.win_rates(
        report["by_variant"], "variant,seat_kind" if many else "seat_kind",
        "Win rate" + (" by variant" if many else " by seat kind")), name="win-rate"))
    out += [_group(g, i) for i, g in enumerate(report.get("groups", ()), start=1)]
    if report.get("effects"):
        out.append(_effects(report["effects"]))
    out.append(_tests(report["tests"]))
    out.append(Section("Finishing positions", figure=plots.finishes(table), name="finishes"))
    same = report.get("metrics_constant") or {}
    if report.get("metrics") or same:
        text = ("Numbers each game reports for every seat (columns metric_* of the Parquet "
                "files). A metric no seat has is left out.")
        if same:
            text += " The same for every seat of the study: " + "; ".join(
                f"{_label(k)} {v}" for k, v in same.items()) + "."
        out.append(Section("Metrics", text=text))
        out += [_metric(m, table) for m in report.get("metrics", ())]
    return out


# ---- HTML ------------------------------------------------------------------------------
def _table(head: list[str], rows: list[list], cls: str = "") -> str:
    """A table of cells that are HTML already (the league's page uses it)."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return (f"<table class='{cls}'><thead><tr>{th}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _html_table(s: Section) -> str:
    return _table(s.head, [[_cell(c, (i, j) in s.strong) for j, c in enumerate(r)]
                           for i, r in enumerate(s.rows)])


def _cell(text: str, strong: bool) -> str:
    return f"<span class='sig'>{escape(text)}</span>" if strong else escape(text)


def _title(report: dict) -> str:
    study = report["study"]
    return f"Study {study.get('name') or study.get('id', '')}: {study['config']['game']}"


def render_body(report: dict) -> str:
    """The report's sections as HTML without the page around them (the web
    app's Studies page puts them in its own)."""
    study = report["study"]
    parts = [f"<h1>{escape(_title(report))}</h1>"]
    for s in sections(report):
        parts.append(f"<h{s.level}>{escape(s.title)}</h{s.level}>")
        if s.text:
            parts.append(f"<p>{escape(s.text)}</p>")
        if s.title == "Study":
            parts.append("<details><summary>Config</summary><pre>"
                         + escape(json.dumps(study["config"], indent=1)) + "</pre></details>")
        if s.head:
            parts.append(_html_table(s))
        if s.note:
            parts.append(f"<p class='note'>{escape(s.note)}</p>")
        if s.figure:
            parts.append(f"<figure>{s.figure}</figure>")
    return "\n".join(parts)


def render(report: dict) -> str:
    title = _title(report)
    body = render_body(report)
    return (f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")


# ---- Markdown ------------------------------------------------------------------------
def _md(text: str) -> str:
    return text.replace("|", "\\|")


def write_markdown(report: dict, folder: Path, rerun: str = "") -> Path:
    """README.md, one SVG a plot and report.json (the figures) in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    study = report["study"]
    lines = [f"# {_title(report)}", ""]
    for s in sections(report):
        lines += [f"{'#' * s.level} {s.title}", ""]
        if s.text:
            lines += [_md(s.text), ""]
        if s.head:
            lines.append("| " + " | ".join(_md(h) for h in s.head) + " |")
            lines.append("|" + "|".join("---" for _ in s.head) + "|")
            lines += ["| " + " | ".join(f"**{_md(c)}**" if (i, j) in s.strong else _md(c)
                                        for j, c in enumerate(r)) + " |"
                      for i, r in enumerate(s.rows)]
            lines.append("")
        if s.note:
            lines += [f"_{_md(s.note)}_", ""]
        if s.figure:
            name = f"{s.name}.svg"
            (folder / name).write_text(s.figure, encoding="utf-8")
            lines += [f"![{s.title}]({name})", ""]
    if rerun:
        lines += ["## Re-run", "", "```sh", rerun, "```", ""]
    (folder / "README.md").write_text("\n".join(lines), encoding="utf-8")
    (folder / "report.json").write_text(json.dumps(json_ready(report), indent=1) + "\n",
                                        encoding="utf-8")
    return folder / "README.md"
