"""A study's statistics: win rates and mean finishes with 95 % intervals, and
tests of whether variants (or seat kinds) differ.

Rates are per seat-race: a kind's win rate is the share of the seats it
filled that won their race. Intervals: Wilson for rates (it stays inside
0..1 and behaves at 0 % and 100 %), Student's t for means. Tests: a
chi-square test on wins (Fisher's exact test for a 2 x 2 table with small
counts) and Mann-Whitney U on finishing positions (Kruskal-Wallis for more
than two groups). Seats of one race are not independent of each other, so
tests between seat kinds of one race are a guide, not an exact p-value;
tests between variants compare the same seeds and are the main use.
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

LEVEL = 0.95
ALPHA = 0.05


class Columns(dict):
    """A pyarrow table as {column: python list}, each column converted when
    first read (a large study's summary needs a few of its ~35 columns)."""

    def __init__(self, table):
        super().__init__()
        self.table = table

    def __missing__(self, name: str) -> list:
        if name not in self.table.column_names:
            raise KeyError(name)
        value = self[name] = self.table.column(name).to_pylist()
        return value

    def __contains__(self, name) -> bool:
        return name in self.table.column_names

    def __iter__(self):
        return iter(self.table.column_names)


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (math.nan, math.nan)
    from scipy.stats import binomtest
    ci = binomtest(wins, n).proportion_ci(confidence_level=LEVEL, method="wilson")
    return (float(ci.low), float(ci.high))


def mean_ci(values) -> tuple[float, float, float]:
    """(mean, low, high): Student's t interval; a single value has no interval."""
    x = np.asarray([v for v in values if v is not None], dtype=float)
    if x.size == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if x.size < 2 or float(x.std()) == 0.0:
        return (m, m, m)
    from scipy.stats import t
    half = float(t.ppf(0.5 + LEVEL / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    return (m, m - half, m + half)


def _group(cols: dict, keys: tuple[str, ...]) -> dict[tuple, list[int]]:
    out: dict[tuple, list[int]] = defaultdict(list)
    for i, key in enumerate(zip(*(cols[k] for k in keys))):
        out[key].append(i)
    return dict(out)


def summarise(cols: dict, idx: list[int]) -> dict:
    wins = sum(1 for i in idx if cols["win"][i])
    n = len(idx)
    lo, hi = wilson(wins, n)
    fm, flo, fhi = mean_ci(cols["finish"][i] for i in idx)
    points = [cols["points"][i] for i in idx if cols["points"][i] is not None]
    return {"n": n, "races": len({cols["race"][i] for i in idx}), "wins": wins,
            "win_rate": wins / n if n else math.nan, "win_low": lo, "win_high": hi,
            "mean_finish": fm, "finish_low": flo, "finish_high": fhi,
            "mean_points": float(np.mean(points)) if points else None}


def by(cols: dict, *keys: str) -> list[dict]:
    """One summary per value of `keys` (e.g. seat_kind; variant, seat_kind)."""
    groups = _group(cols, keys)
    order = sorted(groups, key=lambda k: tuple(
        (cols["variant_index"][groups[k][0]] if key == "variant" else 0, str(v))
        for key, v in zip(keys, k)))
    return [{**dict(zip(keys, k)), **summarise(cols, groups[k])} for k in order]


def compare(cols: dict, between: str, within: str | None = None) -> list[dict]:
    """Do the groups of `between` (variant or seat_kind) differ? One test of
    wins and one of finishes for each value of `within` (or overall)."""
    out = []
    scopes = _group(cols, (within,)) if within else {(): list(range(len(cols["win"])))}
    for scope, idx in sorted(scopes.items(), key=lambda kv: (cols["variant_index"][kv[1][0]],
                                                             str(kv[0]))):
        groups: dict = defaultdict(list)
        for i in idx:
            groups[cols[between][i]].append(i)
        if len(groups) < 2:
            continue
        names = sorted(groups, key=lambda g: (cols["variant_index"][groups[g][0]]
                                              if between == "variant" else 0, str(g)))
        wins = [[sum(1 for i in groups[g] if cols["win"][i]),
                 sum(1 for i in groups[g] if not cols["win"][i])] for g in names]
        finishes = [[cols["finish"][i] for i in groups[g] if cols["finish"][i] is not None]
                    for g in names]
        base = {"between": between, "groups": [str(g) for g in names]}
        if within:
            base[within] = scope[0]
        out.append({**base, **_wins_test(wins)})
        out.append({**base, **_finish_test(finishes)})
    return out


def _verdict(p: float) -> str:
    if math.isnan(p):
        return "no test possible"
    if p < ALPHA:
        return f"p = {p:.3g}: a difference this large would be rare by chance (below {ALPHA:g})"
    return f"p = {p:.3g}: no difference shown at the {ALPHA:g} level"


def _wins_test(table: list[list[int]]) -> dict:
    from scipy.stats import chi2_contingency, fisher_exact
    arr = np.asarray(table)
    if (arr.sum(axis=0) == 0).any():
        # Every group won always, or never: identical, nothing to test.
        p, name = 1.0, "chi-square on wins"
    elif arr.shape == (2, 2) and arr.min() < 5:
        p, name = float(fisher_exact(arr).pvalue), "Fisher's exact test on wins"
    else:
        p, name = float(chi2_contingency(arr).pvalue), "chi-square on wins"
    return {"measure": "wins", "test": name, "p": p, "significant": p < ALPHA,
            "verdict": _verdict(p)}


def _finish_test(groups: list[list[int]]) -> dict:
    from scipy.stats import kruskal, mannwhitneyu
    flat = [v for g in groups for v in g]
    if not flat or len(set(flat)) == 1 or any(not g for g in groups):
        p = 1.0 if flat and all(groups) else math.nan
        name = "Mann-Whitney U on finishes" if len(groups) == 2 else "Kruskal-Wallis on finishes"
    elif len(groups) == 2:
        p, name = float(mannwhitneyu(*groups).pvalue), "Mann-Whitney U on finishes"
    else:
        p, name = float(kruskal(*groups).pvalue), "Kruskal-Wallis on finishes"
    return {"measure": "finish", "test": name, "p": p, "significant": bool(p < ALPHA),
            "verdict": _verdict(p)}


def metric_names(cols: dict) -> list[str]:
    return sorted(k for k in cols if k.startswith("metric_"))


def metric_summary(cols: dict, name: str) -> dict:
    """A metric by variant and seat kind: mean with interval for numbers,
    counts for categories."""
    values = cols[name]
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                  for v in values if v is not None)
    groups = _group(cols, ("variant", "seat_kind"))
    rows = []
    for (variant, kind), idx in sorted(groups.items(), key=lambda kv: (
            cols["variant_index"][kv[1][0]], str(kv[0][1]))):
        vals = [values[i] for i in idx if values[i] is not None]
        row = {"variant": variant, "seat_kind": kind, "n": len(vals)}
        if numeric:
            m, lo, hi = mean_ci(vals)
            row.update(mean=m, low=lo, high=hi)
        else:
            counts: dict[str, int] = defaultdict(int)
            for v in vals:
                counts[str(v)] += 1
            row["counts"] = dict(sorted(counts.items(), key=lambda kv: -kv[1]))
        rows.append(row)
    return {"metric": name.removeprefix("metric_"), "numeric": numeric, "by": rows}
