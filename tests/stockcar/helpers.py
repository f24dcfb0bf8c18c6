"""Positions written by hand for the stock-car rules tests.

`position(...)` builds a chequered-position document from a short list of
cars, so that each test sets up exactly the situation a rule talks about and
plays it through the Game protocol, as a player would.
"""
from __future__ import annotations

from chequered.engine.positions import FORMAT
from chequered.games.stockcar import GAME
from chequered.games.stockcar.content import load_content
from chequered.games.stockcar.rules.turn import step_name

C = load_content()


def car(number, team, dist, lane=1, *, temp=(0, 0, 0), perm=(0, 0), status="racing",
        flipped=False, position=None, leads=0, lapdown=False):
    return {"number": number, "team": team, "dist": dist, "lane": lane, "temp": list(temp),
            "perm": list(perm), "status": status, "flipped": flipped, "position": position,
            "leads": leads, "lapdown": lapdown}


def position(cars, *, seats=2, track="speedway", hands=None, hand_size=None, phase="car",
             actor=0, first=0, move=None, laps=None, apron=None, yellow=False, pitted=(),
             finished=(), queue=(), turn=1, context=None):
    """A state with exactly these cars, waiting for `actor`'s `phase`
    decision (a step of rules/steps.py). Hands default to empty; the Race
    deck pile holds every other card. Tests choose what is drawn next with
    engine/chance.scripted, never by ordering the piles."""
    hands = [list(h) for h in (hands or [[] for _ in range(seats)])]
    held = [k for h in hands for k in h]
    if move and "card" in move and phase in ("type", "move"):
        held.append(move["card"])
    rest = [k for k in C.card_ids if k not in held]
    evs = list(C.event_ids)
    doc_cars = []
    for i, c in enumerate(cars):
        d = dict(c)
        d["idx"] = i
        doc_cars.append(d)
    per_team = max(sum(1 for c in cars if c["team"] == s) for s in range(seats))
    config = {"seats": ["human"] * seats, "track": track}
    if laps is not None:
        config["laps"] = laps
    body = {
        "config": config, "chance": 12345, "track": track, "cars": doc_cars,
        "apron": {str(k): v for k, v in (apron or {}).items()},
        "hands": hands, "hand_size": hand_size or per_team + 1,
        "deck": {"pile": rest, "discards": [], "removed": []},
        "events": {"pile": evs, "discards": [], "removed": []},
        "event_card": None, "turn_number": turn, "first": first, "side": 0,
        "turn": {"phase": phase if phase in ("pits", "discard") else "segments",
                 "pending": {"step": phase, "seats": [actor], "context": context or {}}},
        "move": move, "queue": list(queue),
        "pitted": list(pitted), "yellow": yellow, "finished": list(finished),
        "bar_reads": 0, "scores": None,
    }
    return GAME.load_position({"format": FORMAT, "game": "stockcar", "state": body})


def phase(state):
    """The decision the race waits for (a step name of rules/steps.py), or "over"."""
    return step_name(state)


def actor(state):
    """The one seat to decide."""
    (seat,) = GAME.to_act(state)
    return seat


def idx(state, number):
    return next(c.idx for c in state.cars if c.number == number)


def where(state, number):
    c = state.cars[idx(state, number)]
    return (c.dist, c.lane)


def card_with(move=None, mp=None, wear=None, effect=None):
    """The id of a Race card with these printed parts."""
    for k, c in C.cards.items():
        if move is not None and c.move != move:
            continue
        if mp is not None and c.mp != mp:
            continue
        if wear is not None and (c.wear != wear):
            continue
        if effect != "any" and c.effect != effect:
            continue
        return k
    raise LookupError(f"no card {move} {mp} {wear} {effect}")


def play_card(state, seat, number, card, kind=None):
    """Activate a car and play a card (and the movement type if asked)."""
    from chequered.games.stockcar.actions import Activate, MoveType, PlayCard
    events = GAME.apply(state, seat, Activate(number))
    events += GAME.apply(state, seat, PlayCard(card))
    if phase(state) == "type":
        events += GAME.apply(state, seat, MoveType(kind or C.cards[card].move))
    return events
