"""BOT 6.9 (hazard tokens and the BOTs), written from the BOT rules: a Pro
BOT on the fast track from 3.2.2 with TAC11 (lane 2 on straights, yellow arrow
right, no corner modification) drives 8 points in round 4: 4.2.1, 4.2.2,
5.2.1, 6.2.1, 7.2.1, 7.2.2, 8.2.1, 9.2.1. Rookies are never affected."""
from __future__ import annotations

from chequered.games.formulagp.bot.move import move_points

from ._bot_help import GAME, bot_turn, path, pos
from .common import kinds, name

RUN = ["4.2.1", "4.2.2", "5.2.1", "6.2.1", "7.2.1", "7.2.2", "8.2.1", "9.2.1"]
CARS = """round = 4
{head}
[[car]]
name = "vireo"
controller = "{kind}"
at = "{at}"
tyre = "{tyre}"
bot = {{ tactics = "TAC11" }}
[[car]]
name = "halcyon"
controller = "rookie"
at = "30.1.1"
"""


def _bot(head, kind="pro", at="3.2.2", tyre="medium", adv=True):
    text = CARS.format(head=head, kind=kind, at=at, tyre=tyre)
    if kind == "rookie":
        text = text.replace('bot = { tactics = "TAC11" }', "")
        head = 'bots = { rookie_tactics = "TAC01" }\n'
        text = text.replace("round = 4\n", "round = 4\n" + head)
    return pos(('rules = "advanced"\n' if adv else "") + text)


def _reds(ev):
    return [e.rule for e in ev if e.kind == "roll" and e.data["die"] == "red"]


def _next_move(st, seat):
    """Play on (every seat by its one or last action) to `seat`'s next move."""
    from chequered.games.formulagp.bot.agent import BotAgent
    r = st.flag
    while not (st.flag > r and st.move and st.move.get("seat") == seat
               and st.move.get("stage") == "moving"):
        s = min(GAME.to_act(st))
        GAME.apply(st, s, BotAgent(st.cars[s].controller, s, 1).choose(GAME, st, s))


# ---- BOT 6.9.1 Gravel --------------------------------------------------------------------
def test_bot_6_9_1_gravel_at_red_pace_no_tyre_bonus_next_move():
    """Through the gravel tile (6) at the RED pace: no tyre wear, the token stays
    (it did not stop there); its next move is made without the tyre bonus."""
    st = _bot('hazards = { "6" = "gravel" }', adv=False)
    wear = st.cars[0].wear
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN and st.hazards == {6: "gravel"} and st.cars[0].wear == wear
    assert "bot_gravel" in kinds(ev)
    _next_move(st, 0)
    mv = st.move
    assert mv["mp"] == move_points(st, 0, mv["gear"], mv["pace"], tyre=False) \
        == move_points(st, 0, mv["gear"], mv["pace"]) - 2       # the Medium token's 2


def test_bot_6_9_1_the_token_comes_off_when_the_pro_stops_on_the_tile():
    st = _bot('hazards = { "9" = "gravel" }', adv=False)
    ev = bot_turn(st, 0)
    assert name(st, 0) == "9.2.1" and st.hazards == {} and "bot_gravel" in kinds(ev)


def test_bot_6_9_1_rookies_are_not_affected_by_gravel():
    st = _bot('hazards = { "6" = "gravel" }', kind="rookie", adv=False)
    ev = bot_turn(st, 0)
    end = path(st, ev, 0)[-1]
    assert "bot_gravel" not in kinds(ev) and "gravel" not in kinds(ev)
    st2 = _bot(f'hazards = {{ "{end.split(".")[0]}" = "gravel" }}', kind="rookie", adv=False)
    bot_turn(st2, 0)
    assert list(st2.hazards.values()) == ["gravel"]           # it stopped there: still there


# ---- BOT 6.9.2 Debris --------------------------------------------------------------------
def test_bot_6_9_2_debris_the_next_point_is_a_lane_change_to_the_yellow_arrow():
    """Onto the Debris tile (5) its next point is one lane change right (TAC11's
    arrow); it keeps that lane; no damage, the token stays."""
    st = _bot('hazards = { "5" = "debris" }')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == ["4.2.1", "4.2.2", "5.2.1", "5.3.1", "6.3.1", "7.3.1", "7.3.2",
                               "8.3.1"]
    assert "debris_avoided" in kinds(ev) and "bot_damage" not in kinds(ev)
    assert st.hazards == {5: "debris"}


def test_bot_6_9_2_debris_where_it_stops_damage_and_the_token_comes_off():
    """Stopping on the Debris tile (9) with no point left for the lane change: a
    Damage token (BOT 6.3: a red WHITE die, beside the OT level)."""
    st = _bot('hazards = { "9" = "debris" }\nrolls = ["white:red"]')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN and "debris_hit" in kinds(ev) and "bot_damage" in kinds(ev)
    assert st.hazards == {}


def test_bot_6_9_2_rookies_are_not_affected_by_debris():
    st = _bot('hazards = { "5" = "debris" }', kind="rookie")
    ev = bot_turn(st, 0)
    assert "debris_hit" not in kinds(ev) and "debris_avoided" not in kinds(ev)
    assert "5.3.1" not in path(st, ev, 0) and st.hazards == {5: "debris"}


# ---- BOT 6.9.3 Oil -----------------------------------------------------------------------
def test_bot_6_9_3_oil_where_the_pro_stops_the_red_die_and_the_token_comes_off():
    """Stopping on the Oil tile (9): the RED die of BOT 6.1 (a tyre-wear face:
    nothing); the token comes off. Driving through oil (tile 6) does nothing."""
    st = _bot('hazards = { "9" = "oil" }\nrolls = ["red:tyre_wear"]')
    ev = bot_turn(st, 0)
    assert _reds(ev) == ["BOT 6.1"] and st.hazards == {} and name(st, 0) == "9.2.1"
    st = _bot('hazards = { "6" = "oil" }')
    ev = bot_turn(st, 0)
    assert _reds(ev) == [] and st.hazards == {6: "oil"} and path(st, ev, 0) == RUN


def test_bot_6_9_3_rookies_are_not_affected_by_oil():
    st = _bot('hazards = { "6" = "oil" }', kind="rookie")
    ev = bot_turn(st, 0)
    assert "loss_of_control" not in kinds(ev) and _reds(ev) == [] and st.hazards == {6: "oil"}


# ---- BOT 6.9.4 Standing Water ------------------------------------------------------------
RAIN = 'weather = "rainy"\nhazards = {{ "{t}" = "standing_water" }}\nrolls = {rolls}'


def test_bot_6_9_4_each_token_driven_through_costs_a_point():
    """Wet tyres in the rain: through one Standing Water tile (6) the Pro ends one
    space short of its move (9.2.1 back to 8.2.1); no RED die for driving through."""
    st = _bot(RAIN.format(t=6, rolls=[]), tyre="wet")
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN and name(st, 0) == "8.2.1" and _reds(ev) == []
    assert [e.data["n"] for e in ev if e.kind == "bot_water_slow"] == [1]


def test_bot_6_9_4_stopping_on_standing_water_the_red_die():
    """Stopping on the tile (9): the RED die of BOT 6.1; in the rain the token stays."""
    st = _bot(RAIN.format(t=9, rolls=["red:tyre_wear"]), tyre="wet")
    ev = bot_turn(st, 0)
    assert name(st, 0) == "9.2.1" and _reds(ev) == ["BOT 6.1"] and st.hazards == {9: "standing_water"}


def test_bot_6_9_4_rookies_are_not_affected_by_standing_water():
    st = _bot(RAIN.format(t=6, rolls=[]), kind="rookie")
    ev = bot_turn(st, 0)
    assert "bot_water_slow" not in kinds(ev) and _reds(ev) == [] and "bot_corner_back" not in kinds(ev)
