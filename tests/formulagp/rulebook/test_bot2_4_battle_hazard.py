"""BOT 2.4's third case, the RED-die hazard on the battle area of a TACTICS
card, written from the BOT rules; the BOT brought to the battle by cards as in
test_bot3_battle.py (TAC17 attacks always and carries the battle hazard; BAT22
4 LEDs 2 OT, BAT05 1 LED 1 OT, BAT01 a cross)."""
from __future__ import annotations

import pytest

from .common import kinds
from .test_bot3_battle import bot_vs_player, defend, outcome


@pytest.fixture(autouse=True)
def _bot_moves_by_cards(monkeypatch):
    """The BOT's move by cards (its BOT-rule move has its own tests)."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)


def _red(ev):
    return [e.rule for e in ev if e.kind == "roll" and e.data["die"] == "red"]


def test_bot_2_4_battle_hazard_after_a_won_overtake_red_die_then_new_tactics():
    """The overtake made, the Pro rolls the RED die (a tyre-wear face: nothing
    for a BOT) and then draws a new TACTICS card (TAC16)."""
    st, _ = bot_vs_player(["BAT22"], tactics="TAC17", rolls=["red:tyre_wear"])
    ev = defend(st, ["G03"])
    assert outcome(ev) == ["attacker"] and _red(ev) == ["BOT 2.4"]
    assert st.bots["cars"]["0"]["tactics"] == "TAC16"


def test_bot_2_4_battle_hazard_after_a_lost_attempt_too():
    """Won or lost, the attempt was made: the RED die all the same."""
    st, _ = bot_vs_player(["BAT05"], tactics="TAC17", rolls=["red:tyre_wear"],
                          defender=["G05"])
    ev = defend(st, ["G05"])
    assert outcome(ev) == ["defender"] and _red(ev) == ["BOT 2.4"]
    assert kinds(ev).count("bot_tactics") == 1          # the loser's card is the hazard's


def test_bot_2_4_no_battle_hazard_without_an_attempt():
    """A BATTLE card with a cross aborts the attack: no attempt, no RED die; and a
    card without the battle hazard (TAC11) rolls none after an overtake."""
    st, _ = bot_vs_player(["BAT01"], tactics="TAC17")
    ev = defend(st, ["G03"])
    assert "bot_battle_aborted" in kinds(ev) and _red(ev) == []
    st, _ = bot_vs_player(["BAT22"], tactics="TAC11")
    ev = defend(st, ["G03"])
    assert outcome(ev) == ["attacker"] and _red(ev) == []
