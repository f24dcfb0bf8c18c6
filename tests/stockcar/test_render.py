"""Views and rendering: the oval with lanes, Apron and packs; the team sheet
and the seat's own hand; nobody else's hand."""
from __future__ import annotations

import json
import xml.dom.minidom

from chequered.engine.rng import Rng
from chequered.games.stockcar import GAME

from .helpers import C, actor, car, card_with, position


def race(seats=4, seed=2, track="speedway"):
    return GAME.new(GAME.config(seats=["bot"] * seats, track=track), seed)


def test_view_shows_own_hand_only():
    st = race()
    for seat in range(4):
        v = GAME.view(st, seat)
        assert [c["id"] for c in v["hand"]] == sorted(st.hands[seat])
        text = json.dumps(v)
        for other in range(4):
            if other != seat:
                for k in set(st.hands[other]) - set(st.hands[seat]):
                    assert f'"{k}"' not in text
    assert GAME.view(st, None)["hand"] is None
    assert [t["hand"] for t in GAME.view(st, None)["teams"]] == [5, 5, 5, 5]


def test_view_blind_to_resampled_hidden_cards():
    st = race()
    v = GAME.view(st, 1)
    other = GAME.redeterminize(st, 1, Rng(9))
    assert GAME.view(other, 1) == v
    assert other.hands[1] == st.hands[1]
    assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
    assert other.hands[0] != st.hands[0] or other.deck.pile != st.deck.pile


def test_text_shows_team_sheet_and_own_hand():
    st = race()
    text = GAME.render_text(GAME.view(st, 0))
    assert "Super speedway" in text and "lap 1/3" in text
    for c in st.cars:
        assert f"#{c.number} w0+0" in text                  # on the Team Sheet
    for k in st.hands[0]:
        assert k in text
    assert "Your hand (5 of 5)" in text
    assert "you R Red" in text


def test_text_shows_apron_and_lapped_marks():
    st = position([car(1, 0, 30), car(2, 1, 25, lane=0), car(3, 1, -12, lapdown=True)],
                  apron={25: [1]}, hands=[[card_with(mp=4)], []])
    lines = GAME.render_text(GAME.view(st, 0)).splitlines()
    ruler = next(l for l in lines if l.startswith("sector "))
    apron = next(l for l in lines if l.startswith("Apron "))
    col = ruler.index(" 25 ")
    assert apron[col:col + 4] == "  2B"                     # #2 of Blue on the Apron at 25
    lane1 = next(l for l in lines if l.startswith("lane 1 "))
    assert "*" in lane1 and " ~" in ruler                 # #3 a lap down; empty sectors folded
    assert any("#3* w0+0" in l for l in lines)


def test_svg_is_wellformed_for_every_track():
    for track in C.tracks:
        st = race(seats=7, track=track)
        svg = GAME.render_svg(GAME.view(st, 3))
        doc = xml.dom.minidom.parseString(svg)
        cars = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "car"]
        assert len(cars) == len(st.cars)
        assert "#f5d90a" in svg                  # the Apron
        assert "Your hand" in svg


def test_describe_events_and_choices():
    st = race()
    seat = actor(st)
    for a in GAME.legal_actions(st, seat):
        assert GAME.describe_choice(st, seat, a).startswith("#")       # "#3 plays R20: ..."
    events = GAME.apply(st, seat, GAME.fine_actions(st, seat)[0])
    for a in GAME.fine_actions(st, seat):
        line = GAME.describe_choice(st, seat, a)
        assert line.startswith(("play R", "retire"))
    assert "STOCK" in GAME.help(st, seat)
