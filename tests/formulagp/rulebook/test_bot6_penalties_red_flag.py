"""BOT 6.6 (red flag) and BOT 6.8 (penalties), written from the BOT rules: a
position by hand, the dice and cards forced, played through GAME.apply.

The BOT is brought to the incident by playing its move with cards, as a
player's (its BOT-rule move has its own tests, test_bot2_*); the penalty that
follows is the BOT rules'. On the street track a wall lies beyond lane 4 of
tile 1 (test_ch08_movement.py)."""
from __future__ import annotations

import pytest

from ._ch08_help import single, steps
from .common import A, GAME, kinds, play, position


@pytest.fixture(autouse=True)
def _bot_moves_by_cards(monkeypatch):
    """The BOT's move is played with cards here (see the module docstring)."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)


WALL = """
track = "street"
{extra}
[[car]]
name = "vireo"
controller = "{kind}"
at = "1.3.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "1.4.1"
"""


def _into_the_wall(kind, extra=""):
    st = position(WALL.format(kind=kind, extra=extra))
    play(st, A.Done(), single("G05"))
    ev = steps(st, "1.4.1")                       # a wall beyond lane 4: a collision
    assert "collision" in kinds(ev)
    return st, ev


# ---- BOT 6.8 -----------------------------------------------------------------------------
def test_bot_6_8_a_pro_bot_causing_a_collision_takes_a_penalty_token():
    """A Pro BOT that pushes a car into the wall gets the players' Penalty token."""
    st, ev = _into_the_wall("pro")
    assert st.cars[0].penalties == 1
    assert [e.data["seat"] for e in ev if e.kind == "penalty"] == [0]


def test_bot_6_8_a_rookie_bot_receives_no_penalty():
    """The same collision by a Rookie BOT costs it nothing."""
    st, ev = _into_the_wall("rookie")
    assert st.cars[0].penalties == 0 and "penalty" not in kinds(ev)
    assert [e.data["seat"] for e in ev if e.kind == "bot_no_penalty"] == [0]


def test_bot_6_8_a_rookie_owes_no_race_director_roll():
    """With the race director (FGP 15.9) a Rookie's incident is not even judged: no WHITE roll."""
    st, ev = _into_the_wall("rookie", 'options = ["race_director_penalties"]\nrolls = ["white:6"]')
    assert st.cars[0].penalties == 0 and list(st.chance.script)
    st, ev = _into_the_wall("pro", 'options = ["race_director_penalties"]\nrolls = ["white:6"]')
    assert st.cars[0].penalties == 1 and not st.chance.script


# ---- BOT 6.6 -----------------------------------------------------------------------------
RED_FLAG = """
round = 9
forced = ["card:E03", "white:6"{rolls}]
[[car]]
name = "vireo"
at = "20.2.1"
hand = ["P03", "G05"]
[[car]]
name = "halcyon"
controller = "{kind}"
at = "13.2.1"
tyre = "soft"
damage = ["D01"]
{bot}
"""


def _red_flag(kind="pro", bot="", rolls=""):
    """Vireo's 'Safety Car' card rolls a 6: the Red Flag (FGP 13.10)."""
    st = position(RED_FLAG.format(kind=kind, bot=bot, rolls=rolls))
    ev = play(st, A.PlayCard("P03", "play"), seat=0)
    assert "red_flag" in kinds(ev)
    return st, ev


def test_bot_6_6_a_pro_due_within_four_rounds_changes_tyres_repairs_and_new_tactics():
    """Round 9, the Pit token on round 12: the Pro fits its STRATEGY card's next tyre (STR01: Medium) and gets a new Pit token from this round (9 + 7 + 3 = 19), repairs every damage and draws a new TACTICS card; the players alone are asked."""
    st, ev = _red_flag(bot='bot = { strategy = "STR01", tactics = "TAC01", pit = { round = 12, '
                           'icon = "pit" }, damage = { ot = 1 } }', rolls=', "white:3"')
    rec = st.bots["cars"]["1"]
    car = st.cars[1]
    assert car.tyre == "medium" and rec["tyre_token"] == "full"
    assert rec["pit"]["round"] == 19 and not rec["pit"].get("entry") and rec["stops"] == 1
    assert car.damage == [] and "damage" not in rec
    assert rec["tactics"] != "TAC01" and "TAC01" in st.decks["tactics"].discards
    assert st.turn.pending.step == "red_flag" and st.turn.pending.seats == [0]
    assert not st.chance.script


def test_bot_6_6_a_pro_whose_stop_is_further_keeps_its_tyres_but_repairs():
    """The Pit token on round 14 (five rounds on): the tyres stay, the damage is repaired, a new TACTICS card (A180)."""
    st, ev = _red_flag(bot='bot = { strategy = "STR01", tactics = "TAC01", pit = { round = 14 }, '
                           'damage = { tyre = 1 } }', rolls=', "white:3"')
    rec = st.bots["cars"]["1"]
    assert st.cars[1].tyre == "soft" and rec["pit"]["round"] == 14
    assert st.cars[1].damage == [] and "damage" not in rec and rec["tactics"] != "TAC01"
    assert list(st.chance.script)                           # no Pit-token roll


def test_bot_6_6_a_pit_token_on_the_entry_changes_tyres():
    """A stop already due (the token on the pit lane entry) is a stop within the four rounds."""
    st, _ = _red_flag(bot='bot = { strategy = "STR01", pit = { round = 6, entry = true } }',
                      rolls=', "white:3"')
    assert st.cars[1].tyre == "medium"


def test_bot_6_6_rookies_change_nothing_and_are_not_asked():
    """A Rookie keeps its tyres, its damage card and the shared TACTICS card; the players alone choose."""
    st, ev = _red_flag(kind="rookie")
    assert st.cars[1].tyre == "soft" and st.cars[1].damage == ["D01"]
    assert st.turn.pending.seats == [0] and "bot_red_flag" not in kinds(ev)
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    assert st.turn.pending.step == "pole_keep"


def test_bot_6_8_a_risk_card_penalty_goes_to_a_pro_not_to_a_rookie():
    """A card that gives a Penalty token ('Track Limits', our RISK K14) gives a Pro
    BOT its token as a player's; a Rookie receives none."""
    from chequered.games.formulagp.rules.card_effects import resolve_card
    for kind, tokens in (("pro", 1), ("rookie", 0)):
        st = position(WALL.format(kind=kind, extra=""))
        out = resolve_card(st, 0, "K14")
        assert st.cars[0].penalties == tokens, kind
        assert ("penalty" in kinds(out.events)) is bool(tokens)
