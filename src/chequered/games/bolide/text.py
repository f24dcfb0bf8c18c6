"""Words for Bolide: actions, events and the in-game help."""
from __future__ import annotations

from ...engine.protocol import Event
from .actions import Expire, Joker, Move, Place, Refit, Request, Service, Stay, Strategy
from .rules.advanced import strategy_name


def describe_action(a) -> str:
    if isinstance(a, Move):
        return f"to {a.x},{a.y}" + (f" + slipstream {a.slip}" if a.slip else "")
    if isinstance(a, Request):
        return "request a Booster" if a.kind == "booster" else "request a Brake"
    if isinstance(a, Joker):
        return "use the set-up joker (roll again)" if a.use else "keep the result"
    if isinstance(a, Stay):
        return "stay put"
    if isinstance(a, Expire):
        return "time is up: take the pawn's point"
    if isinstance(a, Place):
        return f"place at {a.x},{a.y}"
    if isinstance(a, Service):
        return {"tyres": "pit stop: new tyres", "repair": "repairs", "fuel": "refuel",
                "both": "tyres and repairs"}[a.kind]
    if isinstance(a, Strategy):
        return (f"{strategy_name(a.fuel, a.tyres)} ({a.fuel} fuel, {a.tyres}"
                f"{', rain tyres' if a.wet else ', slicks'}), {a.setup} set-up")
    if isinstance(a, Refit):
        parts = [p for p, on in (("repair", a.repair), ("new tyres", a.tyres)) if on]
        return " and ".join(parts) + " (back of the grid)" if parts else "race as qualified"
    return repr(a)


def describe(e: Event) -> str:
    d = e.data
    car = f"car {d['seat'] + 1}" if "seat" in d else ""
    k = e.kind
    if k == "move":
        text = f"{car} moves to {d['x']},{d['y']} at speed {d['speed']}"
    elif k == "start_roll":
        text = f"{car} rolls {d['die']} for the start: {d['start']} start"
    elif k == "engagement":
        who = "attack wins the point" if d["conquers"] else "defence keeps the point"
        text = f"engagement: car {d['attack'] + 1} on car {d['defence'] + 1}, die {d['die']}: {who}"
        if d["attack_damage"]:
            text += f", attacker top speed -{d['attack_damage']}"
        if d["defence_damage"]:
            text += f", defender top speed -{d['defence_damage']}"
    elif k == "request":
        text = f"{car} requests a {d['kind']}: die {d['die']} - {d['result']}"
    elif k == "reroll":
        text = f"{car} uses the set-up joker: die {d['die']} - {d['result']}"
    elif k == "sharp_braking":
        text = f"{car} brakes sharply ({d['left']} left)"
    elif k == "off_track":
        text = f"{car} goes off the track at {d['x']},{d['y']}"
    elif k == "crash":
        text = f"{car} crashes and retires"
    elif k == "half_spin":
        text = f"{car} ends up half spun"
    elif k == "finish":
        text = f"{car} takes the chequered flag in position {d['position']}"
    elif k == "grid_roll":
        text = "grid rolls: " + ", ".join(f"car {int(s) + 1}: {r}" for s, r in d["rolls"].items())
    elif k == "grid":
        text = "grid: " + ", ".join(f"car {s + 1}" for s in d["order"])
    elif k == "weather":
        text = f"weather: {d['weather']} (die {d['die']})"
    elif k == "safety_car":
        text = "SAFETY CAR: the field re-grids behind the leader"
    elif k == "slipstream":
        text = f"{car} uses the slipstream: +1 to {d['x']},{d['y']}"
    elif k == "pit_in":
        text = f"{car} enters the pit lane at speed {d['speed']}"
    elif k == "pit_penalty":
        text = f"{car} over the pit speed limit: {d['turns']} turns penalty"
    elif k == "pit_event":
        text = f"{car} pit crew: die {d['die']} - {d['start']} exit"
    elif k == "strategy":
        text = f"{car} strategy: {', '.join(f'{a} {b}' for a, b in d.items() if a != 'seat')}"
    else:
        text = f"{k} {car} {', '.join(f'{a}={b}' for a, b in d.items() if a != 'seat')}".strip()
    return f"{text}  [{e.rule}]"


HELP = {
    "run": ("BOLIDE 1: your next point is one of the 25 around your pawn (keep your speed, "
            "or change it by 1 or 2), up to your top speed, with the whole trajectory on the "
            "track; you may not pass through another car's point, but you may attack it "
            "(an engagement, BOLIDE 6). A sharp braking (BOLIDE 4) takes you to speed 2 in "
            "any direction less than 90 degrees from your course. Booster (speed 3+) and "
            "Brake (no sharp brakings left) requests roll the die first (BOLIDE 7)."),
    "start": ("BOLIDE 1 Start: move to one of the 5 points in front of the car (2 squares on "
              "a quick start). After a skid the pawn stays on the car."),
    "spun": "BOLIDE 8: a reverse standing start, or stay put (the pawn on the car).",
    "off": "BOLIDE 2: off the track you creep one square a turn until you are back on it.",
    "dirty": "BOLIDE 2: back on the track, one more one-square move; then the pawn returns.",
}


def help_text(state, seat: int) -> str:
    step = state.step or {}
    kind = step.get("kind")
    if kind == "move":
        if "joker" in step:
            return "BOLIDE 11: your set-up lets you roll again after a bad result, or keep it."
        return HELP.get(state.cars[seat].mode, HELP["run"])
    return {
        "reposition": "BOLIDE 6: the loser of an engagement is put 3 points behind (attack) "
                      "or 2 beside (defence), never in the next sector.",
        "regrid": "BOLIDE 6: Safety Car: put your car behind the car ahead of you.",
        "exit": "BOLIDE 9: choose a point on the Pit Lane Out line for your standing start.",
        "service": "BOLIDE 9/15: tyres at the Pit Stop cell, repairs at the Full Fuel cell.",
        "strategy": "BOLIDE 11: fuel (half: faster, must pit; full: no stop), tyres (soft: "
                    "faster, 2 sharp brakings; hard: 3), set-up joker, slicks or rain tyres.",
        "pit_tyres": "BOLIDE 11: the tyres for the second lap.",
        "refit": "BOLIDE 12: repairs or new tyres now cost your grid place.",
    }.get(kind, "Nothing to decide.")
