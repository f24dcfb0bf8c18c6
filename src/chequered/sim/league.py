"""A league: a round-robin of seat kinds rated with OpenSkill.

Every pair of kinds meets over the same seeds: a study whose variants are
the pairings (seats a,b,a,b,... up to `size`), with the seats rotated by one
a race so that neither kind keeps the better grid slot. In each race the
kind whose best car finished ahead wins the match; matches are rated in a
fixed order (pairing, then race), so the same league gives the same ratings.
Ratings are OpenSkill's Plackett-Luce mu and sigma; the interval shown is
mu +/- 2 sigma (about 95 %), and kinds are ordered by mu - 3 sigma, the
conservative estimate OpenSkill calls the ordinal.
"""
from __future__ import annotations

import itertools
from collections import defaultdict

from ..engine.protocol import BadInput
from .plan import Study
from .stats import Columns, wilson
from .store import StudyDir


def league_study(game: str, kinds: list[str], races: int, size: int, seed: int,
                 name: str = "") -> Study:
    if len(set(kinds)) != len(kinds) or len(kinds) < 2:
        raise BadInput("a league needs at least two different seat kinds in --seats")
    if size < 2:
        raise BadInput("--size must be at least 2 (two kinds meet in every race)")
    pairings = [[(a, b)[i % 2] for i in range(size)] for a, b in itertools.combinations(kinds, 2)]
    return Study(game=game, races=races, seats=pairings[0], seed=seed,
                 vary={"seats": pairings}, rotate=True, name=name)


def matches(cols: dict) -> list[tuple[str, str]]:
    """(winner, loser) of every race, in the order they are rated."""
    best: dict[tuple, dict[str, int]] = defaultdict(dict)
    for vi, race, kind, finish in zip(cols["variant_index"], cols["race"], cols["seat_kind"],
                                      cols["finish"]):
        if finish is None:
            continue
        seen = best[(vi, race)]
        seen[kind] = min(finish, seen.get(kind, finish))
    out = []
    for key in sorted(best):
        ranked = sorted(best[key].items(), key=lambda kv: kv[1])
        if len(ranked) == 2:
            out.append((ranked[0][0], ranked[1][0]))
    return out


def rate(kinds: list[str], played: list[tuple[str, str]]) -> list[dict]:
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    ratings = {k: model.rating(name=k) for k in kinds}
    wins: dict[str, int] = defaultdict(int)
    games: dict[str, int] = defaultdict(int)
    for winner, loser in played:
        [[w], [lo]] = model.rate([[ratings[winner]], [ratings[loser]]], ranks=[1, 2])
        ratings[winner], ratings[loser] = w, lo
        wins[winner] += 1
        games[winner] += 1
        games[loser] += 1
    rows = []
    for k in kinds:
        r = ratings[k]
        low, high = wilson(wins[k], games[k])
        rows.append({"kind": k, "mu": r.mu, "sigma": r.sigma, "low": r.mu - 2 * r.sigma,
                     "high": r.mu + 2 * r.sigma, "ordinal": r.mu - 3 * r.sigma,
                     "matches": games[k], "wins": wins[k],
                     "win_rate": wins[k] / games[k] if games[k] else None,
                     "win_low": low, "win_high": high})
    return sorted(rows, key=lambda r: -r["ordinal"])


def head_to_head(kinds: list[str], played: list[tuple[str, str]]) -> dict:
    """{a: {b: wins of a over b}}."""
    table = {a: {b: 0 for b in kinds if b != a} for a in kinds}
    for winner, loser in played:
        table[winner][loser] += 1
    return table


def standings(out, kinds: list[str]) -> dict:
    folder = StudyDir(out)
    played = matches(Columns(folder.table()))
    return {"format": "chequered-league/1", "study": folder.read_doc(),
            "matches": len(played), "ratings": rate(kinds, played),
            "head_to_head": head_to_head(kinds, played)}


def page(doc: dict) -> str:
    """The league as a small self-contained HTML page: table and plot."""
    from html import escape

    from .page import STYLE, _table
    from .plots import ratings as ratings_plot
    from .report import num, pct, span
    rows = [[escape(r["kind"]), num(r["mu"]), num(r["sigma"]), span(r["low"], r["high"],
                                                                     digits=2),
             num(r["ordinal"]), r["matches"], pct(r["win_rate"]),
             span(r["win_low"], r["win_high"], 100) + " %"] for r in doc["ratings"]]
    kinds = [r["kind"] for r in doc["ratings"]]
    h2h = [[escape(a), *(("-" if a == b else doc["head_to_head"][a][b]) for b in kinds)]
           for a in kinds]
    game = doc["study"]["config"]["game"]
    return (f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>League: {escape(game)}</title><style>{STYLE}</style></head><body>"
            f"<h1>League: {escape(game)}</h1><p>{doc['matches']} matches, every pair of "
            f"kinds over the same seeds with the seats rotated.</p>"
            + _table(["kind", "mu", "sigma", "mu ± 2 sigma", "ordinal", "matches", "win rate",
                      "95 % CI"], rows, "named")        # (one text column: the kind)
            + f"<figure>{ratings_plot(doc['ratings'])}</figure>"
            "<h2>Head to head</h2><p class='note'>Wins of the row's kind over the "
            "column's.</p>" + _table(["", *kinds], h2h, "named") + "</body></html>\n")
