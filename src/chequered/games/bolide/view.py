"""What a seat sees of a Bolide race (the view both renderings draw).

Bolide hides nothing but the dice to come: every seat sees the same board,
the cars' speeds, tyres and damage, and the choices of the car to move with
what each leads to (rules/outlook.py); only `you` differs between seats.
"""
from __future__ import annotations

from .actions import Move, Place, Request, Stay
from .circuit import circuit
from .geometry import speed
from .rules import advanced, moves, outlook
from .rules.order import lap_of, race_order
from .rules.steps import MACHINE
from .rules.turn import slip_point
from .text import COLOUR_NAMES, car_name, move_kind

# The cars' colours, the order of text.COLOUR_NAMES.
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf")
assert len(COLOURS) == len(COLOUR_NAMES)

# The modes of a car standing on the board's points.
ON_BOARD = ("start", "run", "off", "dirty", "spun")
# What the move decision's context granted after a request (BOLIDE 7, 11).
GRANTED = ("boost", "same_gear", "no_brake", "brake_ok", "brake_spin")


def view(s, seat) -> dict:
    """What `seat` (None: a spectator) sees: everything, the same for all."""
    c = circuit(s.circuit, s.config.content)
    pending = None if s.turn.over else s.turn.pending
    acting = pending.seats[0] if pending is not None else None
    legal = MACHINE.legal(s, acting) if pending is not None else []
    cars = [_car(s, c, car) for car in s.cars]
    moving = s.cars[acting] if pending is not None and pending.step == "move" else None
    reach, choices = [], []
    if moving is not None and moving.mode == "run":
        ok = {(a.x, a.y) for a in legal if type(a) is Move}
        reach = [[x, y, (x, y) in ok] for x, y in moves.pawn_points(
            moving.x, moving.y, moving.vx, moving.vy)]
        for m, o in outlook.outlooks(s, c, moving).items():
            choices.append({"x": m.x, "y": m.y, "slip": m.slip, **o.to_doc()})
    elif moving is not None:
        kind = move_kind(moving.mode)
        choices = [{"x": a.x, "y": a.y, "slip": None, "kind": kind, "risks": [],
                    "speed": speed(a.x - moving.x, a.y - moving.y)}
                   for a in legal if type(a) is Move]
    places = [[a.x, a.y] for a in legal if type(a) is Place]
    ctx = pending.context if pending is not None else {}
    return {
        "game": "bolide", "you": seat,
        "circuit": {"key": c.key, "name": c.meta.name, "laps": c.meta.laps,
                    "content": s.config.content, "width": c.width, "height": c.height},
        "rules": s.config.rules,
        "phase": s.phase, "turn": s.turn_no, "race": s.race_index + 1, "weather": s.weather,
        "variable_weather": s.variable_weather, "cars": cars,
        "order": [car.seat for car in race_order(c, s.cars)],
        "to_act": [acting] if acting is not None else [],
        "decision": pending.step if pending is not None else None,
        "reach": reach,
        # the moves of the car to move, with what each leads to
        "choices": choices,
        "places": sorted(places),
        "requests": [a.kind for a in legal if type(a) is Request],
        "stay": any(type(a) is Stay for a in legal),
        "n_choices": len(legal),
        "granted": {k: ctx[k] for k in GRANTED if ctx.get(k)},
        # Every point the car to move may drive to (a standing start or a
        # creep back from the run-off has no pawn), for clickable boards.
        "targets": sorted({(a.x, a.y) for a in legal if type(a) is Move}),
        "finishers": list(s.finishers),
        "standings": {str(k): v for k, v in s.standings.items()},
        "championship": "championship" in s.config.options,
        "results": [dict(r) for r in s.results],
    }


def _car(s, c, car) -> dict:
    safe, top = advanced.tops(s, car, c) if car.running else (None, None)
    return {
        "seat": car.seat, "kind": s.config.seats[car.seat], "x": car.x, "y": car.y,
        "vx": car.vx, "vy": car.vy, "pawn": [car.x + car.vx, car.y + car.vy],
        "speed": speed(car.vx, car.vy), "mode": car.mode, "start": car.start,
        "lap": lap_of(c, car.progress), "progress": car.progress, "top": top, "safe": safe,
        # the red arrow of the car's sector: the way the race runs there (BOLIDE 3)
        "arrow": list(c.arrows[car.progress % c.n_sectors]),
        "brakes": car.brakes, "frozen": advanced.sharp_brakings_frozen(s, car),
        # a fresh tyre set's sharp brakings (BOLIDE 4, 11)
        "brakes_full": (advanced.brakes_for(car.tyres) if s.config.advanced
                        else advanced.BASIC_BRAKES),
        "damage": car.damage, "no_fourth": car.no_fourth,
        "slip": car.slip, "slip_point": _list(slip_point(c, car)),
        "penalty": car.penalty, "pit_square": car.pit_square,
        "pit_goal": car.pit_goal, "pitted": car.pitted, "fuel": car.fuel, "tyres": car.tyres,
        "wet": car.wet, "setup": car.setup, "setup_lost": car.setup_lost,
        "brake_joker": car.brake_joker, "finish": car.finish_order,
        "qual_turns": car.qual_turns,
        "colour": COLOURS[car.seat % len(COLOURS)], "name": car_name(car.seat),
    }


def _list(p):
    return None if p is None else list(p)


def focus_points(v: dict) -> list[tuple[int, int]]:
    """What a board should show first: the choices of the car to move and
    that car; else the viewer's car; else every car on the track."""
    pts = [(ch["x"], ch["y"]) for ch in v["choices"]] + [tuple(p) for p in v["places"]]
    cars = {car["seat"]: car for car in v["cars"] if car["mode"] in ON_BOARD}
    for seat in v["to_act"]:
        if seat in cars:
            pts += [(cars[seat]["x"], cars[seat]["y"]), tuple(cars[seat]["pawn"])]
    if not pts and v["you"] in cars:
        pts = [(cars[v["you"]]["x"], cars[v["you"]]["y"]), tuple(cars[v["you"]]["pawn"])]
    if not pts:
        pts = [(car["x"], car["y"]) for car in cars.values()]
    return pts
