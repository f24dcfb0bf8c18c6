"""Card handling, ERS and the hand limit, parameter tokens (FGP 4.1, 4.2,
4.10, 4.12, 8.8).

Every function takes the Race (for its rng and content) and a seat or Car,
mutates in place and returns the events it caused. Rule violations raise
IllegalAction naming the section; callers that need an untouched state on
failure check first with the `legal_*`/`can_*` helpers (they never mutate).
"""
from __future__ import annotations

from ....engine.deck import Deck
from ....engine.protocol import Event, IllegalAction
from ..content import ActionCard, BoardSide, Content, load_content
from ..state import ACTION_DECK_SIZE, PARAMETERS, Car, Race

_INDEX: dict[int, tuple[Content, dict[str, ActionCard]]] = {}


# ---- content look-ups -------------------------------------------------------
def content_of(race: Race) -> Content:
    return load_content(race.content_dir)


def action_card(content: Content, card_id: str) -> ActionCard:
    """The ACTION card with this id (every player's deck uses the same ids)."""
    hit = _INDEX.get(id(content))
    if hit is None or hit[0] is not content:
        hit = (content, {c.id: c for c in content.action.cards})
        _INDEX[id(content)] = hit
    return hit[1][card_id]


def board_side(race: Race, car: Car) -> BoardSide:
    return content_of(race).board(car.board).side(car.side)


def kind_of(race: Race, card_id: str) -> str:
    """'movement', 'tyre_wear', 'option' or 'draw_failure' (FGP 4.3)."""
    return action_card(content_of(race), card_id).kind


def colour_of(race: Race, card_id: str) -> str | None:
    return action_card(content_of(race), card_id).colour


def is_tyre_wear(race: Race, card_id: str) -> bool:
    return kind_of(race, card_id) == "tyre_wear"


def is_draw_failure(race: Race, card_id: str) -> bool:
    return kind_of(race, card_id) == "draw_failure"


def action_ids(content: Content) -> list[str]:
    """The 45 card ids of one ACTION deck, in content order (FGP 4.3)."""
    return [c.id for c in content.action.cards]


# ---- ERS and the hand limit (FGP 4.10, 7.3.1, 8.8) ---------------------------
def ers_leds(race: Race, car: Car) -> int:
    """LEDs printed beside the car's current ERS charge (FGP 4.10)."""
    return board_side(race, car).ers_leds[car.ers]


def hand_limit(race: Race, car: Car) -> int:
    """FGP 7.3.1: 4 cards plus the LEDs beside the current ERS level."""
    base = content_of(race).control.hand_base            # 4
    return base + ers_leds(race, car)


def overflow(race: Race, car: Car) -> int:
    """Cards over the hand limit (FGP 8.8: discard them at once)."""
    return max(0, len(car.hand) - hand_limit(race, car))


def charge_ers(race: Race, car: Car, n: int = 1, rule: str = "FGP 8.8.1") -> list[Event]:
    """+n ERS, never above the board's maximum (FGP 8.8.1)."""
    top = board_side(race, car).ers_max
    gained = max(0, min(n, top - car.ers))
    car.ers += gained
    return [Event("ers", {"seat": car.seat, "delta": gained, "ers": car.ers}, rule)] \
        if gained else []


def spend_ers(race: Race, car: Car, n: int = 1, rule: str = "FGP 4.10") -> list[Event]:
    """Spend n ERS charges. The hand limit drops at once (FGP 8.8); when the
    hand is now over it, the event says how many cards must go, and the caller
    opens a forced-discard step (see `overflow_choices`)."""
    if n < 1 or car.ers < n:
        raise IllegalAction(f"{rule}: ERS holds {car.ers}, cannot spend {n}", rule)
    leds = ers_leds(race, car)              # LEDs of the level spent (battle bonus)
    car.ers -= n
    return [Event("ers_spent", {"seat": car.seat, "n": n, "leds": leds, "ers": car.ers,
                                "hand_limit": hand_limit(race, car),
                                "must_discard": overflow(race, car)}, rule)]


def discardable(race: Race, car: Car) -> list[str]:
    """Hand cards that may be discarded by choice: never Tyre Wear (FGP 4.3.2)
    or Draw Failure (FGP 4.3.4) cards (FGP 7.3.1, 8.8)."""
    return [c for c in car.hand
            if not is_tyre_wear(race, c) and not is_draw_failure(race, c)]


def overflow_choices(race: Race, car: Car) -> list[tuple[str, str]]:
    """FGP 8.8: the ways to get rid of one card over the hand limit: discard a
    card, or play a Tyre Wear card (+1 wear) or the Draw Failure card (draw a
    FAILURE card) instead. Empty when the hand is within the limit. Unique ids."""
    if not overflow(race, car):
        return []
    out: list[tuple[str, str]] = []
    for c in dict.fromkeys(car.hand):
        if is_tyre_wear(race, c):
            out.append(("play_tyre_wear", c))
        elif is_draw_failure(race, c):
            out.append(("play_draw_failure", c))
        else:
            out.append(("discard", c))
    return out


# ---- deck operations (FGP 4.2, 4.2.1) -----------------------------------------
def draw_cards(race: Race, car: Car, n: int = 1, rule: str = "FGP 4.2.1") -> list[str]:
    """Draw n ACTION cards from the top into the hand. A spent draw pile is
    rebuilt by shuffling its discard pile (FGP 4.2); when both are empty the
    draw stops short. Returns the ids drawn."""
    got: list[str] = []
    for _ in range(n):
        c = draw_from(race, car.deck)
        if c is None:
            break
        car.hand.append(c)
        got.append(c)
    return got


def draw_from(race: Race, deck: Deck):
    """One card off `deck`, reshuffling its discards first when the pile is
    empty (FGP 4.2); None when nothing is left. Works for the shared decks."""
    if not deck.pile:
        if not deck.discards:
            return None
        deck.reshuffle(race.rng)
    return deck.draw()


def draw_shared(race: Race, name: str) -> str | None:
    """Draw from a shared deck: 'event', 'risk', 'damage', 'failure' (FGP 4.1)."""
    return draw_from(race, race.decks[name])


def _take(car: Car, card: str, rule: str) -> None:
    if card not in car.hand:
        raise IllegalAction(f"{rule}: {card} is not in seat {car.seat}'s hand", rule)
    car.hand.remove(card)
    if card in car.drawn:
        car.drawn.remove(card)


def return_to_bottom(car: Car, card: str, rule: str = "FGP 4.2.1") -> None:
    """Hand -> bottom of the ACTION deck (FGP 4.2.1 'returning')."""
    _take(car, card, rule)
    car.deck.return_to_bottom(card)


def put_on_top(car: Car, card: str, rule: str = "FGP 7.2.1") -> None:
    """Hand -> top of the deck (the pole bonus of FGP 7.2.1)."""
    _take(car, card, rule)
    car.deck.put_on_top(card)


def discard(car: Car, card: str, rule: str = "FGP 4.2.1") -> None:
    """Hand -> discard pile. Playing and spending end here too (FGP 4.2.1)."""
    _take(car, card, rule)
    car.deck.discard(card)


def play(car: Car, card: str, rule: str = "FGP 4.2.1") -> None:
    """A played card is discarded once its effects are resolved (FGP 4.2.1);
    the caller resolves the effect."""
    discard(car, card, rule)


def spend(car: Car, card: str, rule: str = "FGP 4.2.2") -> None:
    """A spent card (secondary function) is discarded (FGP 4.2.2)."""
    discard(car, card, rule)


def remove(car: Car, card: str, rule: str = "FGP 4.2.1") -> None:
    """Take a card out of the game from the hand, the draw pile or the
    discard pile (FGP 4.2.1 'removing'): it is set aside, still counted."""
    if card in car.hand:
        _take(car, card, rule)
        car.deck.removed.append(card)
    else:
        car.deck.remove(card)


def reshuffle_effect(race: Race, car: Car) -> None:
    """A card effect's reshuffle: the draw pile only, never the discard pile
    (FGP 4.2.1)."""
    race.rng.shuffle(car.deck.pile)


# ---- conservation ----------------------------------------------------------------
def deck_counts(car: Car) -> dict[str, int]:
    return {"pile": len(car.deck.pile), "hand": len(car.hand),
            "discards": len(car.deck.discards), "removed": len(car.deck.removed)}


def deck_conserved(car: Car, size: int = ACTION_DECK_SIZE) -> bool:
    """Draw pile + hand + discard + removed = the deck's size, and no card
    twice (the ids of one deck are unique)."""
    cards = car.deck.pile + car.hand + car.deck.discards + car.deck.removed
    return len(cards) == size and len(set(cards)) == size


def check_conservation(race: Race) -> list[str]:
    """Every deck in the race conserved: each car's ACTION deck (45) and the
    shared decks (their starting size, held/in-front cards included). Returns
    the problems found (empty = fine)."""
    problems = []
    for car in race.cars:
        if not deck_conserved(car):
            problems.append(f"seat {car.seat}: ACTION deck {deck_counts(car)} "
                            f"is not {ACTION_DECK_SIZE} distinct cards")
    sizes = race.config.get("deck_sizes", {})
    held = {
        "event": [c for car in race.cars for c in car.held_events],
        "damage": [c for car in race.cars for c in car.damage],
        "failure": [c for car in race.cars for c in car.failures],
        "driver": [car.driver for car in race.cars if car.driver],
        "risk": [],
    }
    for name, deck in race.decks.items():
        if name not in sizes:
            continue
        n = len(deck.pile) + len(deck.discards) + len(deck.removed) + len(held.get(name, ()))
        if n != sizes[name]:
            problems.append(f"{name} deck holds {n} cards, not {sizes[name]}")
    return problems


# ---- parameter tokens (FGP 4.12) ----------------------------------------------------
def can_use_parameter(car: Car, colour: str) -> bool:
    return car.params.get(colour, False)


def use_parameter(race: Race, car: Car, colour: str) -> list[Event]:
    """Spend the YELLOW (+1 ERS, capped at max) or RED (+1 OT, may pass the
    car's maximum) parameter token (FGP 4.12). WHITE is the redraw of
    rules.draw.use_white_parameter."""
    if colour not in PARAMETERS:
        raise IllegalAction(f"FGP 4.12: no {colour!r} parameter token", "FGP 4.12")
    if colour == "white":
        raise IllegalAction("FGP 4.12: the WHITE token is used in the draw "
                            "procedure (rules.draw)", "FGP 4.12")
    if not car.params[colour]:
        raise IllegalAction(f"FGP 4.12: the {colour} parameter token is already used",
                            "FGP 4.12")
    car.params[colour] = False
    ev = [Event("parameter", {"seat": car.seat, "colour": colour}, "FGP 4.12")]
    if colour == "yellow":
        ev += charge_ers(race, car, 1, "FGP 4.12")
    else:
        car.ot += 1
        ev.append(Event("ot", {"seat": car.seat, "delta": 1, "ot": car.ot}, "FGP 4.12"))
    return ev


def restore_parameter(car: Car, colour: str) -> None:
    """Regain one used parameter token (FGP 4.2.2 two-card function)."""
    if car.params.get(colour, True):
        raise IllegalAction(f"FGP 4.2.2: the {colour} token is not used", "FGP 4.2.2")
    car.params[colour] = True


def add_wear(race: Race, car: Car, n: int = 1, rule: str = "FGP 10.1") -> list[Event]:
    """Move the tyre-wear marker n spaces (never past the end of the track).
    The icon effects of FGP 10.1 belong to rules.tyres."""
    last = len(board_side(race, car).tyre_track) - 1
    new = max(0, min(last, car.wear + n))
    delta, car.wear = new - car.wear, new
    return [Event("tyre_wear", {"seat": car.seat, "delta": delta, "wear": car.wear}, rule)]
