"""BOLIDE 7 Superior Performances (Booster and Brake requests) and the
set-up jokers of BOLIDE 11.

A request is made inside the car's move decision: its effects (the Booster's
shift, a granted sharp braking...) are written into `ctx`, the context of
the move decision the car is asked next (engine/steps.Pending.context).
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..geometry import main_directions
from .dice_tables import BOOSTER, BRAKE, DIE

NEGATIVE_BOOSTER = ("damage", "no_fourth", "same_gear", "nothing")
NEGATIVE_BRAKE = ("damage", "locked", "spin")


def request(s, car, kind: str, ctx: dict, events: list[Event]) -> dict | None:
    """Roll for a Booster or a Brake. A negative result with a joker left
    returns the pending joker ({kind, outcome}) for the Joker decision;
    otherwise the result takes effect at once (None)."""
    ctx["requested"] = [*ctx.get("requested", ()), kind]
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 7", what=f"{kind} die",
                      seat=car.seat)
    outcome = (BOOSTER if kind == "booster" else BRAKE)[die]
    events.append(Event("request", {"seat": car.seat, "kind": kind, "die": die,
                                    "result": outcome[0]}, "BOLIDE 7"))
    if joker_available(car, kind) and outcome[0] in (NEGATIVE_BOOSTER if kind == "booster"
                                                      else NEGATIVE_BRAKE):
        return {"kind": kind, "outcome": list(outcome)}
    take(car, kind, outcome, ctx)
    return None


def joker_available(car, kind: str) -> bool:
    """Booster set-up: a second roll after every negative Booster result.
    Brake set-up: one second roll of a Brake in the whole race. Either is
    lost while the set-up is cancelled by engagement damage."""
    if car.setup_lost:
        return False
    if kind == "booster":
        return car.setup == "booster"
    return car.setup == "brake" and car.brake_joker


def joker(s, car, use: bool, pending: dict, ctx: dict, events: list[Event]) -> None:
    kind = pending["kind"]
    if not use:
        take(car, kind, tuple(pending["outcome"]), ctx)
        return
    if kind == "brake":
        car.brake_joker = False
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 11", what=f"{kind} die",
                      seat=car.seat)
    outcome = (BOOSTER if kind == "booster" else BRAKE)[die]
    events.append(Event("reroll", {"seat": car.seat, "kind": kind, "die": die,
                                   "result": outcome[0]}, "BOLIDE 11"))
    take(car, kind, outcome, ctx)        # no third roll


def take(car, kind: str, outcome, ctx: dict) -> None:
    result, amount = outcome
    if result == "damage":
        car.damage += amount                    # permanent until repaired
    if kind == "booster":
        if result == "boost":
            # BOLIDE 7: the pawn goes 1 ahead in the main direction first
            # (both axes when there is none) and the top speed rises by 1.
            ctx["boost"] = True
            ctx["shift"] = [list(d) for d in main_directions(car.vx, car.vy)]
        elif result == "no_fourth":
            car.no_fourth = True
        elif result == "same_gear":
            ctx["same_gear"] = True
    else:
        if result in ("damage", "locked"):
            ctx["no_brake"] = True              # choose one of the pawn's 25 points
        else:
            ctx["brake_ok"] = True
            ctx["brake_spin"] = result == "spin"
