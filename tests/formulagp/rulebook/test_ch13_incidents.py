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


# ---- FGP 13.4.5 c ----------------------------------------------------------------------
def test_fgp_13_4_5_c_after_a_wall_facing_forward_the_move_is_normal():
    """Hit the wall with a counter-steer (facing forward): the next turn is a
    normal move: pairs allowed and the tyre bonus counted (GREEN in 8th = 3,
    medium fresh +2: 5 MP)."""
    st = position("""
track = "street"
round = 5
[[car]]
name = "vireo"
at = "14.1.1"
rejoin = "c"
hand = ["G01", "G02"]
""")
    GAME.apply(st, 0, A.Done())
    plays = GAME.legal_actions(st, 0)
    assert A.Play(("G01", "G02")) in plays
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 5


def test_fgp_13_4_5_c_after_a_spin_into_the_wall_turn_first_without_tyre_bonus():
    """Spun against the wall: a single movement card, the first point turns the
    car round, and no tyre bonus (GREEN in 8th: 3 MP, 2 left after turning)."""
    st = position("""
track = "street"
round = 5
[[car]]
name = "vireo"
at = "14.1.1"
rejoin = "c"
spun = true
facing_back = true
hand = ["G01", "G02"]
""")
    GAME.apply(st, 0, A.Done())
    assert all(len(p.cards) == 1 for p in GAME.legal_actions(st, 0))
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 and st.move["left"] == 2 and not st.cars[0].facing_back


# ---- FGP 13.7.1 ------------------------------------------------------------------------
def test_fgp_13_7_1_quick_repair_also_at_the_end_of_the_turn():
    """A quick repair may be made at any time of the car's turn: after the move
    too, paying the card's cost (DRS Actuator: 1 card)."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "13.2.1"
failures = ["X06"]
failure_tokens = ["drs"]
hand = ["G01", "G02"]
""")
    car = st.cars[0]
    assert A.QuickRepair("X06", ("G01",)) in GAME.legal_actions(st, 0)     # before moving
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    while st.turn.pending.step in ("move", "extend"):
        legal = GAME.legal_actions(st, 0)
        GAME.apply(st, 0, next((a for a in legal if isinstance(a, A.Step)), legal[-1]))
    assert st.turn.pending.step == "end_events" and st.move["seat"] == 0
    GAME.apply(st, 0, A.QuickRepair("X06", ("G02",)))
    assert car.failures == [] and car.failure_tokens == [] and "G02" not in car.hand
    assert "X06" in st.decks["failure"].discards


# ---- FGP 13.4 / 13.4.1 / 13.4.2: loss of control ----------------------------------------
def _lose_control(options="", rolls='"red:loss_of_control"', hand='["R01", "G02"]',
                  at="13.2.1", extra=""):
    """Vireo's tyres on the RED die icon (wear 17): the RED roll after its move
    (RED card: 5 + 2 MP from tile 13) is forced to loss of control."""
    st = position(f"""
round = 5
options = [{options}]
rolls = [{rolls}]
[[car]]
name = "vireo"
at = "{at}"
wear = 17
hand = {hand}
{extra}
""")
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    while st.turn.pending.step in ("move", "extend"):
        legal = GAME.legal_actions(st, 0)
        step = [a for a in legal if isinstance(a, A.Step)
                and track("fast").spaces[a.to].lane == track("fast").spaces[st.cars[0].space].lane]
        GAME.apply(st, 0, step[0] if step else legal[-1])
    return st


def test_fgp_13_4_the_driver_may_spin_with_a_counter_steer_card_in_hand():
    """At a loss of control the choice is a counter-steer card or a spin (A64)."""
    st = _lose_control()
    assert st.turn.pending.step == "control"
    assert GAME.legal_actions(st, 0) == [A.CounterSteer("G02"), A.CounterSteer(None)]


def test_fgp_13_4_2_option_must_counter_steer_spins_only_without_a_card():
    """Option must_counter_steer: a driver holding a counter-steer card must use it."""
    st = _lose_control(options='"must_counter_steer"')
    assert GAME.legal_actions(st, 0) == [A.CounterSteer("G02")]
