"""FGP 8 (Movement Rules), section by section, from the rulebook text: each
test sets a position up and plays it through the protocol."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A

from ..test_matrix_turn import scenario

GAME = chequered.game("formulagp")


def _play_out(st, seat=0, first=None):
    """Answer every decision after `first` with the last legal action (no
    counter-steer, Done...) until the turn of `seat` is over."""
    ev = GAME.apply(st, seat, first) if first is not None else []
    while st.move is not None and st.turn.pending:
        s = st.turn.pending.seats[0]
        legal = GAME.legal_actions(st, s)
        if s == seat and st.turn.pending.step == "move":
            ev += GAME.apply(st, s, next((a for a in legal if isinstance(a, A.Reduce)), legal[-1]))
            continue
        ev += GAME.apply(st, s, legal[-1])
    return ev


# ---- FGP 8.3.1: pushing a car off the track -----------------------------------------------
def test_fgp_8_3_1_a_push_off_the_track_costs_the_pusher_one_token():
    """One push off the track is one incident: the pusher gets one Penalty token, whether the car pushed then spins or saves itself."""
    for pushed_hand in ([], ["G01"]):                   # G01: a counter-steer card
        # tile 1 (straight, grass beyond lane 4): W2W cars in lanes 3 and 4
        st = scenario([6, 7], hands=[["G05"], pushed_hand], done=(1,))
        st.cars[0].w2w = st.cars[1].w2w = "vs"
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G05",)))
        ev = GAME.apply(st, 0, A.Step(7))
        assert st.cars[1].off_track and st.cars[0].space == 7
        ev += _play_out(st)
        assert [e.data["seat"] for e in ev if e.kind == "penalty"] == [0]
        assert st.cars[0].penalties == 1 and st.cars[1].penalties == 0


def test_fgp_8_3_1_a_push_into_a_wall_is_a_collision_and_the_pusher_drives_on():
    """Pushing a car against a wall is a collision: the pusher takes one token, stays in its lane and then uses the rest of its points."""
    from chequered.games.formulagp.track import track
    trk = track("street")
    # a straight street tile: walls beyond lanes 1 and 4
    t = next(t for t in trk.tiles if t.straight and all(len(l) == 1 for l in t.lanes)
             and trk.spot_outcome(t.lanes[3][0], "right") == "wall"
             and trk.tiles[trk.tile_ahead(t.index, 1)].straight)
    mine, theirs = t.lanes[2][0], t.lanes[3][0]
    st = scenario([mine, theirs], hands=[["G05"], []], done=(1,), track_key="street")
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    left = st.move["left"]
    ev = GAME.apply(st, 0, A.Step(theirs))
    assert "collision" in [e.kind for e in ev]
    assert st.cars[0].space == mine and st.cars[1].space == theirs
    assert st.cars[0].penalties == 1
    assert st.turn.pending.step == "move" and st.move["left"] == left - 1
