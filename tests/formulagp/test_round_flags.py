"""Race control through the round machine: the red flag and its restart
(FGP 13.10 example), lapping and blue flags (FGP 13.11 example), the Safety
Car ending the round at once (FGP 13.9.2)."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.flag_steps import red_flag
from chequered.games.formulagp.rules.flag_steps import safety_car
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.where import grid_spaces
from chequered.games.formulagp.track import track

from .scenario import scenario

GAME = chequered.game("formulagp")


def _lane_run(trk, lanes, n, slip_ok=False):
    """A straight stretch of n+1 tiles where every lane in `lanes` has one
    space a tile (no pit spaces)."""
    for t in trk.tiles:
        ok = True
        for k in range(n + 1):
            tile = trk.tiles[trk.tile_ahead(t.index, k)]
            for ln in lanes:
                sp = tile.lanes[ln - 1]
                if len(sp) != 1 or trk.spaces[sp[0]].pit_lane or trk.spaces[sp[0]].shadow_car \
                        or (trk.spaces[sp[0]].slipstream and not slip_ok):
                    ok = False
        if ok:
            return t.index
    raise AssertionError("no such stretch")


def _space(trk, tile, lane):
    return trk.tiles[tile % trk.lap_tiles].lanes[lane - 1][0]


def test_fgp_13_10_red_flag_grid_and_restart():
    """FGP 13.10 example: Orange leads, then Grey, Red (in the pit lane) and
    Blue: the grid is Orange, Grey, Blue, Red; stress to the middle, ERS to the
    maximum, the 'Safety Car' EVENT card leaves the game; the restart follows
    the race-start procedure (A38)."""
    trk = track("fast")
    t = _lane_run(trk, (2,), 6, slip_ok=True)
    orange, grey, red, blue = 0, 1, 2, 3
    st = scenario([_space(trk, t + 5, 2), _space(trk, t + 3, 2), _space(trk, t + 2, 2),
                   _space(trk, t, 2)], hands=[[], [], [], []])
    st.cars[red].space, st.cars[red].in_pit = None, True
    st.sequence = [orange, grey, blue, red]
    for c in st.cars:
        c.stress, c.ers = 3, 0
    sc_card = next(c.id for c in C.content_of(st).event.cards if c.name == "Safety Car")
    ev_deck = st.decks["event"]
    ev_deck.pile.remove(sc_card)
    ev_deck.discards.append(sc_card)
    round_before = st.round
    red_flag(st)
    st.move["stage"], st.turn.pending, st.turn.cache = "end", None, None
    machine.advance(st)
    assert st.sequence == [orange, grey, blue, red]
    assert [st.cars[s].space for s in st.sequence] == grid_spaces(trk, 4)
    assert sc_card in ev_deck.removed and sc_card not in ev_deck.discards
    for c in st.cars:
        assert c.stress == 2 and c.ers == C.ers_max(st, c)
    assert st.turn.pending.step == "red_flag" and sorted(st.turn.pending.seats) == [0, 1, 2, 3]
    for s in (0, 1, 2, 3):
        GAME.apply(st, s, A.PitStop(None, (), "none"))
    assert st.turn.pending.step == "pole_keep" and st.turn.pending.seats == [orange]
    GAME.apply(st, orange, GAME.fine_actions(st, orange)[0])    # FGP 7.2.1: the pole card
    assert st.turn.pending.step == "start_cards"              # FGP 7.2.1 again
    assert st.round == round_before + 1 == st.start_round


def test_fgp_13_11_lapping_gives_a_blue_flag_and_the_turn_is_lost():
    """FGP 13.11 example: the leader, 3 laps done, catches the last car (2 laps)
    and passes it: that car is one lap down (blue flag) and, not having moved
    yet this round, loses its turn."""
    trk = track("fast")
    t = _lane_run(trk, (1, 2, 3, 4), 3)
    probe = new_race("fast", 2)
    reds = [c.id for c in C.content_of(probe).action.cards if c.colour == "red"][:2]
    st = scenario([_space(trk, t, 1), _space(trk, t + 1, 4)], hands=[[reds[0]], [reds[1]]])
    leader, slow = st.cars
    leader.laps, slow.laps = 3, 2
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((reds[0],)))
    events = []
    while st.turn.pending.step in ("move", "extend"):
        legal = GAME.fine_actions(st, 0)
        fwd = [a for a in legal if isinstance(a, A.Step) and trk.spaces[a.to].lane == 1]
        events += GAME.apply(st, 0, fwd[0] if fwd else A.Done())
    assert trk.progress(leader.space)[0] != trk.spaces[_space(trk, t + 1, 4)].tile
    assert slow.laps_down == 1 and slow.blue_flag           # FGP 13.11
    assert leader.laps - slow.laps == 1
    # the lapped car's turn is lost this round (FGP 13.11)
    kinds = [(e.kind, e.data.get("seat")) for e in events]
    assert ("blue_flag", 1) in kinds and ("turn_lost", 1) in kinds
    assert kinds.index(("blue_flag", 1)) < kinds.index(("turn_lost", 1))
    assert ("move_play", 1) not in kinds


def test_fgp_13_9_2_safety_car_ends_the_round_at_once():
    trk = track("fast")
    t = _lane_run(trk, (2,), 4)
    st = scenario([_space(trk, t + 3, 2), _space(trk, t, 2), _space(trk, t + 1, 2)],
                  hands=[[], [], []])
    st.leader = 0
    st.cars[0].leader = True
    safety_car(st)
    assert st.safety_car["tile"] == trk.tile_ahead(trk.spaces[st.cars[0].space].tile, 1)
    assert set(st.done) >= {1, 2}                            # the others lose their turn
    for c in st.cars:
        assert c.ers == C.ers_max(st, c) and c.stress == 2  # FGP 13.9.2 benefits
