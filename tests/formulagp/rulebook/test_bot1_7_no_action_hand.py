"""BOT 1.7.1 / 2.1: a BOT plays no ACTION cards, so it draws none (A182): its
hand stays empty from qualifying on and its ACTION deck stays whole (every car
has its own deck, FGP 4.2), while the players draw as ever."""
from __future__ import annotations

from chequered.games.formulagp.state import ACTION_DECK_SIZE

from .common import GAME, position


def _to(st, step):
    """Play on (every seat its first legal action) until `step` is asked."""
    while not GAME.is_over(st) and (st.turn.pending is None or st.turn.pending.step != step):
        s = min(GAME.to_act(st))
        GAME.apply(st, s, GAME.fine_actions(st, s)[0])


def test_bot_1_7_1_bots_draw_no_action_cards_for_qualifying():
    """At qualifying the player draws its hand; the Pro and the Rookie draw nothing."""
    st, _ = GAME.start(GAME.config(seats=["human", "pro", "rookie"]), 4)
    _to(st, "quali_cards")
    assert len(st.cars[0].hand) >= 4 and st.turn.pending.seats == [0]
    for seat in (1, 2):
        assert st.cars[seat].hand == [] and len(st.cars[seat].deck.pile) == ACTION_DECK_SIZE


def test_bot_1_7_1_a_bot_draws_nothing_in_the_draw_phase():
    """Round 5's draw phase fills the player's hand; the BOT's stays empty, its deck untouched."""
    st = position('format = "formulagp-position/1"\nround = 5\nphase = "round_start"\n'
                  '[[car]]\nname = "vireo"\nat = "13.2.1"\n'
                  '[[car]]\nname = "halcyon"\ncontroller = "pro"\nat = "10.2.1"\n')
    before = len(st.cars[1].deck.pile)
    _to(st, "move")
    assert len(st.cars[0].hand) >= 4
    assert st.cars[1].hand == [] and len(st.cars[1].deck.pile) == before
