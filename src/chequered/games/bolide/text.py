"""Words for Bolide: the drivers' names, actions, menu lines, events and the
in-game help. Every text is for players: cars by their colour (the colour
of their car and pawn on the board), points written x,y as in the menus."""
from __future__ import annotations

from ...engine.chance import describe_chance
from ...engine.protocol import Event
from .actions import Expire, Joker, Move, Place, Refit, Request, Service, Stay, Strategy
from .rules import outlook
from .rules.advanced import strategy_name
from .rules.dice_tables import BOOSTER, BRAKE
from .rules.setup import circuit_of

# The colours of render.COLOURS, in words.
COLOUR_NAMES = ("Red", "Blue", "Green", "Orange", "Purple", "Brown", "Pink", "Cyan")


def car_name(seat: int) -> str:
    return f"{COLOUR_NAMES[seat % len(COLOUR_NAMES)]} car"


def seat_names(state) -> dict[int, str]:
    return {car.seat: car_name(car.seat) for car in state.cars}


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
        return SERVICES.get(a.kind, "a pit stop")
    if isinstance(a, Strategy):
        return (f"{strategy_name(a.fuel, a.tyres)} ({a.fuel} fuel, {a.tyres}"
                f"{', rain tyres' if a.wet else ', slicks'}), {a.setup} set-up")
    if isinstance(a, Refit):
        parts = [p for p, on in (("repair", a.repair), ("new tyres", a.tyres)) if on]
        return " and ".join(parts) + " (back of the grid)" if parts else "race as qualified"
    return type(a).__name__


SERVICES = {"tyres": "pit stop: new tyres", "repair": "repairs", "fuel": "refuel",
            "both": "tyres and repairs"}


def describe_choice(state, seat: int, action) -> str:
    """A menu line: what a move would do (its speed, a sharp braking, an
    attack, leaving the track, the slipstream) and what it leads to."""
    if not isinstance(action, Move):
        return describe_action(action)
    car = state.cars[seat]
    if car.mode != "run":
        d = max(abs(action.x - car.x), abs(action.y - car.y))
        return choice_text(action.x, action.y, None, {"kind": move_kind(car.mode), "speed": d})
    o = outlook.outlook(state, circuit_of(state), car, action)
    if o is None:                      # not a move the car can make now
        return describe_action(action)
    return choice_text(action.x, action.y, action.slip, o.to_doc(), short=True)


# What a move leads to, for the menu and the board's tooltips (rules/outlook.py).
WARNINGS = {
    "spin": "the car ends half spun",
    "slicks": "slicks at top speed in the rain: a die roll",
    "pit": "into the pit lane",
    "one_way": "only 1 move next turn without a sharp braking",
    "no_way": "no move next turn without a sharp braking or leaving the track",
    "crash": "no move at all next turn: a crash unless a request saves it",
    "backwards": "backwards: further back in the race than now (against the red arrow)",
}
# The same, short enough for a two-column terminal menu (a 50-column cell):
# the board's tooltips and docs/play/bolide.md give them in full. "Free":
# without a sharp braking.
SHORT = {
    "spin": "ends half spun",
    "slicks": "slicks: a die roll",
    "pit": "into the pit lane",
    "one_way": "1 free move next turn",
    "no_way": "no free move next turn",
    "crash": "no move at all next turn",
    "backwards": "backwards",
}
RISK_RULES = {"attack": "BOLIDE 6", "off": "BOLIDE 2", "slicks": "BOLIDE 13",
              "spin": "BOLIDE 7", "pit": "BOLIDE 9", "penalty": "BOLIDE 9",
              "one_way": "BOLIDE 4", "no_way": "BOLIDE 2, 4", "crash": "BOLIDE 2",
              "backwards": "BOLIDE 3"}
KIND_RULES = {"pawn": "BOLIDE 1", "brake": "BOLIDE 4", "attack": "BOLIDE 6",
              "attack_brake": "BOLIDE 4, 6", "off": "BOLIDE 2", "slip": "BOLIDE 5",
              "start": "BOLIDE 1", "creep": "BOLIDE 2"}


def move_kind(mode: str) -> str:
    """The kind of move a car makes that is not running on its pawn: a
    standing start (the grid, a half spin, the pit lane exit) or one square
    a turn back from the run-off (BOLIDE 1, 2, 8)."""
    return "start" if mode in ("start", "spun") else "creep"


def choice_text(x: int, y: int, slip: str | None, o: dict, short: bool = False) -> str:
    """A move as the menu (`short`) and the board's tooltip say it: where, at
    what speed, what kind of move, and '!' before what to beware of."""
    text = describe_action(Move(x, y, slip))
    kind = o["kind"]
    if kind in ("attack", "attack_brake"):
        text += f": attack the {car_name(o['target']) if o.get('target') is not None else 'car'}"
        if kind == "attack_brake":
            text += f" with a sharp braking (leaves {o['brakes']})"
        return text
    if kind == "off":
        return text + ": OFF THE TRACK"
    if kind == "start":
        return text + f" (standing start, speed {o['speed']})"
    if kind == "creep":
        return text + " (one square a turn off the track)"
    if kind == "brake":
        text += f": sharp braking to speed 2 (leaves {o['brakes']})"
    else:
        text += f" (speed {o['speed']})"
    words = SHORT if short else WARNINGS
    risks = o.get("risks", ())
    warnings = [words[r] for r in risks if r in words and not (r == "pit" and "penalty" in risks)]
    if "penalty" in risks:
        warnings.insert(0, f"pit lane too fast: {o['penalty']} turns" if short else
                        f"into the pit lane over its speed limit: {o['penalty']} turns "
                        "of penalty")
    if slip and "attack" in risks:
        warnings.insert(0, "the +1 hits a car: attack" if short
                        else "the +1 runs into a car: an attack")
    return text + "".join(f" ! {w}" for w in warnings)


def choice_rules(o: dict) -> str:
    """The sections behind a move and its warnings, for its tooltip."""
    out = [KIND_RULES.get(o["kind"], "BOLIDE 1")]
    for r in o.get("risks", ()):
        rule = RISK_RULES.get(r)
        if rule and rule not in out:
            out.append(rule)
    return "; ".join(out)


# ---- events ---------------------------------------------------------------------------
START = {"skid": "skids at the start: the pawn stays on the car",
         "normal": "makes a normal start", "quick": "makes a quick start: 2 squares"}
REQUEST = {"damage": "damage", "no_fourth": "4th gear broken until repaired",
           "same_gear": "stuck in the same gear this turn", "nothing": "no effect",
           "boost": "the Booster works: +1", "locked": "the wheels lock: no sharp braking",
           "spin": "a sharp braking, but the car will end half spun",
           "brake": "the sharp braking works"}
SLICK = {"spin": "a half spin", "aquaplaning": "aquaplaning", "skid": "a skid",
         "ok": "the slicks hold"}
SERVICE_DONE = {"tyres": "new tyres", "repair": "repairs", "fuel": "fuel",
                "both": "new tyres and repairs"}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cars(seats) -> str:
    return ", ".join(car_name(int(s)) for s in seats)


def _request_result(d) -> str:
    result = REQUEST.get(d["result"], d["result"])
    if d["result"] == "damage":
        table = BOOSTER if d["kind"] == "booster" else BRAKE
        amount = table[d["die"]][1]
        result = f"damage, top speed -{amount} until repaired"
        if d["kind"] == "brake":
            result += ", no sharp braking"
    return result


def describe(e: Event, state=None) -> str:
    """One line for an event as a player reads it (the rule is `e.rule`)."""
    names = {s: car_name(s) for s in range(len(COLOUR_NAMES))}
    chance_text = describe_chance(e, names)
    if chance_text is not None:
        return chance_text
    d = e.data
    car = car_name(d["seat"]) if "seat" in d else ""
    k = e.kind
    if k == "move":
        return f"{car} moves to {d['x']},{d['y']} at speed {d['speed']}"
    if k == "stay":
        return f"{car} stays put"
    if k == "start_roll":
        return f"{car} {START[d['start']]}"
    if k == "engagement":
        a, b = car_name(d["attack"]), car_name(d["defence"])
        text = f"{a} attacks the {b}: " + ("the attack wins the point" if d["conquers"]
                                           else "the defence keeps the point")
        if d["attack_damage"]:
            text += f", the {a} loses {d['attack_damage']} of top speed"
        if d["defence_damage"]:
            text += f", the {b} loses {d['defence_damage']} of top speed"
        spun = [n for n, on in ((a, d["attack_spun"]), (b, d["defence_spun"])) if on]
        if spun:
            text += ", " + " and ".join(f"the {n}" for n in spun) + " half spun"
        if d.get("setup_lost"):
            text += f", the {a} loses its set-up (side wing)"
        return text
    if k == "safety_car_roll":
        return ("an even roll: the Safety Car comes out at the end of the turn"
                if d["safety_car"] else "an odd roll: no Safety Car")
    if k == "request":
        what = "a Booster" if d["kind"] == "booster" else "a Brake"
        return f"{car} requests {what}: {_request_result(d)}"
    if k == "reroll":
        return f"{car} uses the set-up joker: {_request_result(d)}"
    if k == "sharp_braking":
        return f"{car} brakes sharply ({d['left']} sharp brakings left)"
    if k == "off_track":
        return f"{car} goes off the track at {d['x']},{d['y']}"
    if k == "crash":
        return f"{car} crashes and retires"
    if k == "half_spin":
        return f"{car} ends up half spun"
    if k == "out_of_fuel":
        return f"{car} runs out of fuel and retires"
    if k == "finish":
        return f"{car} takes the chequered flag, {_ordinal(d['position'])}"
    if k == "grid_roll":
        return "Grid dice: " + ", ".join(f"{car_name(int(s))} {r}" for s, r in d["rolls"].items())
    if k == "grid":
        return "The grid, pole first: " + _cars(d["order"])
    if k == "weather":
        if "draw" in d:
            return f"Weather draw: {d['weather']}"
        if d.get("variable"):
            return f"Variable weather: the race starts in the {d['weather']}"
        return "Sunny for the whole race"
    if k == "safety_car":
        lead = f" behind the {car_name(d['order'][0])}" if d["order"] else ""
        return f"SAFETY CAR: the field re-grids{lead}"
    if k == "regrid":
        return f"{car} lines up at {d['x']},{d['y']} behind the Safety Car"
    if k == "reposition":
        return f"{car} is put back at {d['x']},{d['y']}"
    if k == "slipstream":
        return f"{car} uses the slipstream: +1 to {d['x']},{d['y']}"
    if k == "slick_rain":
        return f"{car} on slicks at top speed in the rain: {SLICK[d['result']]}"
    if k == "timer":
        return f"{car} is out of time: the car takes the point of its pawn"
    if k == "pit_in":
        return f"{car} enters the pit lane at speed {d['speed']}"
    if k == "pit_penalty":
        return (f"{car} entered at speed {d['speed']}, over the pit lane limit of "
                f"{d['limit']}: {d['turns']} turns of penalty")
    if k == "service_plan":
        return f"{car} comes in for {SERVICE_DONE[d['kind']]}"
    if k == "pit_square":
        return f"{car} moves to pit lane square {d['square']}"
    if k == "pit_event":
        return f"{car} pit crew done: a {d['start']} start from the pit lane"
    if k == "service":
        return f"{car} is serviced: {SERVICE_DONE[d['kind']]}"
    if k == "pit_wait":
        return f"{car} waits in the pit lane: the way out is blocked"
    if k == "pit_out":
        return f"{car} leaves the pit lane at {d['x']},{d['y']}"
    if k == "skip":
        return f"{car} sits out a penalty turn ({d['left']} more)"
    if k == "strategy":
        tyres = f"{d['tyres']} {'rain tyres' if d['wet'] else 'slicks'}"
        if "fuel" in d:
            return (f"{car} races {d['name']}: {d['fuel']} fuel, {tyres}, "
                    f"{d['setup']} set-up")
        return f"{car} fits {tyres} for the second lap"
    if k == "turn_end":
        return f"End of turn {d['turn']}"
    if k == "race_called":
        return f"The race is called after {d['turn']} turns (our turn limit)"
    if k == "race_over":
        return "The race is over: " + ", ".join(
            f"{_ordinal(i)} {car_name(s)}" for i, s in enumerate(d["classification"], 1))
    if k == "qualifying":
        return f"{car} starts its qualifying lap from the pole position"
    if k == "qualified":
        if d["turns"] >= 999:
            return f"{car} sets no qualifying time"
        return f"{car} qualifies in {d['turns']} turns"
    if k == "refit":
        parts = [p for p, on in (("repairs", d["repair"]), ("new tyres", d["tyres"])) if on]
        return (f"{car} takes " + " and ".join(parts) + ": to the back of the grid" if parts
                else f"{car} races as qualified")
    raise ValueError(f"no text for the Bolide event {k!r}")


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

STEP_HELP = {
    "joker": "BOLIDE 11: your set-up lets you roll again after a bad result, or keep it.",
    "reposition": "BOLIDE 6: the loser of an engagement is put 3 points behind (attack) "
                  "or 2 beside (defence), never in the next sector.",
    "regrid": "BOLIDE 6: Safety Car: put your car behind the car ahead of you.",
    "exit": "BOLIDE 9: choose a point on the Pit Lane Out line for your standing start.",
    "service": "BOLIDE 9/15: tyres at the Pit Stop cell, repairs at the Full Fuel cell.",
    "strategy": "BOLIDE 11: fuel (half: faster, must pit; full: no stop), tyres (soft: "
                "faster, 2 sharp brakings; hard: 3), set-up joker, slicks or rain tyres.",
    "pit_tyres": "BOLIDE 11: the tyres for the second lap.",
    "refit": "BOLIDE 12: repairs or new tyres now cost your grid place.",
}


def help_text(state, seat: int) -> str:
    pending = state.turn.pending
    if pending is None or seat not in pending.seats:
        return "Nothing to decide."
    if pending.step == "move":
        return HELP.get(state.cars[seat].mode, HELP["run"])
    return STEP_HELP.get(pending.step, "Nothing to decide.")
