"""BOLIDE 9 Pit Lane and 15 Repairs."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..circuit import Circuit
from ..geometry import segments_touch
from .advanced import BASIC_BRAKES, brakes_for
from .dice_tables import DIE, PIT_LANE


def touches_entry(c: Circuit, x0: int, y0: int, x1: int, y1: int) -> bool:
    """BOLIDE 9: the car reaches the pit lane when its trajectory touches or
    crosses the Pit Lane In red line."""
    pit = c.meta.pit
    if pit is None:
        return False
    key = ("pit_in", x0, y0, x1, y1)          # asked after every move of the first lap
    hit = c.move_table.get(key)
    if hit is None:
        a, b = pit.entry
        hit = c.move_table[key] = segments_touch((x0, y0), (x1, y1), tuple(a), tuple(b))
    return hit


def enters(s, c: Circuit, car, before: int, x0: int, y0: int, x1: int, y1: int) -> bool:
    """BOLIDE 9: a car on the track that has not stopped yet reaches the pit
    lane, open between the first and the second lap (`before`: its progress
    before the move), when its trajectory touches the Pit Lane In line."""
    return (0 <= before < c.n_sectors and not car.pitted and c.meta.pit is not None
            and s.phase == "race" and touches_entry(c, x0, y0, x1, y1))


def services(s, car) -> list[str]:
    """What a car may come in for. Basic rules: tyres at the Pit Stop cell,
    repairs always at the Full Fuel cell (or both: the farther cell). Advanced:
    a 1/2-fuel car refuels at the 1/2 Fuel cell (which includes the pit stop
    and repairs); a full-fuel car changes tyres at the Pit Stop cell (which
    includes repairs) or only repairs at the Full Fuel cell (BOLIDE 15)."""
    if s.config.advanced and car.fuel == "half" and not car.pitted:
        return ["fuel"]
    if s.config.advanced:
        return ["tyres", "repair"]
    return ["tyres", "repair", "both"]


def goal_square(c: Circuit, kind: str) -> int:
    pit = c.meta.pit
    return {"tyres": pit.stop, "repair": pit.full_fuel, "fuel": pit.half_fuel,
            "both": max(pit.stop, pit.full_fuel)}[kind]


def enter(s, c: Circuit, car, move_speed: int, events: list[Event]) -> None:
    car.mode = "pit"
    # In the lane every car stands at the line for the race order, so cars
    # keep their order from the turn they came in until the exit (BOLIDE 9).
    car.x, car.y = c.meta.pit.entry[0]
    car.pit_square = 0
    car.pit_goal = 0
    car.vx = car.vy = 0
    car.slip = False
    limit = c.meta.pit.speed_limit
    events.append(Event("pit_in", {"seat": car.seat, "speed": move_speed}, "BOLIDE 9"))
    if limit is not None and move_speed > limit:
        # BOLIDE 9: 2 turns skipped for each unit over the limit.
        car.penalty += 2 * (move_speed - limit)
        events.append(Event("pit_penalty", {"seat": car.seat, "turns": car.penalty,
                                            "speed": move_speed, "limit": limit}, "BOLIDE 9"))


def crawl(s, c: Circuit, car, events: list[Event]) -> bool:
    """One numbered square a turn. True when the car reached its goal this
    turn (its last turn in the lane: the service is done and the die rolled)."""
    car.pit_square += 1
    events.append(Event("pit_square", {"seat": car.seat, "square": car.pit_square}, "BOLIDE 9"))
    if car.pit_square < car.pit_goal:
        return False
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 9", what="pit lane die",
                      seat=car.seat)
    car.pit_event = PIT_LANE[die]
    events.append(Event("pit_event", {"seat": car.seat, "die": die, "start": car.pit_event},
                        "BOLIDE 9"))
    car.mode = "exit"
    return True


def serve(s, car, kind: str, events: list[Event]) -> None:
    """Apply the service of the car's goal square. In the basic rules the Pit
    Stop is only for tyres; advanced, the Pit Stop and the 1/2 Fuel cells
    include repairs (BOLIDE 15)."""
    repair = kind in ("repair", "both", "fuel") or (kind == "tyres" and s.config.advanced)
    if repair:
        car.damage = 0
        car.no_fourth = False
        car.setup_lost = False
    if kind in ("tyres", "both", "fuel"):
        car.brakes = brakes_for(car.tyres) if s.config.advanced else BASIC_BRAKES
    car.pitted = True
    events.append(Event("service", {"seat": car.seat, "kind": kind}, "BOLIDE 15"))


def exit_points(s, c: Circuit, car) -> list[tuple[int, int]]:
    occ = {(o.x, o.y) for o in s.cars if o is not car and o.running
           and o.mode not in ("pit", "exit", "garage")}
    return [tuple(p) for p in c.meta.pit.exit if tuple(p) not in occ]
