"""What the table sees of the BOTs (BOT 1.3 d: a Pro BOT's first TACTICS card
lies face down until the start, BOT 1.7.2.1; everything else of a BOT is
face up) and the resampling of the face-down cards for search."""
from __future__ import annotations

FACE_UP = ("kind", "card", "side", "bonus", "strategy", "tyre_token", "pit", "battle")


def public(race) -> dict | None:
    """The BOT part of every seat's view: no face-down card's id."""
    if race.bots is None:
        return None
    cars = {}
    for s, rec in race.bots.get("cars", {}).items():
        doc = {k: rec[k] for k in FACE_UP if k in rec}
        if rec.get("kind") == "pro":
            up = rec.get("tactics_up", False)
            doc["tactics"] = rec.get("tactics") if up else None
            doc["tactics_face_down"] = not up
        cars[s] = doc
    rk = race.bots.get("rookie")
    return {"cars": cars, "rookie": dict(rk) if rk else None}


def redeterminize(race, rng) -> None:
    """The face-down TACTICS cards and the TACTICS deck are dealt again from
    the cards nobody has seen."""
    if race.bots is None or "tactics" not in race.decks:
        return
    down = [rec for rec in race.bots.get("cars", {}).values()
            if rec.get("kind") == "pro" and not rec.get("tactics_up") and rec.get("tactics")]
    deck = race.decks["tactics"]
    pool = list(deck.pile) + [rec["tactics"] for rec in down]
    rng.shuffle(pool)
    for rec in down:
        rec["tactics"] = pool.pop()
    deck.pile = pool
