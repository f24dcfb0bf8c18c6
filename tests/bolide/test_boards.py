"""Bolide's boards for players (issue 15): what each move leads to, the SVG
board (speed colours, risks, sharp brakings and requests drawn as clickable
marks with tooltips, big cars, the car's panel) and the terminal board (full
coordinates, cropped so that the decision fits a 100 x 40 screen)."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.engine.board import action_doc, action_key
from chequered.engine.play import agents_for
from chequered.engine.session import Session as RaceSession
from chequered.games.bolide import board_svg
from chequered.games.bolide.actions import Move, Place, Request
from chequered.games.bolide.bots import make_bot
from chequered.games.bolide.rules import outlook as outlook_mod
from chequered.games.bolide.rules.running import options
from chequered.games.bolide.svg_marks import CELL, RISK, CAUTION, speed_colour
from chequered.terminal import Session

from .helpers import G, begin, circ, new_race, put, to_act

SVG = "{http://www.w3.org/2000/svg}"


def _race(seats, track="ring", seed=3, **kw):
    config = G.config(seats=seats, track=track, **kw)
    race = RaceSession(G, config, seed)
    race.settle()
    return race, agents_for(G, config, seed)


def _positions(seats=("human", "club", "club", "club"), track="ring", seed=3, every=1,
               limit=400, **kw):
    """States along a race, the human seat driven by a club bot."""
    race, bots = _race(list(seats), track, seed, **kw)
    me = make_bot("club", 0, seed)
    n = 0
    while not race.over and n < limit:
        seat = min(race.to_act())
        if n % every == 0:
            yield race.state, seat
        n += 1
        agent = me if seats[seat] == "human" else bots[seat]
        race.act(seat, agent.choose(G, race.state, seat))


def _elements(svg: str):
    return ET.fromstring(svg).iter()


# ---- what a move leads to: the rules' own answer ---------------------------------------------
def test_each_moves_outlook_counts_the_moves_without_a_sharp_braking_the_next_turn_offers():
    """One car alone (no other car to move in between): after each move, the
    next turn's legal list has exactly `next_free` pawn moves, and the
    warnings say so."""
    kinds = set()
    for s, seat in _positions(seats=("human",), seed=5, every=3, limit=150):
        car = s.cars[seat]
        if G.pending_step(s).name != "move" or car.mode != "run":
            continue
        for m, o in outlook_mod.outlooks(s, circ(s), car).items():
            t = G.clone(s)
            G.apply(t, seat, m)             # (a single move next turn is not yet made)
            step = G.pending_step(t)
            if o.next_free is None:
                assert step is None or step.name != "move" or "pit" in o.risks \
                    or t.cars[seat].mode != "run"
                continue
            if step is None or t.cars[seat].mode != "run":
                continue             # the move ended the race (turn limit) or spun the car
            assert len(options(t, circ(t), t.cars[seat]).pawn) == o.next_free
            text = G.describe_choice(s, seat, m)
            kinds.add(o.next_free if o.next_free < 2 else 2)
            assert ("1 free move next turn" in text) == (o.next_free == 1), text
            assert ("no free move" in text or "no move at all" in text) == (o.next_free == 0), text
    assert {0, 1, 2} <= kinds            # the race met each case


def test_the_menu_warns_of_a_move_that_leaves_one_move_without_braking():
    s = new_race(1, track="ring", seats=["human"])
    # fast along the top straight towards the first corner
    put(s, 0, 61, 6, 6, 0)
    begin(s)
    seat = to_act(s)
    lines = {m: G.describe_choice(s, seat, m) for m in G.legal_actions(s, seat)
             if isinstance(m, Move)}
    # the menu's short words; the board's tooltips say it in full
    warned = [m for m, text in lines.items() if "! 1 free move next turn" in text]
    dead = [m for m, text in lines.items() if "! no free move next turn" in text]
    assert warned and dead
    svg = G.render_svg(G.view(s, 0))
    for m in warned:
        node = _mark(svg, m)
        assert CAUTION in ET.tostring(node, encoding="unicode")
        assert "only 1 move next turn" in node.find(f"{SVG}title").text
    for m in dead:
        assert RISK in ET.tostring(_mark(svg, m), encoding="unicode")


def _mark(svg: str, action):
    key = action_key(action_doc(action))
    found = [e for e in _elements(svg) if e.get("data-action") == key]
    assert len(found) == 1, action
    return found[0]


# ---- the SVG board ------------------------------------------------------------------------
def test_reachable_points_are_coloured_by_their_speed_with_the_colours_in_the_legend():
    s = new_race(2, track="ring", seats=["human", "club"])
    put(s, 0, 50, 6, 4, 0)
    put(s, 1, 30, 9, 0, 0)
    begin(s, first=0)
    v = G.view(s, 0)
    svg = G.render_svg(v)
    legend = {m.name: m for m in G.legend(v)}
    for ch in v["choices"]:
        if ch["slip"] or ch["kind"] == "attack":
            continue
        node = _mark(svg, Move(ch["x"], ch["y"]))
        drawn = ET.tostring(node, encoding="unicode")
        assert speed_colour(ch["speed"]) in drawn
        assert f">{ch['speed']}<" in drawn                  # the speed written on it
        assert speed_colour(ch["speed"]) in legend[f"speed {ch['speed']}"].swatch


def test_sharp_brakings_and_the_booster_are_clickable_marks_with_tooltips():
    s = new_race(2, track="ring", seats=["human", "club"])
    put(s, 0, 50, 6, 4, 0)
    put(s, 1, 30, 9, 0, 0)
    begin(s, first=0)
    v = G.view(s, 0)
    svg = G.render_svg(v)
    brakes = [a for a in G.legal_actions(s, 0) if isinstance(a, Move)
              and a.slip is None and (a.x, a.y) in options(s, circ(s), s.cars[0]).brake]
    assert brakes
    for a in brakes:
        node = _mark(svg, a)
        assert node.find(f"{SVG}rect") is not None               # a square: a sharp braking
        assert "sharp braking" in node.find(f"{SVG}title").text
        assert "BOLIDE 4" in node.find(f"{SVG}title").text
    booster = _mark(svg, Request("booster"))
    assert "Booster" in booster.find(f"{SVG}title").text
    assert "BOLIDE 7" in booster.find(f"{SVG}title").text
    # every legal action of a move on the board is a mark the page can click
    marked = {e.get("data-action") for e in _elements(svg) if e.get("data-action")}
    assert {action_key(action_doc(a)) for a in G.legal_actions(s, 0)} <= marked


def test_places_after_an_engagement_are_clickable_marks():
    s = new_race(2, track="ring", seats=["human", "club"])
    G.machine.wait(s, "reposition", [0], options=[[40, 6], [40, 8]])
    svg = G.render_svg(G.view(s, 0))
    for x, y in ((40, 6), (40, 8)):
        assert "engagement" in _mark(svg, Place(x, y)).find(f"{SVG}title").text


def test_cars_are_large_animated_groups_and_the_panel_shows_the_viewers_car():
    s = new_race(3, track="ring", rules="advanced", seats=["human", "club", "club"])
    from .helpers import choose_strategies
    choose_strategies(s)
    put(s, 1, 50, 6, 5, 0, damage=1, brakes=1, tyres="hard")
    begin(s)
    v = G.view(s, 1)
    svg = G.render_svg(v)
    cars = [e for e in _elements(svg) if e.get("class") == "car"]
    assert sorted(int(e.get("data-car")) for e in cars) == [0, 1, 2]
    assert all(e.get("data-seat") == e.get("data-car") for e in cars)
    radii = [float(c.get("r")) for e in cars for c in e.iter(f"{SVG}circle")]
    assert max(radii) >= 0.65 * CELL                # larger than a point's mark
    text = " ".join(t.text or "" for t in _elements(svg) if t.tag == f"{SVG}text")
    assert "Blue car" in text and "top -1" in text and "hard slicks" in text
    assert "Running order" in text
    # the sharp brakings as the strategy block's circles: one filled, two empty
    assert "sharp brakings: 1" in svg


def test_every_title_has_text_in_many_positions_seats_and_for_a_spectator():
    seen = 0
    for s, _seat in _positions(seats=("human", "club", "club", "club", "club", "club"),
                               every=9, limit=300):
        for viewer in (None, 0, 3):
            svg = G.render_svg(G.view(s, viewer))
            root = ET.fromstring(svg)
            for t in root.iter(f"{SVG}title"):
                assert t.text and t.text.strip(), "an empty <title>"
            for e in root.iter():
                if e.get("data-action"):
                    assert e.find(f"{SVG}title") is not None
            seen += 1
    assert seen > 30


def test_the_circuit_is_drawn_once_a_circuit_and_the_board_stays_small():
    s = new_race(4, track="hairpin", seats=["human", "club", "club", "club"])
    v = G.view(s, 0)
    svg = G.render_svg(v)
    static = board_svg.static_board("hairpin", None)
    assert static in svg and board_svg.static_board("hairpin", None) is static
    assert len(svg) < 90_000


# ---- the terminal board ---------------------------------------------------------------------
def _columns(lines: list[str]) -> dict[int, int]:
    """Board text column -> the column number written downwards above it."""
    digits = [ln for ln in lines[1:] if not re.match(r"^\s*\d+ ", ln)]
    rows = []
    for ln in lines[1:]:
        if re.match(r"^\s*\d+ [#.,:=sxo*!?b+1-8]", ln):
            break
        rows.append(ln)
    out = {}
    for i in range(max(len(r) for r in rows)):
        number = "".join(r[i] if i < len(r) else " " for r in rows).strip()
        if number.isdigit():
            out[i] = int(number)
    assert digits
    return out


def test_the_terminal_board_writes_full_coordinates_on_both_axes():
    s = new_race(2, track="ring", seats=["human", "club"])
    put(s, 0, 63, 6, 5, 0)
    put(s, 1, 30, 9, 0, 0)
    begin(s, first=0)
    lines = G.render_text(G.view(s, 0)).splitlines()
    cols = _columns(lines)
    board = [ln for ln in lines if re.match(r"^\s*\d+ .* \d+$", ln)]
    assert board
    assert len(cols) >= 60
    surface = {"#": "#", ",": ",", ":": ":", ".": "."}
    for ln in board:
        left, right = ln.split()[0], ln.split()[-1]
        assert left == right                              # row numbers on both sides
        y = int(left)
        for i, x in cols.items():
            ch = ln[i]
            if (x, y) == (63, 6):
                assert ch == "1"                          # the car, found by its numbers
            elif ch in surface:
                assert surface[ch] == circ(s).kind_at(x, y), (x, y)
    # every point the car may drive to is inside the window
    v = G.view(s, 0)
    ys = {int(ln.split()[0]) for ln in board}
    assert {ch["y"] for ch in v["choices"]} <= ys
    assert {ch["x"] for ch in v["choices"]} <= set(cols.values())


SCREEN_RACES = [
    ({"seats": ["human"] + ["club"] * 7, "track": "ring"}, 1, "club"),
    ({"seats": ["human", "expert", "club", "club"], "track": "hairpin", "rules": "advanced",
      "options": ["qualifying"]}, 2, "club"),
    ({"seats": ["human"] + ["club"] * 5, "track": "twisty", "rules": "advanced"}, 3, "club"),
    ({"seats": ["human"] + ["random"] * 5, "track": "ring", "turn_limit": 40}, 4, "random"),
    ({"seats": ["human", "club", "club"], "track": "hairpin", "options": ["timer"],
      "turn_limit": 40}, 5, "random"),
]


@pytest.mark.parametrize("cfg,seed,driver", SCREEN_RACES,
                         ids=[f"{c['track']}-{d}-{s}" for c, s, d in SCREEN_RACES])
def test_every_decision_fits_a_100_by_40_terminal(cfg, seed, driver):
    config = G.config(**cfg)
    session = Session(G, config, seed, G.new(config, seed), agents_for(G, config, seed),
                      out=io.StringIO(), read_line=lambda prompt, timeout=None: None)
    race = session.race
    race.settle()
    me = make_bot("club", 0, seed) if driver == "club" else RandomAgent(seed)
    decisions = 0
    while not race.over:
        seat = min(race.to_act())
        if config.seats[seat] != "human":
            race.act(seat, session.agents[seat].choose(G, race.state, seat), by="bot")
            continue
        screen = session.screen(seat)
        decisions += 1
        assert len(screen) <= 40, "\n".join(screen)
        assert max(len(line) for line in screen) <= 100, "\n".join(screen)
        assert not any("Move(" in line or "seat=" in line for line in screen)
        race.act(seat, me.choose(G, race.state, seat))
    assert decisions > 20


def test_the_svg_says_where_to_zoom_on_a_small_screen():
    s = new_race(2, track="ring", seats=["human", "club"])
    put(s, 0, 63, 6, 5, 0)
    put(s, 1, 30, 9, 0, 0)
    begin(s, first=0)
    v = G.view(s, 0)
    x, y, w, h = (float(n) for n in ET.fromstring(G.render_svg(v)).get("data-focus").split())
    for ch in v["choices"] + [{"x": 63, "y": 6}]:
        cx = board_svg.ML + ch["x"] * CELL + CELL / 2
        cy = board_svg.MT + ch["y"] * CELL + CELL / 2
        assert x < cx < x + w and y < cy < y + h
    assert w < 30 * CELL
