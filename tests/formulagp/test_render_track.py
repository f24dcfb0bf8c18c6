"""Track drawing: layout, SVG and text (render_track)."""
import xml.etree.ElementTree as ET

import pytest

from chequered.games.formulagp.render_track import track_svg
from chequered.games.formulagp.track_layout import track_layout
from chequered.games.formulagp.render_track_text import track_text
from chequered.games.formulagp.track import track, track_keys

NS = "{http://www.w3.org/2000/svg}"
KEYS = track_keys()


def _classes(el):
    return (el.get("class") or "").split()


@pytest.mark.parametrize("key", KEYS)
def test_layout_places_every_space_apart(key):
    t = track(key)
    lay = track_layout(t)
    assert lay is track_layout(t)                       # cached per track
    assert len(lay.tiles) == len(t.tiles) and len(lay.spaces) == len(t.spaces)
    pts = [(round(p.x, 3), round(p.y, 3)) for p in lay.spaces]
    assert len(set(pts)) == len(pts)
    # the drawn path closes: the last tile ends where the first begins
    end = lay.tiles[-1].at(1.0, 0.0)
    start = lay.tiles[0].at(0.0, 0.0)
    assert abs(end[0] - start[0]) < 1e-6 and abs(end[1] - start[1]) < 1e-6


@pytest.mark.parametrize("key", KEYS)
def test_svg_parses_and_has_one_element_per_space_and_car(key):
    t = track(key)
    cars = [{"seat": i, "number": i + 1, "space": i * 5} for i in range(6)]
    cars.append({"seat": 6, "number": 7, "space": None})        # in the pits: not drawn
    reach = [t.spaces[10].id, t.spaces[11].id, t.spaces[12].id]
    svg = track_svg(t, cars=cars, tokens={3: "yellow_flag", 9: ["gravel", "oil"]},
                    highlight=reach)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    spaces = [e for e in root.iter() if "space" in _classes(e)]
    assert sorted(int(e.get("data-space")) for e in spaces) == list(range(len(t.spaces)))
    car_els = [e for e in root.iter() if "car" in _classes(e)]
    assert sorted(int(e.get("data-space")) for e in car_els) == [i * 5 for i in range(6)]
    texts = {"".join(e.itertext()) for e in car_els}
    assert all(any(str(i + 1) in s for s in texts) for i in range(6))
    lit = sorted(int(e.get("data-space")) for e in spaces if "reach" in _classes(e))
    assert lit == sorted(reach)
    assert len([e for e in root.iter() if "token" in _classes(e)]) == 3
    assert [e for e in root.iter() if "finish" in _classes(e)]


def test_svg_marks_the_features():
    t = track("street")
    root = ET.fromstring(track_svg(t))
    cls = {c for e in root.iter() for c in _classes(e)}
    assert {"kerb", "drs", "slipstream", "tricky", "pit", "wall", "pit-lane", "skid"} <= cls
    # pairs of cars as (label, space) work too, and two cars may share a slipstream space
    slip = next(s.id for s in t.spaces if s.slipstream)
    root = ET.fromstring(track_svg(t, cars=[("4", slip), ("9", slip)]))
    assert len([e for e in root.iter() if "car" in _classes(e)]) == 2


@pytest.mark.parametrize("key", KEYS)
def test_text_has_one_line_per_tile_and_shows_cars(key):
    t = track(key)
    plain = track_text(t)
    assert len(plain.splitlines()) == len(t.tiles)
    first = t.tiles[5].lanes[0][0] if t.tiles[5].lanes[0] else t.tiles[5].spaces[0]
    out = track_text(t, cars=[{"number": 44, "space": first}])
    lines = out.splitlines()
    assert len(lines) == len(t.tiles)
    assert "44" in lines[5] and all("44" not in ln for i, ln in enumerate(lines) if i != 5)
    assert lines[0].split()[0] == "0" and "F" in lines[0].split("|")[0]
    drs_tile = t.drs_zones[0][0]
    assert "D1" in lines[drs_tile]


def test_a_car_on_a_clickable_space_lets_the_click_through():
    # The browser found it: a car's disc and number sat on top of the space
    # the player had to click, so the click never reached the space.
    t = track("fast")
    a, b = t.spaces[10].id, t.spaces[20].id
    root = ET.fromstring(track_svg(t, cars=[("1", a), ("2", b)],
                                   marks={a: ' data-action="0"'}))
    cars = {e.get("data-space"): e for e in root.iter() if "car" in _classes(e)}
    assert cars[str(a)].get("pointer-events") == "none"
    assert cars[str(b)].get("pointer-events") is None     # keeps its tooltip


def test_cars_sharing_a_slipstream_space_both_show_the_front_one_ahead():
    # The browser found it: a car that stopped behind another in a slipstream
    # space (FGP 8.5) was drawn almost on top of it, hiding the car in front.
    from chequered.games.formulagp.track_marks import CAR_BADGE
    t = track("fast")
    lay = track_layout(t)
    slip = next(s.id for s in t.spaces if s.slipstream)
    root = ET.fromstring(track_svg(t, cars=[("1", slip), ("3", slip)]))    # 1 in front
    cars = [e for e in root.iter() if "car" in _classes(e)]
    assert [e.get("data-car") for e in cars] == ["3", "1"]      # the front car on top
    centre = {e.get("data-car"): (float(next(c for c in e.iter() if c.tag == NS + "circle")
                                        .get("cx")),
                                  float(next(c for c in e.iter() if c.tag == NS + "circle")
                                        .get("cy")))
              for e in cars}
    (x1, y1), (x3, y3) = centre["1"], centre["3"]
    assert ((x1 - x3) ** 2 + (y1 - y3) ** 2) ** 0.5 > 2 * CAR_BADGE   # both numbers show
    import math
    hd = math.radians(lay.spaces[slip].heading)
    assert (x1 - x3) * math.cos(hd) + (y1 - y3) * math.sin(hd) > 0  # 1 is ahead of 3
