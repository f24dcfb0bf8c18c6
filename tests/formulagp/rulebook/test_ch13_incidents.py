"""FGP 13.2-13.7 (hazard checks, stress, loss of control, damage, failures)
as scenarios: a position set up by hand, played through the protocol
(GAME.legal_actions / GAME.apply), the outcome checked against the rulebook."""
from __future__ import annotations

import chequered
from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position
from chequered.games.formulagp.track import track

from ..scenario import scenario

GAME = chequered.game("formulagp")


def _straight(trk):
    """A lane-2 space on a straight tile with straights ahead."""
    for t in trk.tiles:
        nxt = [trk.tiles[trk.tile_ahead(t.index, k)] for k in range(1, 4)]
        if t.straight and all(x.straight for x in nxt) and t.lanes[1]:
            return t.lanes[1][-1]
    raise AssertionError("no straight")


# ---- FGP 13.3 --------------------------------------------------------------------------
def test_fgp_13_3_the_third_space_is_stressed_no_pairs():
    """A driver whose stress token stands on the 3rd space (one right of the
    middle) is STRESSED: only single cards may be played."""
    st = scenario([_straight(track("fast"))], hands=[["G01", "G02"]])
    st.cars[0].stress = 3
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    plays = GAME.legal_actions(st, 0)
    assert plays and all(len(p.cards) == 1 for p in plays)


# ---- FGP 13.6 / 13.7: a token covers a board function -------------------------------------
def _by_board(st, seat, card):
    """Put a DAMAGE or FAILURE card by the board with its token, as drawn."""
    from chequered.games.formulagp.rules import card_effects as FX
    car = st.cars[seat]
    deck = "failure" if card.startswith("X") else "damage"
    st.decks[deck].pile.remove(card)
    (car.failures if deck == "failure" else car.damage).append(card)
    FX.resolve_card(st, seat, card)
    st.turn.cache = None
    return car


def test_fgp_13_6_rear_wing_damage_keeps_the_drs_shut():
    """A Damage token over DRS: the car ending its move behind another car in
    a DRS zone is not pulled up (it would be without the token)."""
    from chequered.games.formulagp.rules.steps import MACHINE
    trk = track("fast")
    zone = [s for s in trk.spaces if s.drs_zone == 1]
    tiles = sorted({s.tile for s in zone})
    first = next(s.id for s in zone if s.tile == tiles[0] and s.lane == 2)
    target = next(s.id for s in zone if s.tile == tiles[-1] and s.lane == 3)
    for damaged in (False, True):
        st = scenario([first, target], hands=[[], []])
        st.done = [1]
        if damaged:
            car = _by_board(st, 0, "D08")
            assert car.damage_tokens == ["drs"]
        st.turn.pending = None
        st.move = {"seat": 0, "stage": "after_move", "dice": [], "colours": ["green"],
                   "visited": [first], "left": 0, "blocked": [], "reduced": False}
        ev = MACHINE.advance(st)
        assert any(e.kind == "drs" for e in ev) is (not damaged)
        assert (st.cars[0].space == first) is damaged


def test_fgp_13_7_brake_by_wire_failure_takes_brake_away():
    """A Failure token over Brake!: a Tyre Wear card can no longer stop the
    car early (it could before)."""
    for failed in (False, True):
        st = scenario([_straight(track("fast"))], hands=[["G01", "T01"]])
        car = st.cars[0]
        if failed:
            _by_board(st, 0, "X14")
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        while st.move["left"] > 1:                   # the ERS is full: only a brake can stop
            GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Step)))
        reduce = [a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Reduce) and a.brake]
        assert bool(reduce) is (not failed)


def test_fgp_13_7_ers_failure_takes_the_ers_extension_away():
    """A Failure token over ERS use: no ERS spend to extend the move from a
    straight tile (allowed without it)."""
    for failed in (False, True):
        st = scenario([_straight(track("fast"))], hands=[["G01"]])
        car = st.cars[0]
        if failed:
            _by_board(st, 0, "X04")
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        while st.turn.pending.step == "move":
            GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Step)))
        assert st.turn.pending.step == "extend" or failed
        legal = GAME.legal_actions(st, 0) if st.turn.pending.step == "extend" else []
        assert (A.Extend("ers") in legal) is (not failed)


def test_fgp_13_7_mgu_k_fault_blocks_every_ers_charge():
    """A Failure token over ERS charging: neither two cards with the ERS icon
    nor the YELLOW parameter token may charge the battery."""
    for failed in (False, True):
        st = scenario([_straight(track("fast"))], hands=[["G01", "G05", "G06"]])
        car = st.cars[0]
        car.ers = 0
        if failed:
            _by_board(st, 0, "X05")
        st.turn.cache = None
        legal = GAME.legal_actions(st, 0)
        charges = [a for a in legal if (isinstance(a, A.Spend) and a.function == "ers_2x")
                   or a == A.Parameter("yellow")]
        assert bool(charges) is (not failed)


# ---- FGP 13.4 a / 8.3.1: a car pushed off the track ---------------------------------------
PUSH_OFF = """
round = 5
[[car]]
name = "vireo"
at = "13.3.1"
w2w = "vs"
hand = ["G01"]
[[car]]
name = "halcyon"
at = "13.4.1"
w2w = "vs"
hand = ["G02"]
moved = true
"""


def test_fgp_13_4_a_pushed_off_and_saved_costs_the_pusher_one_penalty():
    """Pushed off the track by a wheel-to-wheel partner, the driver saves the
    car with a counter-steer card: it stays off track facing forward, with no
    DAMAGE card and no yellow flag, and the pusher has one Penalty token."""
    st = position(PUSH_OFF)
    pusher, pushed = st.cars
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(parse_space("fast", "13.4.1")))       # pushes Halcyon off
    assert pushed.off_track and pushed.off_spot == [13, 5] and pusher.penalties == 1
    while st.turn.pending.seats == [0]:                             # Vireo drives on
        legal = GAME.legal_actions(st, 0)
        GAME.apply(st, 0, next((a for a in legal if isinstance(a, A.Step)), legal[-1]))
    assert st.turn.pending.step == "control" and st.turn.pending.seats == [1]
    damage, zones = len(st.decks["damage"].pile), list(st.yellow_flags)
    GAME.apply(st, 1, A.CounterSteer("G02"))
    assert pushed.off_track and not pushed.facing_back and pushed.rejoin == "b"
    assert len(st.decks["damage"].pile) == damage and st.yellow_flags == zones
    assert (pusher.penalties, pushed.penalties) == (1, 0)


def test_fgp_13_4_b_pushed_off_without_a_card_spins_off_track():
    """No counter-steer card after the push: the car spins off the track:
    turned round, +1 wear, +1 stress, a DAMAGE card, a yellow flag; the pusher
    still has the one Penalty token of the push."""
    st = position('cards = ["D05"]\n' + PUSH_OFF.replace('hand = ["G02"]', 'hand = ["T01"]'))
    pusher, pushed = st.cars
    wear, stress = pushed.wear, pushed.stress
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(parse_space("fast", "13.4.1")))
    damage = len(st.decks["damage"].pile)
    while st.turn.pending and st.turn.pending.seats == [0]:
        legal = GAME.legal_actions(st, 0)
        GAME.apply(st, 0, next((a for a in legal if isinstance(a, A.Step)), legal[-1]))
    assert pushed.off_track and pushed.spun and pushed.facing_back and pushed.rejoin == "b"
    assert (pushed.wear, pushed.stress) == (wear + 1, stress + 1)
    assert pushed.damage == ["D05"] and len(st.decks["damage"].pile) == damage - 1
    assert [z["yellow_tile"] for z in st.yellow_flags] == [13]
    assert pusher.penalties == 1
