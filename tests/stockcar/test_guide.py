"""For players beside the board (engine/guide.py, games/stockcar/guide.py):
the legend, the running order, a word on each decision, the warnings before
a choice that harms your own race, and the first-race tutorial.

Issue 15's stock-car defects covered here: a car's status was never
explained (the legend names each field), and retiring a car asked for no
confirmation.
"""
from __future__ import annotations

import json
import xml.dom.minidom

import pytest

from chequered.engine.rng import Rng
from chequered.engine.routes import Route
from chequered.engine.session import Session
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, Pit, PitDone, PlayCard, Retire
from chequered.testing.conformance import DEBUG_TEXT

from .helpers import C, car, card_with, position
from .races import race_states


# ---- the legend ---------------------------------------------------------------------
def test_every_mark_has_a_symbol_name_text_rule_and_a_swatch_that_draws():
    for st, seat in race_states(every=40):
        marks = GAME.legend(GAME.view(st, seat))
        assert len(marks) >= 15
        for m in marks:
            assert m.symbol and m.name and m.rule.startswith("STOCK ")
            assert len(m.text) > 30 and not DEBUG_TEXT.search(m.text)
            xml.dom.minidom.parseString(f'<svg xmlns="http://www.w3.org/2000/svg">{m.swatch}</svg>')


def test_the_legend_explains_each_field_of_a_cars_status():
    """Issue 15: `#43'[0/1/0 0/0 0L L1]` was never explained. Each field the
    terminal's Team Sheet writes has a mark: wear T+P, Turn Leader markers,
    activated this turn, a lap down, the Position marker, the lap."""
    st = GAME.new(GAME.config(seats=["human", "bot", "bot"]), 1)
    marks = {m.symbol: m for m in GAME.legend(GAME.view(st, 0))}
    assert {"wT+P", "^2", "moved", "*", "P3", "lap 2"} <= set(marks)
    assert "temporary" in marks["wT+P"].text and "permanent" in marks["wT+P"].text
    assert "3 or more: 1 MP slower" in marks["wT+P"].text        # the rule numbers themselves
    # one mark per team, with its colour and its cars
    teams = [m for m in marks.values() if m.rule == "STOCK The Team Sheet"]
    assert [m.name for m in teams] == [tm["name"] for tm in GAME.view(st, 0)["teams"]]
    assert "your team" in teams[0].text and "#43" in teams[0].text


# ---- the running order --------------------------------------------------------------
def test_the_running_order_is_public_the_same_for_every_seat():
    for st, _seat in race_states(every=25):
        rows = [GAME.standings(GAME.view(st, s)) for s in range(len(st.hands))]
        spectator = GAME.standings(GAME.view(st, None))
        assert all(r == spectator for r in rows)
        # blind to the hidden cards: a world resampled for seat 1 reads the same
        other = GAME.redeterminize(st, 1, Rng(5))
        assert GAME.standings(GAME.view(other, 1)) == rows[1]
        text = json.dumps([r.to_doc() for r in spectator])
        assert not any(f'"{k}"' in text or f" {k}" in text for k in C.card_ids)
        assert [r.place for r in spectator] == list(range(1, len(st.cars) + 1))
        for r in spectator:
            assert r.facts and all(f.tip for f in r.facts)


def test_the_running_order_follows_the_rules_order():
    # STOCK Running order: most laps, nearest the line, inside first; out
    # cars after the racing ones, finished ones before them
    st = position([car(1, 0, 30, lane=2), car(2, 1, 30, lane=1), car(3, 0, 12),
                   car(4, 1, 5, status="retired", position=4, flipped=True)],
                  hands=[[card_with(mp=4)], []])
    rows = GAME.standings(GAME.view(st, 0))
    assert [r.name.split()[0] for r in rows] == ["#2", "#1", "#3", "#4"]
    assert rows[0].facts[1].value == "leader" and rows[2].facts[1].value == "18 back"
    assert rows[3].status == "retired, P4"


# ---- a word on each decision ------------------------------------------------------------
def test_every_decision_step_is_explained():
    assert set(GAME.machine.steps) <= set(GAME.spec.explain)
    for name, text in GAME.spec.explain.items():
        assert 2 <= text.count(". ") + 1 <= 4 and len(text) > 80, name


def test_the_turn_banner_says_what_is_decided():
    st = GAME.new(GAME.config(seats=["human", "bot"]), 2)
    turn = GAME.turn(st)
    assert turn["step"] == "car" and turn["explain"] == GAME.spec.explain["car"]


# ---- confirmation ---------------------------------------------------------------------------
def test_retiring_a_car_asks_for_confirmation():
    """Issue 15: "Retire the car" asked for no confirmation."""
    st = position([car(1, 0, 30), car(2, 1, 25)], hands=[[card_with(mp=4)], []])
    routes = GAME.legal_actions(st, 0)
    retire = next(r for r in routes if type(r) is Route and isinstance(r.path[-1], Retire))
    warning = GAME.confirm(st, 0, retire)
    assert "Retire" in warning and "for good" in warning and "Position marker" in warning
    for r in routes:
        if r != retire:
            assert GAME.confirm(st, 0, r) is None
    # the single step too, and the whole route as one (should the engine pass it)
    GAME.apply(st, 0, Activate(1))
    assert "Retire #1?" in GAME.confirm(st, 0, Retire())
    assert GAME.confirm(st, 0, PlayCard(card_with(mp=4))) is None
    assert GAME.spec.confirm(st, 0, Route((Activate(1), Retire()))).startswith("Retire #1?")


def test_a_green_flag_pit_stop_that_laps_the_car_asks_for_confirmation():
    # STOCK Pit Stops, Lapped cars: the leader at 40, #1 at 30 would drop 6
    # back onto the Apron at 24, not a lap down on a 40-sector speedway...
    st = position([car(1, 0, 30, temp=(1, 0, 0)), car(2, 1, 40)], phase="pits",
                  hands=[[], []])
    assert GAME.spec.confirm(st, 0, Pit(1)) is None
    # ... but at 36 sectors behind it would be, and removed at the end of the turn
    st = position([car(1, 0, 10, temp=(1, 0, 0)), car(2, 1, 46)], phase="pits",
                  hands=[[], []])
    warning = GAME.spec.confirm(st, 0, Pit(1))
    assert "lap behind" in warning and "removed" in warning
    assert GAME.spec.confirm(st, 0, PitDone()) is None
    # under a yellow flag a stop costs no distance: no warning
    st.yellow = True
    assert GAME.spec.confirm(st, 0, Pit(1)) is None


# ---- the first race ------------------------------------------------------------------------
def test_the_tutorial_plays_to_the_end_taking_the_first_choice():
    """As the browser test clicks it: seat 0 always takes the first listed
    action, the decisions nobody is asked are applied for it, bots play."""
    tut = GAME.spec.tutorial()
    config = GAME.config(**tut.config)
    assert config.seats[0] == "human" and config.laps == 1 and config.track == "short"
    s = Session(GAME, config, tut.seed)
    s.settle()
    bots = {i: GAME.make_agent(k, i, tut.seed) for i, k in enumerate(config.seats) if i}
    asked = set()
    decisions = 0
    while not s.over:
        seat = min(s.to_act())
        if seat in bots:
            s.act(seat, bots[seat].choose(GAME, s.state, seat), by="bot")
            continue
        asked.add(GAME.pending_step(s.state).name)
        s.act(seat, s.legal(seat)[0])
        decisions += 1
        assert decisions <= tut.max_decisions
    assert tut.max_decisions <= 60 and decisions >= 15
    assert {"car", "move", "pits", "discard"} <= asked    # the decisions of a turn, each met
    assert set(tut.notes) <= set(GAME.machine.steps)
    assert tut.intro and tut.outro and not DEBUG_TEXT.search(tut.intro + tut.outro)
    assert GAME.result(s.state).classification


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_choice_is_a_sensible_default(seed):
    """The tutorial's learner takes the first choice: the menus list the
    usual answer first (keep the hand, no pit stop, the furthest move)."""
    st = GAME.new(GAME.config(seats=["bot", "bot"], track="short", laps=1), seed)
    seen = set()
    for _ in range(400):
        if GAME.is_over(st):
            break
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        step = GAME.pending_step(st).name
        if step == "discard":
            assert type(legal[0]).__name__ == "KeepHand"
            seen.add(step)
        if step == "pits":
            assert legal[0] == PitDone()
            seen.add(step)
        GAME.apply(st, seat, legal[0])
    assert seen == {"discard", "pits"}
