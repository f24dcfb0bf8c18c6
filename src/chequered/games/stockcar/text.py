"""Words for events, actions and help (the terminal, the web log, sessions).

Events are written for players: teams by name, cars by number, cards by
title. A team is the seat's name (its Team Sheet); without a state (a
replay tool, say) the default content's team order stands in.
"""
from __future__ import annotations

import textwrap

from ...engine.chance import describe_chance
from ...engine.protocol import Event
from .actions import (Activate, Affect, Discard, KeepHand, MoveType, Pit, PitDone, PlayCard,
                      Retire, Step)
from .content import load_content
from .rules import movement


def seat_names(state) -> dict[int, str]:
    """Seat -> the name of its team."""
    from .rules.events import team_indexes
    C = load_content(state.config.content)
    return {seat: C.teams[t].name for seat, t in enumerate(team_indexes(state, C))}


def _cars(numbers) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _typeset(title: str) -> str:
    """A printed title with a typographic apostrophe (a straight one reads
    like program text)."""
    return title.replace("'", "\u2019")


def card_name(C, key: str) -> str:
    """A card as players name it: its title (and a Race card's MP and type)."""
    if key in C.cards:
        c = C.cards[key]
        return f"{_typeset(c.title)} ({c.mp} MP {c.move})"
    if key in C.events:
        return _typeset(C.events[key].title)
    return "an unknown card"


_OUT = {"retired": "retires", "worn": "is worn out (six wear markers or more)",
        "lapped": "is lapped and leaves the race"}
_EVENT_KIND = {"green": "green flag, nothing happens", "yellow": "a caution",
               "crash": "a crash, then a caution", "wear": "wear for a car of a random team",
               "leader": "wear for the leader"}


def _texts(d: dict, who, C) -> dict:
    """The text of each event kind (called lazily: only the one asked is built)."""
    return {
        "turn": lambda: f"Turn {d['turn']} begins; {who(d['first'])} holds the First Player "
                        "marker",
        "grid": lambda: "Starting grid: " + _cars(d["order"]),
        "team_bar": lambda: "Team Bar: " + ", ".join(
            C.teams[C.team_by_code[ch]].key.capitalize() if ch in C.team_by_code else ch
            for ch in d["bar"]),
        "card": lambda: f"#{d['car']} plays {card_name(C, d['card'])}",
        "move": lambda: f"#{d['car']} moves {d['kind']} with {d['mp']} MP"
                        + (", pack " + _cars(d["pack"]) if len(d["pack"]) > 1 else ""),
        "push": lambda: f"pushes {_cars(d['cars'])} {d['way']}",
        "drift": lambda: f"#{d['car']} drifts out to lane {d['lane']}",
        "wear": lambda: f"#{d['car']} takes {d['amount']} {d['wear']} wear",
        "pass": lambda: f"#{d['car']} is out of the race: a pass",
        "out": lambda: f"#{d['car']} {_OUT.get(d['why'], 'leaves the race')}: Position "
                       f"marker {d['position']}",
        "finished": lambda: f"#{d['car']} takes the chequered flag: position {d['position']}",
        "lapped": lambda: f"#{d['car']} is lapped (Lap-down marker)",
        "unlapped": lambda: f"#{d['car']} is ahead of the leader again: no longer lapped",
        "leader": lambda: f"#{d['car']} takes the Current Leader marker",
        "turn_leader": lambda: f"#{d['car']} takes a Turn Leader marker",
        "event": lambda: f"Event: {_typeset(d['title'])} "
                         f"({_EVENT_KIND.get(d['kind'], d['kind'])})",
        "yellow": lambda: "Yellow flag",
        "green_line": lambda: f"Last lap: #{d['car']} restarts at the green restart line",
        "restart": lambda: "Restart order: " + _cars(d["order"]),
        "pit": lambda: (f"#{d['car']} pits under yellow" if d["flag"] == "yellow" else
                        f"#{d['car']} pits under green, back onto the Apron at sector "
                        f"{d['sector']}"),
        "first_player": lambda: f"{who(d['seat'])} takes the First Player marker",
        "discard": lambda: (f"{who(d['seat'])} discards {card_name(C, d['card'])}"
                            if "card" in d else f"{who(d['seat'])} discards a card"),
        "scores": lambda: "Final points: " + ", ".join(
            f"{who(int(k))} {v}" for k, v in d["points"].items()),
    }


EVENT_KINDS = frozenset(_texts({}, None, None))


def describe(event, state=None) -> str:
    """One line for an event as its viewer sees it (Event.seen_by)."""
    C = load_content(state.config.content if state is not None else None)
    names = seat_names(state) if state is not None else {}

    def who(seat: int) -> str:
        return names.get(seat) or f"player {seat + 1}"

    if event.kind == "draw" and event.rule == "STOCK Fill hands" and "cards" in event.data:
        # The cards of one fill go into the hand together: named in the
        # hand's order, not the pile's (which would say more than the hand).
        event = Event(event.kind, {**event.data, "cards": sorted(event.data["cards"])},
                      event.rule, event.reveal, event.to, event.masked)
    body = describe_chance(event, names, lambda k: card_name(C, k))
    if body is None:
        text = _texts(event.data, who, C).get(event.kind)
        if text is None:
            raise ValueError(f"no text for the stock-car event kind {event.kind!r}")
        body = text()
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
    return type(a).__name__


def card_text(C, key: str) -> str:
    c = C.cards[key]
    wear = "no wear" if c.white else f"{c.wear} wear"
    eff = f", {c.effect.replace('_', ' ')}" if c.effect else ""
    return f"{key} {c.title}: {c.mp} MP {c.move}, {wear}{eff}"


def _pending(state) -> str | None:
    p = state.turn.pending
    return None if p is None or state.turn.over else p.step


def describe_choice(state, seat: int, a) -> str:
    C = load_content(state.config.content)
    if isinstance(a, (PlayCard, Discard)):
        return f"{'play' if isinstance(a, PlayCard) else 'discard'} {card_text(C, a.card)}"
    if isinstance(a, Activate):
        car = next(c for c in state.cars if c.team == seat and c.number == a.car)
        if car.status != "racing":
            return f"#{a.car}: a pass (out of the race, {car.status})"
        if car.wear >= C.rules.retire_wear:
            return f"#{a.car}: retires, worn out ({car.wear} wear markers)"
        return f"activate #{a.car} (wear {car.wear})"
    if isinstance(a, Affect):
        car = next(c for c in state.cars if c.team == seat and c.number == a.car)
        return f"the event hits #{a.car} (it has {car.wear} wear now)"
    if isinstance(a, PitDone):
        mine = any(state.cars[i].team == seat for i in state.pitted)
        return "no more pit stops" if mine else "no pit stop"
    if isinstance(a, Step) and _pending(state) == "move":
        T = C.tracks[state.track]
        cost = movement.steps(state, T, C.rules).get(a)
        extra = ({1: ", pushing aside", 2: ", pushing the line ahead"}.get(cost[1], "")
                 if cost else "")
        return f"{describe_action(a)} ({cost[0] if cost else '?'} MP{extra})"
    return describe_action(a)


_HELP = {
    "car": "STOCK Action segments: pick a car whose counter is not turned yet, with the Race "
           "card it plays (or its retirement), in one choice: \"#43 plays R05: ...\". "
           "Picking a car that is out is a pass; a car carrying six markers or more retires "
           "when picked.",
    "card": "STOCK Action segments: play a Race card (its MP, movement type, wear and effect), "
            "or withdraw the car (it gets the worst Position marker still free). "
            "A car starting with 3 or more wear loses speed.",
    "type": "STOCK Race card parts: move as printed (draft = linked cars in front and behind "
            "move too, lead = those behind, pursuit = those in front) or alone (solo); each "
            "choice listed is the type with a whole move: where the front car ends (when both "
            "types reach many spaces, the type is asked first).",
    "move": "STOCK Movement: steer the front car of the pack one space a step. Forward or "
            "sideways into an empty space costs 1, pushing a car aside 2, pushing the line in "
            "front (solo only) 3. You must spend your MP while a step is possible. Each "
            "choice listed is a whole move: where the front car ends, and what it costs "
            "(with many ways to one space, the straightest; --fine-moves lists every step).",
    "affect": "STOCK The Team Bar: the event picked your team; choose which car it hits.",
    "pits": "STOCK Pit Stops: a stop clears temporary wear (tyre, suspension, fuel). Under "
            "green the car drops onto the Apron some sectors back; under yellow it restarts "
            "behind the cars that stayed out.",
    "discard": "STOCK End of turn: throw away Race cards you no longer want (face down); the "
               "hand is refilled when the next turn begins.",
}


REFERENCE = """The stock-car game - reference card (our own words; docs/play/stockcar.md)
A turn (STOCK Sequence of play): hands are filled up; players take turns, First Player first,
  each activating one car a segment until every car has moved once; then the end of the turn.
A segment (STOCK Action segments): pick a car not yet turned over and a Race card (or retire
  the car). A car out of the race is a pass; six wear markers or more retire it when picked.
Movement (STOCK Movement): the card's MP move the front car of the pack one space a point,
  forward or sideways (1 MP), pushing a car aside (2) or, moving solo, the line in front (3).
  Every point is spent while a step is possible. Draft takes the linked cars in front and
  behind, lead those behind, pursuit those in front; solo moves the car alone.
Wear (STOCK Wear, Speed penalties): a card's wear marker goes on the car after the move
  (none for a white title). By wear markers: {penalties}.
End of turn (STOCK End of turn): Turn Leader markers, an Event card, pit stops (clear the
  temporary wear), the First Player marker to the leader's owner, lapped cars out, discards.
Winning (STOCK Scoring): each car scores for its Position marker, the winner {bonus} more, and
  {leads} per Turn Leader marker; the team with the most points wins."""


def help_text(state, seat: int) -> str:
    """`help rules`: the word on this decision, then the reference card."""
    C = load_content(state.config.content)
    R = C.rules
    penalties = ", ".join(f"{k}+ cost {v} MP" for k, v in sorted(R.speed_penalty.items())
                          if R.speed_penalty.get(k - 1) != v)
    penalties += f", {R.retire_wear} retire the car"
    points = f"{R.turn_leader_points} point{'s' * (R.turn_leader_points != 1)}"
    card = REFERENCE.format(penalties=penalties, bonus=R.win_bonus, leads=points)
    now = _HELP.get(_pending(state))
    return (textwrap.fill(now, 96) + "\n\n" if now else "") + card
