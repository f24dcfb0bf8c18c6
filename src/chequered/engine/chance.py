"""Explicit chance: every die roll, card draw, shuffle and look at a deck.

Game code never touches a random generator or the order of a deck itself; it
asks this module, which advances the state's generator, counts the operation
(`Chance.ticks`) and appends an event saying who saw the outcome:

- PUBLIC (None): everyone (a die rolled on the table, a card turned face up);
- a seat number: that seat only (a card drawn into a hand, a peek at a deck);
  the other seats see the event's `masked` data instead ("draws 2 cards");
- SECRET: nobody yet (a card dealt face down, a deck shuffled); the game
  reveals it later with an event of its own.

Every chance event has `reveal=True`: undo never crosses one (engine/session.py).
The conformance kit checks that a step which moved `ticks` emitted one.

Tests force outcomes with `scripted(state_chance, rolls=[...], cards=[...])`
instead of searching for seeds or patching functions.
"""
from __future__ import annotations

from collections import deque
from contextlib import contextmanager

from .deck import Deck, EmptyDeck
from .protocol import Event, SharedEvents
from .rng import Rng

PUBLIC = None


class _Secret:
    __slots__ = ()

    def __repr__(self) -> str:
        return "SECRET"


SECRET = _Secret()


class ScriptError(AssertionError):
    """A scripted outcome that cannot happen (a face the die does not have,
    a card that is not in the deck)."""


class Chance:
    """The random source of one race: a seeded generator plus a count of the
    chance operations made so far (not part of the position: only compared
    within one step)."""

    __slots__ = ("rng", "ticks", "script")

    def __init__(self, rng: Rng | int = 0):
        self.rng = rng if isinstance(rng, Rng) else Rng(rng)
        self.ticks = 0
        self.script: deque | None = None

    @classmethod
    def from_state(cls, state: int) -> "Chance":
        return cls(Rng(state=state))

    def clone(self) -> "Chance":
        c = Chance.__new__(Chance)
        c.rng = self.rng.clone()
        c.ticks = self.ticks
        c.script = deque(self.script) if self.script is not None else None
        return c

    def to_doc(self) -> int:
        return self.rng.state

    def __eq__(self, other) -> bool:
        return isinstance(other, Chance) and other.rng.state == self.rng.state

    def _forced(self, kind: str):
        if self.script:
            want, value = self.script[0]
            if want == kind:
                self.script.popleft()
                return value
        return None


def _event(kind: str, data: dict, rule: str, to, masked: dict | None) -> Event:
    if to is SECRET:
        return Event(kind, masked if masked is not None else {}, rule, True)
    return Event(kind, data, rule, True, to, masked)


# ---- dice --------------------------------------------------------------------------
def roll(ch: Chance, events: list, sides: int = 6, *, rule: str, what: str = "die",
         seat=None, to=PUBLIC, masked: dict | None = None) -> int:
    """One die with faces 1..sides; `what` names it for the log ("hazard die")."""
    ch.ticks += 1
    forced = ch._forced("roll")
    if forced is not None:
        if not 1 <= forced <= sides:
            raise ScriptError(f"a {sides}-sided die has no face {forced}")
        value = forced
    else:
        value = 1 + ch.rng.below(sides)
    data = {"what": what, "value": value, "sides": sides}
    if seat is not None:
        data["seat"] = seat
    events.append(_event("roll", data, rule, to, masked))
    return value


def roll_many(ch: Chance, events: list, count: int, sides: int = 6, *, rule: str,
              what: str = "dice", seat=None) -> tuple[int, ...]:
    """Several dice at once, one public event."""
    ch.ticks += 1
    values = []
    for _ in range(count):
        forced = ch._forced("roll")
        if forced is not None:
            if not 1 <= forced <= sides:
                raise ScriptError(f"a {sides}-sided die has no face {forced}")
            values.append(forced)
        else:
            values.append(1 + ch.rng.below(sides))
    data = {"what": what, "values": list(values), "sides": sides}
    if seat is not None:
        data["seat"] = seat
    events.append(Event("roll", data, rule, True))
    return tuple(values)


def pick(ch: Chance, events: list, options, *, rule: str, what: str, to=PUBLIC,
         masked: dict | None = None):
    """One of `options` uniformly (a random start player, a tie broken by lot)."""
    options = list(options)
    ch.ticks += 1
    forced = ch._forced("pick")
    if forced is not None:
        if forced not in options:
            raise ScriptError(f"{forced!r} is not one of {options!r}")
        value = forced
    else:
        value = options[ch.rng.below(len(options))]
    events.append(_event("pick", {"what": what, "value": value}, rule, to, masked))
    return value


def below(ch: Chance, events: list, n: int, *, rule: str, what: str, to=SECRET) -> int:
    """A uniform integer in [0, n): for a game's own random procedure (a
    random card index of a face-down pile). Secret unless told otherwise."""
    ch.ticks += 1
    forced = ch._forced("below")
    value = forced if forced is not None else ch.rng.below(n)
    events.append(_event("chance", {"what": what, "value": value}, rule, to,
                         {"what": what}))
    return value


# ---- cards -------------------------------------------------------------------------
# A shuffle's event (public: nobody sees the order) depends on the deck's name
# and the rule only: made once and handed to every race (events are values;
# string keys only, as 1 and True would be one key).
def _shuffled(what, rule: str) -> Event:
    return Event("shuffle", {"what": what}, rule, True)


def _reshuffled(what, rule: str) -> Event:
    return Event("shuffle", {"what": what, "discards": True}, rule, True)


_SHUFFLED = SharedEvents(_shuffled)
_RESHUFFLED = SharedEvents(_reshuffled)


def shuffle(ch: Chance, events: list, items, *, rule: str, what: str = "deck") -> None:
    """Shuffle a Deck's draw pile, or a list, in place (secret: nobody sees
    the order)."""
    ch.ticks += 1
    pile = items.pile if isinstance(items, Deck) else items
    ch.rng.shuffle(pile)
    events.append(_SHUFFLED[what, rule] if type(what) is str and type(rule) is str
                  else _shuffled(what, rule))


def new_deck(ch: Chance, events: list, cards, *, rule: str, what: str = "deck") -> Deck:
    """A deck of these cards, shuffled."""
    deck = Deck(cards)
    shuffle(ch, events, deck, rule=rule, what=what)
    return deck


def reshuffle(ch: Chance, events: list, deck: Deck, *, rule: str, what: str = "deck") -> None:
    """The discards shuffled back under what is left of the pile."""
    ch.ticks += 1
    rest = deck.discards
    deck.discards = []
    ch.rng.shuffle(rest)
    deck.pile = rest + deck.pile
    events.append(_RESHUFFLED[what, rule] if type(what) is str and type(rule) is str
                  else _reshuffled(what, rule))


def _take(ch: Chance, deck: Deck):
    forced = ch._forced("card")
    if forced is not None:
        if forced not in deck.pile:
            raise ScriptError(f"card {forced!r} is not in the draw pile")
        deck.pile.remove(forced)
        return forced
    if not deck.pile:
        raise EmptyDeck("the deck is empty")
    return deck.pile.pop()


def _turned(what: str, card, rule: str) -> Event:
    return Event("draw", {"what": what, "cards": [card]}, rule, True)


# A card turned face up: its event depends on the rule, the deck's name and
# the card only, so it is made once and shared by every race (a card id is a
# content key: the tables stay small), in plain nested dicts,
# _TURNED[rule][what][card]: three exact-dict lookups cost less than building
# and hashing a (what, card, rule) key. Only string ids are shared: 1 and
# True would be one key.
_TURNED: dict[str, dict[str, dict[str, Event]]] = {}


def _turned_shared(what: str, card: str, rule: str) -> Event:
    """The shared event of `card` turned face up, made on first use."""
    cards = _TURNED.setdefault(rule, {}).setdefault(what, {})
    event = cards.get(card)
    if event is None:
        event = cards[card] = _turned(what, card, rule)
    return event


def draw(ch: Chance, events: list, deck: Deck, *, rule: str, what: str = "card",
         to=PUBLIC, seat=None, masked: dict | None = None):
    """The top card. `to=PUBLIC` turns it face up; `to=seat` shows it to that
    seat only (the others see `masked`, by default who drew how many)."""
    ch.ticks += 1
    if to is PUBLIC and seat is None and ch.script is None and deck.pile:   # the common case
        card = deck.pile.pop()
        if type(card) is str:
            try:
                events.append(_TURNED[rule][what][card])
            except KeyError:
                events.append(_turned_shared(what, card, rule))
        else:
            events.append(_turned(what, card, rule))
        return card
    card = _take(ch, deck)
    data = {"what": what, "cards": [card]}
    owner = seat if seat is not None else (to if isinstance(to, int) else None)
    if owner is not None:
        data["seat"] = owner
    if masked is None and to is not PUBLIC:
        masked = {"what": what, "count": 1}
        if owner is not None:
            masked["seat"] = owner
    events.append(_event("draw", data, rule, to, masked))
    return card


def draw_many(ch: Chance, events: list, deck: Deck, count: int, *, rule: str,
              what: str = "card", to=PUBLIC, seat=None, masked: dict | None = None,
              refill=None) -> list:
    """Up to `count` cards in one event; `refill(deck)` is called when the pile
    runs out (it must go through this module too), else drawing stops."""
    ch.ticks += 1
    cards = []
    for _ in range(count):
        if not deck.pile and refill is not None:
            refill(deck)
        if not deck.pile and not (ch.script and ch.script[0][0] == "card"):
            break
        cards.append(_take(ch, deck))
    owner = seat if seat is not None else (to if isinstance(to, int) else None)
    data = {"what": what, "cards": cards}
    if owner is not None:
        data["seat"] = owner
    if masked is None and to is not PUBLIC:
        masked = {"what": what, "count": len(cards)}
        if owner is not None:
            masked["seat"] = owner
    events.append(_event("draw", data, rule, to, masked))
    return cards


def peek(ch: Chance, events: list, deck: Deck, count: int = 1, *, rule: str,
         what: str = "card", to=PUBLIC, seat=None) -> list:
    """Look at the top `count` cards without taking them (top first)."""
    ch.ticks += 1
    forced = ch._forced("card")
    if forced is not None:
        if forced not in deck.pile:
            raise ScriptError(f"card {forced!r} is not in the draw pile")
        deck.pile.remove(forced)
        deck.pile.append(forced)
    cards = list(reversed(deck.pile[-count:])) if count else []
    owner = seat if seat is not None else (to if isinstance(to, int) else None)
    data = {"what": what, "cards": cards}
    masked = {"what": what, "count": len(cards)}
    if owner is not None:
        data["seat"] = masked["seat"] = owner
    events.append(_event("peek", data, rule, to, masked))
    return cards


def reveal(events: list, kind: str, data: dict, rule: str) -> None:
    """A hidden thing shown to everyone (cards committed face down, a card
    played from a hand): a reveal event, so undo does not cross it."""
    events.append(Event(kind, data, rule, True))


# ---- tests ----------------------------------------------------------------------------
@contextmanager
def scripted(ch: Chance, *, rolls=(), cards=(), picks=(), order=None):
    """Force the next outcomes: dice faces, cards drawn (by id, taken from
    wherever they are in the pile), lot picks. `order` gives a mixed sequence
    of ("roll"|"card"|"pick"|"below", value). Unused outcomes fail the test."""
    seq = list(order or [])
    seq += [("roll", v) for v in rolls]
    seq += [("card", v) for v in cards]
    seq += [("pick", v) for v in picks]
    before = ch.script
    ch.script = deque(seq)
    try:
        yield ch
        left = list(ch.script)
        if left:
            raise ScriptError(f"scripted outcomes never used: {left}")
    finally:
        ch.script = before


def script(ch: Chance, *, rolls=(), cards=(), picks=()) -> None:
    """Like `scripted`, without the check at the end (for a whole race)."""
    seq = [("roll", v) for v in rolls] + [("card", v) for v in cards] + \
        [("pick", v) for v in picks]
    ch.script = deque(seq)


__all__ = ["Chance", "PUBLIC", "SECRET", "roll", "roll_many", "pick", "below", "shuffle",
           "new_deck", "reshuffle", "draw", "draw_many", "peek", "reveal", "scripted",
           "script", "ScriptError", "EmptyDeck", "describe_chance", "CHANCE_KINDS"]


# ---- text ---------------------------------------------------------------------------
CHANCE_KINDS = ("roll", "draw", "shuffle", "peek", "pick", "chance")


def describe_chance(event: Event, names: dict | None = None, card_name=None) -> str | None:
    """Player-facing text of a chance event (as already seen through
    Event.seen_by), or None if it is not one. `names` maps seats to names;
    `card_name(card_id)` names a card (default: its id)."""
    if event.kind not in CHANCE_KINDS:
        return None
    d = event.data
    names = names or {}
    who = names.get(d["seat"], f"player {d['seat'] + 1}") if "seat" in d else None
    what = d.get("what", "card")
    card = card_name or str
    if event.kind == "roll":
        if "values" in d:
            got = ", ".join(map(str, d["values"]))
            return f"{who + ' rolls' if who else 'Rolled'} {what}: {got}"
        return f"{who + ' rolls' if who else 'Rolled'} the {what}: {d['value']}"
    if event.kind in ("draw", "peek"):
        verb = "draws" if event.kind == "draw" else "looks at"
        n = len(d["cards"]) if "cards" in d else d.get("count", 1)
        counted = f"{n} {what}" + ("" if n == 1 or what.endswith("s") else "s")
        if "cards" in d:
            cards = ", ".join(card(c) for c in d["cards"]) or "nothing"
            lead = f"{who} {verb}" if who else ("Turned" if event.kind == "draw" else "Seen")
            return f"{lead} {counted}: {cards}"
        return f"{who or 'Someone'} {verb} {counted}"
    if event.kind == "shuffle":
        return f"The {what} is shuffled" + (" (its discards back in)" if d.get("discards") else "")
    if event.kind == "pick":
        value = d.get("value")
        value = names.get(value, value) if isinstance(value, int) else value
        return f"Drawn by lot ({what}): {value}"
    return f"Chance: {what}" + (f" {d['value']}" if "value" in d else "")
