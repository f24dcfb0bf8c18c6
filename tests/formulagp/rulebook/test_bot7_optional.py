"""BOT 7 (optional Pro BOT rules), written from the BOT rules: positions by
hand, the BATTLE cards and WHITE rolls forced, played through GAME.apply.
The battle set-up is test_bot3_battle.py's (its docstring lists the cards)."""
from __future__ import annotations

from .common import A, kinds, name, play
from .test_bot3_battle import _bot_moves_by_cards, car, defend, drive_to_2_2_1, outcome, pos

__all__ = ["_bot_moves_by_cards"]          # the autouse fixture: BOTs brought by cards

BLOCKING = 'options = ["bot_blocking"]\n'


def tie_against(kind="pro", rolls=(), head=BLOCKING):
    """The player on 2.2.1 attacks the BOT on 3.3.1 with OT 2: G05 (2) + 2 = 4
    against BAT26 (4 LEDs), a tie. (race, events of the battle, the player's
    tyre wear before it)"""
    st = pos(car("vireo", "human", "1.2.1", ["G01", "G05", "G06"]),
             car("halcyon", kind, "3.3.1", [], "TAC11"), battle=["BAT26"], rolls=rolls,
             head=head)
    drive_to_2_2_1(st)
    play(st, A.Attack(1), A.Done())
    wear = st.cars[0].wear
    return st, defend(st, ["G05"], seat=0), wear


# ---- BOT 7.2 Blocking the Attack -------------------------------------------------------
def test_bot_7_2_a_tie_and_a_green_die_the_pro_blocks_no_second_attempt():
    """A tie, green WHITE die: the Pro BOT changes into the player's lane (3.2.1,
    beside it before), the player's tyre wear +1 and no second attempt: the
    player's turn ends behind."""
    st, ev, wear = tie_against(rolls=["white:3"])
    assert outcome(ev) == ["tie"]
    assert [e.data for e in ev if e.kind == "bot_block"] == \
        [{"seat": 1, "attacker": 0, "yes": True}]
    assert name(st, 1) == "3.2.1" and name(st, 0) == "2.2.1"
    assert st.cars[0].wear == wear + 1
    assert st.battle is None and "second_attempt" not in kinds(ev)
    assert st.turn.pending is None or st.turn.pending.step != "second_attempt"


def test_bot_7_2_a_red_die_the_player_may_attack_again_with_one_ot_less():
    st, ev, wear = tie_against(rolls=["white:2", "white:2"])
    assert name(st, 1) == "3.3.1" and st.cars[0].wear == wear
    assert [e.data["yes"] for e in ev if e.kind == "bot_block"] == [False]
    assert st.turn.pending.step == "second_attempt"
    play(st, A.Attack(1), A.Done())
    ev = defend(st, ["G06"], seat=0)
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.1"      # OT 2 - 1


def test_bot_7_2_a_rookie_never_blocks_and_without_the_option_no_roll():
    for kind, head in (("rookie", BLOCKING), ("pro", "")):
        st, ev, _ = tie_against(kind=kind, head=head)
        assert "bot_block" not in kinds(ev) and st.turn.pending.step == "second_attempt"


def test_bot_7_2_pro_bots_do_not_block_other_bots():
    """A Pro BOT attacking a Pro BOT ties (BAT09 2 against BAT10 2), red WHITE: no
    second attempt and no blocking roll."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", "pro", "3.3.1", [], "TAC14"), battle=["BAT09", "BAT10"],
             rolls=["white:2"], head=BLOCKING)
    ev = drive_to_2_2_1(st)
    assert outcome(ev) == ["tie"] and "bot_block" not in kinds(ev)
    assert name(st, 1) == "3.3.1" and not st.chance.script
