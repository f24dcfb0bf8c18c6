"""Secondary functions (FGP 4.2.2): what a card shows beside its movement,
spent from the hand (ACTION cards) or from the held EVENT cards: one card
for counter-steer, +1 OT or Brake!, two cards with the same 2x icon for +1
ERS, -1 tyre wear, a parameter token back or +1 MP.
"""
from __future__ import annotations

from itertools import combinations

from ....engine.protocol import Event, IllegalAction
from ..content import SINGLE_SECONDARY, Content
from ..memo import keep
from ..state import PARAMETERS, Car, Race
from .cards import (action_card, add_wear, board_side, charge_ers, content_of, covered, ers_max,
                    max_ot, restore_parameter, shared_card, spend)

_KNOWN: dict[int, tuple[Content, dict]] = {}    # id(content) -> (content, card id -> icon)

PAIR_FUNCTIONS = ("ers_2x", "tyre_2x", "parameter_2x", "mp_2x")


def secondary_of(race: Race, card_id: str) -> str | None:
    """The secondary-function icon of an ACTION card or an EVENT card."""
    # asked for every card in hand at every preparation: once per card id
    content = content_of(race)
    known = _secondaries(content)
    if card_id in known:
        return known[card_id]
    try:
        got = action_card(content, card_id).secondary
    except KeyError:
        got = getattr(shared_card(race, card_id), "secondary", None)
    known[card_id] = got
    return got


def _secondaries(content: Content) -> dict:
    """card id -> secondary icon, filled in by secondary_of as cards are met."""
    hit = _KNOWN.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _KNOWN[id(content)] = (content, {})
    return hit[1]


def _spendable(car: Car) -> dict:
    """Cards that may be spent: ACTION cards in the hand and held EVENT cards
    (FGP 4.2.2), each id once (the keys, in that order)."""
    held = car.held_events
    return dict.fromkeys(car.hand + held if held else car.hand)


def single_spends(race: Race, car: Car) -> list[tuple[str, str]]:
    """(function, card) for every one-card secondary function on hand: +1 OT
    only below the car's maximum OT (FGP 4.2.2); counter-steer and Brake! are
    listed for the hazard and movement steps, which apply their effect."""
    out = []
    for c in _spendable(car):
        f = secondary_of(race, c)
        if f not in SINGLE_SECONDARY:
            continue
        if f == "ot_plus1" and car.ot >= max_ot(race, car):
            continue
        out.append((f, c))
    return out


_ICONS: dict = {}         # content dir -> pair_icons


def pair_icons(race: Race) -> dict[str, str]:
    """card id -> its 2x icon, for the ACTION and EVENT cards (the cards
    that may be spent) showing one: a fact of the content, found once."""
    got = _ICONS.get(race.content_dir)
    if got is None:
        got = _ICONS[race.content_dir] = _find_icons(race)
    return got


def _find_icons(race: Race) -> dict[str, str]:
    """pair_icons' table, worked out (apart: a comprehension's closure cells
    would be made at every call of pair_icons)."""
    content = content_of(race)
    return {c.id: f for c in (*content.action.cards, *content.event.cards)
            if (f := secondary_of(race, c.id)) in PAIR_FUNCTIONS}


def ers_room(race: Race, car: Car) -> bool:
    """Whether the ERS may take a charge now: below the board's maximum and
    no token over the charging (FGP 8.8.1, 13.7)."""
    if not car.damage and not car.failures:
        # nothing by the board lowers the maximum or covers the charging
        # (asked at every preparation: the printed maximum read at once)
        return car.ers < board_side(race, car).ers_max
    return car.ers < ers_max(race, car) and not covered(race, car, "ers_charge")


def pair_spends(race: Race, car: Car, in_hand: list | None = None,
                room: bool | None = None) -> list[tuple]:
    """Every useful two-card secondary function (FGP 4.2.2: two cards with the
    same 2x icon, of any types): ("ers_2x", a, b) below the ERS maximum;
    ("tyre_2x", a, b) with wear to regain; ("parameter_2x", a, b, colour) for
    each used parameter token; ("mp_2x", a, b). `in_hand`: the hand's cards
    with a 2x icon (each id once, in hand order), when the caller has them;
    `room`: ers_room(race, car), when the caller has read it."""
    # the answer depends on the cards showing a 2x icon alone, and the
    # pairs on their icons in order (few, where the cards are many): the
    # pairs' positions kept by those icons serve again from race to race
    icons = pair_icons(race)
    # (filter, not comprehensions: their closure cells are made at every call)
    if in_hand is None:
        cards = tuple(filter(icons.__contains__, _spendable(car)))
    else:
        held = car.held_events
        cards = tuple(in_hand + list(filter(icons.__contains__, dict.fromkeys(held)))) if held \
            else tuple(in_hand)
    if len(cards) < 2:
        return []
    marks = tuple(map(icons.__getitem__, cards))
    pairs = _PAIRS.get(marks)           # (no closure made for the usual hit)
    if pairs is None:
        pairs = keep(_PAIRS, marks, _pairs_by_icon(marks))
    out: list[tuple] = []
    for f, combos in pairs:
        if f == "ers_2x" and not (ers_room(race, car) if room is None else room):
            continue
        if f == "tyre_2x" and car.wear <= 0:
            continue
        for i, j in combos:
            a, b = cards[i], cards[j]
            if f == "parameter_2x":
                for p in PARAMETERS:
                    if not car.params[p]:
                        out.append((f, a, b, p))
            else:
                out.append((f, a, b))
    return out


_PAIRS: dict = {}         # the 2x icons of the cards that may be spent, in order -> _pairs_by_icon


def _pairs_by_icon(marks: tuple) -> tuple:
    """((function, pairs of positions in `marks` showing its 2x icon), ...)
    in PAIR_FUNCTIONS order, the functions with a pair only: what cards
    with these 2x icons offer (FGP 4.2.2), whatever the car's state."""
    by_icon: dict[str, list[int]] = {f: [] for f in PAIR_FUNCTIONS}
    for i, f in enumerate(marks):
        by_icon[f].append(i)
    return tuple((f, tuple(combinations(by_icon[f], 2))) for f in PAIR_FUNCTIONS
                 if len(by_icon[f]) > 1)


def _spend_any(race: Race, car: Car, card: str) -> None:
    if card in car.held_events:
        car.held_events.remove(card)
        race.decks["event"].discard(card)
    else:
        spend(car, card)


def spend_single(race: Race, car: Car, function: str, card: str) -> list[Event]:
    """Spend one card for its secondary function (FGP 4.2.2). +1 OT is
    applied here; counter-steer and Brake! only spend the card (the caller
    moves the car or brakes)."""
    if (function, card) not in single_spends(race, car):
        raise IllegalAction(f"FGP 4.2.2: {card} cannot be spent for {function} now",
                            "FGP 4.2.2")
    _spend_any(race, car, card)
    ev = [Event("spend", {"seat": car.seat, "card": card, "function": function}, "FGP 4.2.2")]
    if function == "ot_plus1":
        car.ot += 1
        ev.append(Event("ot", {"seat": car.seat, "delta": 1, "ot": car.ot}, "FGP 4.2.2"))
    return ev


def spend_pair(race: Race, car: Car, choice: tuple) -> list[Event]:
    """Spend two cards for a 2x secondary function (FGP 4.2.2)."""
    choice = tuple(choice)
    if choice not in pair_spends(race, car):
        raise IllegalAction(f"FGP 4.2.2: {choice!r} is not a legal two-card spend "
                            "(both cards need the same 2x icon)", "FGP 4.2.2")
    f, a, b = choice[:3]
    _spend_any(race, car, a)
    _spend_any(race, car, b)
    ev = [Event("spend_pair", {"seat": car.seat, "cards": [a, b], "function": f},
                "FGP 4.2.2")]
    if f == "ers_2x":
        ev += charge_ers(race, car, 1, "FGP 4.2.2")
    elif f == "tyre_2x":
        ev += add_wear(race, car, -1, "FGP 4.2.2")
    elif f == "parameter_2x":
        restore_parameter(car, choice[3])
        ev.append(Event("parameter_restored", {"seat": car.seat, "colour": choice[3]},
                        "FGP 4.2.2"))
    else:                                   # mp_2x: +1 MP this turn (FGP 7.3.3.2)
        car.mp_bonus += 1
    return ev
