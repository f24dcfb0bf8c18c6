"""[ADV] FGP 11.4 the Late Pit Bonus, with FGP 3.2 f, 7.3.3.2, 11.3, 10.1 and
13.4.5: pure functions and the three small hooks the round machine calls
(round start, the pit stop, the movement points).

Readings (docs/rules/formulagp.md, "Choices"):
- A90 (ours) The Fresh Tyres token lies on the radar space of the panel side
  drawn (FGP 3.2 f; content control.toml: 17 green, 18 red). From the round the
  Chequered Flag reaches it, a car whose pit stop (the turn in its box, FGP
  11.2) fits a new set of tyres takes a Fresh Tyres token; a stop that keeps
  the old set takes none (the bonus is "fresh tyres" and light fuel). One token
  a car: a later stop with a new set turns it back to its full side.
- A91 (ours) The token follows the Tyre Bonus token (FGP 11.4 / 10.1): full
  side (+2) while the tyres are fresh, lesser side (+1, our content) once they
  degrade, removed with the tyre bonus when they wear out. Like the Tyre Bonus
  token in rules/tyres.py its side is read off the wear marker, so wear won
  back brings it back.
- A92 (ours) No Late Pit Bonus wherever the tyre bonus is not applied: the
  rejoining move after a spin or off track (FGP 13.4.5, which says so), a move
  after gravel (FGP 13.13.1) or under a card's 'no tyre bonus'; and none on the
  move out of the pit lane (FGP 11.3 / 11.4: from the pit-exit space, a
  pit-lane start too). A DAMAGE or FAILURE malus to the tyre bonus lowers the
  Tyre Bonus token, not the Fresh Tyres token.
Dry tyres on a wet track (FGP 11.4 / 10.2.1) is the weather's: not yet here.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..content import Control
from ..state import Car, Race
from . import cards as C
from .tyres import bonus_side
from .weather_steps import dry_in_rain


def advanced(race: Race) -> bool:
    """An Advanced race (FGP 1.1: the [ADV] rules apply)."""
    return race.config.rules == "advanced"


def fresh_tyres_space(race: Race) -> int:
    """FGP 3.2 f / 11.4: the radar space that holds the Fresh Tyres token."""
    return C.content_of(race).control.fresh_tyres_space(race.panel_side)


def late_rounds(race: Race) -> bool:
    """FGP 11.4: the Chequered Flag is on the Fresh Tyres space or past it."""
    return advanced(race) and race.flag >= fresh_tyres_space(race)


def bonus_value(control: Control, tyre_side: str) -> int:
    """FGP 11.4 (A91): the Fresh Tyres token's MP as the Tyre Bonus token lies:
    'fresh' the full side, 'degraded' the lesser side, 'none' removed."""
    return {"fresh": control.late_pit_bonus, "degraded": control.late_pit_bonus_degraded,
            "none": 0}[tyre_side]


def late_pit_bonus(control: Control, board_side, car: Car, *, leaving_pits: bool,
                   tyre_bonus_off: bool) -> int:
    """FGP 7.3.3.2 / 7.3.3.5 step 5: the Late Pit Bonus added to this move's
    total: 0 without the token, on the move out of the pit lane (FGP 11.3)
    and where the tyre bonus is not applied (FGP 13.4.5, A92)."""
    if not car.fresh_tyres or leaving_pits or tyre_bonus_off:
        return 0
    return bonus_value(control, bonus_side(board_side, car.tyre, car.wear))


# ---- the hooks the round machine calls ----------------------------------------------------
def round_start(race: Race) -> list[Event]:
    """FGP 11.4: when the Chequered Flag reaches the Fresh Tyres token, a
    Fresh Tyres token goes into every pit box."""
    if advanced(race) and race.flag == fresh_tyres_space(race):
        return [Event("fresh_tyres", {"flag": race.flag}, "FGP 11.4")]
    return []


def pit_stop(race: Race, car: Car, new_set: bool) -> list[Event]:
    """FGP 11.4 (A90): a stop in the late rounds that fits a new set takes the
    Fresh Tyres token from the box onto the board."""
    if not (new_set and late_rounds(race)):
        return []
    car.fresh_tyres = True
    return [Event("late_pit_bonus", {"seat": car.seat}, "FGP 11.4")]


def move_bonus(race: Race, car: Car, *, tyre_bonus_off: bool) -> int:
    """The Late Pit Bonus of the move being counted (rules/turn.py move_points)."""
    if not advanced(race) or dry_in_rain(race, car):     # FGP 11.4: dry tyres, wet track
        return 0
    return late_pit_bonus(C.content_of(race).control, C.board_side(race, car), car,
                          leaving_pits=bool((race.move or {}).get("exit")),
                          tyre_bonus_off=tyre_bonus_off)
