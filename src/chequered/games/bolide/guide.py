"""Bolide beside the board (engine/guide.py): the running order and the
facts of each car, a short word on each decision, warnings before a move
that harms your own race for good, and the first-race tutorial. The legend
is legend.py. All of it reads the view, except `confirm` (the state).

Bolide hides nothing but the dice to come, so each seat sees the same facts.
"""
from __future__ import annotations

from ...engine.guide import Fact, Standing, Tutorial
from .actions import Expire, Move, Refit
from .rules import outlook
from .rules.running import options
from .rules.setup import circuit_of
from .text import COLOUR_NAMES

STATUS = {"crashed": "crashed", "out": "out of fuel", "pit": "in the pit lane",
          "exit": "leaving the pit lane", "off": "off the track", "dirty": "back on, dirty tyres",
          "spun": "half spun", "start": "standing start", "garage": "not on the track"}
DIRECTION = {(1, 0): "east", (-1, 0): "west", (0, 1): "south", (0, -1): "north"}


HEADING = "The car-pawn vector: the pawn repeats the car's last move (BOLIDE 1)."


def vector_words(vx: int, vy: int) -> str:
    """The car-pawn vector in compass words: '6 east, 2 south'."""
    parts = [f"{abs(vx)} {'east' if vx > 0 else 'west'}" if vx else "",
             f"{abs(vy)} {'south' if vy > 0 else 'north'}" if vy else ""]
    return ", ".join(p for p in parts if p) or "standing"


def compass(dx: int, dy: int) -> str:
    """A unit step in compass words: 'north', 'south-east' (y grows southwards)."""
    ns = "north" if dy < 0 else "south" if dy > 0 else ""
    ew = "west" if dx < 0 else "east" if dx > 0 else ""
    return "-".join(p for p in (ns, ew) if p)


RACE_RUNS = ("The red arrow of the car's sector: the way the race runs here. The "
             "race order counts sectors passed, then how far along this arrow "
             "(BOLIDE 3).")


def car_facts(car: dict, v: dict, short: bool = False) -> list[Fact]:
    """The facts a player decides from about one car, each with what it means."""
    laps = v["circuit"]["laps"]
    facts = [Fact("lap", f"{min(car['lap'], laps)}/{laps}",
                  "The lap the car is on; the race ends when it touches or crosses the "
                  "finish line after the last (BOLIDE Preparation).")]
    if car["mode"] in ("crashed", "out", "garage") or car["finish"]:
        return facts
    top = car["top"]
    facts.append(Fact("speed", f"{car['speed']}" + (f"/{top}" if top is not None else ""),
                      "Speed now (the longer side of the car-pawn vector) and the top speed "
                      "this lap; next turn it may change by up to 2 (BOLIDE 1)."))
    if not short:
        facts.append(Fact("race runs", compass(*car["arrow"]), RACE_RUNS))
    if not short and (car["vx"] or car["vy"]):
        facts.append(Fact("heading", vector_words(car["vx"], car["vy"]), HEADING))
        if top is not None and car["safe"] is not None and car["safe"] < top:
            facts.append(Fact("safe top", str(car["safe"]),
                              "Slicks in the rain: above this speed a die roll on the "
                              "Slick in the Rain table (BOLIDE 13)."))
    brakes = "frozen" if car["frozen"] else str(car["brakes"])
    facts.append(Fact("sharp brakings", brakes,
                      "Sharp brakings left on this tyre set: each takes the car to speed 2 "
                      "at once; with none left a Brake request rolls the die (BOLIDE 4, 7)."
                      + (" Frozen: slicks in the rain (BOLIDE 13)." if car["frozen"] else "")))
    if v["rules"] == "advanced" and car["setup"]:
        facts.append(Fact("tyres", f"{car['tyres']} {'rain' if car['wet'] else 'slicks'}",
                          "Soft tyres are faster, hard ones give 3 sharp brakings; rain tyres "
                          "or slicks (BOLIDE 11, 13)."))
        if not short:
            facts.append(Fact("fuel", "1/2" if car["fuel"] == "half" else "full",
                              "1/2 fuel: faster but must stop in the pit lane after lap 1; "
                              "full fuel: no stop (BOLIDE 11)."))
            joker = car["setup"] == "booster" or car["brake_joker"]
            facts.append(Fact("set-up", car["setup"] + ("" if joker and not car["setup_lost"]
                                                        else " (used)" if not car["setup_lost"]
                                                        else " (lost)"),
                              "The set-up's joker: roll again after a bad Booster (each time) "
                              "or Brake (once a race) result (BOLIDE 11)."))
    if car["damage"]:
        facts.append(Fact("damage", f"top -{car['damage']}",
                          "Top speed lost until repaired in the pit lane (BOLIDE 7, 6)."))
    if car["no_fourth"]:
        facts.append(Fact("4th gear", "broken", "Speed 4 is barred until repaired (BOLIDE 7)."))
    if car["slip"]:
        facts.append(Fact("slipstream", "+1",
                          "On a slipstream point: next turn it may add +1 square in its main "
                          "direction (BOLIDE 5)."))
    if car["penalty"]:
        facts.append(Fact("penalty", f"{car['penalty']} turns",
                          "Turns to sit out for entering the pit lane too fast (BOLIDE 9)."))
    if v.get("championship"):
        facts.append(Fact("points", str(v["standings"].get(str(car["seat"]), 0)),
                          "Championship points so far (BOLIDE 16)."))
    return facts


def status_of(car: dict) -> str:
    if car["finish"]:
        return f"finished {_ordinal(car['finish'])}"
    if car["mode"] in ("pit", "exit"):
        return f"in the pit lane, square {car['pit_square']}"
    return STATUS.get(car["mode"], "")


def running_order(v: dict) -> list[int]:
    """Finishers in the order they crossed; then the running order; then the
    cars out of the race."""
    seen = list(v["finishers"])
    seen += [s for s in v["order"] if s not in seen]
    return seen + [car["seat"] for car in v["cars"] if car["seat"] not in seen]


def standings(v: dict) -> list[Standing]:
    cars = v["cars"]
    return [Standing(place=i, name=cars[seat]["name"], seat=seat,
                     facts=tuple(car_facts(cars[seat], v, short=True)),
                     status=status_of(cars[seat]))
            for i, seat in enumerate(running_order(v), start=1)]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ---- a short word on each decision ---------------------------------------------------------
EXPLAIN = {
    "move": ("Choose where your car goes: a point around its pawn (up to 2 faster or "
             "slower), a sharp braking to speed 2, or a standing start. Each point gives "
             "its speed; risky ones are marked (a red ring on the page, ! in the terminal), "
             "and so are those leaving a single move without braking next turn (amber, ?): "
             "brake before the corner, not in it."),
    "joker": ("Your set-up lets you roll again after a bad Booster or Brake result. Roll "
              "again if the result hurts (damage, no braking); the Brake set-up's joker "
              "is only good once a race."),
    "reposition": ("Your car lost the engagement: choose where it goes back, behind or "
                   "beside the point fought over. Pick the point that keeps the best line "
                   "into the next corner."),
    "regrid": ("The Safety Car is out: line up behind the car ahead of you. Every car then "
               "makes a standing start again."),
    "exit": ("Your pit stop is done: choose the Pit Lane Out point for your standing "
             "start. The point nearest the racing line saves a turn."),
    "service": ("Say what the pit stop is for: new tyres bring your sharp brakings back, "
                "repairs restore top speed and 4th gear. The farther the cell, the more "
                "turns in the lane."),
    "pit_tyres": ("Choose the tyres for the rest of the race: soft is faster with 2 sharp "
                  "brakings, hard gives 3; rain tyres only if it rains."),
    "strategy": ("Choose fuel, tyres and set-up before the start. 1/2 fuel is faster but "
                 "must stop after the first lap; soft tyres are faster but brake less. "
                 "Match the tyres to the weather. A strategy's name gives its top speeds "
                 "and sharp brakings: 6/7+2 is top speed 6 on lap 1 and 7 on lap 2 with 2 "
                 "sharp brakings; 8+2 is top speed 8 for the first lap, then what the "
                 "tyres fitted at the pit stop give."),
    "refit": ("After qualifying, repairs or new tyres send you to the back of the grid. "
              "Take them only if the damage or worn tyres would cost more than the places."),
}


# ---- warnings before a move that harms your own race for good ------------------------------
def confirm(s, seat: int, action) -> str | None:
    car = s.cars[seat]
    if isinstance(action, Refit) and (action.repair or action.tyres):
        return ("Repairs or new tyres now send your car to the back of the grid "
                "(BOLIDE 12). Go on?")
    if isinstance(action, Expire):
        return ("Your car will take its pawn's point wherever it is, even off the track "
                "(BOLIDE 3). Go on?")
    if not isinstance(action, Move) or car.mode != "run":
        return None
    c = circuit_of(s)
    o = outlook.outlook(s, c, car, action)
    if o is None:
        return None
    if o.kind == "off" and options(s, c, car).brake:
        return ("This move takes your car off the track, though a sharp braking would "
                "keep it on (BOLIDE 2). Go on?")
    if "crash" in o.risks:
        return ("After this move your car has nowhere to go on the track next turn: it "
                "crashes unless a request saves it (BOLIDE 2). Go on?")
    if "penalty" in o.risks:
        return (f"This move enters the pit lane above its speed limit: {o.penalty} turns of "
                "penalty (BOLIDE 9). Go on?")
    return None


# ---- the first race ------------------------------------------------------------------------
def tutorial() -> Tutorial:
    return Tutorial(
        config={"seats": ["human", "club"], "track": "ring", "rules": "basic",
                "turn_limit": TUTORIAL_TURNS},
        seed=TUTORIAL_SEED,
        intro=("Bolide is a race on a grid of points. Your car carries its speed from turn "
               "to turn: its pawn shows where the same move would take it, and you may stop "
               "on any point up to 2 squares around the pawn, keeping the whole line on the "
               "track. Speed up on the straights, brake early enough for the corners, and "
               "keep your three sharp brakings for when you misjudge one. You drive the "
               f"{COLOUR_NAMES[0]} car against one club driver. This first race is short: "
               f"it is called after {TUTORIAL_TURNS} turns, and the car furthest along wins."),
        outro=("That was a race of Bolide. The full game has two laps, up to eight cars, "
               "engagements for a point another car holds, Booster and Brake requests, the "
               "pit lane and, with the advanced rules, weather, strategies and qualifying. "
               "The rules summary is one click away; the club and expert drivers are waiting."),
        max_decisions=40,
        notes={"move": ("Click a coloured point on the board. Its number is the speed it "
                        "gives; keep away from the red rings until you know the track.")})


TUTORIAL_SEED = 11
TUTORIAL_TURNS = 25          # about half a lap of the Ring: the first corners and a straight
