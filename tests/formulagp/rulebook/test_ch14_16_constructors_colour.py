"""FGP 14.4 (the Constructors' Championship: teams of two sharing a pit box,
team standings) and 16 (support for colour blindness: what each coloured
component shows besides its colour), written from the rulebook."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.track import track

from .common import GAME, position
from .pitlane import roll
from .test_ch14_17_championship import _finish

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


def _card_texts(text: str) -> dict[str, str]:
    """Each card of the text board's hand (two a line: `1 G01 GREEN (2) ...`)."""
    out = {}
    for ln in text.splitlines():
        for m in re.finditer(r"(?:^|\s)\d+ ([A-Z]\d\d) (.*?)(?=\s+\d+ [A-Z]\d\d |$)", ln):
            if m.group(1) in HAND:
                out[m.group(1)] = m.group(0)
    return out


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
    assert "panel red (button left, two dots)" in _text(st)


def test_fgp_16_1_a_green_white_die_face_has_its_button_right_and_one_dot():
    """A green WHITE result: the button on the right, one dot at the bottom."""
    st = _st(panel_side="green")
    die = _groups(_svg(st), "white-die")[0]
    button = next(c for c in die.iter(f"{NS}circle") if "die-button" in _cls(c))
    dots = [c for c in die.iter(f"{NS}circle") if "die-dot" in _cls(c)]
    face = next(die.iter(f"{NS}rect"))
    assert float(button.get("cx")) > float(face.get("x")) + float(face.get("width")) / 2
    assert len(dots) == 1
    assert "panel green (button right, one dot)" in _text(st)


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
    lines = _card_texts(_text(st))
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
    cards = _card_texts(_text(st))
    for cid, shown in (("G01", "GREEN (2)"), ("R01", "RED (4)"), ("B01", "BLUE (6)"),
                       ("O01", "ORANGE (2/4)")):
        assert shown in cards[cid], cid


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


# ---- FGP 14.4 ------------------------------------------------------------------------


def _teams_race(teams, tracks="street", options=("constructors",), seed=1):
    n = len(teams)
    cfg = FormulaGPConfig(seats=["human"] * n, track=tracks, options=list(options),
                          teams=list(teams), tyres=["medium"] * n)
    st, _ = GAME.start(cfg, seed)
    return st


def test_fgp_14_4_teammates_share_a_pit_box_and_the_first_car_qualifies_first():
    """Two cars of a team share one Pit Box tile: the tiles shuffled are the teams',
    the team's cars stand side by side in the box order, its first car ahead."""
    for seed in range(1, 6):
        st = _teams_race([1, 2, 1, 3, 2], seed=seed)
        assert st.cars[0].box == st.cars[2].box and st.cars[1].box == st.cars[4].box
        assert sorted({c.box for c in st.cars}) == [0, 1, 2]      # three tiles, not five
        order = st.pit_order
        for first, second in ((0, 2), (1, 4)):
            assert order.index(second) == order.index(first) + 1
        # A112: the team is its first car's board: name and FGP 16.5 number
        assert st.cars[2].team == st.cars[0].team == "Vireo Racing"
        assert st.cars[2].number == st.cars[0].number == 1
        assert st.cars[4].team == "Halcyon GP" and st.cars[3].team == "Ardent Motorsport"


def test_fgp_14_4_qualifying_goes_by_the_boxes_team_by_team():
    """Each team qualifies in the order of the Pit Box tiles, its first car before its
    second: the push-the-limit decisions come in that order."""
    st = _teams_race([1, 1, 2, 2], seed=2)
    asked = []
    for _ in range(100):
        step = st.turn.pending.step if st.turn.pending else None
        if step not in ("returns", "quali_cards", "push", "quali_save"):
            break
        seat = min(GAME.to_act(st))
        acts = GAME.fine_actions(st, seat)
        if step == "quali_cards":                       # every car shows a card: a score
            act = next(a for a in acts if a.cards)
        elif step == "push":
            asked.append(seat)
            act = A.Push(False)
        else:
            act = acts[0]
        GAME.apply(st, seat, act)
    assert sorted(asked) == [0, 1, 2, 3] and asked == st.pit_order
    assert st.pit_order in ([0, 1, 2, 3], [2, 3, 0, 1])


def test_fgp_14_4_a_team_scores_both_drivers_points():
    """After the race each team scores the points of both its drivers; the result and
    the log give the Constructors' classification."""
    st = _teams_race([1, 1, 2, 2, 3, 3])
    ev = _finish(st, [2, 0, 4, 1, 5, 3])          # 6 cars: 6-4-3-2-1-0
    res = GAME.result(st)
    table = res.extra["constructors"]
    assert [(r["team"], r["points"], r["cars"]) for r in table] == [
        ("Corsa Nera", 6, [2, 3]), ("Vireo Racing", 6, [0, 1]), ("Kestrel F1", 4, [4, 5])]
    # equal points (6 and 6): the team with the better finish first (A75)
    assert res.points == {2: 6, 0: 4, 4: 3, 1: 2, 5: 1, 3: 0}
    text = [GAME.describe(e, st) for e in ev if e.kind == "team_points"]
    assert GAME.is_over(st)
    assert text == ["team points: Corsa Nera 6, Vireo Racing 6, Kestrel F1 4 (FGP 14.4)"]


def test_fgp_14_4_the_constructors_title_may_differ_from_the_drivers_and_sets_the_boxes():
    """Over a season a team totals both cars' points: here the drivers' champion drives
    for the second team. From race 2 the teams' Pit Box tiles follow the team
    standings (FGP 14.1), the leading team's nearest the pit exit."""
    st = _teams_race([1, 1, 2, 2], tracks="fast,twisty,street",
                     options=("championship", "constructors"), seed=4)
    _finish(st, [2, 0, 1, 3])          # 4 cars, the 6-car row: 6-4-3-2
    # team 1 (seats 0, 1): 4 + 3 = 7; team 2 (seats 2, 3): 6 + 2 = 8
    assert st.track == "twisty"
    assert st.pit_order == [2, 3, 0, 1] and [c.box for c in st.cars] == [1, 1, 0, 0]
    assert st.results[0]["team_points"] == {"Corsa Nera": 8, "Vireo Racing": 7}
    _finish(st, [2, 0, 1, 3])          # team 1 7 more (14), team 2 8 more (16)
    _finish(st, [0, 1, 2, 3])          # team 1 10 (24), team 2 5 (21); seat 2: 6+6+3 = 15
    assert GAME.is_over(st)
    res = GAME.result(st)
    assert res.classification[0] == 2 and res.points[2] == 15 and res.points[0] == 14
    assert [(r["team"], r["points"]) for r in res.extra["constructors"]] == [
        ("Vireo Racing", 24), ("Corsa Nera", 21)]
    assert list(res.extra["teams"].items()) == [("Vireo Racing", 24), ("Corsa Nera", 21)]
    assert res.extra["team_of"] == {"0": "Vireo Racing", "1": "Vireo Racing",
                                    "2": "Corsa Nera", "3": "Corsa Nera"}


def test_fgp_14_1_teams_without_the_constructors_table_take_their_boxes_by_the_better_driver():
    """Teams racing for the drivers' title only (no Constructors' Championship): a
    team's box goes by its better-placed driver (A113)."""
    st = _teams_race([1, 1, 2, 2], tracks="fast,twisty", options=("championship",), seed=4)
    _finish(st, [0, 2, 3, 1])          # team 1: 6 + 0 = 6, team 2: 4 + 3 = 7
    assert st.track == "twisty"
    assert st.pit_order == [0, 1, 2, 3]                    # seat 0 leads the drivers
    assert "team_points" not in st.results[0]


def test_fgp_14_4_constructors_needs_teams_and_a_team_is_two_cars():
    """The Constructors' Championship needs the teams; a team races two cars."""
    with pytest.raises(ValueError, match="needs `teams`"):
        FormulaGPConfig(seats=["human"] * 4, options=["constructors"])
    with pytest.raises(ValueError, match="at most 2"):
        FormulaGPConfig(seats=["human"] * 4, teams=[1, 1, 1, 2])
    with pytest.raises(ValueError, match="one entry per seat"):
        FormulaGPConfig(seats=["human"] * 4, teams=[1, 1, 2])


def test_fgp_11_2_2_teammates_in_one_box_the_second_served_leaves_after_the_others():
    """Teammates pitting in the same round share their box: the one served second
    leaves after the other cars that did not repair, before the repairers."""
    st = position("""
        round = 5
        teams = [1, 1, 2, 3, 4]
        sequence = ["Grey", "Red", "Blue", "Green", "Orange"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "pit"
        [[car]]
        name = "Blue"
        at = "pit"
        [[car]]
        name = "Green"
        at = "pit"
        [[car]]
        name = "Orange"
        at = "pit"
        damage = ["D05"]
        [[car]]
        name = "Grey"
        at = "10.2.1"
    """)
    assert st.cars[0].box == st.cars[1].box and st.cars[0].team == st.cars[1].team
    for s in (0, 1, 2):
        GAME.apply(st, s, A.PitStop(None, (), "none"))
        GAME.apply(st, s, A.Done())
    rolls = [roll("white", 2), roll("white", 5), roll("white", 2), roll("white", 4)]
    with chance.scripted(st.chance, rolls=rolls):
        GAME.apply(st, 3, A.PitStop(None, (), "one", "D05"))
        ev = GAME.apply(st, 3, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [2, 0, 1, 3]


def test_fgp_16_5_teammates_share_their_colour_and_number():
    """The two cars of a team are drawn in one colour with one team number."""
    st = position({"track": "fast", "teams": [1, 1, 2], "car": [
        {"name": "vireo", "at": "5.2.1"}, {"name": "kestrel", "at": "3.3.1"},
        {"name": "lumen", "at": "2.2.1"}]})
    cars = {int(g.get("data-space")): g for g in _groups(_svg(st), "car")}
    fill = {c.seat: next(cars[c.space].iter(f"{NS}circle")).get("fill") for c in st.cars}
    badge = {c.seat: _groups(cars[c.space], "team-no")[0].get("data-team") for c in st.cars}
    assert fill[0] == fill[1] != fill[2]
    assert badge == {0: "1", 1: "1", 2: "6"}


def test_position_teams_key_puts_teammates_in_one_box():
    """A hand-written position's `teams`: teammates share the box given on one of them;
    a wrong list is refused with the reason."""
    from chequered.engine.protocol import BadInput
    st = position({"teams": [1, 2, 1], "car": [
        {"name": "vireo", "at": "pit"}, {"name": "kestrel", "at": "5.2.1"},
        {"name": "lumen", "at": "pit", "box": 3}]})
    assert st.cars[0].box == st.cars[2].box == 3 and st.cars[1].box == 0
    assert st.pit_order == [1, 0, 2]
    assert st.cars[2].team == "Vireo Racing" and st.cars[2].number == 1
    with pytest.raises(BadInput, match="at most 2"):
        position({"teams": [1, 1, 1], "car": [{"at": "5.2.1"}, {"at": "3.3.1"},
                                              {"at": "2.2.1"}]})
