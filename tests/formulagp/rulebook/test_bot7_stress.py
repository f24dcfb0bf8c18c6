"""BOT 7.4 Pro BOT Stress Management (option bot_stress), written from the BOT
rules: hand-written positions on the fast track (test_bot2_movement.py's: Vireo
a Pro BOT on PRO01, 8th gear GREEN 4 / RED 6, Medium tyres +2), the BOT's turn
played through GAME.apply."""
from __future__ import annotations

import pytest

from chequered.games.formulagp import actions as A

from ._bot_help import GAME, bot_turn, pos
from .common import play

CARS = """
[[car]]
name = "vireo"
controller = "pro"
at = "{at}"
bot = {{ tactics = "TAC11"{bot} }}
{car}
[[car]]
name = "halcyon"
controller = "human"
at = "{other}"
hand = ["G01", "G02", "G03"]
"""
OPT = 'options = ["bot_stress"]\n'


def _pro(stress=None, head="round = 5\n", at="3.2.1", other="9.2.1", car="", opt=OPT):
    bot = "" if stress is None else f", stress = {stress}"
    return pos(opt + head + 'leader = "halcyon"\n'
               + CARS.format(at=at, bot=bot, car=car, other=other))


def stress_of(st, seat=0):
    rec = st.bots["cars"][str(seat)]
    return rec["stress"], rec["focus"]


def test_bot_7_4_the_race_starts_at_the_maximum_and_green_pace_there():
    """A new race: every Pro BOT at the maximum stress; at the maximum it moves
    with GREEN pace (8th gear 4 + tyre 2), no die for its pace."""
    cfg = GAME.config(track="fast", seats=["heuristic", "pro", "pro"], options=["bot_stress"])
    st = GAME.new(cfg, 4)
    assert [stress_of(st, s) for s in (1, 2)] == [(2, False), (2, False)]
    st = _pro(stress=2)
    assert (st.move["pace"], st.move["mp"]) == ("green", 6)
    assert _pro(stress=1).move["pace"] == "red"


def test_bot_7_4_round_three_lowers_every_pro_bot_by_one():
    st = _pro(stress=2, head='round = 3\nphase = "round_start"\nflag = 11\n')
    assert stress_of(st) == (1, False)


def test_bot_7_4_a_calm_round_lowers_the_stress_after_the_move_zero_gives_focus():
    """No stress gained this round: after its move the BOT drops to 0 and takes the
    +1 Focus Bonus token."""
    st = _pro(stress=1)
    ev = bot_turn(st, 0)
    assert stress_of(st) == (0, True)
    assert [e.data["why"] for e in ev if e.kind == "bot_stress"] == ["calm"]


def test_bot_7_4_the_focus_bonus_is_one_movement_point_not_for_the_leader():
    """With the Focus Bonus token: RED 6 + tyre 2 + 1; as the race leader none."""
    assert _pro(stress=0).move["mp"] == 9
    st = pos(OPT + 'round = 5\nleader = "vireo"\n'
             + CARS.format(at="3.2.1", bot=", stress = 0", car="", other="1.2.1"))
    assert st.move["mp"] == 8


def test_bot_7_4_the_second_round_wheel_to_wheel_raises_the_stress(monkeypatch):
    """test_bot3_battle.py's BOT 3.4 case (the BOT's move played by cards): Vireo
    and Halcyon end another round side by side on tile 3, the tokens turn to the
    Stress side: the Pro BOT's stress +1, from 0, so the Focus token goes."""
    from chequered.games.formulagp.bot import move
    from .test_bot3_battle import car, pos as bpos
    monkeypatch.setattr(move, "drives", lambda race, seat: False)
    st = bpos(car("vireo", "pro", "3.2.1", ["G05", "T01", "T02"], "TAC11", ers=0, w2w='"vs"'),
              car("halcyon", "human", "3.3.1", [], w2w='"vs"'),
              head='sequence = ["halcyon", "vireo"]\nto_move = "vireo"\n' + OPT)
    st.bots["cars"]["0"].update(stress=0, focus=True)
    ev = play(st, A.Done(), A.Play(("G05",), (), False), A.Reduce(2, ("T01", "T02")))
    assert [c.w2w for c in st.cars] == ["stress", "stress"]
    assert stress_of(st) == (1, False)
    assert [e.data["why"] for e in ev if e.kind == "bot_stress"] == ["w2w"]


def test_bot_7_4_stress_rises_once_a_round_and_not_past_the_maximum():
    """Two gains in one round count once; at the maximum nothing happens."""
    from chequered.games.formulagp.bot.stress import gain
    st = _pro(stress=0)
    assert [e.data["stress"] for e in gain(st, 0, "red")] == [1]
    assert gain(st, 0, "w2w") == [] and stress_of(st) == (1, False)
    st = _pro(stress=2)
    assert gain(st, 0, "red") == [] and stress_of(st) == (2, False)


def test_bot_7_4_a_pit_stop_resets_the_stress_to_one():
    """A Pro BOT at the maximum makes its stop (test_bot5_pits.py's): level 1."""
    from .common import position
    from .test_bot5_pits import POS
    doc = POS.format(rolls=["white:4"], strategy="STR01", tactics="TAC11", stops="",
                     extra="", at="pit", entry=", entry = true", round=10, token="full")
    st = position(OPT + doc.replace('tyre_token = "full" }', 'tyre_token = "full", stress = 2 }'))
    assert stress_of(st) == (1, False)


def test_bot_7_4_needs_the_option_for_the_position_key():
    from chequered.engine.protocol import BadInput
    with pytest.raises(BadInput):
        _pro(stress=1, opt="")
