"""FGP 4.1-4.2.1 (the decks, the hand, spent cards) as scenarios: a position written by hand
(formulagp.position), played through GAME.legal_actions / GAME.apply, the
outcome checked against the rulebook; docstrings say what the book demands.

The board and track as test_ch04_mechanics.py describes them."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position

from ._ch04_help import GAME, drive


# ---- FGP 4.1 ------------------------------------------------------------------------------
def test_fgp_4_1_own_action_deck_each_shared_event_risk_damage_failure():
    """Every player draws from an ACTION deck of its own (the same 45 kinds of
    card in each); the EVENT, RISK, DAMAGE and FAILURE decks are one each for
    the whole table."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 3), 4)
    decks = [sorted(c.deck.pile + c.hand) for c in st.cars]
    assert len(decks[0]) == 45 and decks[0] == decks[1] == decks[2]
    assert all(a.deck is not b.deck for a in st.cars for b in st.cars if a is not b)
    assert {"event", "risk", "damage", "failure"} <= set(st.decks)
    # a card one player draws from a shared deck is gone for all
    st = position('decks = {event = ["E09"]}\n[[car]]\nat = "13.2.1"\nhand = ["G01", "P01"]\n'
                  '[[car]]\nat = "20.2.1"')
    n = len(st.decks["event"].pile)
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    assert st.cars[0].held_events == ["E09"] and len(st.decks["event"].pile) == n - 1


# ---- FGP 4.2 ------------------------------------------------------------------------------
def test_fgp_4_2_a_used_up_deck_is_rebuilt_from_its_discards_and_piles_are_face_down():
    """When the ACTION deck is empty its discard pile is shuffled into a new
    deck; nobody sees what a discard pile holds (the views give a count)."""
    st = position('round = 6\n[[car]]\nat = "13.2.1"\nhand = ["G01"]\n'
                  '[[car]]\nat = "20.2.1"\nmoved = true')
    car = st.cars[0]
    car.deck.discards, car.deck.pile = car.deck.pile, []     # Vireo's deck is used up
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    drive(st)
    while st.round == 6:                                # the round ends, the draw phase
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert len(car.hand) >= 4 and len(car.deck.pile) + len(car.hand) + \
        len(car.deck.discards) == 45
    for seat in (None, 1):
        v = GAME.view(st, seat)
        assert isinstance(v["cars"][0]["discards"], int)
        assert not any(c in str(v["cars"][0]) for c in car.deck.discards)


# ---- FGP 4.2.1 ----------------------------------------------------------------------------
def test_fgp_4_2_1_returned_cards_go_under_the_deck_and_played_cards_to_the_discards():
    """A card returned in the draw phase goes to the bottom of the deck (it
    comes back last); a card played is discarded once it is resolved; an EVENT
    card kept is held face down outside the hand."""
    st = position('phase = "round_start"\nround = 6\n[[car]]\nat = "13.2.1"\n'
                  '[[car]]\nat = "20.2.1"')
    car = st.cars[0]
    while st.turn.pending.step == "returns" and 0 not in st.turn.pending.seats:
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, A.Done())
    back = next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Return)).card
    GAME.apply(st, 0, A.Return(back))
    assert car.deck.pile[0] == back and back not in car.hand      # pile[0] is the bottom
    st = position('decks = {event = ["E09"]}\n[[car]]\nat = "13.2.1"\nhand = ["G01", "P01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.PlayCard("P01", "play"))
    assert car.deck.discards == ["P01"] and "P01" not in car.hand
    assert car.held_events == ["E09"] and "E09" not in car.hand
    assert GAME.view(st, 1 if len(st.cars) > 1 else None)["cars"][0]["held_events"] == 1
