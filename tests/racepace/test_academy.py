"""RP Game Play Variants, Driver Academy Mode: no Race Situation cards,
Driver Experience out of order."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (AER, CHARGE, G, MEC_B, PU, PU_B, XP_B, moved, new_race, now, place,
                      play_round, set_card, stack)


def academy(**kw):
    # Jesús (Orange, RP 4, XP B), Dutch (Polar, RP 2, XP A)
    return new_race(["jesus", "dutch"], teams=["orange_motors", "polar_motorsport"],
                    rules="academy", **kw)


def test_academy_driver_experience_out_of_order():
    s = academy()
    seat = now(s)
    assert XP_B not in {a.button for a in G.legal_actions(s, seat)}
    with pytest.raises(IllegalAction, match="Driver Academy"):
        G.apply(s, seat, Select(XP_B))


@pytest.mark.parametrize("deck,card", [("I", "si_04"), ("II", "sii_04"), ("II", "sii_05"),
                                       ("I", "si_11"), ("I", "si_12"), ("I", "si_14"),
                                       ("I", "si_10")])
def test_academy_no_race_situation_effects(deck, card):
    s = academy()
    set_card(s, deck, card)
    bars = [list(c.bars) for c in s.cars]
    ev = play_round(s, {0: CHARGE, 1: MEC_B})
    assert moved(ev) == {0: 4, 1: 2}
    assert [c.td for c in s.cars] == [0, 2]
    assert s.cars[0].bars[AER] == bars[0][AER] and s.cars[1].bars[PU] == bars[1][PU]


def test_academy_no_safety_car():
    s = new_race(["jesus", "dutch", "bastian"], rules="academy")
    for seat in range(3):
        place(s, seat, 10)
        s.cars[seat].tokens = [-9]
    stack(s, "I", "si_03")
    play_round(s, {0: CHARGE, 1: MEC_B, 2: PU_B}, calm_after=False)
    assert s.situation["I"] == "si_03" and s.safety_car is False


def test_academy_cards_still_turned_for_the_bots_lights():
    """Our choice: the situation decks still turn, only so that bots read their
    start lights; the cards' effects are ignored."""
    s = new_race(["kimi", "jesus"], seats=["human", "bot"], rules="academy")
    set_card(s, "II", "sii_09")                      # green (Jesús) 9
    assert G.legal_actions(s, 1) == [Select(9)]
    play_round(s, {0: MEC_B}, calm_after=False)
    assert s.round == 2 and s.situation["II"] != "sii_09"
