"""BOT 1.7.1: drawing and discarding the BOT cards, always face up unless the
rule says face down, through engine/chance.py. An empty
BOT deck is shuffled again from its discards (A126, the usual card rule)."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from .table import record

WHAT = {"strategy": "STRATEGY card", "tactics": "TACTICS card", "battle": "BATTLE card"}


def draw(race, ev: list, deck: str, rule: str, seat: int | None = None) -> str:
    d = race.decks[deck]
    if not d.pile and d.discards:                     # A126
        chance.reshuffle(race.chance, ev, d, rule=rule, what=f"BOT {deck.upper()} deck")
    return chance.draw(race.chance, ev, d, rule=rule, what=WHAT[deck], seat=seat)


def discard(race, deck: str, card: str) -> None:
    race.decks[deck].discard(card)


def draw_battle(race, ev: list, seat: int, rule: str) -> str:
    """A BATTLE card for a BOT, face up; it stays in play until discarded."""
    card = draw(race, ev, "battle", rule, seat)
    record(race, seat)["battle"].append(card)
    return card


def discard_battle(race, seat: int) -> list:
    rec = record(race, seat)
    gone, rec["battle"] = rec["battle"], []
    for c in gone:
        discard(race, "battle", c)
    return gone


def new_tactics(race, ev: list, seat: int, rule: str) -> str:
    """A Pro BOT discards its TACTICS card and draws a new one, face up."""
    rec = record(race, seat)
    old = rec.get("tactics")
    if old is not None:
        discard(race, "tactics", old)
    rec["tactics"] = draw(race, ev, "tactics", rule, seat)
    rec["tactics_up"] = True
    ev.append(Event("bot_tactics", {"seat": seat, "card": rec["tactics"], "old": old}, rule))
    return rec["tactics"]


def turn_over_tactics(race, ev: list, seat: int, rule: str) -> None:
    """BOT 1.7.2.1: the face-down TACTICS card is turned over."""
    rec = record(race, seat)
    if rec.get("tactics_up"):
        return
    rec["tactics_up"] = True
    chance.reveal(ev, "bot_tactics_shown", {"seat": seat, "card": rec["tactics"]}, rule)
