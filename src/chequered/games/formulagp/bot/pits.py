"""BOT 5: a Pro BOT's pit stop, decided by its Pit token, STRATEGY card and
the WHITE die (the BOT seat is never asked at the stop).

The Pit token on the pit lane entry (BOT 4.1 puts it there): the token's
record `pit` gets `"entry": True` (`to_pit_entry`); it goes back onto the
Weather Radar at the stop (BOT 5.2). `wants_pit` is what the BOT's move asks
(BOT 5.1); rules/pit_steps.py calls `stop` when a Pro BOT reaches its box.

Choices (docs/rules/formulagp.md, "Choices"):
* A147 The BOT's tyres: on a wet track Wet; with Wet tyres on a dry track the
  STRATEGY card's next (Weather Change) tyre; otherwise the first stop fits
  the card's pit tyre (or the WHITE roll's), a later one the card's last tyre.
* A148 The problems a Pro BOT repairs (BOT 5.3) are its Damage tokens (BOT 6.3),
  any DAMAGE/FAILURE cards by its board and a TACTICS Failure card: one is the players' single repair
  with its WHITE roll (the icon face: an extra round), two or more the
  players' full repair (always an extra round); both set the exit order as
  for players (BOT 5.3 "same procedure as Players").
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..actions import PitStop
from ..rules.dice import roll_die
from .cards import new_tactics
from .pit_strategy import stop_tyre
from .setup import die_score, place_pit_token
from .table import bot_content, kind, record

RULE = "BOT 5.2"


def to_pit_entry(race, seat: int) -> None:
    """BOT 4.1 / 4.2: the Pit token moves from the radar to the pit lane entry."""
    record(race, seat)["pit"]["entry"] = True


def _wrong_tyres(race, car) -> bool:
    from .tyres import wrong_tyres
    return wrong_tyres(race, car.seat)


def failure_card(race, seat: int) -> bool:
    """BOT 5.4: the TACTICS card in use is a Failure card."""
    tac = record(race, seat).get("tactics")
    return tac is not None and bot_content(race).tactics_card(tac).failure


def wants_pit(race, seat: int) -> bool:
    """BOT 5.1 / 4.1: a Pro BOT enters the pit lane when its Pit token is on the
    pit lane entry, it has a failure, or the weather changed and its tyres are
    wrong; never on game round 22 or later (the radar's red-filled spaces) nor
    at the end of the race. Rookie BOTs make no stops."""
    if kind(race, seat) != "pro":
        return False
    if race.flag >= bot_content(race).bot.no_pit_from or race.final_round:
        return False
    car = race.cars[seat]
    return bool(record(race, seat)["pit"].get("entry")) or failure_card(race, seat) \
        or _wrong_tyres(race, car)


def next_tyre(race, ev: list, seat: int) -> str:
    """BOT 1.3.1, 4.2, 5.2 (A147): the tyre fitted at this stop."""
    from ..rules import weather_steps as WX
    rec = record(race, seat)
    card = bot_content(race).strategy_card(rec["strategy"])
    car = race.cars[seat]
    if WX.raining(race):
        return "wet"
    if car.tyre == "wet":                       # the rain has ended: the next tyre
        return card.weather[0]
    if rec.get("stops", 0):                     # a second stop in a dry race
        return card.weather[1]
    if card.pit == "roll":                      # decided only now, by the WHITE die
        return card.pit_roll[roll_die(race, ev, "white", "BOT 1.3.1", seat=seat).value - 1]
    return card.pit


def _repair(race, ev: list, car) -> PitStop:
    """BOT 5.3 (A148): every problem is repaired; the TACTICS Failure card
    goes back into the TACTICS deck, which is shuffled."""
    from .events import repair_tokens
    rec = record(race, car.seat)
    cards = [*car.damage, *car.failures]
    failure = failure_card(race, car.seat)
    n = len(cards) + failure + repair_tokens(race, car.seat)        # BOT 6.3 tokens
    if failure:
        tac = rec.pop("tactics")
        rec["tactics"] = None
        race.decks["tactics"].pile.append(tac)
        chance.shuffle(race.chance, ev, race.decks["tactics"], rule="BOT 5.3",
                       what="BOT TACTICS deck")
        ev.append(Event("bot_failure_repaired", {"seat": car.seat, "card": tac}, "BOT 5.3"))
    if n >= 2:                                  # always one extra round
        if cards:
            return PitStop(None, (), "all")
        race.move["bot_long_repair"] = True
    elif cards:
        return PitStop(None, (), "one", cards[0])
    elif n == 1:                                # the one repair's WHITE roll
        race.move["bot_long_repair"] = roll_die(race, ev, "white", "BOT 5.3",
                                                seat=car.seat).icon
    return PitStop(None, (), "none")


def _from_sets(race, car, tyre: str) -> str | None:
    """FGP 15.10 (option): with no set of the STRATEGY card's compound left the
    Pro takes the hardest compound that has a set left; with none left it
    keeps its tyres (None), as a player must (A138, ours)."""
    from ..rules import optional_steps_b as OB
    offer = OB.tyre_offer(race, car, [tyre, "hard", "medium", "soft"])
    if tyre in offer:
        return tyre
    return next((t for t in offer if t != tyre), None)


def stop(race, car) -> list[Event]:
    """BOT 5.2: (penalties were served as for players) repairs, the tyres of
    the STRATEGY card with a new Pit token from this round, a new TACTICS
    card; then the car goes on as a player's stop does (to the pit exit)."""
    from ..rules import pit_steps as PS
    seat = car.seat
    rec = record(race, seat)
    ev: list[Event] = []
    # [ADV] BOT 5.5 / 7.1 / 7.3: a tyre for the coming weather or the late stop
    planned = not failure_card(race, seat) and not _wrong_tyres(race, car)
    special = stop_tyre(race, ev, seat, planned)
    rep = _repair(race, ev, car)
    tyre = _from_sets(race, car, special or next_tyre(race, ev, seat))
    ev += PS._stop_act(race, seat, PitStop(tyre, (), rep.repair, rep.card))
    if race.move.pop("bot_long_repair", False):
        race.move["stays"] = True
    rec["stops"] = rec.get("stops", 0) + 1
    rec["tyre_token"] = "full"
    face = roll_die(race, ev, "white", RULE, seat=seat)
    now = race.flag - race.bots["start"] + 1            # A120: the game round now
    tok = place_pit_token(race, seat, die_score(face), now=now)
    ev.append(Event("bot_pit", {"seat": seat, "tyre": tyre, "pit": dict(tok)}, RULE))
    new_tactics(race, ev, seat, RULE)
    return ev
