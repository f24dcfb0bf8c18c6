"""BOT 6.6: the Red Flag and race restart for BOT cars. The BOT seats are not
asked the players' tyre / repair choice (FGP 13.10 step 2): the BOT rules
decide it here, before the players choose.

Choices (docs/rules/formulagp.md, "Choices"):
* A180 Every Pro BOT repairs all its damage (its Damage tokens, BOT 6.3, and
  any DAMAGE card by its board) and draws a new TACTICS card, whether it
  changes tyres or not (the book's bullets set the three apart and a player
  may repair without changing tyres); its TACTICS Failure card stays (a
  system failure is not repaired) and so it draws none. A Rookie changes
  nothing and keeps the shared TACTICS card.
* A181 "Its planned pit stop within the next 4 rounds": the Pit token lies on
  the pit lane entry, or on the Weather Radar (either side) at most four
  spaces past the Chequered Flag token; none from radar space 22 on (BOT 4.1,
  5.1). The change is a stop for its tyres: the tyre of BOT 5.2's stop
  (bot/pits:next_tyre), a new Pit token from this round and the full tyre
  token; it counts as a stop (the next one fits the card's third tyre).
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..actions import PitStop
from ..rules.dice import roll_die
from .cards import new_tactics
from .events import repair_tokens
from .pits import _from_sets, failure_card, next_tyre
from .setup import die_score, place_pit_token
from .table import kind, record

RULE = "BOT 6.6"
AHEAD = 4                   # BOT 6.6: "within the next 4 rounds"


def changes_tyres(race, seat: int) -> bool:
    """BOT 6.6 (A181): the Pro's planned stop is within the next 4 rounds."""
    from .tyres import too_late
    tok = record(race, seat).get("pit") or {}
    if too_late(race) or not tok:
        return False
    if tok.get("entry"):
        return True
    return tok.get("space") is not None and tok["space"] - race.flag <= AHEAD


def red_flag(race) -> list[Event]:
    """BOT 6.6 for every Pro BOT at the Red Flag (A180, A181): tyres if its stop
    is near, every repair, a new TACTICS card. Rookies: nothing."""
    from ..rules.flag_steps import _rf_act
    if race.bots is None:
        return []
    ev: list[Event] = []
    for car in race.cars:
        seat = car.seat
        if kind(race, seat) != "pro":
            continue
        rec = record(race, seat)
        tyre = _from_sets(race, car, next_tyre(race, ev, seat)) \
            if changes_tyres(race, seat) else None
        ev += _rf_act(race, seat, PitStop(tyre, (), "all" if car.damage else "none"))
        repaired = repair_tokens(race, seat)                # BOT 6.3 tokens
        tok = None
        if tyre is not None:
            rec["stops"] = rec.get("stops", 0) + 1
            rec["tyre_token"] = "full"
            rec.pop("wrong_tyres", None)
            face = roll_die(race, ev, "white", RULE, seat=seat)
            now = race.flag - race.bots["start"] + 1            # A120: the game round now
            tok = dict(place_pit_token(race, seat, die_score(face), now=now))
        ev.append(Event("bot_red_flag", {"seat": seat, "tyre": tyre, "pit": tok,
                                         "tokens": repaired}, RULE))
        if not failure_card(race, seat):
            new_tactics(race, ev, seat, RULE)
    return ev


def asked(race) -> list[int]:
    """FGP 13.10 step 2: the seats asked the players' choice (no BOT)."""
    return [s for s in race.sequence if kind(race, s) is None]


__all__ = ["asked", "changes_tyres", "red_flag"]
