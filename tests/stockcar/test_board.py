"""The page's board (board_svg.py, svg_panels.py) and the terminal board
(board_text.py), checked on positions written by hand and on whole races.

Issue 15's stock-car defects covered here: step targets drawn over other
cars and nearly invisible on green cars; the team legend in a huge font and
cut off; the hand only in the text box; a car's status never explained.
"""
from __future__ import annotations

import re
import xml.dom.minidom

from chequered.engine.board import action_key
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Step

from .helpers import C, card_with, car, position
from .races import race_states

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str):
    return xml.dom.minidom.parseString(svg)


def groups(doc, cls: str) -> list:
    return [g for g in doc.getElementsByTagName("g") if cls in g.getAttribute("class").split()]


def title_of(node) -> str:
    t = next((c for c in node.childNodes if c.nodeName == "title"), None)
    return "".join(x.data for x in t.childNodes) if t is not None else ""


def views(st):
    return [(seat, GAME.view(st, seat)) for seat in [*range(len(st.hands)), None]]


# ---- every mark says what it is -------------------------------------------------------------
def test_every_title_in_the_svg_says_something():
    for st, _ in race_states(every=20):
        for seat, v in views(st):
            doc = parse(GAME.render_svg(v))
            titles = doc.getElementsByTagName("title")
            assert titles
            for t in titles:
                text = "".join(x.data for x in t.childNodes).strip()
                assert len(text) > 10, (seat, t.parentNode.toxml()[:200])


def test_each_car_is_a_group_the_page_can_slide():
    for st, seat in race_states(every=60):
        v = GAME.view(st, seat)
        doc = parse(GAME.render_svg(v))
        cars = groups(doc, "car")
        racing = {c.number: c for c in st.cars if c.status == "racing"}
        assert sorted(int(g.getAttribute("data-car")) for g in cars) == sorted(racing)
        T = C.tracks[st.track]
        for g in cars:
            c = racing[int(g.getAttribute("data-car"))]
            assert g.getAttribute("data-seat") == str(c.team)
            assert g.getAttribute("data-space") == f"{c.dist % T.n},{c.lane}"
            assert re.fullmatch(r"translate\(-?[\d.]+ -?[\d.]+\)", g.getAttribute("transform"))


def test_a_cars_tooltip_explains_its_status():
    """Issue 15: `#43'[0/1/0 0/0 0L L1]` was never explained."""
    st = position([car(43, 0, 30, temp=(0, 1, 0), perm=(2, 0), flipped=True, leads=2),
                   car(15, 1, 31)], hands=[[card_with(mp=4)], []], actor=1)
    doc = parse(GAME.render_svg(GAME.view(st, 0)))
    tip = title_of(next(g for g in groups(doc, "car") if g.getAttribute("data-car") == "43"))
    assert "#43 of Red Comet Racing (yours), sector 30, lane 1" in tip and "Lap 1 of 3." in tip
    assert "Already activated this turn" in tip
    assert "3 markers in all" in tip and "1 suspension" in tip and "2 engine" in tip
    assert "a pit stop clears" in tip and "now 1 MP slower" in tip
    assert "Turn Leader markers: 2" in tip
    # the same words on the car's box of the Team Sheet
    box = next(g for g in groups(doc, "sheet-car") if g.getAttribute("data-car") == "43")
    assert title_of(box) == tip


def test_the_terminal_team_sheet_says_what_its_fields_are():
    st = position([car(43, 0, 30, temp=(0, 1, 0), perm=(2, 0), flipped=True, leads=2),
                   car(15, 1, 31), car(6, 0, 5, status="lapped", position=3, flipped=True)],
                  hands=[[card_with(mp=4)], []], actor=1)
    lines = GAME.render_text(GAME.view(st, 0)).splitlines()
    assert any("#43 w1+2 ^2 moved" in l for l in lines) and any("#6 P3 lapped" in l for l in lines)
    key = "\n".join(l for l in lines if l.startswith(("Key:", "  ")))
    for field in ("wT+P", "temporary", "permanent", "^n = Turn Leader markers",
                  "moved = activated this turn", "* = a lap down", "P3 = out", "43R"):
        assert field in key, field


# ---- the step targets (issue 15: drawn over cars, invisible on green cars) --------------------
def push_position():
    # #1 of Red moves solo from sector 16 lane 2; Green's #4 beside it in lane 3
    # (a push aside: a target with a car on it), #2 ahead in lane 2
    st = position([car(1, 0, 16, lane=2), car(4, 1, 16, lane=3), car(2, 1, 17, lane=2)],
                  hands=[[], []], phase="move",
                  move={"car": 0, "card": card_with(move="solo", mp=6), "kind": "solo",
                        "mp": 6, "snake": [0], "visited": [[16, 2]], "lead": 2})
    return st


def test_step_targets_lie_under_the_cars_and_read_on_every_colour():
    st = push_position()
    v = GAME.view(st, 0)
    pushes = [s for s in v["steps"] if s["push"]]
    assert {"ahead": 0, "lane": 3, "mp": 2, "push": [4], "way": "aside"} in pushes
    assert {"ahead": 1, "lane": 2, "mp": 3, "push": [2], "way": "ahead"} in pushes
    doc = parse(GAME.render_svg(v))
    nodes = [g for g in doc.getElementsByTagName("g")
             if g.getAttribute("class") in ("step", "car")]
    kinds = [g.getAttribute("class") for g in nodes]
    # every target before (under) every car
    assert kinds == sorted(kinds, key=lambda k: k != "step") and "step" in kinds
    for g in groups(doc, "step"):
        frame = g.getElementsByTagName("rect")[0]
        assert frame.getAttribute("fill") == "#fffbe6"            # a light fill
        assert frame.getAttribute("stroke") == "#111"             # a dark edge
        assert title_of(g).endswith("(STOCK Movement)")
    target = next(g for g in groups(doc, "step")
                  if g.getAttribute("data-action") == action_key({"type": "Step", "ahead": 0,
                                                                  "lane": 3}))
    assert "pushing #4 aside" in title_of(target) and "2 MP" in title_of(target)
    # a car on a target (the green #4) lets the pointer through to it; the
    # moving car does not
    green = next(g for g in groups(doc, "car") if g.getAttribute("data-car") == "4")
    assert green.getAttribute("pointer-events") == "none"
    mover = next(g for g in groups(doc, "car") if g.getAttribute("data-car") == "1")
    assert mover.getAttribute("pointer-events") == ""
    assert Step(0, 3) in GAME.fine_actions(st, 0)


def test_a_car_of_the_deciding_seat_is_never_marked_itself():
    """The page fades an action mark it cannot take now (whole moves list
    routes, not a car): the action is a ring over the car, the car stays."""
    st = GAME.new(GAME.config(seats=["human", "bot"]), 4)
    doc = parse(GAME.render_svg(GAME.view(st, 0)))
    for g in groups(doc, "car"):
        assert not g.getAttribute("data-action")
        picks = [c for c in g.getElementsByTagName("circle") if c.getAttribute("class") == "pick"]
        assert len(picks) == (g.getAttribute("data-seat") == "0")
        for p in picks:
            assert p.getAttribute("data-action") and title_of(p)


# ---- the Team Sheets (issue 15: a huge font, cut off) --------------------------------------
def test_the_team_sheets_fit_inside_the_picture_in_a_small_font():
    for teams in (2, 4, 7):
        for track in C.tracks:
            st = GAME.new(GAME.config(seats=["bot"] * teams, track=track), 1)
            doc = parse(GAME.render_svg(GAME.view(st, 0)))
            root = doc.documentElement
            x0, y0, w, h = map(float, root.getAttribute("viewBox").split())
            for t in doc.getElementsByTagName("text"):
                size = float(t.getAttribute("font-size"))
                assert size <= 19, t.toxml()
                words = "".join(x.data for x in t.childNodes if x.nodeType == x.TEXT_NODE)
                x, y = float(t.getAttribute("x") or 0), float(t.getAttribute("y") or 0)
                if t.parentNode.getAttribute("class") == "car":
                    continue                     # drawn around the car's translate
                anchor = t.getAttribute("text-anchor")
                left = x - (0.6 * size * len(words) / (2 if anchor == "middle" else 1)
                            if anchor in ("middle", "end") else 0)
                assert x0 <= left and left + 0.6 * size * len(words) <= x0 + w + 1, words
                assert y0 <= y <= y0 + h, words
            names = [title_of(g) for g in groups(doc, "team")]
            assert len(names) == teams
            # wider than tall, as a laptop's screen: the page fits it whole
            assert w / h >= 1.1, (teams, track, w, h)


# ---- the hand (issue 15: only in the text box) ----------------------------------------------
def test_the_hand_is_drawn_as_cards_for_its_seat_only():
    for st, _ in race_states(every=45):
        for seat, v in views(st):
            doc = parse(GAME.render_svg(v))
            drawn = [g.getAttribute("data-card") for g in groups(doc, "card")]
            if seat is None:
                assert drawn == []
                continue
            assert drawn == sorted(st.hands[seat])
            svg = GAME.render_svg(v)
            for other in range(len(st.hands)):
                for k in set(st.hands[other]) - set(st.hands[seat]):
                    if v["move"] and k in (v["move"].get("card") or ""):
                        continue                 # a card being played is face up
                    assert f"{k} " not in svg and f'"{k}"' not in svg
            for g in groups(doc, "card"):
                tip = title_of(g)
                assert "MP" in tip and "Team Bar" in tip and tip.endswith("(STOCK Race card parts)")


def test_a_card_stands_for_playing_or_discarding_it():
    st = position([car(1, 0, 30), car(2, 1, 25)], hands=[["R09", "R35"], []], phase="discard")
    doc = parse(GAME.render_svg(GAME.view(st, 0)))
    keys = {g.getAttribute("data-action") for g in groups(doc, "card")}
    assert keys == {action_key({"type": "Discard", "card": k}) for k in ("R09", "R35")}


# ---- the terminal board ----------------------------------------------------------------------
def test_the_terminal_board_reads_left_to_right_with_the_apron_on_top():
    # sectors 19-21 of the speedway: a straight of four lanes
    st = position([car(1, 0, 20), car(2, 1, 21, lane=2), car(3, 1, 19, lane=0)],
                  apron={19: [2]}, hands=[[card_with(mp=4)], []])
    lines = GAME.render_text(GAME.view(st, 0)).splitlines()
    ruler = next(l for l in lines if l.startswith("sector "))
    assert ruler.split()[1:] == ["19", "20", "21"]
    rows = [l for l in lines if l.startswith(("Apron ", "lane "))]
    assert [r.split()[0] for r in rows] == ["Apron", "lane", "lane", "lane", "lane"]
    assert rows[0].split()[1:] == ["3B", ".", "."]
    assert rows[1].split()[2:] == [".", "1R", "."] and rows[2].split()[2:] == [".", ".", "2B"]
    assert all(len(l) <= 100 for l in lines)


def _strings(doc) -> set:
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set().union(set(), *(_strings(x) for x in doc.values()))
    if isinstance(doc, list):
        return set().union(set(), *(_strings(x) for x in doc))
    return set()


def test_nothing_only_one_seat_may_see_shows_on_another_seats_screens():
    """Every string of a seat's view that no other seat's view holds (its
    hand) appears nowhere on another seat's picture, text, legend or running
    order (the page's own check, tests/web/test_browser.py, for every moment)."""
    for st, _ in race_states(every=35):
        n = len(st.hands)
        seen = {s: GAME.view(st, s) for s in [*range(n), None]}
        for seat in range(n):
            others = [s for s in seen if s != seat]
            # (the acting seat's own choices, "types" and "steps", follow from
            # the card on the table: public, though only its view lists them)
            mine = {k: x for k, x in seen[seat].items() if k not in ("types", "steps")}
            private = _strings(mine) - set().union(*(_strings(seen[s]) for s in others))
            private = {p for p in private if len(p) >= 2}
            for s in others:
                v = seen[s]
                shown = (GAME.render_svg(v) + GAME.render_text(v)
                         + repr([m.to_doc() for m in GAME.legend(v)])
                         + repr([r.to_doc() for r in GAME.standings(v)]))
                assert not [p for p in private if p in shown], (seat, s)
