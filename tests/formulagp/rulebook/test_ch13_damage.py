"""FGP 13.6-13.7.1 (damage, system failures, quick repairs)
as scenarios: a position written by hand (formulagp.position), played through
GAME.legal_actions / GAME.apply, the outcome checked against the rulebook;
docstrings say what the book demands.

The car and its board as test_ch13_incidents.py describes them."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position

from ._ch13_incident_help import GAME, sp, drive


# ---- FGP 13.6 -----------------------------------------------------------------------------
def test_fgp_13_6_a_car_takes_damage_once_a_round_and_repairs_it_in_the_pits():
    """A second DAMAGE card in the same round is not drawn; damage is repaired
    only in a pit stop (no quick repair)."""
    st = position('round = 5\nforced = ["yellow:risk", "card:K10"]\n[[car]]\nat = "13.2.1"\n'
                  'damaged_this_round = true\nhand = ["G01", "G02", "G03"]\n'
                  'damage = ["D05"]')
    car = st.cars[0]
    assert not [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.QuickRepair)]
    pile = len(st.decks["damage"].pile)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    drive(st)
    assert car.damage == ["D05"] and len(st.decks["damage"].pile) == pile


def _by_board(card, hand='["G01", "T01"]', at="13.2.1", extra=""):
    deck = "failures" if card.startswith("X") else "damage"
    return position(f'[[car]]\nat = "{at}"\n{deck} = ["{card}"]\nhand = {hand}\n{extra}')


def test_fgp_13_6_rear_wing_damage_keeps_the_drs_shut():
    """A Damage token over DRS: the car ending its move behind another car in
    a DRS zone is not pulled up (it would be without the token)."""
    for damaged in (False, True):
        text = ('[[car]]\nname = "vireo"\nat = "1.2.1"\nwear = 13\nhand = ["G01"]\n'
                + ('damage = ["D08"]\n' if damaged else "")
                + '[[car]]\nname = "halcyon"\nat = "5.3.1"\nmoved = true')
        st = position(text)                             # worn tyres: GREEN 3 MP
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        for name in ("2.2.1", "3.2.1", "3.2.2"):
            GAME.apply(st, 0, A.Step(sp(name)))
        GAME.apply(st, 0, A.Done())                      # no ERS extension
        assert (st.cars[0].space == sp("3.2.2")) is damaged


def test_fgp_13_7_brake_by_wire_failure_takes_brake_away():
    """A Failure token over Brake!: a Tyre Wear card can no longer stop the
    car early (it could before)."""
    for failed in (False, True):
        st = _by_board("X14") if failed else position('[[car]]\nat = "13.2.1"\n'
                                                      'hand = ["G01", "T01"]')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        while st.move["left"] > 1:                       # the ERS is full: only a brake
            GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
        reduce = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Reduce) and a.brake]
        assert bool(reduce) is (not failed)


def test_fgp_13_7_ers_failure_takes_the_ers_extension_away():
    """A Failure token over ERS use: no ERS spend to extend the move from a
    straight tile (allowed without it)."""
    for failed in (False, True):
        st = _by_board("X04", hand='["G01"]', at="0.2.1") if failed else \
            position('[[car]]\nat = "0.2.1"\nhand = ["G01"]')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        for name in ("1.2.1", "2.2.1", "3.2.1", "3.2.2", "4.2.1"):
            GAME.apply(st, 0, A.Step(sp(name)))
        legal = GAME.fine_actions(st, 0) if st.turn.pending.step == "extend" else []
        assert (A.Extend("ers") in legal) is (not failed)


def test_fgp_13_7_mgu_k_fault_blocks_every_ers_charge():
    """A Failure token over ERS charging: neither two cards with the ERS icon
    nor the YELLOW parameter token may charge the battery."""
    for failed in (False, True):
        st = _by_board("X05", hand='["G01", "G05", "G06"]', extra="ers = 0") if failed else \
            position('[[car]]\nat = "13.2.1"\nhand = ["G01", "G05", "G06"]\ners = 0')
        legal = GAME.fine_actions(st, 0)
        charges = [a for a in legal if (isinstance(a, A.Spend) and a.function == "ers_2x")
                   or a == A.Parameter("yellow")]
        assert bool(charges) is (not failed)


# ---- FGP 13.7 -----------------------------------------------------------------------------
def test_fgp_13_7_failures_from_cards_and_several_at_once():
    """A RISK card can cause a system failure too, and a car can have several
    failures at the same time; the Draw Failure card is on the discard pile."""
    st = position('round = 5\nforced = ["yellow:risk", "card:K15", "card:X07"]\n'
                  '[[car]]\nat = "13.2.1"\nhand = ["G01", "G02"]\nfailures = ["X06"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    drive(st)
    assert car.failures == ["X06", "X07"]
    st = position('cards = ["X07"]\n[[car]]\nat = "13.2.1"\nhand = ["G01", "F01"]')
    assert st.cars[0].failures == ["X07"] and "F01" in st.cars[0].deck.discards


# ---- FGP 13.7.1 ---------------------------------------------------------------------------
def test_fgp_13_7_1_quick_repair_pays_cards_and_tokens_any_time_of_the_turn():
    """A quick repair pays what the FAILURE card shows (Gearbox 2nd gear: one
    card and the WHITE token), before the move or at its end, on a later turn
    than the one the failure came."""
    st = position('[[car]]\nat = "13.2.1"\nfailures = ["X08"]\nhand = ["G01", "G02"]')
    car = st.cars[0]
    assert A.QuickRepair("X08", ("G02",)) in GAME.fine_actions(st, 0)
    st.cars[0].params["white"] = False
    st.turn.cache = None
    assert not [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.QuickRepair)]


def test_fgp_13_7_1_quick_repair_also_at_the_end_of_the_turn():
    """A quick repair may be made at any time of the car's turn: after the move
    too, paying the card's cost (DRS Actuator: 1 card)."""
    st = position('round = 5\n[[car]]\nat = "13.2.1"\nfailures = ["X06"]\n'
                  'hand = ["G01", "G02"]')
    car = st.cars[0]
    assert A.QuickRepair("X06", ("G01",)) in GAME.fine_actions(st, 0)     # before moving
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    drive(st)
    assert st.turn.pending.step == "end_events" and st.move["seat"] == 0
    GAME.apply(st, 0, A.QuickRepair("X06", ("G02",)))
    assert car.failures == [] and car.failure_tokens == [] and "G02" not in car.hand
    assert "X06" in st.decks["failure"].discards
