"""STOCK End of turn: Turn Leader markers, the event, pit stops, the First
Player marker, removing lapped cars and the discards."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, Discard, KeepHand, Pit, PitDone

from .helpers import C, actor, car, card_with, idx, phase, position, where

T = C.tracks["speedway"]
GREEN = [k for k, e in C.events.items() if e.kind == "green"][0]


def end_turn(cars, event, **kw):
    """A position where seat 0's last unflipped car is a lost one: its
    activation is a pass and the turn ends; `event` is the Event card turned."""
    cars = cars + [car(99, 0, 0, status="retired", position=len(cars) + 1)]
    kw.setdefault("hands", [[card_with(mp=4)], [card_with(mp=5)]])
    st = position([dict(c, flipped=True) if c["number"] != 99 else c for c in cars], **kw)
    with scripted(st.chance, cards=[event] if event else []):
        events = GAME.apply(st, 0, Activate(99))
    return st, events


def test_turn_leader_example_43_and_15_share_the_leading_sector():
    """The chapter's example: both take a marker, #15 on the inside leads and
    Blue (its owner) becomes First Player."""
    red, blue = 0, 1
    st, events = end_turn([car(43, red, 30, lane=2), car(15, blue, 30, lane=1),
                           car(6, red, 25)], GREEN, first=red)
    assert st.cars[idx(st, 43)].leads == 1 and st.cars[idx(st, 15)].leads == 1
    assert st.cars[idx(st, 6)].leads == 0
    assert st.first == blue
    assert [e.rule for e in events if e.kind == "turn_leader"] == ["STOCK End of turn"] * 2


def test_event_skipped_once_a_car_has_finished():
    # No Event card is turned at all (a scripted one would be left unused).
    st, events = end_turn([car(1, 0, 30), car(2, 1, 200, status="finished", position=1)],
                          None, finished=[1])
    assert not [e for e in events if e.kind == "event"]
    assert not st.yellow


def test_pit_stop_green_drops_onto_the_apron_behind():
    cars = [car(1, 0, 30, temp=(1, 1, 0), perm=(1, 0)), car(2, 1, 31),
            car(3, 0, 20, lane=0)]
    st, _ = end_turn(cars, GREEN, apron={24: []})
    assert phase(st) == "pits" and actor(st) == 0
    assert GAME.legal_actions(st, 0) == [PitDone(), Pit(1)]   # #3 has no temporary wear
    GAME.apply(st, 0, Pit(1))
    c1 = st.cars[idx(st, 1)]
    assert c1.temp == [0, 0, 0] and c1.perm == [1, 0]         # only temporary wear cleared
    assert where(st, 1) == (30 - T.pit_loss, 0)
    # The new leader after the pits (#2) takes a Turn Leader marker too.
    assert st.cars[idx(st, 2)].leads == 1 and st.first == 1


def test_apron_stack_bottom_counts_as_ahead():
    cars = [car(1, 0, 30, temp=(1, 0, 0)), car(2, 0, 30, lane=2, temp=(1, 0, 0)),
            car(3, 1, 40)]
    st, _ = end_turn(cars, GREEN)
    GAME.apply(st, 0, Pit(1))
    GAME.apply(st, 0, Pit(2))
    s = (30 - T.pit_loss) % T.n
    assert st.apron[s] == [idx(st, 1), idx(st, 2)]
    from chequered.games.stockcar.rules.order import running_order
    assert [c.number for c in running_order(st, T)][:3] == [3, 1, 2]


def test_remove_lapped_cars_last_gets_the_lowest_marker():
    cars = [car(1, 0, 80), car(2, 1, 35, lapdown=True), car(3, 1, 30, lapdown=True),
            car(4, 0, 60)]
    st, events = end_turn(cars, GREEN)
    while phase(st) == "pits":
        GAME.apply(st, actor(st), PitDone())
    c2, c3 = st.cars[idx(st, 2)], st.cars[idx(st, 3)]
    assert (c2.status, c3.status) == ("lapped", "lapped")
    # Five cars, #99 took 5 already: #3 (last in running order) takes 4, #2 takes 3.
    assert (c3.position, c2.position) == (4, 3)


def test_discard_unwanted_cards_then_the_next_turn():
    a, b = card_with(mp=4), card_with(mp=8)
    st, _ = end_turn([car(1, 0, 30), car(2, 1, 20)], GREEN, hands=[[a, b], [card_with(mp=7)]],
                     hand_size=3)
    assert phase(st) == "discard" and actor(st) == 0
    GAME.apply(st, 0, Discard(a))
    assert a in st.deck.discards
    GAME.apply(st, 0, KeepHand())
    GAME.apply(st, 1, KeepHand())
    assert phase(st) == "car" and st.turn_number == 2
    assert all(len(h) == 3 for h in st.hands)
    assert not any(c.flipped for c in st.cars)


def test_hand_written_position_file_43_and_15():
    """The same example from a position file written by hand (TOML)."""
    from pathlib import Path

    from chequered.engine.positions import load_position_file
    st = load_position_file(GAME, Path(__file__).parent / "positions" / "turn_leaders_43_15.toml")
    with scripted(st.chance, cards=[GREEN]):           # a green flag is turned
        GAME.apply(st, 0, Activate(6))
    assert [c.leads for c in st.cars[:2]] == [1, 1]
    assert st.first == 1
