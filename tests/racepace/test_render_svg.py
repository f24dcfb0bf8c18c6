"""Issue 15, the page's board (render_svg): the lap track unrolled to the
finish with its marks, the cars, the situation cards and your tyres drawn,
whole button labels, and a title on every mark."""
from __future__ import annotations

import time
import xml.etree.ElementTree as ET

from chequered.engine.board import action_key
from chequered.games.racepace.actions import Select

from .helpers import G, PU_B, T, new_race, now, place
from .test_guide import VIEWS

NS = "{http://www.w3.org/2000/svg}"


def tree(v) -> ET.Element:
    return ET.fromstring(G.render_svg(v))


def texts(el) -> list[str]:
    return [t.text or "" for t in el.iter(f"{NS}text")]


def title(el) -> str:
    t = el.find(f"{NS}title")
    return "" if t is None else (t.text or "")


def test_every_title_has_a_text():
    for _s, _seat, v in VIEWS:
        root = tree(v)
        titles = list(root.iter(f"{NS}title"))
        assert len(titles) >= 8
        assert all((t.text or "").strip() for t in titles)


def test_each_car_is_a_group_with_its_id_and_seat_large_enough_to_see():
    for s, _seat, v in VIEWS:
        if v["phase"] in ("team", "driver"):
            continue
        cars = [g for g in tree(v).iter(f"{NS}g") if g.get("class") == "car"]
        assert sorted(int(g.get("data-car")) for g in cars) == \
            sorted(c.seat for c in s.cars if c.driver)
        for g in cars:
            assert g.get("data-seat") == g.get("data-car") and title(g)
            disc = g.findall(f"{NS}circle")[-1]
            assert float(disc.get("r")) >= 7


def laps_of(root) -> dict[int, ET.Element]:
    return {int(g.get("data-lap")): g for g in root.iter(f"{NS}g") if g.get("data-lap")}


def test_the_lap_track_is_unrolled_so_laps_past_60_never_wrap_onto_lap_1():
    s = new_race(["kimi", "bastian"], track="monaco")           # 78 laps, 60 spaces
    place(s, 0, 5)
    place(s, 1, 65)
    root = tree(G.view(s, 0))
    laps = laps_of(root)
    assert sorted(laps) == list(range(1, 79))
    corners = {n: (float(g.find(f"{NS}rect").get("x")), float(g.find(f"{NS}rect").get("y")))
               for n, g in laps.items()}
    assert len(set(corners.values())) == 78                     # every lap its own cell
    # rows of 20 read left to right, top to bottom
    assert corners[65][1] > corners[45][1] > corners[25][1] > corners[5][1]
    assert corners[61][0] == corners[1][0] and corners[2][0] > corners[1][0]
    # lap 65 is board space 5: a FEB lap like lap 5, in its own cell
    assert laps[65].find(f"{NS}rect").get("stroke") == laps[5].find(f"{NS}rect").get("stroke") \
        == "#f5d000"
    assert "board space 5" in title(laps[65])
    cars = {g.get("data-car"): g for g in root.iter(f"{NS}g") if g.get("class") == "car"}
    cx = lambda g: float(g.findall(f"{NS}circle")[-1].get("cx"))          # noqa: E731
    cy = lambda g: float(g.findall(f"{NS}circle")[-1].get("cy"))          # noqa: E731
    assert corners[65][0] < cx(cars["1"]) < corners[65][0] + 40
    assert corners[65][1] < cy(cars["1"]) < corners[65][1] + 56
    assert corners[5][0] < cx(cars["0"]) < corners[5][0] + 40


def test_feb_corner_backmarker_and_finish_laps_are_marked_and_titled():
    s = new_race(["kimi", "bastian"], track="usa_austin")       # 56 laps, finish on side A
    laps = laps_of(tree(G.view(s, 0)))
    feb, corner, back = min(T.feb), min(T.corner), min(T.backmarkers)
    assert "FEB lap" in title(laps[feb]) and "RP Free Energy Boost laps" in title(laps[feb])
    assert "Corner lap" in title(laps[corner]) and laps[corner].find(f"{NS}line") is not None
    assert "Backmarker lap" in title(laps[back]) and "Tokens left: -3 -2 -1" in title(laps[back])
    finish = laps[56]
    assert "Finish lap" in title(finish)
    assert finish.find(f"{NS}rect").get("fill") == "url(#rp-chequer)"
    assert not any("Finish lap" in title(g) for n, g in laps.items() if n != 56)
    side_b = laps_of(tree(G.view(new_race(["kimi", "bastian"], track="mexico"), 0)))
    assert "Finish token (side B)" in title(side_b[11]) and "Finish lap" in title(side_b[71])


def test_situation_cards_and_your_tyres_are_drawn():
    s = new_race(["kimi", "bastian"], seats=["human", "bot"])
    root = tree(G.view(s, 0))
    cards = [g for g in root.iter(f"{NS}g") if g.get("class") == "situation"]
    assert [c.get("data-deck") for c in cards] == ["I", "II"]
    for card, deck in zip(cards, ("I", "II")):
        assert T.cards[s.situation[deck]].title.split()[0] in " ".join(texts(card))
    lights = [g for g in root.iter(f"{NS}g") if g.get("class") == "light"]
    assert lights and all("RP Bot mode" in title(g) for g in lights)
    tyre = next(g for g in root.iter(f"{NS}g") if g.get("class") == "tyre")
    assert "Medium tyres: 0 of 29 laps used" in title(tyre)
    assert "M" in texts(tyre) and "0/29" in texts(tyre)
    wheel = [g for g in root.iter(f"{NS}g") if g.get("class") == "bar"]
    assert len(wheel) == 6
    spectator = tree(G.view(s, None))
    assert not [g for g in spectator.iter(f"{NS}g") if g.get("class") == "tyre"]


def test_button_labels_are_whole():
    """'Driver Experience' was cut to 'Driver Experie'."""
    s = new_race(["kimi", "bastian"], seats=["human", "human"])
    svg = G.render_svg(G.view(s, 0))
    assert "Experie<" not in svg
    root = ET.fromstring(svg)
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "action-button":
            n = int(g.get("data-button"))
            words = " ".join(t for t in texts(g) if not t.isdigit())
            assert words == T.buttons[n].name
    for phase_race in (G.new(G.config(seats=["human", "bot"]), 1),):
        board = ET.fromstring(G.render_svg(G.view(phase_race, 0)))
        names = " ".join(texts(board))
        assert all(t.name in names for t in T.teams.values())


def test_every_legal_action_has_a_clickable_mark():
    for s, seat, v in VIEWS:
        if seat is None or seat not in G.to_act(s):
            continue
        svg = G.render_svg(v)
        for a in G.legal_actions(s, seat):
            key = action_key(G.encode_action(a)).replace('"', "&quot;")
            assert f'data-action="{key}"' in svg, a


def test_chosen_actions_show_on_their_buttons():
    s = new_race(["kimi", "bastian"], seats=["human", "human"])
    seat = now(s)
    G.apply(s, seat, Select(PU_B))
    root = tree(G.view(s, 1 - seat))
    pu = next(g for g in root.iter(f"{NS}g") if g.get("data-button") == str(PU_B))
    assert "Chosen this round by Kimi" in title(pu) or "Chosen this round by Bastian" in title(pu)


def test_the_svg_is_a_pure_and_quick_function_of_the_view():
    s, _seat, v = VIEWS[0]
    assert G.render_svg(v) == G.render_svg(G.view(s, 0 if v["you"] == 0 else v["you"]))
    start = time.perf_counter()
    for _ in range(50):
        G.render_svg(v)
    assert (time.perf_counter() - start) / 50 < 0.02
