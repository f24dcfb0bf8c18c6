"""BOT 7 (optional Pro BOT rules), written from the BOT rules: positions by
hand, the BATTLE cards and WHITE rolls forced, played through GAME.apply.
The battle set-up is test_bot3_battle.py's (its docstring lists the cards)."""
from __future__ import annotations

from ._bot_help import at, bot_turn
from ._flags_help import drive, finish
from .common import GAME, A, kinds, name, play
import pytest

from .test_bot3_battle import car, defend, drive_to_2_2_1, outcome, pos


@pytest.fixture
def by_cards(monkeypatch):
    """A BOT brought to a battle by playing its move with cards (test_bot3_battle.py)."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)

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


@pytest.mark.usefixtures("by_cards")
def test_bot_7_2_pro_bots_do_not_block_other_bots():
    """A Pro BOT attacking a Pro BOT ties (BAT09 2 against BAT10 2), red WHITE: no
    second attempt and no blocking roll."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", "pro", "3.3.1", [], "TAC14"), battle=["BAT09", "BAT10"],
             rolls=["white:2"], head=BLOCKING)
    ev = drive_to_2_2_1(st)
    assert outcome(ev) == ["tie"] and "bot_block" not in kinds(ev)
    assert name(st, 1) == "3.3.1" and not st.chance.script


# ---- BOT 7.5 Photo Finish ----------------------------------------------------------------
def photo(v_hand, rolls, options=("photo_finish", "bot_photo_finish")):
    """test_ch15_optional_c.py's finish: vireo (a player) and halcyon, here a Pro
    BOT, crossed the line in the final round and stand on tile 3, halcyon first
    in the driver sequence; kestrel's lost turn ends the round."""
    from .test_ch15_optional_c import FINISH, pos as fpos
    doc = FINISH.format(options=list(options), v_hand=list(v_hand), h_hand=[], vireo="3.2.1",
                        v_more="", h_more='controller = "pro"\nbot = { tactics = "TAC11" }')
    return fpos(doc, rolls=list(rolls))


def photo_rolls(ev):
    return [(e.data["seat"], e.data["yes"]) for e in ev if e.kind == "bot_photo"]


def test_bot_7_5_a_red_die_the_bot_has_no_movement_points_the_player_wins():
    """The BOT rolls red: no movement points; the player is the only car that
    moves, so it wins at once (FGP 15.8.1) with a GREEN card."""
    st = photo(["G02"], ["white:2"])
    assert not st.chance.script and st.optional["photo"]["sole"] == 0
    assert set(GAME.to_act(st)) == {0}
    drive(st, 0, ["G02"])
    finish(st, 0)
    assert GAME.is_over(st) and st.classification == [0, 1, 2]


def test_bot_7_5_a_green_die_the_bot_moves_by_its_control_card():
    """The BOT rolls green: it has movement points and moves first (driver
    sequence) by the BOT rules, no card played; the player follows."""
    st = photo(["G02"], ["white:3"])
    assert "photo" in st.optional and st.optional["photo"].get("sole") is None
    assert st.move["seat"] == 1 and st.move.get("bot") and st.move["cards"] == []
    bot_turn(st, 1)
    assert int(at(st, 1).split(".")[0]) > 3 and st.cars[1].hand == []
    assert set(GAME.to_act(st)) == {0}


def test_bot_7_5_without_the_option_the_bot_is_left_to_its_hand():
    """Without bot_photo_finish no WHITE die: a BOT with no movement card in hand
    sits the round out as FGP 15.8.1 has it."""
    st = photo(["G02"], [], options=("photo_finish",))
    assert set(GAME.to_act(st)) == {0} and not st.chance.script


def test_bot_7_5_needs_the_photo_finish_option():
    from chequered.games.formulagp.config import FormulaGPConfig
    with pytest.raises(ValueError):
        FormulaGPConfig(seats=["heuristic", "pro"], options=["bot_photo_finish"])
