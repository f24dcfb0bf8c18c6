"""BOLIDE 12 Qualifying Session: one lap each, alone, from the pole; the
grid by turns taken (ties: the die); repairing or new tyres afterwards sends
a car to the back of the grid."""
from __future__ import annotations

from ....engine.protocol import Event
from .decide import ask

NOT_CLASSIFIED = 999


def begin(s, c, events: list[Event]) -> None:
    s.phase = "qualifying"
    s.this_turn = {}
    for car in s.cars:
        car.mode = "garage"
    s.regrid = list(s.qual_order)          # who still has to qualify
    _next_driver(s, c, events)


def _next_driver(s, c, events) -> None:
    seat = s.regrid.pop(0)
    car = s.cars[seat]
    car.x, car.y = c.meta.grid[0]
    car.vx = car.vy = 0
    car.mode, car.start, car.progress, car.qual_turns = "start", None, -1, 0
    s.order = [seat]
    s.idx = 0
    s.turn_no = 1
    events.append(Event("qualifying", {"seat": seat}, "BOLIDE 12"))


def end_turn(s, c, events) -> None:
    seat = s.order[0]
    car = s.cars[seat]
    done = car.progress >= c.n_sectors or car.qual_turns >= s.config.turn_limit
    if car.mode == "crashed" or car.progress < c.n_sectors and done:
        car.qual_turns = NOT_CLASSIFIED
    if not (done or car.mode == "crashed"):
        s.idx = 0
        return
    events.append(Event("qualified", {"seat": seat, "turns": car.qual_turns}, "BOLIDE 12"))
    if car.mode != "crashed":
        car.mode = "garage"
    if s.regrid:
        _next_driver(s, c, events)
        return
    # The grid by turns, ties decided by the die as in the basic rules.
    from .setup import roll_order
    times = {car.seat: car.qual_turns for car in s.cars}
    order = []
    for t in sorted(set(times.values())):
        tied = [seat for seat in s.qual_order if times[seat] == t]
        order += tied if len(tied) == 1 else roll_order(s, tied, events, "BOLIDE 12",
                                                        "tie die")
    s.qual_order = order
    s.phase = "refit"
    s.regrid = list(order)
    s.this_turn = {"back": []}


def refit_phase(s) -> list[Event]:
    from .setup import circuit_of
    events: list[Event] = []
    next_refit(s, circuit_of(s), events)
    return events


def next_refit(s, c, events) -> None:
    """The automatic step of phase "refit": the next driver's refit decision,
    then the grid."""
    if s.regrid:
        seat = s.regrid.pop(0)
        if s.cars[seat].mode == "crashed":
            s.cars[seat].mode = "garage"
        ask(s, "refit", seat)
        return
    back = s.this_turn.get("back", [])
    order = [seat for seat in s.qual_order if seat not in back] + back
    s.this_turn = {}
    from .setup import place_on_grid
    place_on_grid(s, c, order, events)


def refit(s, c, car, action, events) -> None:
    """Repairs and/or new tyres cost the place on the grid (BOLIDE 12). A car
    that crashed in qualifying is rebuilt for the race, from the back."""
    from .advanced import brakes_for
    crashed = car.qual_turns == NOT_CLASSIFIED
    if action.repair or crashed:
        car.damage, car.no_fourth, car.setup_lost = 0, False, False
    if action.tyres or crashed:
        car.brakes = brakes_for(car.tyres)
    if action.repair or action.tyres or crashed:
        s.this_turn.setdefault("back", []).append(car.seat)
    events.append(Event("refit", {"seat": car.seat, "repair": action.repair,
                                  "tyres": action.tyres}, "BOLIDE 12"))
