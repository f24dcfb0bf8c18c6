"""BOT 5.1 and 4.2: a Pro BOT at the pit entry, written from the BOT rules:
hand-written positions, the BOT's turn played through GAME.apply.

Fast track: tile 40 is the pit entry tile; its lane 4 is the PIT LANE space
(40.4.1, behind the yellow line), 40.3.1 the shadow car ahead of the line;
lane 4 of tile 39 (39.4.1) leads only into the pit lane."""
from __future__ import annotations

from ._bot_help import bot_turn, pos
from .common import GAME, kinds, name

AT_LINE = """round = 12
{head}[[car]]
name = "vireo"
controller = "{kind}"
at = "39.4.1"
{bot}
[[car]]
name = "halcyon"
at = "{other}"
"""
PRO = 'bot = {{ tactics = "TAC11", pit = {{ round = {r}, entry = {e} }} }}'


def _at_line(*, due, kind="pro", head="safety_car = 20\n", other="39.3.1", more=""):
    bot = PRO.format(r=11 if due else 20, e="true" if due else "false") if kind == "pro" else ""
    if kind == "rookie":
        head += 'bots = { rookie_tactics = "TAC01" }\n'
    return pos(AT_LINE.format(head=head, kind=kind, bot=bot, other=other) + more)


def test_bot_5_1_not_pitting_it_stops_ahead_of_the_yellow_line():
    """A Pro not due to pit on the lane into the pit entry, the car beside it (under
    the Safety Car no car is pushed aside): its only way on is over into the pit lane,
    so its move ends where it is, ahead of the yellow line, and the turn passes on."""
    st = _at_line(due=False)
    assert name(st, 0) == "39.4.1" and not st.cars[0].in_pit
    assert st.move["seat"] == 1 and 0 in st.done


def test_bot_5_1_a_rookie_stops_ahead_of_the_yellow_line_too():
    """A Rookie never pits: in the same place it stops ahead of the line as well."""
    st = _at_line(due=False, kind="rookie")
    assert name(st, 0) == "39.4.1" and not st.cars[0].in_pit and 0 in st.done


def test_bot_5_1_intending_to_pit_it_enters_the_pit_lane():
    """The same place with its Pit token on the pit lane entry: the Pro drives into
    the PIT LANE space and enters the pit lane (its token used up)."""
    st = _at_line(due=True)
    ev = bot_turn(st, 0)
    assert "pit_entry" in kinds(ev) and st.cars[0].in_pit
    assert not st.bots["cars"]["0"]["pit"]["entry"]


def test_bot_4_2_on_the_yellow_line_it_enters_past_the_cars_ahead_of_it():
    """[ADV] Dry tyres in the rain make a stop due (BOT 4.2); the Pro is already in the
    lane at the yellow line, and cars stand ahead of the line (the shadow car 40.3.1
    and 40.2.1): it enters the pits all the same, no battle, no Penalty token."""
    head = 'rules = "advanced"\nweather = "rainy"\nrolls = ["white:green"]\n'
    text = AT_LINE.format(head=head, kind="pro", other="40.3.1",
                          bot='tyre = "medium"\nbot = { tactics = "TAC11", pit = { round = 20 } }')
    st = pos(text + '[[car]]\nname = "nimbus"\nat = "40.2.1"\n')
    assert st.bots["cars"]["0"]["pit"]["entry"]              # the wrong tyres: a stop due
    assert len(GAME.fine_actions(st, 0)) == 1                 # the step the rules dictate
    ev = bot_turn(st, 0)
    assert "pit_entry" in kinds(ev) and st.cars[0].in_pit
    assert "bot_battle" not in kinds(ev) and "penalty" not in kinds(ev)
    assert st.cars[0].penalties == 0
