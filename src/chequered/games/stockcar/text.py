"""Words for events, actions and help (the terminal and the web log)."""
from __future__ import annotations

from .actions import (Activate, Affect, Discard, KeepHand, MoveType, Pit, PitDone, PlayCard,
                      Retire, Step)
from .content import load_content
from .rules import movement

_EVENTS = {
    "turn": lambda d: f"turn {d['turn']} begins (first player: seat {d['first']})",
    "grid": lambda d: "grid: " + " ".join(f"#{n}" for n in d["order"]),
    "team_bar": lambda d: f"Team Bar of {d['card']}: {d['bar']}",
    "card": lambda d: f"#{d['car']} plays {d['card']}",
    "move": lambda d: f"#{d['car']} moves {d['kind']} with {d['mp']} MP, pack "
                      + " ".join(f"#{n}" for n in d["pack"]),
    "push": lambda d: "pushes " + " ".join(f"#{n}" for n in d["cars"]) + f" {d['way']}",
    "drift": lambda d: f"#{d['car']} drifts out to lane {d['lane']}",
    "wear": lambda d: f"#{d['car']} takes {d['amount']} {d['wear']} wear",
    "pass": lambda d: f"#{d['car']} is out of the race: pass",
    "out": lambda d: f"#{d['car']} leaves the race ({d['why']}), Position marker {d['position']}",
    "finished": lambda d: f"#{d['car']} takes the chequered flag: P{d['position']}",
    "lapped": lambda d: f"#{d['car']} is lapped (Lap-down marker)",
    "unlapped": lambda d: f"#{d['car']} is ahead of the leader again: no longer lapped",
    "leader": lambda d: f"#{d['car']} takes the Current Leader marker",
    "turn_leader": lambda d: f"#{d['car']} takes a Turn Leader marker",
    "event": lambda d: f"Event {d['card']}: {d['title']} ({d['kind']})",
    "yellow": lambda d: "YELLOW FLAG",
    "green_line": lambda d: f"last lap: #{d['car']} restarts at the green restart line",
    "restart": lambda d: "restart order: " + " ".join(f"#{n}" for n in d["order"]),
    "pit": lambda d: f"#{d['car']} pits under {d['flag']}",
    "first_player": lambda d: f"seat {d['seat']} takes the First Player marker",
    "discard": lambda d: f"seat {d['seat']} discards a card",
    "scores": lambda d: "final points " + ", ".join(f"seat {k}: {v}"
                                                     for k, v in d["points"].items()),
}


def describe(event, state=None) -> str:
    f = _EVENTS.get(event.kind)
    body = f(event.data) if f else f"{event.kind} {event.data}"
    return f"{body} ({event.rule})"


def describe_action(a) -> str:
    if isinstance(a, Activate):
        return f"activate #{a.car}"
    if isinstance(a, PlayCard):
        return f"play {a.card}"
    if isinstance(a, Retire):
        return "retire the car"
    if isinstance(a, MoveType):
        return f"move {a.kind}"
    if isinstance(a, Step):
        if a.lane == 0:
            return "along the apron"
        return f"{'forward' if a.ahead else 'sideways'} to lane {a.lane}"
    if isinstance(a, Affect):
        return f"event hits #{a.car}"
    if isinstance(a, Pit):
        return f"pit #{a.car}"
    if isinstance(a, PitDone):
        return "no more pit stops"
    if isinstance(a, Discard):
        return f"discard {a.card}"
    if isinstance(a, KeepHand):
        return "keep the rest of the hand"
    return str(a)


def card_text(C, key: str) -> str:
    c = C.cards[key]
    wear = "no wear" if c.white else f"{c.wear} wear"
    eff = f", {c.effect.replace('_', ' ')}" if c.effect else ""
    return f"{key} {c.title}: {c.mp} MP {c.move}, {wear}{eff}"


def describe_choice(state, seat: int, a) -> str:
    C = load_content(state.config.content)
    if isinstance(a, (PlayCard, Discard)):
        return f"{'play' if isinstance(a, PlayCard) else 'discard'} {card_text(C, a.card)}"
    if isinstance(a, Activate):
        car = next(c for c in state.cars if c.team == seat and c.number == a.car)
        what = (f"wear {car.wear}" if car.status == "racing" else f"out ({car.status}): pass")
        return f"activate #{a.car} ({what})"
    if isinstance(a, Step) and state.phase == "move":
        T = C.tracks[state.track]
        cost = movement.steps(state, T, C.rules).get(a)
        extra = {1: ", pushing aside", 2: ", pushing the line ahead"}.get(cost[1], "") if cost else ""
        return f"{describe_action(a)} ({cost[0] if cost else '?'} MP{extra})"
    return describe_action(a)


_HELP = {
    "car": "STOCK Action segments: pick a car whose counter is not turned yet. Picking a "
           "car that is out is a pass; a car carrying six markers or more retires when picked.",
    "card": "STOCK Action segments: play a Race card (its MP, movement type, wear and effect), "
            "or withdraw the car (it gets the worst Position marker still free). "
            "A car starting with 3 or more wear loses speed.",
    "type": "STOCK Race card parts: move as printed (draft = linked cars in front and behind "
            "move too, lead = those behind, pursuit = those in front) or alone (solo).",
    "move": "STOCK Movement: steer the front car of the pack one space a step. Forward or "
            "sideways into an empty space costs 1, pushing a car aside 2, pushing the line in "
            "front (solo only) 3. You must spend your MP while a step is possible.",
    "affect": "STOCK The Team Bar: the event picked your team; choose which car it hits.",
    "pits": "STOCK Pit Stops: a stop clears temporary wear (tyre, suspension, fuel). Under "
            "green the car drops onto the Apron some sectors back; under yellow it restarts "
            "behind the cars that stayed out.",
    "discard": "STOCK End of turn: throw away Race cards you no longer want; the hand is "
               "refilled when the next turn begins.",
}


def help_text(state, seat: int) -> str:
    return _HELP.get(state.phase, "The race is over.")
