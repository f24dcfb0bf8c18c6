"""BOLIDE 10 Weather, 11 Race Strategy, 13 Rain, 14 Start: the car's
performance (top speed, sharp brakings) and the weather draws."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..circuit import Circuit
from .dice_tables import DIE, START_FULL, START_HALF
from .order import lap_of

BASIC_TOP = (7, 8)            # BOLIDE 1: top speed 7 in the 1st lap, 8 in the 2nd
BASIC_BRAKES = 3              # BOLIDE 4: 3 sharp brakings for the race

# BOLIDE 11: (fuel, tyres) -> (top speed lap 1, top speed lap 2, sharp brakings).
# A 1/2-fuel car's 2nd lap depends on the tyres fitted at its pit stop
# (the same figures: 8 on softs, 7 on hards).
STRATEGIES = {
    ("half", "soft"): (8, None, 2),     # "8+2"
    ("half", "hard"): (7, None, 3),     # "7+3"
    ("full", "soft"): (6, 7, 2),        # "6/7+2"
    ("full", "hard"): (5, 7, 3),        # "5/7+3"
}


def strategy_name(fuel: str, tyres: str) -> str:
    a, b, n = STRATEGIES[(fuel, tyres)]
    return f"{a}+{n}" if b is None else f"{a}/{b}+{n}"


def brakes_for(tyres: str) -> int:
    return STRATEGIES[("full", tyres)][2]


def dry_top(s, car, c: Circuit) -> int:
    """Top speed in the sun on slicks, before damage (BOLIDE 1 / 11). A 1/2-fuel
    car's tyres are those fitted at its pit stop once it has stopped, with the
    same figures (8 on softs, 7 on hards)."""
    lap = lap_of(c, car.progress)
    if not s.config.advanced:
        return BASIC_TOP[min(lap, 2) - 1]
    first, second, _ = STRATEGIES[(car.fuel, car.tyres)]
    if second is None or lap == 1:
        return first
    return second


def tops(s, car, c: Circuit) -> tuple[int, int]:
    """(safe top speed, top speed with risk) for this turn, damage included.

    BOLIDE 13: slicks in the rain are safe 1 below their top speed; the top
    itself needs a 'Slick in the Rain' roll. Rain tyres in the sun: 2 below.
    """
    if s.config.rules == "basic":       # asked every decision: the basic rules first
        lap = (car.progress if car.progress > 0 else 0) // c.n_sectors    # lap_of - 1
        top = BASIC_TOP[lap if lap < 1 else 1] - car.damage
        top = top if top > 1 else 1
        return top, top
    top = dry_top(s, car, c)
    risky = top
    if s.config.advanced:
        rain = s.weather == "rain"
        if rain and not car.wet:
            top -= 1
        elif not rain and car.wet:
            top -= 2
            risky = top
    top = max(1, top - car.damage)
    risky = max(1, risky - car.damage)
    return top, risky


def sharp_brakings_frozen(s, car) -> bool:
    """BOLIDE 13: in the rain the sharp brakings of slicks are frozen (no
    Brake Request either) until the sun comes out."""
    return s.config.advanced and s.weather == "rain" and not car.wet


def start_roll(s, car, events: list[Event], rule: str) -> str:
    """BOLIDE 1 / 14: the unforeseen start, by fuel load in the advanced rules."""
    die = chance.roll(s.chance, events, DIE, rule=rule, what="start die", seat=car.seat)
    table = START_HALF if s.config.advanced and car.fuel == "half" else START_FULL
    result = table[die]
    events.append(Event("start_roll", {"seat": car.seat, "die": die, "start": result}, rule))
    return result


def first_weather(s, rain_risk: int, events: list[Event]) -> None:
    """BOLIDE 10: above 7 the race is sunny for good; otherwise the weather is
    variable and a second roll against the rain risk value sets the start."""
    if not s.config.advanced:
        s.weather, s.variable_weather = "sun", False
        return
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 10", what="weather die")
    s.variable_weather = die <= 7
    s.draws = 1
    if s.variable_weather:
        second = chance.roll(s.chance, events, DIE, rule="BOLIDE 10", what="rain risk die")
        s.weather = "rain" if second <= rain_risk else "sun"
        events.append(Event("weather", {"die": die, "second": second, "weather": s.weather,
                                        "variable": True}, "BOLIDE 10"))
    else:
        s.weather = "sun"
        events.append(Event("weather", {"die": die, "weather": "sun", "variable": False},
                            "BOLIDE 10"))


def weather_draw(s, rain_risk: int, events: list[Event]) -> None:
    """BOLIDE 10: a further draw when the leader reaches the intermediate line
    in the 1st and in the 2nd lap (variable weather only)."""
    s.draws += 1
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 10", what="weather die")
    s.weather = "rain" if die <= rain_risk else "sun"
    events.append(Event("weather", {"die": die, "weather": s.weather, "draw": s.draws},
                        "BOLIDE 10"))
