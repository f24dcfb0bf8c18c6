"""Invariants of the BOT components (checks.invariants calls this): every BOT
card in exactly one place, every BOT seat with its record."""
from __future__ import annotations

from .table import BOT_KINDS, bot_content


def invariants(race) -> list[str]:
    if race.bots is None or "battle" not in race.decks:
        return []                       # no BOTs, or before the BOT setup has run
    out = []
    bc = bot_content(race)
    recs = race.bots.get("cars", {})
    for c in race.cars:
        if c.controller in BOT_KINDS and recs.get(str(c.seat), {}).get("kind") != c.controller:
            out.append(f"{c.team}: a {c.controller} BOT without its BOT record")
    rookie = race.bots.get("rookie")
    held = {
        "strategy": [r["strategy"] for r in recs.values() if r.get("strategy")],
        "tactics": [r["tactics"] for r in recs.values() if r.get("tactics")]
        + ([rookie["tactics"]] if rookie else []),
        "battle": [b for r in recs.values() for b in r.get("battle", ())],
    }
    # A122: with Rookies, nine single-LED cards are set aside for the race
    size = {"strategy": len(bc.strategy), "battle": len(bc.battle),
            "tactics": len(bc.tactics) - (sum(c.rookie for c in bc.tactics) - 1 if rookie else 0)}
    for name, cards in held.items():
        d = race.decks[name]
        where = [*d.pile, *d.discards, *d.removed, *cards]
        if len(where) != len(set(where)):
            out.append(f"BOT {name.upper()} deck: a card in two places")
        if len(where) != size[name]:
            out.append(f"BOT {name.upper()} deck holds {len(where)} cards, not {size[name]}")
    return out
