"""BOT 2.1 / 2.1.1 (and the round-3+ column of BOT 1.7.2.3): a BOT's speed and
distance from round 3 on, written from the BOT rules: hand-written positions on
the fast track, the BOT's turn played through GAME.apply.

Vireo is a Pro BOT (control card PRO01, faster side: 8th gear GREEN 4 / RED 6,
2nd gear RED 3) on Medium tyres (tyre token +2); Halcyon a Rookie (faster
side: 8th gear GREEN 3 / RED 6). Tiles 0-6 of the fast track are 8th-gear
straights; tile 22 carries a GREEN speed limit."""
from __future__ import annotations

from ._bot_help import GAME, at, bot_turn, path, pos

CARS = """
[[car]]
name = "vireo"
controller = "pro"
at = "{at}"
bot = {{ tactics = "TAC11"{bot} }}
{car}
[[car]]
name = "halcyon"
controller = "rookie"
at = "1.1.1"
"""


def _pro(at="3.2.1", head="round = 4\n", bot="", car=""):
    return pos(head + 'bots = { rookie_tactics = "TAC01" }\n'
               + CARS.format(at=at, bot=bot, car=car))


def test_bot_2_1_red_pace_gear_of_the_start_tile_plus_tyre_bonus():
    """Round 4: no die, no cards: RED pace in the start tile's gear (8th: 6) plus
    the Medium tyre token (2)."""
    st = _pro()
    mv = st.move
    assert (mv["seat"], mv["pace"], mv["gear"], mv["mp"], mv["cards"]) == (0, "red", 8, 8, [])
    assert [type(a).__name__ for a in GAME.fine_actions(st, 0)] == ["Step"]   # no cards


def test_bot_2_1_the_difficulty_bonus_point_is_added():
    """The optional bonus point of BOT 1.3 f) is added every round: 6 + 2 + 1."""
    assert _pro(bot=", bonus = true").move["mp"] == 9


def test_bot_2_1_a_rookie_moves_by_its_card_without_tyre_bonus():
    """A Rookie: the control card's RED 8th gear (6), nothing added."""
    st = pos('round = 4\nsequence = ["halcyon", "vireo"]\nbots = { rookie_tactics = "TAC01" }\n'
             + CARS.format(at="3.2.1", bot="", car=""))
    assert (st.move["seat"], st.move["pace"], st.move["mp"]) == (1, "red", 6)


def test_bot_2_1_green_pace_starting_in_a_yellow_flag_zone():
    """Starting in a yellow-flag zone the BOT drives the GREEN pace: 4 + 2."""
    st = _pro(head="round = 4\nyellow_zones = [{ yellow = 3, green = 5 }]\n")
    assert (st.move["pace"], st.move["mp"]) == ("green", 6)


def test_bot_2_1_green_pace_back_on_track_after_a_spin():
    """Off the track after a spin, the BOT comes back at the GREEN pace (8th gear 4);
    as a player it has no tyre bonus on that move (A130)."""
    st = _pro(at="off:3.0", car='rejoin = "b"')
    assert (st.move["pace"], st.move["gear"], st.move["mp"]) == ("green", 8, 4)


def test_bot_2_1_wheel_to_wheel_the_white_die_sets_the_pace():
    """Starting a turn wheel-to-wheel the WHITE die gives the pace (BOT 2.1, 3.4):
    a green face, GREEN pace; a red face, RED pace."""
    st = _pro(head='round = 4\nrolls = ["white:green"]\n', car='w2w = "vs"')
    assert (st.move["pace"], st.move["mp"]) == ("green", 6)
    st = _pro(head='round = 4\nrolls = ["white:red"]\n', car='w2w = "vs"')
    assert (st.move["pace"], st.move["mp"]) == ("red", 8)


def test_bot_2_1_1_advanced_bots_ignore_speed_limits():
    """[ADV] Through the GREEN speed limit of tile 22 at RED pace (2nd gear: 3 + 2):
    the BOT rolls no die for it."""
    st = _pro(at="21.3.1", head='rules = "advanced"\nround = 5\n')
    assert (st.move["pace"], st.move["gear"], st.move["mp"]) == ("red", 2, 5)
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == ["21.3.2", "22.3.1", "22.3.2", "23.3.1", "23.3.2"]
    assert not [e for e in ev if e.kind == "roll"]


# ---- BOT 2.3 / 2.3.1 / 2.4 ------------------------------------------------------------
def _corner_pro(card, at="3.2.2", head="round = 4\n", extra=""):
    return pos(head + extra + '[[car]]\nname = "vireo"\ncontroller = "pro"\n'
               f'at = "{at}"\nbot = {{ tactics = "{card}" }}\n'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


RUN = ["4.2.1", "4.2.2", "5.2.1", "6.2.1", "7.2.1", "7.2.2", "8.2.1", "9.2.1"]


def test_bot_2_3_1_a_corner_extension_moves_the_pro_on():
    """8 MP end on the right-hand corner of tile 9; the card's +1 (TAC18) takes the
    Pro one space further, onto tile 10; only once."""
    st = _corner_pro("TAC18")
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN + ["10.2.1"]
    assert [e.data["n"] for e in ev if e.kind == "bot_corner"] == [1]


def test_bot_2_3_1_a_corner_reduction_moves_the_pro_back():
    """The same move with a -2 card (TAC22): two spaces back along its path."""
    st = _corner_pro("TAC22", head='round = 4\nrolls = ["red:tyre_wear"]\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN
    assert at(st, 0) == "7.2.2"
    assert [e.data["n"] for e in ev if e.kind == "bot_corner"] == [-2]


def test_bot_2_3_1_no_corner_modification_in_round_two():
    """BOT 1.7.2.2 / 2.3.1: not in the first two rounds (the WHITE die: red pace)."""
    st = _corner_pro("TAC18", head='round = 2\nrolls = ["white:red"]\nbots = { tactics = ["TAC18"] }\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN and not [e for e in ev if e.kind == "bot_corner"]


def test_bot_2_3_1_a_rookie_has_no_corner_modification():
    """The Rookie card's corner number is not used (BOT 2.3 is Pro only)."""
    st = pos('round = 4\nbots = { rookie_tactics = "TAC08" }\n[[car]]\nname = "halcyon"\n'
             'controller = "rookie"\nat = "5.2.1"\n[[car]]\nname = "vireo"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    assert at(st, 0) == "10.2.1" and not [e for e in ev if e.kind == "bot_corner"]


def test_bot_2_4_hazard_on_the_movement_area_red_die_then_new_tactics():
    """TAC20's hazard on the movement area: after the move a RED die (a tyre-wear face:
    no effect for a BOT), then a new TACTICS card from the deck."""
    st = _corner_pro("TAC20", head='round = 4\nrolls = ["red:tyre_wear"]\n',
                     extra='bots = { tactics = ["TAC11"] }\n')
    wear = st.cars[0].wear
    ev = bot_turn(st, 0)
    assert path(st, ev, 0)[-1] == "8.4.1"                     # a straight: no corner bonus
    assert [(e.data["die"], e.rule) for e in ev if e.kind == "roll"] == [("red", "BOT 2.4")]
    assert st.bots["cars"]["0"]["tactics"] == "TAC11" and st.cars[0].wear == wear


def test_bot_2_4_hazard_on_the_corner_area_only_with_the_corner_bonus():
    """TAC15: the hazard sits on its corner bonus: the bonus used, the RED die follows."""
    st = _corner_pro("TAC15", head='round = 4\nrolls = ["red:risk"]\n',
                     extra='bots = { tactics = ["TAC11"] }\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == RUN + ["10.2.1"]
    assert [(e.data["die"], e.rule) for e in ev if e.kind == "roll"] == [("red", "BOT 2.4")]
    assert st.bots["cars"]["0"]["tactics"] == "TAC11"
    assert not [e for e in ev if e.kind == "draw" and e.data.get("deck") == "risk"]


def test_bot_2_4_no_corner_hazard_without_the_bonus():
    """TAC15 on a move that ends on a straight: no corner bonus, no RED die."""
    st = _corner_pro("TAC15", at="4.2.2")
    ev = bot_turn(st, 0)
    assert not [e for e in ev if e.kind == "roll"] and st.bots["cars"]["0"]["tactics"] == "TAC15"
