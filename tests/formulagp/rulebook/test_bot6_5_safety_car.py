"""BOT 6.5: a BOT's move behind the Safety Car, written from the BOT rules:
hand-written positions with the Safety Car on tile 20 (far ahead), the BOT's
turn played through GAME.apply (every BOT decision its one legal action).

Fast track: the pit exit is 0.4.1; tiles 5-6 straights of four single-space
lanes, tile 7 a right curve without lane 1 (lane 2 has two spaces), tile 8 a
straight. TAC11: lane 2 on straights, yellow arrow right; TAC13: far right on
straights; TAC01 (the Rookies'): yellow arrow right."""
from __future__ import annotations

from ._bot_help import bot_turn, path, pos
from .common import kinds, name

SC = "safety_car = 20\n"


def _pro(at, head="round = 5\n", tactics="TAC11", car=""):
    return pos(head + SC + f'[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "{at}"\n'
               f'bot = {{ tactics = "{tactics}" }}\n{car}'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def _reds(ev):
    return [(e.data["face"], e.rule) for e in ev if e.kind == "roll" and e.data["die"] == "red"]


# ---- the RED pace --------------------------------------------------------------------------
def test_bot_6_5_the_red_pace_out_of_the_pit_lane_no_white_die():
    """Leaving the pits under the Safety Car the Pro takes the RED pace (2nd gear:
    3, plus its Medium tyre token 2) and rolls no WHITE die for it (A170)."""
    st = pos('round = 10\nrolls = ["white:green"]\n' + SC + '[[car]]\nname = "vireo"\n'
             'controller = "pro"\nat = "0.4.1"\n'
             'bot = { tactics = "TAC11", pit = { round = 20, icon = "tyre" } }\n'
             '[[car]]\nname = "halcyon"\nat = "30.1.1"\n')
    assert (st.move["pace"], st.move["gear"], st.move["mp"]) == ("red", 2, 5)
    assert [w for w, _ in st.chance.script] == ["roll"]       # the green face is not used


def test_bot_6_5_dry_tyres_in_the_rain_the_red_pace_and_the_red_die():
    """[ADV] Dry tyres on a wet track under the Safety Car: no WHITE die for the pace
    (BOT 4.2's roll gives way to the Safety Car's RED pace); a RED-pace move on dry
    tyres in the rain still rolls the RED die after it (BOT 6.1)."""
    st = pos('rules = "advanced"\nweather = "rainy"\nround = 6\nrolls = ["red:tyre_wear"]\n'
             + SC + '[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "3.2.1"\n'
             'tyre = "medium"\nbot = { tactics = "TAC11", pit = { round = 15 } }\n'
             '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')
    assert st.move["pace"] == "red"
    assert _reds(bot_turn(st, 0)) == [("tyre_wear", "BOT 6.1")]


def test_bot_6_5_back_onto_the_track_the_green_pace():
    """Back onto the track after a spin the BOT follows the players' procedure at the
    GREEN pace, the Safety Car out or not (8th gear: 4, no tyre bonus, A130)."""
    st = _pro("off:3.0", head="round = 4\n", car='rejoin = "b"\n')
    assert (st.move["pace"], st.move["gear"], st.move["mp"]) == ("green", 8, 4)


# ---- the lane --------------------------------------------------------------------------------
def test_bot_6_5_no_preferred_lane_it_keeps_its_lane():
    """TAC13 wants the far right lane on the straight after the corner; under the
    Safety Car the Pro keeps lane 2 all the way (without it: 7.3.2, 7.4.1, BOT 2.2.3)."""
    st = _pro("6.2.1", head="round = 4\n", tactics="TAC13")
    assert path(st, bot_turn(st, 0), 0) == ["7.2.1", "7.2.2", "8.2.1", "9.2.1", "10.2.1",
                                            "11.2.1", "12.2.1", "13.2.1"]


def test_bot_6_5_forced_out_of_its_lane_it_follows_the_yellow_arrow():
    """Lane 1 ends at the corner: forced to change lanes, the Rookie goes the yellow
    arrow's way (right) and keeps the new lane."""
    st = pos('round = 4\n' + SC + 'bots = { rookie_tactics = "TAC01" }\n[[car]]\n'
             'name = "halcyon"\ncontroller = "rookie"\nat = "6.1.1"\n'
             '[[car]]\nname = "vireo"\nat = "1.1.1"\n')
    assert path(st, bot_turn(st, 0), 0) == ["6.2.1", "7.2.1", "7.2.2", "8.2.1", "9.2.1",
                                            "10.2.1"]


def test_bot_6_5_a_car_ahead_in_its_lane_it_stays_behind_it():
    """A car on the next tile in its lane: no overtaking under the Safety Car, so the
    Pro does not move beside it to attack (BOT 3.2.1): it stays in its lane, one tile
    behind, its points lost, and there is no battle."""
    st = pos('round = 5\n' + SC + 'bots = { battle = ["BAT22"] }\n[[car]]\nname = "vireo"\n'
             'controller = "pro"\nat = "5.2.1"\nbot = { tactics = "TAC11" }\n'
             '[[car]]\nname = "halcyon"\nat = "6.2.1"\nhand = ["G03"]\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == [] and name(st, 0) == "5.2.1"
    assert "stop_behind" in kinds(ev) and "bot_battle" not in kinds(ev) and st.battle is None


def test_bot_6_5_on_a_blue_flag_it_gets_past_to_unlap_itself():
    """A BOT a lap down (blue flag) may pass the cars ahead as a player may, to unlap
    itself: it moves out by its yellow arrow (right) and drives past, no battle."""
    st = pos('round = 5\n' + SC + '[[car]]\nname = "vireo"\ncontroller = "pro"\n'
             'at = "5.2.1"\nbot = { tactics = "TAC11" }\nlaps_down = 1\n'
             '[[car]]\nname = "halcyon"\nat = "6.2.1"\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0)[:3] == ["5.3.1", "6.3.1", "7.3.1"] and "bot_battle" not in kinds(ev)
