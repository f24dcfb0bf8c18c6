"""FGP 8.3.1 (Pushing Cars) meets FGP 11.1 (Entering the Pits): a push across
the yellow line onto the PIT LANE space, written from the rulebook text.

FGP 8.3.1: a lane change into a car on the same tile forces it "into the next
adjacent lane"; only going off track (a Penalty token for the pusher) and a
wall or a car (a collision) cost anything. FGP 11.1: "The space behind the
yellow line is not considered a part of the racing lane and a player cannot
end their movement there without entering the pit lane"; a car forced
sideways over the line by a counter-steer "proceed[s] to the pit box" and
"crossing the yellow line unintentionally does not result in a penalty"; in
the pit lane its next turn is its stop (FGP 11.2). Where the rules are silent
(the push itself), choice A214 in docs/rules/formulagp.md.

Track "fast" (rulebook/pitlane.py): tile 40 is the pit entry tile: lane 2
`40.2.1`, the shadow car `40.3.1`, the PIT LANE space `40.4.1`; its pit lane
crosses the finish line (A61), so a car entering it completes its lap."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position

from .pitlane import GAME, PIT_EXIT, PIT_LANE, SHADOW, kinds, steps, to_step

# Red on lane 2 of the pit entry tile, Blue beside it on the shadow car: both on
# one tile, so Red's lane change to the right pushes Blue (FGP 8.3.1, A10).
PUSH = """
    round = 5
    sequence = {sequence}
    to_move = "Red"
    [[car]]
    name = "Red"
    at = "40.2.1"
    hand = ["G05"]
    [[car]]
    name = "Blue"
    controller = "{blue}"
    at = "shadow_car"
    tyre = "medium"
    hand = {blue_hand}
"""


def pushed(sequence='["Blue", "Red"]', blue="human", blue_hand='["G01", "R01"]'):
    """The position, Red's move begun (GREEN card), and Red's push onto the shadow car."""
    st = position(PUSH.format(sequence=sequence, blue=blue, blue_hand=blue_hand))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    left = st.move["left"]
    ev = steps(st, 0, "shadow_car")
    return st, ev, left


def test_fgp_8_3_1_and_11_1_a_car_pushed_over_the_yellow_line_enters_the_pit_lane():
    """Pushed from the shadow car towards the PIT LANE space, the car cannot stay
    there (FGP 11.1): it is in the pit lane, to stop on its next turn. It crossed the
    line unintentionally: no Penalty token; nor for the pusher (it went neither off the
    track nor into a wall or a car, FGP 8.3.1); no DAMAGE and no spin (no loss of
    control). The pusher takes the shadow car and drives on with its points left."""
    st, ev, left = pushed()
    red, blue = st.cars
    assert kinds(ev)[:2] == ["push", "pushed_into_pit_lane"]
    assert next(e for e in ev if e.kind == "pushed_into_pit_lane").rule == "FGP 11.1"
    assert blue.space is None and blue.in_pit and blue.box_call
    assert all(c.space != PIT_LANE for c in st.cars)
    assert (red.penalties, blue.penalties) == (0, 0)
    assert blue.damage == [] and not blue.spun and not blue.off_track
    assert "collision" not in kinds(ev) and "loss_of_control" not in kinds(ev)
    assert blue.laps == 1                                # A61: the pit lane crosses the line
    assert red.space == SHADOW and st.move["left"] == left - 1
    assert GAME.pending_step(st).name == "move" and GAME.to_act(st) == {0}
    assert GAME.invariants(st) == []


def test_fgp_11_2_the_pushed_car_makes_its_stop_on_its_next_turn():
    """Blue has moved this round: its next turn, in the next round, is the stop in its
    box (FGP 11.2), and then it waits on the pit-exit space (FGP 11.3)."""
    st, _, _ = pushed()
    blue = st.cars[1]
    to_step(st, 1, "pit_stop")
    assert st.round == 6 and blue.in_pit and blue.space is None
    GAME.apply(st, 1, A.PitStop(None, (), "none"))
    GAME.apply(st, 1, A.Done())
    assert blue.space == PIT_EXIT and not blue.in_pit and blue.tyre == "medium"


def test_fgp_11_2_pushed_before_its_own_move_the_car_stops_in_this_round():
    """Blue was still to move this round: its turn, when it comes, is its stop."""
    st, _, _ = pushed(sequence='["Red", "Blue"]')
    to_step(st, 1, "pit_stop")
    assert st.round == 5
    assert st.cars[1].in_pit


def test_bot_5_2_a_rookie_pushed_into_the_pit_lane_drives_through_without_a_stop():
    """Rookie BOTs make no pit stops and change no tyres (BOT 1.4.1 c, 5.2): on its
    turn it goes through the pit lane to the pit exit, tyres and cards as they were."""
    st, ev, _ = pushed(sequence='["Red", "Blue"]', blue="rookie", blue_hand="[]")
    blue = st.cars[1]
    assert blue.in_pit and blue.box_call and "pushed_into_pit_lane" in kinds(ev)
    seen = []
    while st.round == 5:
        s = min(GAME.to_act(st))
        assert s == 0, "the Rookie is asked nothing in the pit lane"
        legal = GAME.fine_actions(st, s)
        seen += kinds(GAME.apply(st, s, A.Done() if A.Done() in legal else legal[0]))
    assert "bot_no_stop" in seen and "tyres" not in seen
    assert blue.space == PIT_EXIT and not blue.in_pit and blue.tyre == "medium"
    assert blue.hand == []


def test_fgp_11_1_the_invariants_refuse_a_car_standing_on_the_pit_lane_space():
    """The state the bug left (a car on the PIT LANE space) breaks the game's
    invariants, which the conformance races check after every action."""
    st = position(PUSH.format(sequence='["Blue", "Red"]', blue="human", blue_hand="[]"))
    assert GAME.invariants(st) == []
    st.cars[1].space = PIT_LANE
    assert any("PIT LANE" in p for p in GAME.invariants(st))
