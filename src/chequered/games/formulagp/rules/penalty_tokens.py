"""Adding Penalty tokens to a car (FGP 13.12), the one place every rule that
gives a car Penalty tokens goes through.

BOT 6.8: a Pro BOT takes its Penalty tokens by the players' rules (they lie
on its Pit Box tile, are served at a stop, BOT 5.2, and what is left counts
at the end of the race, FGP 12.2.1); a Rookie BOT receives none. The
exemption is here once: `add` gives a Rookie no token and says so.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..bot.table import kind


def exempt(race, seat: int) -> bool:
    """BOT 6.8: Rookie BOTs do not receive penalties."""
    return kind(race, seat) == "rookie"


def add(race, seat: int, n: int, rule: str, /, *, total: bool = False,
        **data) -> list[Event]:
    """FGP 13.12: `n` Penalty tokens for the car of `seat`, with the
    `penalty` event (`data`: its cause / token count as the calling rule logs
    them; `total`: add the car's tokens after it). A Rookie BOT: none (BOT 6.8)."""
    if exempt(race, seat):
        return [Event("bot_no_penalty", {"seat": seat, **data}, "BOT 6.8")]
    car = race.cars[seat]
    car.penalties += n
    payload = {"seat": seat, **data}
    if total:
        payload["penalties"] = car.penalties
    return [Event("penalty", payload, rule)]
