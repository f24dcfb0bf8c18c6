"""A study's plots (matplotlib, Agg), each returned as SVG text to inline in
the HTML report: finishing positions, win rate by variant with its interval,
and the distribution of each metric."""
from __future__ import annotations

import io
import math
from collections import Counter

MAX_CATEGORIES = 12           # a categorical metric shows its most common values
MAX_PANELS = 8                # groups drawn in one plot (variant x seat kind)
# One colour per group for the whole report (matplotlib's tab10), so that a
# group keeps its colour in a plot where another group has no values.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9,
                         "axes.spines.top": False, "axes.spines.right": False})
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    _plt().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]           # drop the XML prolog and doctype


def _keys(table) -> list[tuple]:
    """Every (variant index, variant, seat kind) of the study, in its order."""
    from .stats import _aggregate, _pc
    rows = _aggregate(table, ["variant", "seat_kind"],
                      [("race", "count", _pc().CountOptions(mode="all"))])
    return sorted({(r["variant_index_min"], r["variant"], r["seat_kind"]) for r in rows},
                  key=lambda k: (k[0], k[2]))


def _groups(table, name: str, keys: list | None = None) -> list[tuple[str, dict, str]]:
    """(label, {value: count}, colour) per variant and seat kind, in the
    study's order: the counts of column `name`'s values (nulls left out).
    The colour is the group's own in every plot of the study (`keys`: the
    study's groups, _keys, when the caller has them)."""
    from .stats import _aggregate, _pc
    keys = _keys(table) if keys is None else keys
    colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(keys)}
    many = len({k[0] for k in keys}) > 1
    rows = _aggregate(table, ["variant", "seat_kind", name],
                      [("race", "count", _pc().CountOptions(mode="all"))])
    seen: dict[tuple, dict] = {}
    for r in rows:
        seen.setdefault((r["variant_index_min"], r["variant"], r["seat_kind"]), {})[
            r[name]] = r["race_count"]
    out = [(f"{variant} / {kind}" if many else kind, counts, colour[(vi, variant, kind)])
           for (vi, variant, kind), counts in sorted(seen.items(),
                                                     key=lambda kv: (kv[0][0], kv[0][2]))]
    return out[:MAX_PANELS]


def _legend(ax) -> None:
    """The legend beside the plot, where it never covers a bar or a line."""
    ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def finishes(table) -> str:
    """How often each group finished 1st, 2nd, ...: grouped bars of shares."""
    plt = _plt()
    groups = _groups(table, "finish")
    top = max((p for _, counts, _ in groups for p in counts), default=1)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(1, len(groups))
    for g, (label, counts, colour) in enumerate(groups):
        total = sum(counts.values())
        xs = [p + (g - (len(groups) - 1) / 2) * width for p in range(1, top + 1)]
        ax.bar(xs, [counts.get(p, 0) / total for p in range(1, top + 1)], width, label=label,
               color=colour)
    ax.set_xticks(range(1, top + 1))
    ax.set_xlabel("finishing position")
    ax.set_ylabel("share of seats")
    ax.set_title("Finishing positions")
    _legend(ax)
    return _svg(fig)


def win_rates(rows: list[dict], key: str, title: str) -> str:
    """Win rate per row of a summary (stats.by) with its 95 % interval."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.2))
    labels = [" / ".join(str(r[k]) for k in key.split(",")) for r in rows]
    rates = [100 * r["win_rate"] for r in rows]
    lo = [100 * (r["win_rate"] - r["win_low"]) for r in rows]
    hi = [100 * (r["win_high"] - r["win_rate"]) for r in rows]
    ys = range(len(rows))
    ax.barh(ys, rates, xerr=[lo, hi], capsize=3, color="#4c78a8")
    ax.set_yticks(list(ys), labels)
    ax.invert_yaxis()
    ax.set_xlabel("win rate, % (bars: 95 % Wilson interval)")
    ax.set_title(title)
    return _svg(fig)


def ratings(rows: list[dict]) -> str:
    """League ratings: mu with mu +/- 2 sigma."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 0.45 * len(rows) + 1.2))
    ys = range(len(rows))
    ax.errorbar([r["mu"] for r in rows], list(ys), xerr=[2 * r["sigma"] for r in rows],
                fmt="o", capsize=4, color="#4c78a8")
    ax.set_yticks(list(ys), [r["kind"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("OpenSkill rating (mu, bars: mu +/- 2 sigma)")
    ax.set_title("League ratings")
    return _svg(fig)


def metric(table, name: str, numeric: bool) -> str:
    """A metric's distribution per group: histograms for numbers, bars of the
    most common values for categories."""
    plt = _plt()
    keys = _keys(table)
    groups = _groups(table, name, keys)
    fig, ax = plt.subplots(figsize=(7, 3))
    title = name.removeprefix("metric_").replace("_", " ")
    if numeric:
        present = [float(v) for _, counts, _ in groups for v in counts]
        lo, hi = (min(present), max(present)) if present else (0.0, 1.0)
        integral = all(v.is_integer() for v in present)
        if integral and hi - lo <= 40:
            bins = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
        else:
            bins = 20
        for label, counts, colour in groups:
            total = sum(counts.values())
            ax.hist([float(v) for v in counts], bins=bins, histtype="step", linewidth=1.5,
                    label=label, weights=[c / total for c in counts.values()], color=colour)
        if integral:
            # a count has whole-number ticks, never -0.5 or 0.25
            from matplotlib.ticker import MaxNLocator
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("share")
    else:
        overall: Counter = Counter()
        for _, counts, _ in groups:
            overall.update({str(v): c for v, c in counts.items()})
        common = [v for v, _ in overall.most_common(MAX_CATEGORIES)]
        width = 0.8 / max(1, len(groups))
        for g, (label, counts, colour) in enumerate(groups):
            total = sum(counts.values())
            text = {str(v): c for v, c in counts.items()}
            xs = [c + (g - (len(groups) - 1) / 2) * width for c in range(len(common))]
            ax.bar(xs, [text.get(v, 0) / total for v in common], width, label=label,
                   color=colour)
        ax.set_xticks(range(len(common)), common, rotation=30 if len(common) > 4 else 0,
                      ha="right" if len(common) > 4 else "center")
        ax.set_ylabel("share")
    ax.set_title(title)
    if len(groups) > 1 or len(keys) > 1:
        _legend(ax)             # (one group of several: say which it is)
    if not any(math.isfinite(v) for v in ax.get_ylim()):
        ax.set_ylim(0, 1)
    return _svg(fig)


def effects(fits: list[dict], title: str) -> str:
    """Each counted action's value with its interval, one marker a scope."""
    plt = _plt()
    names = [e["name"] for e in fits[0]["effects"]] if fits else []
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(names) + 1.4))
    step = 0.8 / max(1, len(fits))
    for f, fit in enumerate(fits):
        by_name = {e["name"]: e for e in fit["effects"]}
        ys, xs, lo, hi = [], [], [], []
        for y, n in enumerate(names):
            e = by_name.get(n)
            if e is None:
                continue
            ys.append(y + (f - (len(fits) - 1) / 2) * step)
            xs.append(e["value"])
            lo.append(e["value"] - e["low"])
            hi.append(e["high"] - e["value"])
        label = f"{fit['scope']} (n={fit['n']:,})" if fit["scope"] is not None else None
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", capsize=3, label=label)
    ax.axvline(0, color="#999", linewidth=0.8)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("positions gained per press, against an average press (bars: 95 %)")
    ax.set_title(title)
    if len(fits) > 1:
        _legend(ax)
    return _svg(fig)
