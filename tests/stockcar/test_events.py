"""STOCK The Team Bar, Events, Yellow Flag restart, Green Restart Line."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, Affect, Pit, PitDone
from chequered.games.stockcar.rules.events import random_team

from .helpers import C, actor, car, card_with, idx, phase, position, where

T = C.tracks["speedway"]
EV = {kind: [k for k, e in C.events.items() if e.kind == kind] for kind in
      ("green", "yellow", "crash", "wear", "leader")}


def bar_card(first_codes: str):
    """A Race card whose Team Bar starts with these team codes."""
    busy = {card_with(mp=4), card_with(mp=5)}          # the hands of end_turn()
    return next(k for k, c in C.cards.items() if c.bar.startswith(first_codes) and k not in busy)


def end_turn(cars, cards, **kw):
    """Seat 0's pass ends the turn; `cards` are the cards turned up, in
    order (the Event card, then a Race card for its Team Bar)."""
    cars = [dict(c, flipped=True) for c in cars] + [car(99, 0, 0, status="retired",
                                                        position=len(cars) + 1)]
    kw.setdefault("hands", [[card_with(mp=4)], [card_with(mp=5)]])
    st = position(cars, **kw)
    with scripted(st.chance, cards=cards):
        events = GAME.apply(st, 0, Activate(99))
    return st, events


def test_team_bar_skips_teams_not_racing():
    # Seats 0 and 1 race the first two teams (Red "R", Blue "B").
    card = bar_card("Y")                          # Yellow is not racing: skipped
    st = position([car(1, 0, 10), car(2, 1, 12)])
    bar = C.cards[card].bar
    expect = 0 if bar.index("R") < bar.index("B") else 1
    with scripted(st.chance, cards=[card]):
        assert random_team(st, C, {0, 1}, []) == expect
    assert st.deck.discards == [card]


def test_event_wear_owner_chooses_the_car():
    card = bar_card("B")
    wear = next(k for k in EV["wear"] if C.events[k].wear == "engine")
    st, _ = end_turn([car(1, 0, 30), car(2, 1, 20), car(3, 1, 18)], [wear, card])
    assert phase(st) == "affect" and actor(st) == 1
    assert GAME.legal_actions(st, 1) == [Affect(2), Affect(3)]
    GAME.apply(st, 1, Affect(3))
    assert st.cars[idx(st, 3)].perm == [1, 0]
    assert phase(st) in ("pits", "discard")


def test_leader_event_hits_the_current_leader():
    st, _ = end_turn([car(1, 0, 30), car(2, 1, 31)], [EV["leader"][0]])
    assert st.cars[idx(st, 2)].temp == [1, 0, 0]


def test_yellow_flag_restart_two_by_two_behind_the_leader():
    cars = [car(1, 0, 30, lane=3), car(2, 1, 26, lane=1, temp=(1, 0, 0)), car(3, 0, 20, lane=4),
            car(4, 1, 12, lane=2), car(5, 0, 5, lane=0)]
    st, events = end_turn(cars, [EV["yellow"][0]], apron={5: [4]})
    assert st.yellow
    assert phase(st) == "pits" and actor(st) == 1   # seat 0 has no temporary wear to clear
    GAME.apply(st, 1, Pit(2))
    assert where(st, 1) == (30, 1)                # the leader: innermost restart space
    assert where(st, 3) == (30, 2)                # beside it
    assert where(st, 4) == (29, 1) and where(st, 5) == (29, 2)
    assert where(st, 2) == (28, 1)                # pitted: behind those that stayed out
    assert st.cars[idx(st, 2)].temp == [0, 0, 0]
    assert not st.apron.get(5)


def test_green_restart_line_on_the_last_lap():
    laps = 2
    last_lap_past_line = (laps - 1) * T.n + T.green_line + 3
    st, events = end_turn([car(1, 0, last_lap_past_line), car(2, 1, last_lap_past_line - 4)],
                          [EV["yellow"][0]], laps=laps)
    assert where(st, 1) == ((laps - 1) * T.n + T.green_line, 1)
    assert where(st, 2) == ((laps - 1) * T.n + T.green_line, 2)
    assert [e.rule for e in events if e.kind == "green_line"] == ["STOCK Green Restart Line"]


def test_no_green_line_before_the_last_lap():
    d = T.green_line + 3                          # lap 1 of 2, past the line's sector
    st, events = end_turn([car(1, 0, d), car(2, 1, d - 4)], [EV["yellow"][0]],
                          laps=2)
    assert where(st, 1) == (d, 1)


def test_crash_brings_a_caution():
    card = bar_card("R")
    st, _ = end_turn([car(1, 0, 30), car(2, 1, 20)], [EV["crash"][0], card])
    # Red has one racing car (#1) besides the lost #99: no choice to make.
    assert st.cars[idx(st, 1)].perm[1] == C.events[EV["crash"][0]].amount
    assert st.yellow
    while phase(st) == "pits":
        GAME.apply(st, actor(st), PitDone())
    assert where(st, 1) == (30, 1) and where(st, 2) == (30, 2)


def test_lapped_car_lines_up_at_the_back_and_is_still_removed():
    n = T.n
    st, events = end_turn([car(1, 0, 60), car(2, 1, 55, lane=2), car(3, 1, 60 - n - 2,
                                                                     lapdown=True)],
                          [EV["yellow"][0]])
    while phase(st) == "pits":
        GAME.apply(st, actor(st), PitDone())
    c3 = st.cars[idx(st, 3)]
    assert (c3.status, c3.position) == ("lapped", 3)      # #99 holds 4
    assert where(st, 2) == (60, 2)
