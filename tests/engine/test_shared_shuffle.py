"""A shuffle's event is shared by every race (engine/chance._SHUFFLED): it
equals the event made fresh, and nothing in it tells one shuffle from another."""
from __future__ import annotations

from chequered.engine import chance
from chequered.engine.chance import Chance
from chequered.engine.deck import Deck


def test_shuffle_events_are_shared_and_equal_fresh_ones():
    ch = Chance(7)
    events: list = []
    deck = chance.new_deck(ch, events, ["a", "b", "c"], rule="X 1", what="deck")
    chance.shuffle(ch, events, deck, rule="X 1", what="deck")
    deck.discards = ["d", "e"]
    chance.reshuffle(ch, events, deck, rule="X 2", what="deck")
    deck.discards = ["f", "g"]
    chance.reshuffle(ch, events, deck, rule="X 2", what="deck")
    assert events[0] is events[1] and events[2] is events[3]
    assert events[0] == chance._shuffled("deck", "X 1")
    assert events[0].to is None and events[0].reveal
    assert events[2] == chance._reshuffled("deck", "X 2")
    assert events[2].data == {"what": "deck", "discards": True}


def test_a_deck_named_by_no_string_gets_its_own_event():
    ch = Chance(7)
    events: list = []
    chance.shuffle(ch, events, Deck([1, 2, 3]), rule="X 1", what=1)
    chance.shuffle(ch, events, Deck([1, 2, 3]), rule="X 1", what=1)
    assert events[0] == events[1] and events[0] is not events[1]
