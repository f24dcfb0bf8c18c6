"""FGP 14.4 (the Constructors' Championship: teams of two sharing a pit box,
team standings) and 16 (support for colour blindness: what each coloured
component shows besides its colour), written from the rulebook."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from chequered.games.formulagp.track import track

from .common import GAME, position

NS = "{http://www.w3.org/2000/svg}"

HAND = ["G01", "R01", "B01", "O01", "T01", "P01"]


def _st(**race):
    doc = {"track": "fast", "car": [
        {"name": "vireo", "at": "5.2.1", "hand": HAND},
        {"name": "kestrel", "at": "3.3.1"},
    ]}
    doc.update(race)
    return position(doc)


def _svg(st, seat=0):
    return ET.fromstring(GAME.render_svg(GAME.view(st, seat)))


def _text(st, seat=0):
    return GAME.render_text(GAME.view(st, seat))


def _cls(node) -> set[str]:
    return set((node.get("class") or "").split())


def _groups(root, cls):
    return [g for g in root.iter() if cls in _cls(g)]


# ---- FGP 16.1 ------------------------------------------------------------------------
def test_fgp_16_1_a_red_white_die_face_has_its_button_left_and_two_dots():
    """The race control panel's side is a WHITE result: red shows the button on the
    left and two dots at the bottom, besides its colour."""
    st = _st(panel_side="red")
    die = _groups(_svg(st), "white-die")[0]
    assert die.get("data-colour") == "red"
    button = next(c for c in die.iter(f"{NS}circle") if "die-button" in _cls(c))
    dots = [c for c in die.iter(f"{NS}circle") if "die-dot" in _cls(c)]
    face = next(die.iter(f"{NS}rect"))
    middle = float(face.get("x")) + float(face.get("width")) / 2
    assert float(button.get("cx")) < middle and len(dots) == 2
    assert "cb-mark" in _cls(next(g for g in die if g.tag == f"{NS}g"))
    assert "panel side red (button left, two dots)" in _text(st)


def test_fgp_16_1_a_green_white_die_face_has_its_button_right_and_one_dot():
    """A green WHITE result: the button on the right, one dot at the bottom."""
    st = _st(panel_side="green")
    die = _groups(_svg(st), "white-die")[0]
    button = next(c for c in die.iter(f"{NS}circle") if "die-button" in _cls(c))
    dots = [c for c in die.iter(f"{NS}circle") if "die-dot" in _cls(c)]
    face = next(die.iter(f"{NS}rect"))
    assert float(button.get("cx")) > float(face.get("x")) + float(face.get("width")) / 2
    assert len(dots) == 1
    assert "panel side green (button right, one dot)" in _text(st)


# ---- FGP 16.2 ------------------------------------------------------------------------
def test_fgp_16_2_gear_tokens_a_white_dot_top_left_for_red_top_right_for_green():
    """A RED speed-limit gear token carries a white dot at its top left, a GREEN one
    at its top right; the text view writes the dot as an apostrophe on that side."""
    trk = track("fast")
    limits = {t.index: t.speed_limit for t in trk.tiles if t.speed_limit}
    assert set(limits.values()) == {"RED", "GREEN"}
    st = _st()
    root = _svg(st)
    seen = {}
    for g in _groups(root, "gear"):
        tile = int(g.get("data-tile"))
        if tile not in limits:
            assert not _groups(g, "gear-dot")
            continue
        token = next(g.iter(f"{NS}circle"))
        dot = _groups(g, "gear-dot")[0]
        assert "cb-mark" in _cls(dot) and dot.get("fill") == "#fff"
        assert float(dot.get("cy")) < float(token.get("cy"))          # at the top
        side = "left" if float(dot.get("cx")) < float(token.get("cx")) else "right"
        seen[tile] = side
    assert seen == {t: ("left" if c == "RED" else "right") for t, c in limits.items()}
    rows = {int(r[:3]): r for r in _text(st, None).splitlines() if r[:3].strip().isdigit()}
    for t, c in limits.items():
        assert ("'R" if c == "RED" else "G'") in rows[t].split("|")[0]


# ---- FGP 16.3 ------------------------------------------------------------------------
def test_fgp_16_3_red_arrows_have_a_square_at_the_back_green_arrows_are_solid():
    """The arrows of the cards: a bad effect (a RED lane change wearing the tyres, a
    Tyre Wear card) is a red arrow with a square at its back; a good one (a single
    GREEN easing stress) a solid green arrow."""
    st = _st()
    cards = {g.get("data-card"): g for g in _groups(_svg(st), "card")}

    def arrows(cid):
        return [(a.get("data-arrow"), bool(_groups(a, "arrow-square")))
                for a in _groups(cards[cid], "arrow")]
    assert arrows("R01") == [("red", True)]                 # lane change: more wear
    assert arrows("T01") == [("red", True)]                 # +1 wear when played
    assert ("green", False) in arrows("G01")                # stress -1
    assert arrows("B01") == []                              # no wear or stress icon
    text = _text(st)
    lines = {ln.split()[1]: ln for ln in text.splitlines() if ln[:3].strip().rstrip(".").isdigit()
             and len(ln.split()) > 1 and ln.split()[1] in HAND}
    assert "[]>lane+wear" in lines["R01"] and "=>stress-1" in lines["G01"]
    assert "TYRE WEAR[]>" in lines["T01"]


# ---- FGP 16.4 ------------------------------------------------------------------------
def test_fgp_16_4_movement_cards_show_their_sprint_speed():
    """GREEN 2 MP, RED 4, BLUE 6, ORANGE 2 and 4: each movement card says its
    colour by its Sprint speed too; other cards show none."""
    st = _st()
    cards = {g.get("data-card"): g for g in _groups(_svg(st), "card")}
    speed = {cid: [s.get("data-sprint") for s in _groups(g, "sprint")]
             for cid, g in cards.items()}
    assert speed == {"G01": ["2"], "R01": ["4"], "B01": ["6"], "O01": ["2/4"],
                     "T01": [], "P01": []}
    assert all("cb-mark" in _cls(s) for g in cards.values() for s in _groups(g, "sprint"))
    text = _text(st)
    for cid, shown in (("G01", "GREEN (2)"), ("R01", "RED (4)"), ("B01", "BLUE (6)"),
                       ("O01", "ORANGE (2/4)")):
        assert any(cid in ln and shown in ln for ln in text.splitlines()), cid


# ---- FGP 16.5 ------------------------------------------------------------------------
def test_fgp_16_5_every_car_shows_its_team_number():
    """Each team has its identifier number: the cars on the track carry it and are
    drawn in their team's colour; the running order names it."""
    st = _st()
    root = _svg(st)
    cars = {int(g.get("data-space")): g for g in _groups(root, "car")}
    numbers = {}
    for car in st.cars:
        g = cars[car.space]
        badge = _groups(g, "team-no")[0]
        assert "cb-mark" in _cls(badge)
        numbers[car.board] = int(badge.get("data-team"))
        assert "".join(badge.itertext()).strip() == str(car.number)
    assert numbers == {"vireo": 1, "kestrel": 5}
    text = _text(st)
    assert any("T1 " in ln and "Vireo Racing" in ln for ln in text.splitlines())
    assert any("T5 " in ln and "Kestrel F1" in ln for ln in text.splitlines())
