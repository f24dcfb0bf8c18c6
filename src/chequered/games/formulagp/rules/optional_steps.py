"""FGP 15 optional rules: the parts that act on the race (the rules themselves
are the pure functions of rules/optional_rules.py). Called from the steps that
carry out the normal rule, each behind its option."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Push, QualiWear
from ..state import Race
from . import cards as C
from . import hazards as H
from . import optional_rules as O
from .decide import wait
from .dice import roll_die
from .tyres import tyre_bonus
from .where import occupancy, track_of


def overrun(race: Race, seat: int) -> list[Event]:
    """FGP 15.7.1: the winner of a battle must use every OT point it charged:
    into the car in its way (a collision, FGP 13.5), into a wall (FGP 13.4.4 a:
    it stays, one DAMAGE card, rejoins by 13.4.5 c) or off the track, where it
    must counter-steer or spin like a car pushed off (FGP 13.4 a)."""
    from .incident_steps import _collision, apply_outcome, followup
    car = race.cars[seat]
    trk = track_of(race)
    kind, where = O.ot_overrun(trk, car.space, occupancy(race, seat),
                               walls=O.street_race(race.config.options, trk.style))
    ev = [Event("ot_overrun", {"seat": seat, "result": kind}, "FGP 15.7.1")]
    if kind == "collision":
        return ev + _collision(race, seat, {"hit": where})
    if kind == "wall":
        return ev + apply_outcome(race, seat, H.Outcome("FGP 13.4.4", H.WALL, car.space,
                                                        damage=1, debris=True, rejoin="c"))
    car.space, car.off_track, car.off_spot = None, True, list(where)
    followup(race, "second_counter_steer", seat)
    return ev


# ---- FGP 15.3 qualifying by a die roll --------------------------------------------------
def die_qualifying(race: Race) -> list[Event]:
    """FGP 15.3: after the draw of FGP 6.1 (the hand is round 1's), each driver
    in pit-box order, nearest the exit first, makes an attempt; then, pass after
    pass in the same order, drivers may try again for +1 tyre wear each, until a
    pass in which nobody does. The best score counts (A101)."""
    quali = {"queue": list(race.pit_order), "pass": 1, "tried": False, "failed": [],
             "points": {}, "base": {}}
    for car in race.cars:
        side = C.board_side(race, car)
        # the base is read before any wear is added: the fitted tyre's bonus
        quali["base"][str(car.seat)] = tyre_bonus(side, car.tyre, car.wear) + \
            max(0, C.max_ot(race, car))
        car.quali_score = 0
    race.move = {"quali": quali}
    race.turn.phase = "qd_next"
    return []


def _next(race: Race) -> list[Event]:
    q = race.move["quali"]
    if not q["queue"]:
        if q["pass"] > 1 and not q["tried"]:
            race.move = None
            race.turn.phase = "grid"
            return []
        q["pass"] += 1
        q["tried"] = False
        q["queue"] = [s for s in race.pit_order if _may_try_again(race, s)]
        return []
    seat = q["queue"][0]
    wait(race, "quali_wear" if q["pass"] == 1 else "quali_again", [seat])
    return []


def _may_try_again(race: Race, seat: int) -> bool:
    car = race.cars[seat]
    room = len(C.board_side(race, car).tyre_track) - 1 - car.wear
    return not car.crashed and room >= 1


def _wear_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    n = len(C.board_side(race, car).tyre_track)
    return [QualiWear(k) for k in O.quali_wear_choices(car.wear, n)]


def _wear_act(race: Race, seat: int, action: QualiWear) -> list[Event]:
    return _attempt(race, seat, action.points)


def _again_legal(race: Race, seat: int) -> list:
    return [Push(True), Push(False)]


def _again_act(race: Race, seat: int, action: Push) -> list[Event]:
    if not action.push:
        race.move["quali"]["queue"].pop(0)
        return [Event("quali_no_retry", {"seat": seat}, "FGP 15.3")]
    race.move["quali"]["tried"] = True
    return _attempt(race, seat, 1)                     # FGP 15.3: +1 tyre wear a try


def _attempt(race: Race, seat: int, added: int) -> list[Event]:
    """One attempt: the wear added (a point each), the WHITE die, the score."""
    from .start_steps import _crash
    q = race.move["quali"]
    q["queue"].pop(0)
    car = race.cars[seat]
    ev: list[Event] = []
    if added:
        ev += C.add_wear(race, car, added, "FGP 15.3")
    key = str(seat)
    q["points"][key] = q["points"].get(key, 0) + added
    face = roll_die(race, ev, "white", "FGP 15.3", seat=seat)
    failed_before = seat in q["failed"]
    score, result = O.quali_attempt(q["base"][key], q["points"][key], face.value, face.icon,
                                    failed_before=failed_before)
    if result == "crash":                               # a second failed attempt
        ev += C.add_wear(race, car, 1, "FGP 15.3")
        return ev + _crash(race, seat)
    if result == "failed":
        q["failed"].append(seat)
        ev.append(Event("quali_failed", {"seat": seat}, "FGP 15.3"))
        return ev
    car.quali_score = max(car.quali_score or 0, score)
    ev.append(Event("quali_attempt", {"seat": seat, "score": score, "best": car.quali_score},
                    "FGP 15.3"))
    return ev


PHASES = {"qd_start": die_qualifying, "qd_next": _next}

STEPS = (
    Step("quali_wear", "FGP 15.3", _wear_legal, _wear_act,
         label="add tyre wear for qualifying points"),
    Step("quali_again", "FGP 15.3", _again_legal, _again_act,
         label="another qualifying attempt (+1 tyre wear) or not"),
)
