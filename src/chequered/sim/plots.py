"""A study's plots (matplotlib, Agg), each returned as SVG text to inline in
the HTML report: finishing positions, win rate by variant with its interval,
and the distribution of each metric."""
from __future__ import annotations

import io
import math
from collections import Counter

MAX_CATEGORIES = 12           # a categorical metric shows its most common values
MAX_PANELS = 8                # groups drawn in one plot (variant x seat kind)


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


def _groups(cols: dict) -> list[tuple[str, list[int]]]:
    """(label, rows) per variant and seat kind, in the study's order."""
    seen: dict[tuple, list[int]] = {}
    for i, key in enumerate(zip(cols["variant_index"], cols["variant"], cols["seat_kind"])):
        seen.setdefault(key, []).append(i)
    many = len({k[0] for k in seen}) > 1
    out = []
    for (vi, variant, kind), idx in sorted(seen.items(), key=lambda kv: (kv[0][0], kv[0][2])):
        out.append((f"{variant} / {kind}" if many else kind, idx))
    return out[:MAX_PANELS]


def finishes(cols: dict) -> str:
    """How often each group finished 1st, 2nd, ...: grouped bars of shares."""
    plt = _plt()
    groups = _groups(cols)
    top = max((f for f in cols["finish"] if f is not None), default=1)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(1, len(groups))
    for g, (label, idx) in enumerate(groups):
        counts = Counter(cols["finish"][i] for i in idx)
        xs = [p + (g - (len(groups) - 1) / 2) * width for p in range(1, top + 1)]
        ax.bar(xs, [counts.get(p, 0) / len(idx) for p in range(1, top + 1)], width, label=label)
    ax.set_xticks(range(1, top + 1))
    ax.set_xlabel("finishing position")
    ax.set_ylabel("share of seats")
    ax.set_title("Finishing positions")
    ax.legend(fontsize=7, frameon=False)
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


def metric(cols: dict, name: str, numeric: bool) -> str:
    """A metric's distribution per group: histograms for numbers, bars of the
    most common values for categories."""
    plt = _plt()
    groups = _groups(cols)
    values = cols[name]
    fig, ax = plt.subplots(figsize=(7, 3))
    title = name.removeprefix("metric_").replace("_", " ")
    if numeric:
        present = [float(v) for v in values if v is not None]
        lo, hi = (min(present), max(present)) if present else (0.0, 1.0)
        integral = all(float(v).is_integer() for v in present)
        if integral and hi - lo <= 40:
            bins = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
        else:
            bins = 20
        for label, idx in groups:
            data = [float(values[i]) for i in idx if values[i] is not None]
            if data:
                ax.hist(data, bins=bins, histtype="step", linewidth=1.5, label=label,
                        weights=[1 / len(data)] * len(data))
        ax.set_ylabel("share")
    else:
        common = [v for v, _ in Counter(str(v) for v in values if v is not None)
                  .most_common(MAX_CATEGORIES)]
        width = 0.8 / max(1, len(groups))
        for g, (label, idx) in enumerate(groups):
            data = [str(values[i]) for i in idx if values[i] is not None]
            counts = Counter(data)
            xs = [c + (g - (len(groups) - 1) / 2) * width for c in range(len(common))]
            ax.bar(xs, [counts.get(v, 0) / max(1, len(data)) for v in common], width,
                   label=label)
        ax.set_xticks(range(len(common)), common, rotation=30 if len(common) > 4 else 0,
                      ha="right" if len(common) > 4 else "center")
        ax.set_ylabel("share")
    ax.set_title(title)
    if len(groups) > 1:
        ax.legend(fontsize=7, frameon=False)
    if not any(math.isfinite(v) for v in ax.get_ylim()):
        ax.set_ylim(0, 1)
    return _svg(fig)
