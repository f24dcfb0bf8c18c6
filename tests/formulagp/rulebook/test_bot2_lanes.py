"""BOT 2.2 and the lane-choice examples of BOT 2.2.3, each as its own test,
written from the BOT rules: hand-written positions, the BOT's turn played
through GAME.apply; the BOT seat is left one step at each movement point.

Fast track: tiles 5-6 straights of four single-space lanes, tile 7 a right
curve without lane 1, tile 8 a straight, 9-10 right curves. Street track:
tile 12 a straight of three lanes, tile 13 a left curve (lane 1 and 2: two
spaces, lane 3: one), tile 14 a straight of three lanes. Twisty: tile 23 a
straight, 24 a right curve without lane 1, 25 a straight, 26 a left curve."""
from __future__ import annotations

from ._bot_help import bot_turn, path, pos


def _rookie(at, card, track="fast", extra=""):
    return pos(f'track = "{track}"\nround = 4\nbots = {{ rookie_tactics = "{card}" }}\n{extra}'
               f'[[car]]\nname = "halcyon"\ncontroller = "rookie"\nat = "{at}"\n'
               '[[car]]\nname = "vireo"\nat = "1.1.1"\n')


def test_bot_2_2_3_first_example_right_lane_before_the_next_straight():
    """Far right on straights (TAC13, a Pro: 8 MP): it keeps its lane through the
    corner and changes to the far right just before it drives onto the straight."""
    st = pos('round = 4\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "6.2.1"\n'
             'bot = { tactics = "TAC13" }\n[[car]]\nname = "halcyon"\nat = "1.1.1"\n')
    ev = bot_turn(st, 0)
    assert path(st, ev, 0) == ["7.2.1", "7.2.2", "7.3.2", "7.4.1", "8.4.1", "9.4.1",
                               "10.4.1", "11.4.1"]


def test_bot_2_2_3_first_example_its_lane_ends_at_the_corner():
    """Where its lane ends (no lane 1 on the corner) the BOT must change lanes: the
    yellow arrow's way (right), then on to its preferred lane 2 for the straight."""
    st = _rookie("6.1.1", "TAC01")
    assert path(st, bot_turn(st, 0), 0) == ["6.2.1", "7.2.1", "7.2.2", "8.2.1", "9.2.1",
                                            "10.2.1"]


def test_bot_2_2_forced_change_against_the_arrow_at_the_edge():
    """Yellow arrow left, but lane 1 is the edge: it moves one lane towards the middle."""
    st = _rookie("6.1.1", "TAC09")
    assert path(st, bot_turn(st, 0), 0)[0] == "6.2.1"


def test_bot_2_2_3_second_example_stays_in_lane_then_takes_its_curve_lane():
    """Third lane from the inside on curves (TAC02): down the straight in its lane,
    then just before the right-hand corner it moves across to that lane (lane 2 of
    the corner's lanes 2-4, counted from the inside, the right)."""
    st = _rookie("5.4.1", "TAC02")
    assert path(st, bot_turn(st, 0), 0) == ["6.4.1", "6.3.1", "6.2.1", "7.2.1", "7.2.2",
                                            "8.2.1"]


def test_bot_2_2_3_third_example_to_the_farthest_right_lane_the_straight_has():
    """Far right on straights (TAC03) on the street track, whose straight has three
    lanes: through the corner in its lane, then across to lane 3, the farthest right."""
    st = _rookie("12.1.1", "TAC03", track="street")
    assert path(st, bot_turn(st, 0), 0) == ["13.1.1", "13.1.2", "13.2.2", "13.3.1", "14.3.1",
                                            "15.3.1"]


def test_bot_2_2_3_fourth_example_outside_lane_once_a_turn():
    """Outside lane on curves (TAC08): before the right-hand corner it moves to the
    outside (lane 2, the corner has no lane 1); it does not change again for the
    left-hand corner that follows: once a turn."""
    st = _rookie("23.3.1", "TAC08", track="twisty")
    assert path(st, bot_turn(st, 0), 0) == ["23.2.1", "24.2.1", "24.2.2", "25.2.1", "26.2.1",
                                            "27.2.1"]


def test_bot_2_2_the_seat_is_left_only_the_step_the_card_dictates():
    """At each movement point the BOT seat has one legal action."""
    from ._bot_help import GAME
    st = _rookie("5.4.1", "TAC02")
    assert len(GAME.fine_actions(st, 0)) == 1
