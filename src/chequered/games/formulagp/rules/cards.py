"""Card handling, ERS and the hand limit, parameter tokens (FGP 4.1, 4.2,
4.10, 4.12, 8.8). The secondary functions (FGP 4.2.2) are rules/secondary.py.

Every function takes the Race (for its content, and its chance for draws:
engine/chance.py) and a seat or Car, mutates in place and returns the events
it caused (draws append theirs to the `events` they are given). Rule violations raise
IllegalAction naming the section; callers that need an untouched state on
failure check first with the `legal_*`/`can_*` helpers (they never mutate).
"""
from __future__ import annotations

from ....engine import chance
from ....engine.chance import PUBLIC
from ....engine.deck import Deck
from ....engine.protocol import Event, IllegalAction
from ..bot.table import BOT_KINDS
from ..content import ActionCard, BoardSide, Content, load_content
from ..state import ACTION_DECK_SIZE, PARAMETERS, Car, Race
from .tyres import apply_wear

_INDEX: dict[object, tuple[Content, dict]] = {}


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


_SIDES: dict = {}       # content directory -> board -> side -> BoardSide


def board_side(race: Race, car: Car) -> BoardSide:
    # asked at every step: the side by content directory, board and side, found
    # once (the directory names its content: load_content is cached by it);
    # nested tables, so no key tuple is built and hashed a call
    try:
        return _SIDES[race.content_dir][car.board][car.side]
    except KeyError:
        got = content_of(race).board(car.board).side(car.side)
        _SIDES.setdefault(race.content_dir, {}).setdefault(car.board, {})[car.side] = got
        return got


def _shared_index(content: Content) -> tuple:
    """(content, {id: card}, {id: its deck}) of the EVENT, RISK, DAMAGE and
    FAILURE cards (ids are unique across them), made once per content."""
    hit = _NAMED.get(id(content))
    if hit is None or hit[0] is not content:
        by_id, deck_of = {}, {}
        for deck in ("event", "risk", "damage", "failure"):
            for c in getattr(content, deck).cards:
                by_id[c.id] = c
                deck_of[c.id] = deck
        hit = _NAMED[id(content)] = (content, by_id, deck_of)     # one store: key and answer
    return hit


_NAMED: dict = {}       # id(content) -> _shared_index (its own table: no key tuple a call)


def shared_card(race: Race, card_id: str):
    """An EVENT, RISK, DAMAGE or FAILURE card by id."""
    return _shared_index(content_of(race))[1][card_id]


def shared_deck(race: Race, card_id: str) -> str:
    """Which of the EVENT, RISK, DAMAGE and FAILURE decks a card is of."""
    deck = _shared_index(content_of(race))[2].get(card_id)
    if deck is None:
        raise ValueError(f"{card_id!r} is not an EVENT, RISK, DAMAGE or FAILURE card")
    return deck


def board_modifier(race: Race, car: Car, target: str) -> int:
    """FGP 13.6 / 13.7: the sum of the board-value maluses ('hand_limit',
    'ers_max', 'max_ot', 'tyre_bonus') of the DAMAGE and FAILURE cards lying
    by the car's board."""
    total = 0
    if not car.damage and not car.failures:
        return total
    for cid in (*car.damage, *car.failures):
        for e in shared_card(race, cid).effects:
            if e.type == "board_value" and e.target == target:
                total += e.amount
    return total


def ers_max(race: Race, car: Car) -> int:
    """The board's maximum ERS charge, less damage (FGP 8.8.1, 13.6)."""
    top = board_side(race, car).ers_max
    if car.damage or car.failures:          # a malus lies by the board (no call without)
        top += board_modifier(race, car, "ers_max")
    # (a test, not max(0, ...): builtin min/max parse keywords, some 1k machine
    # instructions a call in 3.11, and these are asked many times a turn)
    return top if top > 0 else 0


def max_ot(race: Race, car: Car) -> int:
    """The board's maximum OT, less damage (FGP 9.2, 13.6)."""
    top = board_side(race, car).max_ot
    if car.damage or car.failures:
        top += board_modifier(race, car, "max_ot")
    return top if top > 0 else 0


_FACTS: dict = {}


def card_facts(race: Race) -> dict:
    """card id -> (kind, colour) of the race's ACTION cards: the two questions
    asked on every step, answered by one dict look-up."""
    f = _FACTS.get(race.content_dir)
    if f is None:
        f = {c.id: (c.kind, c.colour) for c in content_of(race).action.cards}
        _FACTS[race.content_dir] = f
    return f


def tyre_wear_cards(race: Race, hand: list[str]) -> list[str]:
    """The Tyre Wear cards of a hand, each id once, in hand order (FGP 4.3)."""
    # hands are too many to remember: one look-up a card is cheaper
    facts = card_facts(race)
    return [c for c in dict.fromkeys(hand) if facts[c][0] == "tyre_wear"]


# The four questions below are asked thousands of times a race: each reads
# the facts table itself (card_facts only the first time).
def kind_of(race: Race, card_id: str) -> str:
    """'movement', 'tyre_wear', 'option' or 'draw_failure' (FGP 4.3)."""
    return (_FACTS.get(race.content_dir) or card_facts(race))[card_id][0]


def colour_of(race: Race, card_id: str) -> str | None:
    return (_FACTS.get(race.content_dir) or card_facts(race))[card_id][1]


def is_tyre_wear(race: Race, card_id: str) -> bool:
    return (_FACTS.get(race.content_dir) or card_facts(race))[card_id][0] == "tyre_wear"


def is_draw_failure(race: Race, card_id: str) -> bool:
    return (_FACTS.get(race.content_dir) or card_facts(race))[card_id][0] == "draw_failure"


def action_ids(content: Content) -> list[str]:
    """The 45 card ids of one ACTION deck, in content order (FGP 4.3)."""
    return [c.id for c in content.action.cards]


# ---- ERS and the hand limit (FGP 4.10, 7.3.1, 8.8) ---------------------------
def ers_leds(race: Race, car: Car) -> int:
    """LEDs printed beside the car's current ERS charge (FGP 4.10)."""
    return board_side(race, car).ers_leds[car.ers]


def hand_limit(race: Race, car: Car, leds: int | None = None) -> int:
    """FGP 7.3.1: 4 cards plus the LEDs beside the current ERS level (less a
    'hand_limit' DAMAGE/FAILURE malus, FGP 13.6). `leds`: ers_leds, when the
    caller has it at hand."""
    base = content_of(race).control.hand_base            # 4
    if leds is None:
        leds = ers_leds(race, car)
    limit = base + leds
    if car.damage or car.failures:
        limit += board_modifier(race, car, "hand_limit")
    return limit if limit > 0 else 0


def overflow(race: Race, car: Car) -> int:
    """Cards over the hand limit (FGP 8.8: discard them at once)."""
    over = len(car.hand) - hand_limit(race, car)
    return over if over > 0 else 0


def covered(race: Race, car: Car, function: str) -> bool:
    """FGP 13.6 / 13.7: a DAMAGE or FAILURE card by the board puts its token
    over this board function ('ers_spend', 'ers_charge', 'drs', 'brake', ...):
    it is unavailable until that card is repaired."""
    if not car.damage and not car.failures:
        return False
    return _covering(race, car, function)


def _covering(race: Race, car: Car, function: str) -> bool:
    """covered's test of the cards by the board (apart: its generator's
    cells would be made at every call of covered, most with no card)."""
    return any(e.type == "disable" and e.function == function
               for cid in (*car.damage, *car.failures) for e in shared_card(race, cid).effects)


def charge_ers(race: Race, car: Car, n: int = 1, rule: str = "FGP 8.8.1") -> list[Event]:
    """+n ERS, never above the board's maximum (FGP 8.8.1); nothing while a
    token covers the charging (FGP 13.7)."""
    if covered(race, car, "ers_charge"):
        return []
    top = ers_max(race, car)
    room = top - car.ers
    gained = n if n < room else room
    if gained < 0:
        gained = 0
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
DECK_NAMES = {"event": "EVENT", "risk": "RISK", "damage": "DAMAGE", "failure": "FAILURE",
              "driver": "DRIVER", "radio": "TEAM RADIO"}


def draw_cards(race: Race, car: Car, n: int = 1, rule: str = "FGP 4.2.1", *,
               events: list) -> list[str]:
    """Draw n ACTION cards from the top into the hand, seen by their owner
    only. A spent draw pile is rebuilt by shuffling its discard pile
    (FGP 4.2); when both are empty the draw stops short. Returns the ids.
    A BOT seat holds no ACTION cards (BOT 1.7.1, 2.1; A182): it draws none,
    and the cards stay in its deck."""
    if n <= 0 or car.controller in BOT_KINDS:
        return []
    # a pile of n cards or more never runs out: no refill made (a closure
    # made here would cost its cells at every call)
    deck = car.deck
    refill = _refill(race, events) if len(deck.pile) < n else None
    got = chance.draw_many(race.chance, events, deck, n, rule=rule, what="ACTION card",
                           to=car.seat, refill=refill)
    car.hand.extend(got)
    return got


def _refill(race: Race, events: list):
    """draw_cards' refill: a spent ACTION pile is rebuilt by shuffling its
    discard pile (FGP 4.2)."""
    def refill(deck: Deck) -> None:
        if deck.discards:
            chance.reshuffle(race.chance, events, deck, rule="FGP 4.2", what="ACTION deck")
    return refill


def draw_from(race: Race, deck: Deck, events: list, *, rule: str, what: str, to=PUBLIC,
              seat: int | None = None):
    """One card off `deck`, reshuffling its discards first when the pile is
    empty (FGP 4.2); None when nothing is left. `to`: who sees it."""
    if not deck.pile:
        if not deck.discards:
            return None
        chance.reshuffle(race.chance, events, deck, rule="FGP 4.2", what=f"{what} deck")
    return chance.draw(race.chance, events, deck, rule=rule, what=what, to=to, seat=seat)


def draw_shared(race: Race, name: str, events: list, *, rule: str, to=PUBLIC,
                seat: int | None = None) -> str | None:
    """Draw from a shared deck: 'event', 'risk', 'damage', 'failure' (FGP 4.1)."""
    return draw_from(race, race.decks[name], events, rule=rule, what=f"{DECK_NAMES[name]} card",
                     to=to, seat=seat)


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


def reshuffle_effect(race: Race, car: Car, events: list) -> None:
    """A card effect's reshuffle: the draw pile only, never the discard pile
    (FGP 4.2.1)."""
    chance.shuffle(race.chance, events, car.deck.pile, rule="FGP 4.2.1", what="ACTION deck")


# ---- conservation ----------------------------------------------------------------
_SIZES: dict = {}


def deck_sizes(race: Race) -> dict[str, int]:
    """The starting size of each shared deck (FGP 3.4: the Advanced-only EVENT
    and RISK cards are not in a Standard game)."""
    key = (race.content_dir, race.config.rules)
    sizes = _SIZES.get(key)
    if sizes is None:
        content = content_of(race)
        rules = race.config.rules
        sizes = _SIZES[key] = {
            "event": len(content.race_cards("event", rules)),
            "risk": len(content.race_cards("risk", rules)),
            "damage": len(content.damage.cards), "failure": len(content.failure.cards),
            "driver": len(content.driver.cards)}
    from ..track import track
    from .optional_rules import street_damage_deck, street_race
    if street_race(race.config.options, track(race.track).style):    # FGP 15.2
        damage = street_damage_deck(content_of(race).damage.cards, street=True)
        return {**sizes, "damage": len(damage)}
    return sizes


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
    sizes = deck_sizes(race)
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
    """Move the tyre-wear marker n spaces (never past the end of the track),
    through rules.tyres: the icons it meets are reported (FGP 10.1) and no
    wear is added under the Safety Car (FGP 13.9.2), as for every other wear."""
    return apply_wear(board_side(race, car), car, n, rule=rule,
                      safety_car=race.safety_car is not None)


def apply_overflow(race: Race, car: Car, choice: tuple) -> list[Event]:
    """Carry out one of overflow_choices (FGP 8.8). Playing the Draw Failure
    card draws a FAILURE card (FGP 4.3.4): it is placed by the board (or
    discarded when it is a no-failure card) and announced, with its id, for
    the caller to resolve its effects."""
    choice = tuple(choice)
    if choice not in overflow_choices(race, car):
        raise IllegalAction(f"FGP 8.8: {choice!r} is not a way to come down to the "
                            "hand limit (Tyre Wear and Draw Failure cards are played, "
                            "not discarded)", "FGP 8.8")
    kind, card = choice
    play(car, card, "FGP 8.8")
    if kind == "discard":                       # face down (FGP 4.2): its owner sees which
        ev = [face_down("discard", car.seat, card, "FGP 8.8")]
    else:                                       # played face up
        ev = [Event(kind, {"seat": car.seat, "card": card}, "FGP 8.8")]
    if kind == "play_tyre_wear":
        ev += add_wear(race, car, 1, "FGP 4.3.2")
    elif kind == "play_draw_failure":
        draw_failure(race, car, ev)
    return ev


def face_down(kind: str, seat: int, card: str, rule: str, **data) -> Event:
    """A card put face down from a hand (a discard, FGP 4.2): its owner reads
    which card, the others only that a card went."""
    return Event(kind, {"seat": seat, "card": card, **data}, rule, to=seat,
                 masked={"seat": seat, **data})


def draw_failure(race: Race, car: Car, events: list) -> str | None:
    """Draw a FAILURE card face up (FGP 4.3.4, 13.7): kept by the board unless
    the system holds (a no-failure card, discarded). Effects: the caller.
    The card drawn, or None when the deck is spent."""
    fid = draw_shared(race, "failure", events, rule="FGP 13.7", seat=car.seat)
    if fid is None:
        return None
    held = not shared_card(race, fid).no_failure
    if held:
        car.failures.append(fid)
    else:
        race.decks["failure"].discard(fid)
    events.append(Event("failure_drawn", {"seat": car.seat, "card": fid, "held": held},
                        "FGP 13.7"))
    return fid
