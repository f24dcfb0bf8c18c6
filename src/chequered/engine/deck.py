"""A deck of cards identified by hashable ids (usually strings).

The draw pile is a list whose end is the top of the deck, so draw() is a
pop(). Discards are kept so that a spent deck can be reshuffled; removed cards
leave the game for good.
"""
from __future__ import annotations

from .rng import Rng


class EmptyDeck(Exception):
    """Drawn from a deck whose draw pile and discard pile are both empty."""


class Deck:
    __slots__ = ("pile", "discards", "removed")

    def __init__(self, cards=(), discards=(), removed=()):
        self.pile: list = list(cards)
        self.discards: list = list(discards)
        self.removed: list = list(removed)

    @classmethod
    def shuffled(cls, cards, rng: Rng) -> "Deck":
        deck = cls(cards)
        rng.shuffle(deck.pile)
        return deck

    def __len__(self) -> int:
        return len(self.pile)

    def draw(self):
        if not self.pile:
            raise EmptyDeck("the deck is empty")
        return self.pile.pop()

    def peek(self):
        return self.pile[-1] if self.pile else None

    def discard(self, card) -> None:
        self.discards.append(card)

    def return_to_bottom(self, card) -> None:
        self.pile.insert(0, card)

    def put_on_top(self, card) -> None:
        self.pile.append(card)

    def remove(self, card) -> None:
        """Take a card out of the game (from the pile or the discards)."""
        if card in self.pile:
            self.pile.remove(card)
        elif card in self.discards:
            self.discards.remove(card)
        else:
            raise ValueError(f"card {card!r} is not in the deck")
        self.removed.append(card)

    def reshuffle(self, rng: Rng) -> None:
        """Shuffle the discards back under whatever is left of the pile."""
        rest = self.discards
        self.discards = []
        rng.shuffle(rest)
        self.pile = rest + self.pile

    def clone(self) -> "Deck":
        d = Deck.__new__(Deck)
        d.pile = self.pile.copy()
        d.discards = self.discards.copy()
        d.removed = self.removed.copy()
        return d

    def to_doc(self) -> dict:
        return {"pile": list(self.pile), "discards": list(self.discards),
                "removed": list(self.removed)}

    @classmethod
    def from_doc(cls, doc: dict) -> "Deck":
        return cls(doc.get("pile", ()), doc.get("discards", ()), doc.get("removed", ()))

    def __eq__(self, other) -> bool:
        return (isinstance(other, Deck) and self.pile == other.pile
                and self.discards == other.discards and self.removed == other.removed)
