"""BOLIDE 7 Superior Performances (Booster and Brake requests) and the
set-up jokers of BOLIDE 11."""
from __future__ import annotations

from ....engine.dice import roll
from ....engine.protocol import Event
from ..geometry import main_directions
from .dice_tables import BOOSTER, BRAKE, DIE

NEGATIVE_BOOSTER = ("damage", "no_fourth", "same_gear", "nothing")
NEGATIVE_BRAKE = ("damage", "locked", "spin")


def request(s, car, kind: str, events: list[Event]) -> None:
    """Roll for a Booster or a Brake. A negative result with a joker left
    pauses for the Joker decision; otherwise it takes effect at once."""
    s.step.setdefault("requested", []).append(kind)
    die = roll(s.rng, DIE)
    outcome = (BOOSTER if kind == "booster" else BRAKE)[die]
    events.append(Event("request", {"seat": car.seat, "kind": kind, "die": die,
                                    "result": outcome[0]}, "BOLIDE 7", reveal=True))
    if joker_available(car, kind) and outcome[0] in (NEGATIVE_BOOSTER if kind == "booster"
                                                      else NEGATIVE_BRAKE):
        s.step["joker"] = {"kind": kind, "outcome": list(outcome)}
        return
    take(s, car, kind, outcome, events)


def joker_available(car, kind: str) -> bool:
    """Booster set-up: a second roll after every negative Booster result.
    Brake set-up: one second roll of a Brake in the whole race. Either is
    lost while the set-up is cancelled by engagement damage."""
    if car.setup_lost:
        return False
    if kind == "booster":
        return car.setup == "booster"
    return car.setup == "brake" and car.brake_joker


def joker(s, car, use: bool, events: list[Event]) -> None:
    pending = s.step.pop("joker")
    kind = pending["kind"]
    if not use:
        take(s, car, kind, tuple(pending["outcome"]), events)
        return
    if kind == "brake":
        car.brake_joker = False
    die = roll(s.rng, DIE)
    outcome = (BOOSTER if kind == "booster" else BRAKE)[die]
    events.append(Event("reroll", {"seat": car.seat, "kind": kind, "die": die,
                                   "result": outcome[0]}, "BOLIDE 11", reveal=True))
    take(s, car, kind, outcome, events)        # no third roll


def take(s, car, kind: str, outcome, events: list[Event]) -> None:
    result, amount = outcome
    step = s.step
    if result == "damage":
        car.damage += amount                    # permanent until repaired
    if kind == "booster":
        if result == "boost":
            # BOLIDE 7: the pawn goes 1 ahead in the main direction first
            # (both axes when there is none) and the top speed rises by 1.
            step["boost"] = True
            step["shift"] = [list(d) for d in main_directions(car.vx, car.vy)]
        elif result == "no_fourth":
            car.no_fourth = True
        elif result == "same_gear":
            step["same_gear"] = True
    else:
        if result in ("damage", "locked"):
            step["no_brake"] = True             # choose one of the pawn's 25 points
        else:
            step["brake_ok"] = True
            step["brake_spin"] = result == "spin"
