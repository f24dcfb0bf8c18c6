"""Bolide positions: the whole state as a document one can write by hand.

The decision in hand is the engine's `turn` (engine/steps.Turn.to_doc):
its phase, and the pending step with its seat and context, e.g. in TOML

    [state.turn]
    phase = "race"
    pending = { step = "move", seats = [0] }
"""
from __future__ import annotations

from pydantic import ValidationError

from ...engine.chance import Chance
from ...engine.positions import FORMAT
from ...engine.protocol import BadInput
from ...engine.rng import Rng
from .circuit import circuit
from .config import BolideConfig
from .rules.steps import MACHINE
from .state import BolideState
from .text import car_name

MODES = ("start", "run", "off", "dirty", "spun", "pit", "exit", "crashed", "out", "finished",
         "garage")
SERVICES = ("tyres", "repair", "fuel", "both")
STARTS = (None, "skid", "normal", "quick")
# What each car field may hold (state.Car).
CAR_CHOICES = {"mode": MODES, "start": STARTS, "pit_event": STARTS, "fuel": ("full", "half"),
               "tyres": ("soft", "hard"), "setup": (None, "booster", "brake")}
CAR_BOOLS = ("reverse", "no_fourth", "setup_lost", "brake_joker", "wet", "slip", "pitted")
CAR_INTS = ("seat", "x", "y", "vx", "vy", "progress", "brakes", "damage", "penalty",
            "pit_square", "pit_goal", "rank", "finish_turn", "finish_order", "qual_turns")
MOVE_FLAGS = ("boost", "same_gear", "no_brake", "brake_ok", "brake_spin")


def dump_position(state: BolideState) -> dict:
    return {"format": FORMAT, "game": "bolide", "state": state.to_doc()}


def load_position(doc: dict) -> BolideState:
    if not isinstance(doc, dict) or doc.get("game") not in (None, "bolide"):
        raise BadInput("not a Bolide position")
    body = doc.get("state", doc)
    if not isinstance(body, dict):
        raise BadInput("position: the state must be a table")
    if isinstance(body.get("turn"), int) or "step" in body:
        raise BadInput("position: an old Bolide position (turn = N, step = ...): write "
                       "turn_no = N and the decision as [state.turn] phase and pending")
    try:
        config = BolideConfig(**body["config"])
        state = BolideState.from_doc(body, config)
        c = circuit(state.circuit, config.content)
    except BadInput:
        raise
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadInput(f"position config: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadInput(f"malformed Bolide position: {type(exc).__name__}: {exc}") from None
    if len(state.cars) != len(config.seats):
        raise BadInput("position: one car per seat in the config")
    for i, car in enumerate(state.cars):
        _check_car(car, i)
        if car.running and car.mode not in ("pit", "exit", "garage") and \
                c.kind_at(car.x, car.y) == "#":
            raise BadInput(f"position: the {car_name(i)} stands on a forbidden point "
                           f"{car.x},{car.y}")
    if not (_int(state.race_index) and 0 <= state.race_index < len(config.season or [0])):
        raise BadInput("position: race_index is the race of the season under way")
    if not (_int(state.turn_no) and _int(state.draws)) or state.weather not in ("sun", "rain") \
            or not all(isinstance(getattr(state, f), bool)
                       for f in ("variable_weather", "safety_car")):
        raise BadInput("position: turn_no, draws are numbers, weather sun or rain")
    _check_turn(state)
    return state


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_car(car, i: int) -> None:
    if car.seat != i:
        raise BadInput(f"position: car {i + 1} of the list says it is car {car.seat + 1}")
    for f, choices in CAR_CHOICES.items():
        value = getattr(car, f)
        if not isinstance(value, (str, type(None))) or value not in choices:
            raise BadInput(f"position: the {car_name(i)}: unknown {f} {str(value)[:20]!r}")
    for f in CAR_INTS:
        if not _int(getattr(car, f)):
            raise BadInput(f"position: the {car_name(i)}: {f} is a whole number")
    for f in CAR_BOOLS:
        if not isinstance(getattr(car, f), bool):
            raise BadInput(f"position: the {car_name(i)}: {f} is true or false")


def _check_turn(state: BolideState) -> None:
    """The decision in hand must be one of the step table, asked of a car
    that exists, with the context its step reads."""
    turn = state.turn
    n = len(state.cars)
    for name in ("order", "qual_order", "regrid", "finishers"):
        seats = getattr(state, name)
        if not all(isinstance(x, int) and 0 <= x < n for x in seats):
            raise BadInput(f"position: {name} lists cars that do not exist")
    if not (isinstance(state.idx, int) and 0 <= state.idx <= len(state.order)):
        raise BadInput("position: idx is the place in the order of the car to move")
    if not isinstance(turn.phase, str) or (turn.phase not in MACHINE.phases
                                           and turn.phase != "over"):
        raise BadInput(f"position: unknown phase {str(turn.phase)[:20]!r}")
    if turn.over != (turn.phase == "over"):
        raise BadInput("position: the race is over exactly in phase over")
    p = turn.pending
    if turn.over:
        if p is not None:
            raise BadInput("position: a finished race has no decision in hand")
        return
    if p is None:
        raise BadInput("position: a race under way needs the decision in hand (turn.pending)")
    if not isinstance(p.step, str) or p.step not in MACHINE.steps:
        raise BadInput(f"position: unknown decision {str(p.step)[:20]!r}; one of "
                       f"{', '.join(MACHINE.steps)}")
    if len(p.seats) != 1 or not all(isinstance(x, int) and 0 <= x < n for x in p.seats):
        raise BadInput("position: the decision names a seat that does not exist "
                       "(one car decides at a time)")
    if not isinstance(p.context, dict):
        raise BadInput("position: the decision's context must be a table")
    ctx = p.context
    if p.step in ("reposition", "regrid", "exit"):
        _points(ctx.get("options"), p.step)
    if p.step == "reposition":
        for key in ("mover", "turn_seat"):
            if not (isinstance(ctx.get(key), int) and 0 <= ctx[key] < n):
                raise BadInput(f"position: reposition needs {key}, a car")
        _points([ctx.get("origin")], "reposition origin")
        spins = ctx.get("spins")
        if not isinstance(spins, dict) or not all(
                isinstance(k, str) and k.isdigit() and int(k) < n and isinstance(v, bool)
                for k, v in spins.items()) or not isinstance(ctx.get("engage"), bool):
            raise BadInput("position: reposition needs spins (car -> half spun) and engage")
    if p.step == "service":
        opts = ctx.get("options")
        if not isinstance(opts, list) or not opts or any(k not in SERVICES for k in opts):
            raise BadInput(f"position: service options are some of {', '.join(SERVICES)}")
    if p.step == "joker":
        j = ctx.get("joker")
        if not (isinstance(j, dict) and j.get("kind") in ("booster", "brake")
                and isinstance(j.get("outcome"), list) and len(j["outcome"]) == 2):
            raise BadInput("position: joker needs the request and its outcome")
    if p.step in ("move", "joker"):
        if "shift" in ctx:
            _points(ctx["shift"], "shift")
        if not all(isinstance(ctx.get(k, False), bool) for k in MOVE_FLAGS):
            raise BadInput(f"position: {', '.join(MOVE_FLAGS)} are true or false")
        requested = ctx.get("requested", [])
        if not isinstance(requested, list) or any(k not in ("booster", "brake")
                                                  for k in requested):
            raise BadInput("position: requested lists booster and brake requests")


def _points(value, what: str) -> None:
    if not isinstance(value, list) or not value or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(v, int) for v in p)
            for p in value):
        raise BadInput(f"position: {what} needs a list of points x, y")


def redeterminize(state: BolideState, seat: int, rng) -> BolideState:
    """Nothing is hidden in Bolide but the dice to come: the same race with
    other dice."""
    s = state.clone()
    s.chance = Chance(Rng(state=rng.next64()))
    return s
