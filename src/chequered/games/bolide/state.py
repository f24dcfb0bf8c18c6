"""Bolide state: cars as slotted records of small ints, and the race around them.

A car's `mode` says which kind of move it makes next:
  start    a standing start (grid, Safety Car restart, pit exit): `start` holds
           the unforeseen-start result once rolled
  run      the pawn rule
  off      stopped off the track, creeping back one square a turn
  dirty    back on the track: one more one-square move, then the pawn returns
  spun     half spun: reverse standing start or stay
  pit      in the pit lane (`pit_square`, `pit_goal`)
  exit     leaving the pit lane this turn
  crashed / out (out of fuel) / finished
"""
from __future__ import annotations

from ...engine.chance import Chance
from ...engine.steps import Turn
from ...engine.turn import copy_doc

CAR_FIELDS = (
    "seat", "x", "y", "vx", "vy", "mode", "start", "reverse", "progress", "brakes", "damage",
    "no_fourth", "setup", "setup_lost", "brake_joker", "fuel", "tyres", "wet", "slip",
    "penalty", "pit_square", "pit_goal", "pit_event", "pitted", "rank", "finish_turn",
    "finish_order", "qual_turns",
)


class Car:
    __slots__ = CAR_FIELDS

    def __init__(self, seat: int):
        self.seat = seat
        self.x = self.y = 0
        self.vx = self.vy = 0           # the car-pawn vector: the pawn stands at (x+vx, y+vy)
        self.mode = "start"
        self.start: str | None = None   # skid / normal / quick, once rolled
        self.reverse = False            # a standing start facing against the arrow
        self.progress = -1              # sectors passed in race order (grid: -1)
        self.brakes = 3                 # sharp brakings left on this tyre set
        self.damage = 0                 # top speed lost until repaired
        self.no_fourth = False          # 4th gear broken until repaired
        self.setup: str | None = None   # advanced: "booster" or "brake" set-up
        self.setup_lost = False         # advanced engagement 3: set-up cancelled
        self.brake_joker = True         # brake set-up: one re-roll a race
        self.fuel = "full"              # advanced: "full" or "half"
        self.tyres = "soft"             # advanced: "soft" or "hard"
        self.wet = False                # advanced: rain tyres instead of slicks
        self.slip = False               # stands on a slipstream point: +1 next turn
        self.penalty = 0                # turns to skip (pit speed limit)
        self.pit_square = 0
        self.pit_goal = 0
        self.pit_event: str | None = None
        self.pitted = False
        self.rank = 0                   # position in the previous turn's order
        self.finish_turn = 0
        self.finish_order = 0
        self.qual_turns = 0

    def clone(self) -> "Car":
        c = Car.__new__(Car)
        for f in CAR_FIELDS:
            setattr(c, f, getattr(self, f))
        return c

    def to_doc(self) -> dict:
        return {f: getattr(self, f) for f in CAR_FIELDS}

    @classmethod
    def from_doc(cls, doc: dict) -> "Car":
        c = cls(doc["seat"])
        for f in CAR_FIELDS:
            if f in doc:
                setattr(c, f, doc[f])
        return c

    @property
    def running(self) -> bool:
        """In the race: not retired, not finished, not waiting to qualify."""
        return self.mode not in ("crashed", "out", "finished", "garage")


STATE_FIELDS = (
    "config", "chance", "cars", "circuit", "race_index", "turn", "turn_no", "order", "idx",
    "weather", "variable_weather", "draws", "safety_car", "finishers",
    "firsts", "standings", "results", "this_turn", "qual_order", "regrid",
    # regrid: the seats still to place at a Safety Car re-grid, or still to
    # qualify / to refit in the qualifying session (one queue, one use at a time).
)


class BolideState:
    """The race. `turn` is the engine's decision machine state (its phase:
    setup, strategy, qualifying, refit, race, over; the pending decision and
    its context); `turn_no` counts the Turns of the Game (BOLIDE 3)."""

    __slots__ = STATE_FIELDS

    @property
    def phase(self) -> str:
        return self.turn.phase

    @phase.setter
    def phase(self, value: str) -> None:
        self.turn.phase = value

    def clone(self) -> "BolideState":
        s = BolideState.__new__(BolideState)
        s.config = self.config
        s.chance = self.chance.clone()
        s.cars = [c.clone() for c in self.cars]
        s.circuit = self.circuit
        s.race_index = self.race_index
        s.turn = self.turn.clone()
        s.turn_no = self.turn_no
        s.order = self.order.copy()
        s.idx = self.idx
        s.weather = self.weather
        s.variable_weather = self.variable_weather
        s.draws = self.draws
        s.safety_car = self.safety_car
        s.finishers = self.finishers.copy()
        s.firsts = dict(self.firsts)
        s.standings = dict(self.standings)
        s.results = [dict(r) for r in self.results]
        s.this_turn = copy_doc(self.this_turn)
        s.qual_order = self.qual_order.copy()
        s.regrid = self.regrid.copy()
        return s

    def to_doc(self) -> dict:
        return {
            "config": self.config.model_dump(mode="json"),
            "chance": self.chance.to_doc(),
            "cars": [c.to_doc() for c in self.cars],
            "circuit": self.circuit,
            "race_index": self.race_index,
            "turn": self.turn.to_doc(),
            "turn_no": self.turn_no,
            "order": list(self.order),
            "idx": self.idx,
            "weather": self.weather,
            "variable_weather": self.variable_weather,
            "draws": self.draws,
            "safety_car": self.safety_car,
            "finishers": list(self.finishers),
            "firsts": dict(self.firsts),
            "standings": {str(k): v for k, v in self.standings.items()},
            "results": [dict(r) for r in self.results],
            "this_turn": dict(self.this_turn),
            "qual_order": list(self.qual_order),
            "regrid": list(self.regrid),
        }

    @classmethod
    def from_doc(cls, doc: dict, config) -> "BolideState":
        s = cls.__new__(cls)
        s.config = config
        s.chance = Chance.from_state(int(doc.get("chance", 0)))
        s.cars = [Car.from_doc(c) for c in doc["cars"]]
        s.circuit = doc["circuit"]
        s.race_index = doc.get("race_index", 0)
        s.turn = Turn.from_doc(doc.get("turn"))
        s.turn_no = doc.get("turn_no", 1)
        s.order = list(doc.get("order", ()))
        s.idx = doc.get("idx", 0)
        s.weather = doc.get("weather", "sun")
        s.variable_weather = doc.get("variable_weather", False)
        s.draws = doc.get("draws", 0)
        s.safety_car = doc.get("safety_car", False)
        s.finishers = list(doc.get("finishers", ()))
        s.firsts = dict(doc.get("firsts", {}))
        s.standings = {int(k): v for k, v in doc.get("standings", {}).items()}
        s.results = [dict(r) for r in doc.get("results", ())]
        s.this_turn = dict(doc.get("this_turn", {}))
        s.qual_order = list(doc.get("qual_order", ()))
        s.regrid = list(doc.get("regrid", ()))
        return s
