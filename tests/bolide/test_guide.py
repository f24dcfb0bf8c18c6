"""Bolide beside the board (engine/guide.py): the legend, the running order,
a word on each decision, warnings before a harmful move, the tutorial; and
that every seat reads the same of a race that hides nothing but the dice."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from chequered.engine.rng import Rng
from chequered.engine.session import Session as RaceSession
from chequered.engine.play import agents_for
from chequered.games.bolide.actions import Expire, Move, Refit
from chequered.games.bolide.rules.outlook import outlook
from chequered.games.bolide.rules.running import options

from .helpers import G, begin, circ, new_race, put, to_act
from .test_boards import _positions


def test_the_legend_names_every_mark_with_a_rule_and_a_swatch():
    v = G.view(new_race(2, track="ring", seats=["human", "club"]), 0)
    marks = G.legend(v)
    assert len(marks) > 20
    for m in marks:
        assert m.name and m.text and m.rule.startswith("BOLIDE"), m
        ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{m.swatch}</svg>')
    names = {m.name for m in marks}
    assert {f"speed {d}" for d in range(1, 10)} <= names
    assert {"sharp braking", "risky move", "one way on", "request button", "car"} <= names


def test_every_symbol_on_the_terminal_board_is_in_the_legend():
    symbols = set()
    for m in G.legend(G.view(new_race(2, track="ring", seats=["human", "club"]), 0)):
        symbols |= set(m.symbol.replace("1-8", "12345678"))
    for s, _seat in _positions(every=5, limit=200):
        lines = G.render_text(G.view(s, 0)).splitlines()
        for ln in lines:
            row = re.match(r"^\s*\d+ (.*) \d+$", ln)
            if row:
                assert set(row.group(1)) <= symbols, row.group(1)


def test_the_running_order_gives_each_cars_facts_with_their_meaning():
    s = new_race(3, track="ring", seats=["human", "club", "club"])
    put(s, 0, 48, 6, 3, 0)
    put(s, 1, 56, 6, 5, 0, brakes=1, damage=2)
    put(s, 2, 30, 9, 0, 0, mode="crashed")
    begin(s)
    rows = G.standings(G.view(s, 0))
    assert [r.seat for r in rows] == [1, 0, 2]
    assert [r.place for r in rows] == [1, 2, 3]
    first = {f.label: f for f in rows[0].facts}
    assert first["speed"].value == "5/5" and first["sharp brakings"].value == "1"
    assert first["damage"].value == "top -2"
    assert all(f.tip for r in rows for f in r.facts)
    assert rows[2].status == "crashed"


def test_every_seat_and_a_spectator_read_the_same_race():
    """Bolide hides nothing but the dice to come: views differ only by whose
    they are, and the running order and the legend not at all, even in a
    race redrawn for a seat (its future dice resampled)."""
    for s, _seat in _positions(every=17, limit=300):
        views = [G.view(s, seat) for seat in (None, 0, 1, 2)]
        for v in views:
            assert {k: x for k, x in v.items() if k != "you"} == \
                {k: x for k, x in views[0].items() if k != "you"}
        standings = [G.standings(v) for v in views]
        assert all(st == standings[0] for st in standings)
        other = G.redeterminize(s, 0, Rng(7))
        assert G.standings(G.view(other, 0)) == standings[0]
        assert [m.to_doc() for m in G.legend(views[1])] == \
            [m.to_doc() for m in G.legend(views[2])]


def test_every_decision_step_is_explained():
    for name in G.machine.steps:
        assert len(G.spec.explain.get(name, "")) > 40, name
    s = new_race(2, track="ring", seats=["human", "club"])
    assert G.turn(s)["explain"] == G.spec.explain["move"]


def test_confirm_warns_before_a_move_that_harms_your_own_race():
    # repairs or new tyres after qualifying: the back of the grid (BOLIDE 12)
    s = new_race(2, track="ring", rules="advanced", seats=["human", "club"])
    assert "back of the grid" in G.confirm(s, 0, Refit(True, False))
    assert G.confirm(s, 0, Refit(False, False)) is None
    # the sand timer's action taken by hand: wherever the pawn is (BOLIDE 3)
    assert "pawn's point" in G.confirm(s, 0, Expire())
    # an ordinary move: nothing to confirm
    s = new_race(1, track="ring", seats=["human"])
    put(s, 0, 40, 6, 3, 0)
    begin(s)
    assert G.confirm(s, 0, Move(43, 6)) is None


def test_confirm_warns_before_leaving_the_track_when_a_sharp_braking_would_keep_it_on():
    s = new_race(1, track="ring", seats=["human"])
    # far too fast along the outside of the first corner: every pawn point is off
    put(s, 0, 67, 4, 7, 0)
    begin(s)
    opt = options(s, circ(s), s.cars[0])
    assert opt.off and opt.brake
    off = Move(*opt.off[0])
    assert "off the track" in G.confirm(s, 0, off)
    assert G.confirm(s, 0, Move(*opt.brake[0])) is None


def test_confirm_warns_before_a_move_that_leaves_no_move_at_all_next_turn():
    found = 0
    for s, seat in _positions(seats=("human",), seed=5, every=2, limit=150):
        car = s.cars[seat]
        if G.pending_step(s).name != "move" or car.mode != "run":
            continue
        for m in G.legal_actions(s, seat):
            if isinstance(m, Move):
                o = outlook(s, circ(s), car, m)
                warning = G.confirm(s, seat, m)
                assert ("crash" in (warning or "")) == ("crash" in o.risks)
                found += "crash" in o.risks
    assert found


def test_the_tutorial_race_plays_through_taking_the_first_choice():
    tut = G.tutorial()
    assert tut.intro and tut.outro and tut.max_decisions <= 60
    config = G.config(**tut.config)
    assert config.seats[0] == "human" and all(k != "human" for k in config.seats[1:])
    race = RaceSession(G, config, tut.seed)
    race.settle()
    bots = agents_for(G, config, tut.seed)
    decisions = 0
    while not race.over:
        seat = min(race.to_act())
        if seat == 0:
            decisions += 1
            assert decisions <= tut.max_decisions
            race.act(0, G.legal_actions(race.state, 0)[0])
        else:
            race.act(seat, bots[seat].choose(G, race.state, seat), by="bot")
    assert G.result(race.state).classification
    assert set(tut.notes) <= set(G.machine.steps)


def test_confirm_warns_before_entering_the_pit_lane_too_fast_and_says_the_penalty():
    s = new_race(1, seats=["human"])                 # devoval: pit lane speed limit 4
    put(s, 0, 6, 12, 0, -6)
    begin(s)
    seat = to_act(s)
    fast = [(m, o) for m in G.legal_actions(s, seat) if isinstance(m, Move)
            for o in [outlook(s, circ(s), s.cars[seat], m)] if "penalty" in o.risks]
    assert fast
    m, o = fast[0]
    assert f"{o.penalty} turns of penalty" in G.confirm(s, seat, m)
    assert f"pit lane too fast: {o.penalty} turns" in G.describe_choice(s, seat, m)
    events = G.apply(s, seat, m)
    assert [e.data["turns"] for e in events if e.kind == "pit_penalty"] == [o.penalty]


def test_the_how_to_play_page_shows_each_decision_in_a_picture_of_the_board():
    from pathlib import Path
    doc = Path(__file__).parents[2] / "docs" / "play" / "bolide.md"
    text = doc.read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((img/bolide-[\w-]+\.svg)\)", text)
    assert len(pictures) >= 10
    for name in pictures:
        svg = (doc.parent / name).read_text(encoding="utf-8")
        ET.fromstring(svg)                   # a whole SVG, drawn by render_svg:
        assert "bd-arrow" in svg and "Running order" in svg     # the circuit and the panel
    assert "../rules/bolide.md" in text and "/tutorial/bolide" in text


def _menu(s, seat=0) -> dict:
    return {(a.x, a.y): G.describe_choice(s, seat, a)
            for a in G.legal_actions(s, seat) if isinstance(a, Move)}


def test_a_move_against_the_red_arrow_is_called_backwards():
    # BOLIDE 3: each sector has a red arrow; the race order counts sectors
    # passed, then how far along the arrow. Nothing forbids driving back, but
    # the terminal shows no arrows, so the menu says so.
    s = new_race(1, track="ring", seats=["human"])
    put(s, 0, 40, 6, 0, 0)                 # standing, sector a, its arrow east
    begin(s)
    menu = _menu(s)
    assert all(("backwards" in text) == (x < 40) for (x, y), text in menu.items())
    v = G.view(s, 0)
    assert v["cars"][0]["arrow"] == [1, 0]
    you = next(line for line in G.render_text(v).splitlines() if line.startswith("You:"))
    assert "race runs east" in you


def test_crossing_back_over_a_sector_line_is_backwards_even_along_the_arrow():
    # Sector e runs west to x = 27 on row 32, sector d (also west) from x = 47:
    # from (46, 32) in e, the point (47, 32) is back in d, one sector fewer.
    s = new_race(1, track="ring", seats=["human"])
    put(s, 0, 46, 32, 0, 0)
    begin(s)
    menu = _menu(s)
    assert "backwards" in menu[(47, 32)]
    assert "backwards" not in menu[(45, 32)]
    assert "backwards" not in menu[(46, 31)]           # across the arrow: not behind
