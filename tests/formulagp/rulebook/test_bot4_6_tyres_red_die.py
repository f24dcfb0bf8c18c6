"""BOT 6.1 / 6.2: the RED die for BOTs, written from the BOT rules: hand-written
positions on the fast track (Vireo a Pro BOT, PRO01; tile 7's 7.2.1 starts the
skid marks of a tricky corner), the BOT's turn played through GAME.apply."""
from __future__ import annotations

from ._bot_help import at, bot_turn, pos


def _pro(card, at_, rolls, side="fast", extra=""):
    return pos(f'round = 4\nrolls = {rolls}\n{extra}[[car]]\nname = "vireo"\n'
               f'controller = "pro"\nat = "{at_}"\n'
               f'bot = {{ tactics = "{card}", side = "{side}" }}\n'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def reds(ev):
    return [(e.data["face"], e.rule) for e in ev if e.kind == "roll" and e.data["die"] == "red"]


def test_bot_6_1_a_rookie_never_rolls_the_red_die():
    """A Rookie ending its move where the skid marks start rolls nothing."""
    st = pos('round = 4\nbots = { rookie_tactics = "TAC01" }\n[[car]]\nname = "halcyon"\n'
             'controller = "rookie"\nat = "3.2.1"\n[[car]]\nname = "vireo"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    assert at(st, 0) == "7.2.1"
    assert not [e for e in ev if e.kind == "roll"] and any(e.kind == "bot_no_red" for e in ev)


def test_bot_6_1_a_pro_on_a_tricky_corner_rolls_and_other_faces_do_nothing():
    """The Pro (slower side, 7 MP) ends on the tricky corner: a RED die; a RISK face
    has no effect for a BOT (no RISK card)."""
    st = _pro("TAC11", "2.2.1", '["red:risk"]', side="slow")
    ev = bot_turn(st, 0)
    assert at(st, 0) == "7.2.1" and reds(ev) == [("risk", "BOT 6.1")]
    assert not [e for e in ev if e.kind == "draw"]


def test_bot_6_2_loss_of_control_then_a_successful_counter_steer():
    """A hazard roll shows loss of control: the second RED roll does not, so the Pro
    counter-steers: the WHITE die (red) shifts it one lane left, no spin."""
    st = _pro("TAC20", "3.2.2", '["red:loss_of_control", "red:tyre_wear", "white:red"]',
              extra='bots = { tactics = ["TAC11"] }\n')
    ev = bot_turn(st, 0)
    assert reds(ev) == [("loss_of_control", "BOT 2.4"), ("tyre_wear", "BOT 6.2")]
    assert [e.rule for e in ev if e.kind == "roll" and e.data["die"] == "white"] == ["BOT 6.2"]
    assert at(st, 0) == "8.3.1" and not st.cars[0].spun


def test_bot_6_2_loss_of_control_twice_is_a_spin():
    """Loss of control on both RED rolls: the Pro spins as a player does, the WHITE die
    (red) one lane to the left."""
    st = _pro("TAC20", "3.2.2", '["red:loss_of_control", "red:loss_of_control", "white:red"]',
              extra='bots = { tactics = ["TAC11"] }\n')
    ev = bot_turn(st, 0)
    assert reds(ev)[1] == ("loss_of_control", "BOT 6.2")
    assert st.cars[0].spun and at(st, 0) == "8.3.1"
