"""A study's statistics: win rates and mean finishes with 95 % intervals,
tests of whether variants (or seat kinds) differ, metrics by group, and the
value of counted actions (a regression).

Rates are per seat-race: a kind's win rate is the share of the seats it
filled that won their race. Intervals: Wilson for rates (it stays inside
0..1 and behaves at 0 % and 100 %), Student's t for means. Tests: a
chi-square test on wins (Fisher's exact test for a 2 x 2 table with small
counts) and Mann-Whitney U on finishing positions (Kruskal-Wallis for more
than two groups). Seats of one race are not independent of each other, so
tests between seat kinds of one race are a guide, not an exact p-value;
tests between variants compare the same seeds and are the main use.

Everything is grouped by pyarrow (hash aggregation in C++), never by a loop
over rows in Python: a study of 100,000 races has 600,000 rows.
"""
from __future__ import annotations

import math

import numpy as np

LEVEL = 0.95
ALPHA = 0.05


def _pc():
    import pyarrow.compute as pc
    return pc


class Columns(dict):
    """A pyarrow table as {column: python list}, each column converted when
    first read (the league reads three columns of a study)."""

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


def t_interval(mean, sd, n: int, least=None, most=None) -> tuple[float, float, float]:
    """(mean, low, high) from a mean, a sample standard deviation and n.
    `least` and `most`, the smallest and largest value of the sample, bound
    the interval: Student's t can reach below a count's zero when most
    values are 0 (failure cards, 0.02 with low -0.01), and a mean of values
    never lies outside them."""
    if mean is None or n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(mean)
    if n < 2 or not sd:
        return (m, m, m)
    from scipy.stats import t
    half = float(t.ppf(0.5 + LEVEL / 2, n - 1) * sd / math.sqrt(n))
    lo, hi = m - half, m + half
    if least is not None:
        lo = max(lo, float(least))
    if most is not None:
        hi = min(hi, float(most))
    return (m, lo, hi)


def mean_ci(values) -> tuple[float, float, float]:
    """(mean, low, high) of a list: Student's t; a single value has no interval."""
    x = np.asarray([v for v in values if v is not None], dtype=float)
    if x.size == 0:
        return (math.nan, math.nan, math.nan)
    return t_interval(x.mean(), x.std(ddof=1) if x.size > 1 else 0.0, int(x.size),
                      x.min(), x.max())


def column(table, name: str) -> str:
    """A column named in full or by its metric's short name ('compounds')."""
    if name in table.column_names:
        return name
    if f"metric_{name}" in table.column_names:
        return f"metric_{name}"
    from ..engine.protocol import BadInput
    raise BadInput(f"the study has no column or metric {name!r}")


def only(table, kinds: list[str] | None):
    """The rows of these seat kinds (all rows when None)."""
    if not kinds:
        return table
    pc = _pc()
    return table.filter(pc.is_in(table["seat_kind"], value_set=_array(kinds)))


def _array(values):
    import pyarrow as pa
    return pa.array(values)


def _aggregate(table, keys: list[str], aggs: list) -> list[dict]:
    """group_by(keys).aggregate(aggs) as rows in the study's order: variants
    by their index, other keys by their text; groups with a null key dropped."""
    res = table.group_by(keys, use_threads=False).aggregate(
        [*aggs, ("variant_index", "min")])
    rows = res.to_pylist()
    rows = [r for r in rows if all(r[k] is not None for k in keys)]
    rows.sort(key=lambda r: tuple((r["variant_index_min"] if k == "variant" else 0, str(r[k]))
                                  for k in keys))
    return rows


def _summary_aggs(table) -> list:
    pc = _pc()
    aggs = [("win", "sum"), ("race", "count", pc.CountOptions(mode="all")),
            ("race", "count_distinct"), ("finish", "mean"), ("finish", "count"),
            ("finish", "stddev", pc.VarianceOptions(ddof=1)), ("finish", "min_max")]
    if "points" in table.column_names and str(table.schema.field("points").type) != "null":
        aggs.append(("points", "mean"))
    return aggs


def by(table, *keys: str) -> list[dict]:
    """One summary per value of `keys` (e.g. seat_kind; variant, seat_kind)."""
    out = []
    for r in _aggregate(table, list(keys), _summary_aggs(table)):
        n, wins = r["race_count"], int(r["win_sum"] or 0)
        lo, hi = wilson(wins, n)
        span = r["finish_min_max"] or {}
        fm, flo, fhi = t_interval(r["finish_mean"], r["finish_stddev"], r["finish_count"],
                                  span.get("min"), span.get("max"))
        out.append({**{k: r[k] for k in keys}, "n": n, "races": r["race_count_distinct"],
                    "wins": wins, "win_rate": wins / n if n else math.nan,
                    "win_low": lo, "win_high": hi, "mean_finish": fm, "finish_low": flo,
                    "finish_high": fhi, "mean_points": r.get("points_mean")})
    return out


def compare(table, between: str, within: str | None = None) -> list[dict]:
    """Do the groups of `between` (variant or seat_kind) differ? One test of
    wins and one of finishes for each value of `within` (or overall)."""
    pc = _pc()
    scopes = [r[within] for r in _aggregate(table, [within], [])] if within else [None]
    out = []
    for scope in scopes:
        part = table if scope is None else table.filter(pc.equal(table[within], scope))
        res = part.group_by([between], use_threads=False).aggregate(
            [("win", "sum"), ("race", "count", pc.CountOptions(mode="all")),
             ("finish", "list"), ("variant_index", "min")])
        order = sorted(range(res.num_rows), key=lambda i: (
            res["variant_index_min"][i].as_py() if between == "variant" else 0,
            str(res[between][i].as_py())))
        if len(order) < 2:
            continue
        names = [res[between][i].as_py() for i in order]
        wins = [[int(res["win_sum"][i].as_py() or 0),
                 res["race_count"][i].as_py() - int(res["win_sum"][i].as_py() or 0)]
                for i in order]
        finishes = [res["finish_list"][i].values.drop_null().to_numpy(zero_copy_only=False)
                    for i in order]
        base = {"between": between, "groups": [str(g) for g in names]}
        if within:
            base[within] = scope
        out.append({**base, **_wins_test(wins)})
        out.append({**base, **_finish_test(finishes)})
    return out


def p_text(p) -> str:
    """A p-value as people read it: 0.0495, 0.000144, and below 0.0001
    '< 0.0001' rather than '5.27e-110'."""
    if p is None or p != p:
        return "-"
    return "< 0.0001" if p < 0.0001 else f"{p:.3g}"


def _verdict(p: float) -> str:
    if math.isnan(p):
        return "no test possible"
    shown = p_text(p)
    said = f"p {shown}" if shown.startswith("<") else f"p = {shown}"
    if p < ALPHA:
        return f"{said}: a difference this large would be rare by chance (below {ALPHA:g})"
    return f"{said}: no difference shown at the {ALPHA:g} level"


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


def _finish_test(groups: list) -> dict:
    from scipy.stats import kruskal, mannwhitneyu
    sizes = [len(g) for g in groups]
    name = "Mann-Whitney U on finishes" if len(groups) == 2 else "Kruskal-Wallis on finishes"
    if not sum(sizes) or min(sizes) == 0:
        p = math.nan
    elif len(np.unique(np.concatenate(groups))) == 1:
        p = 1.0
    elif len(groups) == 2:
        p = float(mannwhitneyu(*groups).pvalue)
    else:
        p = float(kruskal(*groups).pvalue)
    return {"measure": "finish", "test": name, "p": p, "significant": bool(p < ALPHA),
            "verdict": _verdict(p)}


def metric_names(table) -> list[str]:
    """The metric columns with at least one value (a metric no seat of the
    study has, e.g. tyres when every seat is a rulebook bot, is left out)."""
    return sorted(k for k in table.column_names
                  if k.startswith("metric_") and table[k].null_count < table.num_rows)


def constant_value(table, name: str):
    """The one value a metric column holds for every seat that has it, or
    None when it varies (a report states such a metric in a line instead of
    a table and a plot of a single bar)."""
    pc = _pc()
    col = table[name]
    if pc.count_distinct(col).as_py() != 1:
        return None
    return pc.drop_null(col)[0].as_py()


def is_numeric(table, name: str) -> bool:
    import pyarrow as pa
    typ = table.schema.field(name).type
    return pa.types.is_integer(typ) or pa.types.is_floating(typ)


def metric_summary(table, name: str) -> dict:
    """A metric by variant and seat kind: mean with interval for numbers,
    counts for categories. Groups without a value are left out."""
    pc = _pc()
    numeric = is_numeric(table, name)
    rows = []
    if numeric:
        for r in _aggregate(table, ["variant", "seat_kind"],
                            [(name, "count"), (name, "mean"),
                             (name, "stddev", pc.VarianceOptions(ddof=1)),
                             (name, "min_max")]):
            n = r[f"{name}_count"]
            if n:
                span = r[f"{name}_min_max"] or {}
                m, lo, hi = t_interval(r[f"{name}_mean"], r[f"{name}_stddev"], n,
                                       span.get("min"), span.get("max"))
                rows.append({"variant": r["variant"], "seat_kind": r["seat_kind"], "n": n,
                             "mean": m, "low": lo, "high": hi})
    else:
        for (variant, kind), counts in value_counts(table, name).items():
            rows.append({"variant": variant, "seat_kind": kind, "n": sum(counts.values()),
                         "counts": counts})
    return {"metric": name.removeprefix("metric_"), "numeric": numeric, "by": rows}


def value_counts(table, name: str) -> dict[tuple, dict[str, int]]:
    """{(variant, seat kind): {value as text: count}}, most common first, in
    the study's order; null values are not counted."""
    pc = _pc()
    out: dict[tuple, dict[str, int]] = {}
    rows = _aggregate(table, ["variant", "seat_kind", name],
                      [("race", "count", pc.CountOptions(mode="all"))])
    for r in rows:
        out.setdefault((r["variant"], r["seat_kind"]), {})[str(r[name])] = r["race_count"]
    return {k: dict(sorted(v.items(), key=lambda kv: -kv[1])) for k, v in out.items()}


def effects(table, prefixes: list[str], split: str | None = None) -> list[dict]:
    """What one more of each counted thing is worth (metrics whose names
    start with one of `prefixes`, e.g. the buttons a Race Pace car pressed in
    dry and in wet rounds: dry_, wet_): finishing position
    regressed on every count at once, by least squares, once per value of
    `split` (or once). The counts add up to about the race's length, so only
    differences between them are measured: each value is the positions gained
    when one press of an average counted action is replaced by one of this
    action (positive: better), with a 95 % interval."""
    pc = _pc()
    names = sorted(k for k in table.column_names
                   if any(k.startswith(f"metric_{p}") for p in prefixes))
    if not names:
        from ..engine.protocol import BadInput
        raise BadInput(f"the study has no metrics named {' or '.join(p + '*' for p in prefixes)}")
    rows = table.filter(pc.is_valid(table["finish"]))
    scopes = [r[split] for r in _aggregate(rows, [split], [])] if split else [None]
    out = []
    for scope in scopes:
        part = rows if scope is None else rows.filter(pc.equal(rows[split], scope))
        x = np.column_stack([part[k].fill_null(0).to_numpy().astype(float) for k in names])
        y = part["finish"].to_numpy().astype(float)
        fit = _contrasts(x, y)
        if fit is None:
            continue
        value, low, high = fit
        entries = [{"name": k.removeprefix("metric_"), "value": float(v),
                    "low": float(lo), "high": float(hi), "mean_count": float(x[:, j].mean())}
                   for j, (k, v, lo, hi) in enumerate(zip(names, value, low, high))
                   if not math.isnan(v)]
        entries.sort(key=lambda e: -e["value"])
        out.append({"scope": scope, "split": split, "n": int(len(y)), "effects": entries})
    return out


def _contrasts(x, y):
    """Least squares y ~ x (no intercept: the counts sum to about a constant),
    then each coefficient less their mean, negated (positions gained), with
    t intervals from the coefficients' covariance."""
    n, k = x.shape
    if n <= k:
        return None
    keep = x.any(axis=0)
    if not keep.all():                       # a count always 0: nothing to measure
        x = x[:, keep]
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ beta
    s2 = float(resid @ resid) / (n - x.shape[1])
    cov = s2 * np.linalg.pinv(x.T @ x)
    c = np.eye(x.shape[1]) - 1.0 / x.shape[1]
    contrast = -(c @ beta)
    se = np.sqrt(np.maximum(np.diag(c @ cov @ c.T), 0.0))
    from scipy.stats import t
    half = t.ppf(0.5 + LEVEL / 2, n - x.shape[1]) * se
    full = np.full(k, np.nan)
    out = []
    for arr in (contrast, contrast - half, contrast + half):
        v = full.copy()
        v[keep] = arr
        out.append(v)
    return tuple(out)
