"""The player's board and hand: board_view, text and SVG (render_board)."""
import json
import re
import xml.etree.ElementTree as ET

import pytest

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.render_board import board_text, board_view
from chequered.games.formulagp.render_board_svg import board_svg
from chequered.games.formulagp.rules.setup import new_race

NS = "{http://www.w3.org/2000/svg}"
HAND = ["G01", "R03", "B02", "O01", "T01", "P02", "F01"]


@pytest.fixture
def setup():
    race = new_race("fast", 6, seed=7)
    content = load_content()
    car = race.cars[0]
    return race, car, content


def _bv(car, content):
    return board_view(car, content.board(car.board).side(car.side), content)


def _classes(el):
    return (el.get("class") or "").split()


def test_view_is_json_ready_and_matches_the_board(setup):
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    bv = _bv(car, content)
    assert json.loads(json.dumps(bv)) == bv
    assert [r["gear"] for r in bv["speed"]] == [2, 4, 6, 8]
    for row in bv["speed"]:
        for p in ("green", "red", "blue"):
            assert row[p] == side.speed.mp(row["gear"], p)
    assert bv["ers"] == {"charge": side.ers_max, "max": side.ers_max,
                         "printed_max": side.ers_max, "leds": list(side.ers_leds)}
    assert bv["ot"]["level"] == 0 and bv["ot"]["max"] == side.max_ot
    assert bv["tyre"]["wear"] == side.start_position(car.tyre)
    assert bv["tyre"]["bonus"] == side.tyre_bonus(car.tyre, car.wear)
    assert bv["stress"]["position"] == car.stress == bv["stress"]["middle"]
    assert bv["parameters"] == {"white": True, "yellow": True, "red": True}
    assert bv["hand"] == []


def test_text_shows_the_speed_table_fgp_7_3_3_5(setup):
    # FGP 7.3.3.5: GREEN in 6th gear = 2 MP on every board side.
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    text = board_text(_bv(car, content))
    row6 = next(line for line in text.splitlines() if "gear 6" in line)
    assert re.findall(r"\d+", row6.split("gear 6", 1)[1]) == \
        [str(side.speed.mp(6, p)) for p in ("green", "red", "blue")]
    assert re.findall(r"\d+", row6.split("gear 6", 1)[1])[0] == "2"
    for g in (2, 4, 8):
        row = next(line for line in text.splitlines() if f"gear {g}" in line)
        assert re.findall(r"\d+", row.split(f"gear {g}", 1)[1]) == \
            [str(side.speed.mp(g, p)) for p in ("green", "red", "blue")]
    assert all(len(line) <= 80 for line in text.splitlines())


def test_hand_limit_follows_the_ers_leds_fgp_8_8(setup):
    # FGP 7.3.1 / 8.8: 4 cards + the LEDs beside the ERS charge.
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    limits = {}
    for ers in range(side.ers_max + 1):
        car.ers = ers
        bv = _bv(car, content)
        assert bv["hand_limit"]["limit"] == 4 + side.ers_leds[ers] == side.hand_limit(ers)
        text = board_text(bv)
        assert f"HAND LIMIT 4 + {side.ers_leds[ers]} LED" in text
        assert f"= {4 + side.ers_leds[ers]}" in text
        assert f"ERS {ers}/{side.ers_max}" in text
        limits[ers] = bv["hand_limit"]["limit"]
    assert len(set(limits.values())) > 1           # the LEDs do change it
    # the 8.8 example: spending a charge at 2 LEDs drops the limit from 6 to 4
    top = side.ers_max
    car.ers = top
    if side.ers_leds[top] == 2 and side.ers_leds[top - 1] == 0:
        before = _bv(car, content)["hand_limit"]["limit"]
        car.ers = top - 1
        assert (before, _bv(car, content)["hand_limit"]["limit"]) == (6, 4)


def test_text_lists_the_hand_numbered(setup):
    _, car, content = setup
    car.hand = list(HAND)
    text = board_text(_bv(car, content))
    lines = text.splitlines()
    assert f"HAND {len(HAND)}/" in text
    assert "OVER THE LIMIT" in text                 # 7 cards, limit 6 at full ERS
    for k, cid in enumerate(HAND, start=1):
        line = next(ln for ln in lines if ln.startswith(f"{k:>2}. {cid}"))
        assert len(line) <= 80
    g01 = next(ln for ln in lines if " G01 " in ln)
    assert "GREEN" in g01 and "counter-steer" in g01
    b02 = next(ln for ln in lines if " B02 " in ln)
    assert "BLUE" in b02 and "2x +1 ERS" in b02
    assert "TYRE WEAR" in text and "Brake!" in text


def test_text_shows_tyre_stress_parameters_damage(setup):
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    car.params["yellow"] = False
    car.stress = 4                                  # the top space of a 1+3 track
    car.penalties = 2
    dmg = next(c for c in content.damage.cards if not c.close_call)
    car.damage = [dmg.id]
    bv = _bv(car, content)
    text = board_text(bv)
    tok = getattr(side.tyres, car.tyre)
    assert f"TYRE {car.tyre} fresh: bonus +{tok.fresh}" in text
    assert f"degraded +{tok.degraded}" in text
    assert f"wear marker {car.wear}" in text
    assert "yellow:spent" in text and "white:ready" in text and "red:ready" in text
    assert bv["stress"]["stressed"] and "STRESSED" in text
    assert dmg.name in text and "PENALTIES 2" in text
    # the marker sits under its space of the wear track
    lines = text.splitlines()
    track = next(ln for ln in lines if ln.startswith("WEAR "))
    marker = next(ln for ln in lines if "wear marker" in ln)
    n = len(side.tyre_track)
    w = 4 if 6 + 4 * n <= 80 else 3
    assert marker.index("^") == 5 + w * car.wear
    assert track[5 + w * car.wear] == "."            # the start space has no icon
    assert track[5 + w * side.tyre_track.index("red_die"):].startswith("RED")


def test_wear_marker_past_degrade_flips_the_bonus(setup):
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    car.wear = side.tyre_track.index("degrade_soft_medium")
    bv = _bv(car, content)
    assert bv["tyre"]["state"] == "degraded"
    assert bv["tyre"]["bonus"] == getattr(side.tyres, car.tyre).degraded
    car.wear = len(side.tyre_track) - 1
    bv = _bv(car, content)
    assert bv["tyre"]["state"] == "worn" and bv["tyre"]["bonus"] == 0
    assert all(len(line) <= 80 for line in board_text(bv).splitlines())


def test_svg_parses_with_one_card_element_per_card(setup):
    _, car, content = setup
    for hand in ([], HAND[:3], HAND):
        car.hand = list(hand)
        svg = board_svg(_bv(car, content))
        root = ET.fromstring(svg)
        assert root.tag == f"{NS}svg"
        cards = [el for el in root.iter(f"{NS}g") if "card" in _classes(el)]
        assert [c.get("data-card") for c in cards] == list(hand)


def test_svg_draws_grid_bars_tracks_and_tokens(setup):
    _, car, content = setup
    side = content.board(car.board).side(car.side)
    car.hand = list(HAND)
    car.params["red"] = False
    root = ET.fromstring(board_svg(_bv(car, content)))
    cells = [el for el in root.iter(f"{NS}rect") if "speed-cell" in _classes(el)]
    assert len(cells) == 12
    six_green = next(c for c in cells if c.get("data-gear") == "6"
                     and c.get("data-pace") == "green")
    assert six_green.get("data-mp") == "2"
    bars = {(_classes(g)[1]): g for g in root.iter(f"{NS}g") if "bar" in _classes(g)}
    assert bars["ers"].get("data-level") == str(side.ers_max)
    leds = [c for c in bars["ers"].iter(f"{NS}circle") if "led" in _classes(c)]
    assert len(leds) == sum(side.ers_leds)
    track = next(g for g in root.iter(f"{NS}g") if "tyre-track" in _classes(g))
    assert track.get("data-wear") == str(car.wear)
    assert len([r for r in track.iter(f"{NS}rect") if "wear-space" in _classes(r)]) == \
        len(side.tyre_track)
    assert any("wear-marker" in _classes(p) for p in track.iter(f"{NS}path"))
    stress = next(g for g in root.iter(f"{NS}g") if "stress" in _classes(g))
    assert stress.get("data-position") == str(car.stress)
    params = {c.get("data-param"): c.get("data-ready") for c in root.iter(f"{NS}circle")
              if "param" in _classes(c)}
    assert params == {"white": "true", "yellow": "true", "red": "false"}
    # card colours: GREEN, RED, BLUE, ORANGE, then grey for the others
    fills = [next(g.iter(f"{NS}rect")).get("fill") for g in root.iter(f"{NS}g")
             if "card" in _classes(g)]
    assert len(set(fills[:4])) == 4 and len(set(fills[4:])) == 1
    card_leds = [c for g in root.iter(f"{NS}g") if "card" in _classes(g)
                 for c in g.iter(f"{NS}circle")]
    assert len(card_leds) == sum(c.leds for c in content.action.cards if c.id in HAND)
