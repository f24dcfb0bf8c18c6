"""BOLIDE Preparation: the grid by the die, strategies (advanced), the cars
on the red squares; BOLIDE 16 Championship between races."""
from __future__ import annotations

from ....engine import chance
from ....engine.chance import Chance
from ....engine.protocol import BadInput, Event
from ....engine.rng import Rng
from ....engine.steps import Turn
from ..circuit import circuit as load_circuit
from ..state import BolideState, Car
from . import advanced
from .dice_tables import DIE

# BOLIDE 16: points for the first places only ("not all the drivers gain
# points"), and 1 point for the first across each intermediate line. Ours.
CHAMPIONSHIP_POINTS = (10, 6, 4, 3)
INTERMEDIATE_POINTS = 1


def season(config) -> list[str]:
    return list(config.season) if config.season else [config.track]


_LAST: tuple = (None, None, None)


def circuit_of(s):
    """The race's circuit (asked several times a decision: the last one is
    kept at hand, one tuple, so threads never see half of it)."""
    global _LAST
    key, content, c = _LAST
    if key == s.circuit and content == s.config.content and c is not None:
        return c
    c = load_circuit(s.circuit, s.config.content)
    _LAST = (s.circuit, s.config.content, c)
    return c


def new_state(config, seed: int) -> BolideState:
    """A race before its preparation: the grid dice and the weather are the
    machine's first automatic step (`setup_phase`)."""
    for key in season(config):
        load_circuit(key, config.content)          # unknown circuits fail here
    c = load_circuit(season(config)[0], config.content)
    if len(config.seats) > len(c.meta.grid):
        raise BadInput(f"{c.meta.name} has {len(c.meta.grid)} grid slots, not "
                       f"{len(config.seats)}")
    s = BolideState.__new__(BolideState)
    s.config = config
    s.chance = Chance(Rng(seed))
    s.cars = [Car(i) for i in range(len(config.seats))]
    s.circuit = c.key
    s.race_index = 0
    s.turn = Turn("setup")
    s.turn_no = 0
    s.order = []
    s.idx = 0
    s.weather = "sun"
    s.variable_weather = False
    s.draws = 0
    s.safety_car = False
    s.finishers = []
    s.firsts = {}
    s.standings = {car.seat: 0 for car in s.cars}
    s.results = []
    s.this_turn = {}
    s.qual_order = []
    s.regrid = []
    return s


def setup_phase(s) -> list[Event]:
    """The automatic step of phase "setup": prepare race `s.race_index`."""
    events: list[Event] = []
    start_race(s, events)
    return events


def dice_grid(s, events: list[Event]) -> list[int]:
    """BOLIDE Preparation: everybody rolls; highest on pole; ties roll again."""
    seats = [car.seat for car in s.cars]
    return roll_order(s, seats, events, "BOLIDE Preparation")


def roll_order(s, seats, events, rule, what: str = "grid die") -> list[int]:
    """Everybody rolls; highest first; each tie rolls again among itself."""
    rolls = {seat: chance.roll(s.chance, events, DIE, rule=rule, what=what, seat=seat)
             for seat in seats}
    events.append(Event("grid_roll", {"rolls": {str(k): v for k, v in rolls.items()}}, rule))
    out = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [seat for seat in seats if rolls[seat] == value]
        out += tied if len(tied) == 1 else roll_order(s, tied, events, rule, what)
    return out


def start_race(s, events: list[Event]) -> None:
    """Set up race `s.race_index`: fresh cars, the grid, weather, strategies."""
    c = load_circuit(season(s.config)[s.race_index], s.config.content)
    s.circuit = c.key
    s.turn_no = 0
    s.finishers = []
    s.firsts = {}
    s.safety_car = False
    for car in s.cars:
        fresh = Car(car.seat)
        for f in ("setup", "fuel", "tyres", "wet"):
            setattr(fresh, f, getattr(car, f))
        fresh.mode = "garage"             # off the board until placed on the grid
        s.cars[car.seat] = fresh
    if "championship" in s.config.options and s.race_index > 0:
        # BOLIDE 16: from the 2nd race the grid is the standings reversed.
        order = sorted(s.standings, key=lambda seat: (s.standings[seat], seat))
        events.append(Event("grid", {"order": order}, "BOLIDE 16"))
    else:
        order = dice_grid(s, events)
    s.qual_order = order
    advanced.first_weather(s, c.meta.rain_risk, events)
    if s.config.advanced:
        s.phase = "strategy"            # BOLIDE 11: each driver, first to last
        s.order = list(order)
        s.idx = 0
    else:
        place_on_grid(s, c, order, events)


def place_on_grid(s, c, order: list[int], events: list[Event]) -> None:
    """The cars on the red squares, pole first, ready for a standing start."""
    for pos, seat in enumerate(order):
        car = s.cars[seat]
        car.x, car.y = c.meta.grid[pos]
        car.vx = car.vy = 0
        car.mode = "start"
        car.start = None
        car.progress = -1
        car.rank = pos
    events.append(Event("grid", {"order": list(order)}, "BOLIDE Preparation"))
    s.phase = "race"
    s.turn_no = 0
    s.order = []
    s.idx = 0
