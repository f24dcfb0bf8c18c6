"""BOT 6 (race events with BOT cars), written from the BOT rules: a position
by hand, the dice and cards forced, played through GAME.apply.

Damage comes from a pair's YELLOW die on 'risk' and RISK card K10 (a DAMAGE
draw, as in test_ch13_damage.py); a BOT then rolls the WHITE die instead of
drawing a DAMAGE card. Vireo's Pro card (PRO01) has max OT 2; soft tyres
give it a tyre bonus of 3 (full side)."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _bot_moves_by_cards(monkeypatch):
    """These tests bring a BOT to the event by playing its move with cards, as a
    player's (its move by the BOT rules, BOT 2, has its own tests, test_bot2_*);
    what follows is the BOT rules'."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)

from chequered.games.formulagp.bot.content import load_bot_content
from chequered.games.formulagp.bot.table import max_ot, tyre_bonus

from ._ch13_incident_help import drive
from .common import A, GAME, kinds, play, position

BC = load_bot_content()


def damaged(kind="pro", roll="white:2", bot=""):
    st = position(f'round = 5\nforced = ["yellow:risk", "card:K10", "{roll}"]\n[[car]]\n'
                  f'controller = "{kind}"\nat = "13.2.1"\ntyre = "soft"\n'
                  f'hand = ["G01", "G02", "G03"]\n{bot}')
    ev = play(st, A.Done(), A.Play(("G01", "G02")))
    drive(st)
    return st, ev


def tokens(st):
    return st.bots["cars"]["0"].get("damage")


# ---- BOT 6.3 -----------------------------------------------------------------------------
def test_bot_6_3_red_a_token_beside_the_ot_level_max_ot_minus_one():
    st, _ = damaged(roll="white:2")
    assert tokens(st) == {"ot": 1, "tyre": 0} and st.cars[0].damage == []
    assert max_ot(st, 0) == BC.pro_card("PRO01").max_ot - 1


def test_bot_6_3_green_a_token_beside_the_tyre_marker_tyre_bonus_minus_one():
    st, _ = damaged(roll="white:3")
    assert tokens(st) == {"ot": 0, "tyre": 1}
    assert tyre_bonus(st, 0) == BC.bot.tyre_tokens["soft"].full - 1


def test_bot_6_3_a_one_is_a_close_call():
    st, _ = damaged(roll="white:1")
    assert tokens(st) is None and st.cars[0].damage == [] and not st.chance.script


def test_bot_6_3_a_second_token_goes_to_the_other_icon_a_third_does_nothing():
    st, _ = damaged(roll="white:2", bot='bot = { damage = { ot = 1 } }')
    assert tokens(st) == {"ot": 1, "tyre": 1}
    st, _ = damaged(roll="white:4", bot='bot = { damage = { ot = 1, tyre = 1 } }')
    assert tokens(st) == {"ot": 1, "tyre": 1}
    assert max_ot(st, 0) == BC.pro_card("PRO01").max_ot - 1


def test_bot_6_3_rookies_take_no_damage():
    """No WHITE roll, no DAMAGE card (the scripted roll stays unused)."""
    st, _ = damaged(kind="rookie")
    assert st.cars[0].damage == [] and list(st.chance.script) and tokens(st) is None


def test_bot_5_3_and_6_3_two_damage_tokens_are_repaired_with_an_extra_round():
    st = position('round = 10\nrolls = ["white:4"]\n[[car]]\nname = "vireo"\n'
                  'controller = "pro"\nat = "pit"\n'
                  'bot = { strategy = "STR01", damage = { ot = 1, tyre = 1 } }\n'
                  '[[car]]\nname = "halcyon"\nat = "3.3.1"\n')
    assert tokens(st) is None
    ev = play(st, A.Done(), seat=0)
    assert "to_pit_exit" not in kinds(ev) and st.cars[0].box_wait == 1


# ---- BOT 6.10.2 --------------------------------------------------------------------------
def test_bot_6_10_2_rookies_drive_the_rain_side_while_it_rains(monkeypatch):
    """A Rookie's round-2 move (RED pace by the WHITE die) reads the rain side
    (A123) in the rain, the side chosen before the race when it is dry."""
    monkeypatch.undo()                          # the BOT rules' own move here
    text = ('rules = "advanced"\nround = 2\nrolls = ["white:2"]\nweather = "{w}"\n'
            '[[car]]\ncontroller = "rookie"\nat = "13.2.1"\n')
    wet = position(text.format(w="rainy"))
    dry = position(text.format(w="cloudy"))
    gear = wet.move["gear"]
    rain = BC.rookie.side(BC.rookie.rain_side).speed.mp(gear, "red")
    fast = BC.rookie.side("fast").speed.mp(gear, "red")
    assert rain != fast
    assert (wet.move["pace"], wet.move["mp"]) == ("red", rain)
    assert (dry.move["pace"], dry.move["mp"]) == ("red", fast)


# ---- BOT 6.5 -----------------------------------------------------------------------------
SC = """
round = 5
forced = ["card:{card}", "white:3"{more}]
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
controller = "pro"
at = "10.2.1"
hand = ["G06"]
bot = {{ pit = {{ round = {pit}, icon = "tyre" }} }}
"""


def safety_car(pit, rolls=()):
    """Vireo's Option card draws the 'Safety Car' EVENT card, whose WHITE 3
    deploys it (FGP 13.9); halcyon (Medium tyres, icon on round 11) is a Pro
    BOT. Round 5 of a Standard race: the flag on radar space 13 (A120)."""
    from ._flags_help import event_id
    more = "".join(f', "{r}"' for r in rolls)
    st = position(SC.format(card=event_id("Safety Car"), more=more, pit=pit))
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert "safety_car" in kinds(ev)
    return ev, st.bots["cars"]["1"]["pit"]


def test_bot_6_5_a_tyre_token_within_four_spaces_a_green_die_early_stop():
    _, tok = safety_car(7, ["white:5"])                  # round 7: radar space 15
    assert tok.get("entry") is True


def test_bot_6_5_a_red_die_keeps_the_strategy_and_the_token_moves_two_later():
    _, tok = safety_car(7, ["white:4"])
    assert not tok.get("entry") and (tok["round"], tok["space"]) == (9, 17)


def test_bot_6_5_the_token_never_passes_its_tyre_icon():
    """Round 10, five spaces away: no roll; two later would pass the Medium icon
    (round 11): it stops there."""
    ev, tok = safety_car(10)
    assert (tok["round"], tok["space"]) == (11, 19)
    assert not [e for e in ev if e.rule == "BOT 6.5" and e.kind != "bot_pit_token"]
