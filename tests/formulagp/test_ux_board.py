"""Issue 15, the picture: every mark has a tooltip, cars are car marks with
their number and a stable id, the seat's board and hand lie inside the
picture and are seen whole in the page's board box, and nothing a seat could
not see at the table reaches its picture, text, legend or running order."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from chequered.engine.rng import Rng
from chequered.games.formulagp.render import BOX, _size
from chequered.games.formulagp.track_marks import CAR_BADGE, LANE_W, SCALE

from .ux_races import GAME, positions

NS = "{http://www.w3.org/2000/svg}"


def _classes(el):
    return (el.get("class") or "").split()


def _sample(name: str, k: int = 6) -> list:
    ps = positions(name)
    return [ps[i * (len(ps) - 1) // (k - 1)] for i in range(k)]


def _svg(st, seat):
    view = GAME.view(st, seat)
    if seat is not None and seat in GAME.to_act(st):
        view = GAME.spec.decorate_view(st, seat, view, GAME.fine_actions(st, seat))
    return GAME.render_svg(view)


@pytest.mark.parametrize("name", ["standard", "advanced", "standard-street"])
def test_every_title_has_a_text(name):
    for st in _sample(name):
        for seat in (0, 1, None):
            root = ET.fromstring(_svg(st, seat))
            titles = list(root.iter(f"{NS}title"))
            assert len(titles) > 100
            for t in titles:
                assert (t.text or "").strip(), ET.tostring(t)


def test_the_marks_players_ask_about_carry_a_title_with_the_rule():
    st = _sample("standard")[3]
    root = ET.fromstring(_svg(st, 0))
    parents = {c: p for p in root.iter() for c in p}

    def titled(el):
        while el is not None:
            if el.find(f"{NS}title") is not None:
                return el.find(f"{NS}title").text
            el = parents.get(el)
        return None
    for cls in ("space", "car", "token", "gear", "wall", "finish", "drs-line", "shadow",
                "skid", "speed-cell", "level", "wear-space", "wear-marker", "param", "card",
                "stress-token", "pit-lane"):
        els = [e for e in root.iter() if cls in _classes(e)]
        if not els:
            continue
        for e in els:
            tip = titled(e)
            assert tip and re.search(r"FGP \d|car #?\d", tip), (cls, tip)


def test_cars_are_marks_with_their_number_and_a_stable_id():
    seen = {}
    for st in _sample("standard", 8):
        root = ET.fromstring(_svg(st, None))
        for g in (e for e in root.iter(f"{NS}g") if "car" in _classes(e)):
            seat = int(g.get("data-seat"))
            assert g.get("data-car") == str(seat + 1)
            seen.setdefault(seat, set()).add(g.get("data-car"))
            texts = "".join(g.itertext())
            assert str(seat + 1) in texts
            disc = next(g.iter(f"{NS}circle"))
            assert float(disc.get("r")) >= CAR_BADGE >= 9      # not an 8-pixel disc
            assert st.cars[seat].space is not None
    assert len(seen) == 6 and all(len(v) == 1 for v in seen.values())
    assert CAR_BADGE * 2 > LANE_W * SCALE                      # wider than its lane


@pytest.mark.parametrize("name", ["standard", "standard-street", "ten"])
def test_the_board_lies_inside_and_is_seen_whole_in_the_board_box(name):
    """The page scales the picture to its column and scrolls what is taller
    than 80% of the window: the arrangement chosen is seen whole at 1366x768
    (its width over height at least the box's), and the board with the hand
    lies inside the picture's viewBox."""
    for st in _sample(name, 4):
        svg = _svg(st, 0)
        w, h = _size(svg)
        root = ET.fromstring(svg)
        assert w / h >= BOX[0] / BOX[1] - 1e-9, (w, h)
        board = next(g for g in root if "board" in _classes(g))
        dx, dy = map(float, re.match(r"translate\(([\d.]+),([\d.]+)\)",
                                     board.get("transform")).groups())
        bw, bh = _size(ET.tostring(board[0], encoding="unicode").replace("ns0:", ""))
        assert dx + bw <= w + 0.5 and dy + bh <= h + 0.5
        cards = [g for g in board.iter(f"{NS}g") if "card" in _classes(g)]
        assert [c.get("data-card") for c in cards] == list(st.cars[0].hand)


def test_a_spectator_sees_the_track_alone_and_no_hand():
    st = _sample("standard")[2]
    root = ET.fromstring(_svg(st, None))
    assert not [g for g in root.iter(f"{NS}g") if "card" in _classes(g)]
    assert not [g for g in root.iter(f"{NS}svg") if "fgp-board" in _classes(g)]


@pytest.mark.parametrize("name", ["standard", "advanced"])
def test_nothing_hidden_reaches_a_seat(name):
    """Whatever a seat cannot see (the others' hands and held cards, the deck
    orders, the dice to come) is resampled by redeterminize; the seat's
    picture, text, legend and running order stay the same, to the character."""
    for st in _sample(name, 5):
        for seat in (0, 2, None):
            if st.turn.over:
                continue
            who = 0 if seat is None else seat
            other = GAME.redeterminize(st, who, Rng(seed=99))
            for render in (GAME.render_svg, GAME.render_text):
                assert render(GAME.view(other, seat)) == render(GAME.view(st, seat))
            assert [m.to_doc() for m in GAME.legend(GAME.view(other, seat))] == \
                [m.to_doc() for m in GAME.legend(GAME.view(st, seat))]
            assert [s.to_doc() for s in GAME.standings(GAME.view(other, seat))] == \
                [s.to_doc() for s in GAME.standings(GAME.view(st, seat))]


def test_cards_laid_aside_for_the_white_token_are_marked_in_the_hand():
    """FGP 4.12: the WHITE token discards cards of the player's choice; while
    choosing, the cards laid aside are still in the hand, and the board showed
    them as if kept. The seat's own board marks them, in text and picture;
    another seat sees nothing of them."""
    from chequered.games.formulagp import actions as A
    from chequered.games.formulagp.position import position
    from chequered.games.formulagp import GAME as G
    st = position('cards = ["R01", "R02", "R03", "R04"]\n[[car]]\nat = "13.2.1"\n'
                  'hand = ["G01", "P01", "P02", "T01"]\n[[car]]\nat = "11.2.1"\n')
    G.apply(st, 0, A.Parameter("white"))
    G.apply(st, 0, A.Discard("P01"))
    mine = G.view(st, 0)
    assert mine["board"]["aside"] == ["P01"]
    text = G.render_text(mine)
    assert "(x) to discard: 1" in text
    marked = [ln for ln in text.splitlines() if "xP01 " in ln]
    assert marked and "xG01" not in text
    svg = G.render_svg(mine)
    assert svg.count('class="aside"') == 1
    assert "aside" not in G.view(st, 1)["board"] and "aside" not in str(G.view(st, None))
    G.apply(st, 0, A.Done())
    assert "aside" not in G.view(st, 0)["board"]
