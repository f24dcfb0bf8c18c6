"""FGP 15.12 Limited Time for a Player's Turn (option `turn_time_limit`, the
seconds in the config's `turn_seconds`).

Every decision a person makes is timed (the book counts playing cards, move
extensions and battle cards alike). Going over is an offence the front end
reports with engine Overrun; the player still makes the decision. The first two
offences are warnings, each one from the third a Penalty token (FGP 13.12).
The clock is the front ends' (terminal, web); only people are timed there.
"""
from __future__ import annotations

from ....engine.protocol import Event, IllegalAction
from ..state import Race
from . import penalty_tokens as PT

OPTION = "turn_time_limit"
WARNINGS = 2            # the first and second offence


def seconds(race: Race) -> float | None:
    """The time each decision allows, or None without the option."""
    # A154 (ours): the book's 45-60 s is `turn_seconds`; 60 by default, since
    # reading a screen takes longer than a glance at the table.
    cfg = race.config
    return float(cfg.turn_seconds) if OPTION in cfg.options else None


def time_limit(race: Race, seat: int) -> float | None:
    return seconds(race)


def offences(race: Race, seat: int) -> int:
    return race.optional.get("time_offences", {}).get(str(seat), 0)


def overrun(race: Race, seat: int) -> list[Event]:
    """A seat went over the time limit deciding its pending action."""
    if seconds(race) is None:
        raise IllegalAction("FGP 15.12: this race has no time limit (option "
                            "turn_time_limit)", "FGP 15.12")
    n = offences(race, seat) + 1
    race.optional.setdefault("time_offences", {})[str(seat)] = n
    ev = [Event("time_offence", {"seat": seat, "offence": n,
                                 "warning": n <= WARNINGS}, "FGP 15.12")]
    if n > WARNINGS:
        ev += PT.add(race, seat, 1, "FGP 15.12", cause="time")
    return ev
