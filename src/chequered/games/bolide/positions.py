"""Bolide positions: the whole state as a document one can write by hand."""
from __future__ import annotations

from pydantic import ValidationError

from ...engine.positions import FORMAT
from ...engine.protocol import BadInput
from .circuit import circuit
from .config import BolideConfig
from .state import BolideState

MODES = ("start", "run", "off", "dirty", "spun", "pit", "exit", "crashed", "out", "finished",
         "garage")


def dump_position(state: BolideState) -> dict:
    return {"format": FORMAT, "game": "bolide", "state": state.to_doc()}


def load_position(doc: dict) -> BolideState:
    if not isinstance(doc, dict) or doc.get("game") not in (None, "bolide"):
        raise BadInput("not a Bolide position")
    body = doc.get("state", doc)
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
    for car in state.cars:
        if car.mode not in MODES:
            raise BadInput(f"position: seat {car.seat}: unknown mode {car.mode!r}")
        if car.running and car.mode not in ("pit", "exit", "garage") and \
                c.kind_at(car.x, car.y) == "#":
            raise BadInput(f"position: seat {car.seat} stands on a forbidden point "
                           f"({car.x}, {car.y})")
    step = state.step
    if step and not (0 <= step.get("seat", -1) < len(state.cars)):
        raise BadInput("position: the decision names a seat that does not exist")
    return state
