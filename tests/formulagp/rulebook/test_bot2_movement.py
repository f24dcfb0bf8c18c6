"""BOT 2.1 / 2.1.1 (and the round-3+ column of BOT 1.7.2.3): a BOT's speed and
distance from round 3 on, written from the BOT rules: hand-written positions on
the fast track, the BOT's turn played through GAME.apply.

Vireo is a Pro BOT (control card PRO01, faster side: 8th gear GREEN 4 / RED 6,
2nd gear RED 3) on Medium tyres (tyre token +2); Halcyon a Rookie (faster
side: 8th gear GREEN 3 / RED 6). Tiles 0-6 of the fast track are 8th-gear
straights; tile 22 carries a GREEN speed limit."""
from __future__ import annotations

from ._bot_help import GAME, bot_turn, path, pos

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
    assert [type(a).__name__ for a in GAME.legal_actions(st, 0)] == ["Step"]   # no cards


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
