"""FGP 13.12 penalties and 13.12.1 the Investigation card."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.rules import penalties as P


def test_fgp_13_12_one_token_per_offence():
    for cause in (P.COLLISION, P.PUSHED_OFF, P.PIT_SPEEDING, P.YELLOW_LINE):
        a = P.award(3, cause)
        assert (a.seat, a.tokens, a.cause) == (3, 1, cause)
    assert P.award(0, P.COLLISION).rule == "FGP 13.5"
    assert P.award(0, P.HELD_ICON, icons=2).tokens == 2
    with pytest.raises(ValueError):
        P.award(0, "speeding_on_track")


def test_fgp_13_12_tokens_add_up_over_the_race():
    awards = [P.award(1, P.COLLISION), P.award(2, P.YELLOW_LINE), P.award(1, P.PIT_SPEEDING)]
    assert P.total(1, awards, 1) == 3
    assert P.total(0, awards, 2) == 1


def test_fgp_13_12_1_investigation_token_per_icon_on_held_events():
    held = {0: [P.HeldCard("E07", icons=1), P.HeldCard("E12", icons=2)],
            1: [P.HeldCard("E03")],
            2: [],
            3: [P.HeldCard("F01", icons=1, event=False)]}
    r = P.investigation(held)
    assert r.shown == {0: ("E07", "E12"), 1: ("E03",), 2: (), 3: ()}
    assert [(a.seat, a.tokens, a.rule) for a in r.awards] == [(0, 3, "FGP 13.12.1")]


def test_fgp_13_12_1_investigation_options_hand_and_end_icon():
    held = {3: [P.HeldCard("F01", icons=1, event=False)],
            4: [P.HeldCard("E20", end_icon=True)]}
    assert [(a.seat, a.tokens) for a in P.investigation(held, counts_hand=True).awards] \
        == [(3, 1)]
    assert [(a.seat, a.tokens) for a in
            P.investigation(held, counts_end_icon=True).awards] == [(4, 1)]


def test_fgp_12_2_1_cards_left_at_the_finish():
    held = {0: [P.HeldCard("E20", end_icon=True), P.HeldCard("E07", icons=1)], 1: []}
    assert [(a.seat, a.tokens, a.cause) for a in P.end_of_race(held)] == \
        [(0, 2, P.END_OF_RACE)]


def test_fgp_13_12_served_in_the_pit_box():
    assert P.serve(0) == P.Serve(0, 0)
    assert P.serve(1) == P.Serve(1, 0)
    assert P.serve(2) == P.Serve(1, 0)
    assert P.serve(3) == P.Serve(2, 0)
    assert P.serve(5) == P.Serve(2, 0)


def test_fgp_13_12_unserved_tokens_cost_five_tiles_each():
    assert P.end_tiles(2) == 10
    assert P.end_tiles(0) == 0
