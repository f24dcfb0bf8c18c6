"""FGP 13.4.5: a car that went off track or spun rejoins the track, as a
decision step: turning round first, then the space it comes back on, with
the pushes and collisions that can cause (FGP 8.3.1, 13.4 a, 13.5)."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Rejoin
from ..state import Race
from . import hazards as H
from . import optional_steps_b as OB
from .decide import wait
from .incident_steps import _collision, followup, lowest_white, pushed_into_pit_lane
from .turn import car_of
from .where import occupancy, place, track_of


def _rejoin_stage(race: Race) -> list[Event]:
    mv = race.move
    car = car_of(race)
    if mv.get("turning"):
        mv["turning"] -= 1
        mv["left"] -= 1
        car.facing_back = False
        return [Event("turned", {"seat": car.seat}, "FGP 13.4.5")]
    if car.space is not None or mv["left"] <= 0:
        car.spun = False
        car.rejoin = None
        mv["stage"] = "moving" if mv["left"] > 0 else "after_move"
        return []
    wait(race, "rejoin", [car.seat])
    return []


def _rejoin_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    return [Rejoin(o.space) for o in H.rejoin_options(track_of(race), tuple(car.off_spot),
                                                        occupancy(race, seat))]


def _rejoin_act(race: Race, seat: int, action: Rejoin) -> list[Event]:
    """FGP 13.4.5 b: the first point puts the car back on the nearest space; a
    car there is pushed one lane on (FGP 8.3.1): onto a free space; off the
    track (a Penalty token for the rejoining car, and the pushed driver tries
    to keep control, FGP 13.4 a); into a wall or another car: a collision
    (FGP 13.5: the rejoining car takes the Penalty token and stays off track,
    the car pushed loses control)."""
    car = race.cars[seat]
    mv = race.move
    trk = track_of(race)
    opt = next(o for o in H.rejoin_options(trk, tuple(car.off_spot),
                                           occupancy(race, seat)) if o.space == action.to)
    ev = [Event("rejoin", {"seat": seat, **place(race, action.to)}, "FGP 13.4.5")]
    if opt.push is not None:
        others = [c.seat for c in race.cars if c.space == action.to and c.seat != seat]
        pushed, ev2 = lowest_white(race, others, "FGP 8.3.1")   # a full slipstream space
        other = race.cars[pushed]
        ev += ev2
        if opt.push == H.OFF_TRACK:
            side = "right" if car.off_spot[1] < min(trk.spaces[action.to].lanes) else "left"
            ev += OB.incident_penalty(race, seat, "push_off", "FGP 13.4.5")  # FGP 15.9
            other.space = None
            other.off_track = True
            other.off_spot = list(H.pushed_off_spot(trk, action.to, side))
            followup(race, "second_counter_steer", other.seat, pusher=seat)
        elif isinstance(opt.push, int) and trk.spaces[opt.push].pit_lane:
            ev += pushed_into_pit_lane(race, other)         # FGP 11.1 (A214)
        elif isinstance(opt.push, int) and occupancy(race).get(opt.push, 0) \
                < trk.spaces[opt.push].capacity:
            other.space = opt.push
        else:
            mv["left"] = 0
            mv["stage"] = "after_move"
            return ev + _collision(race, seat, {"hit": action.to})
    car.space = action.to
    car.off_track = False
    car.off_spot = None
    car.spun = False
    car.rejoin = None
    mv["visited"] = [action.to]
    mv["start"] = action.to
    mv["left"] -= 1
    mv["stage"] = "moving"
    return ev


STAGES = {"rejoin": _rejoin_stage}

STEPS = (Step("rejoin", "FGP 13.4.5", _rejoin_legal, _rejoin_act, label="rejoin the track"),)
