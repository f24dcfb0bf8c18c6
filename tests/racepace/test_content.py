"""Race Pace content: the authored TOML data, its constraints and the loader.

The data is chequered's reconstruction; these tests pin every number the
rulebook gives and the design rules we chose, so a careless edit fails here.
"""
from __future__ import annotations

import math
import re
import shutil
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.racepace.content import (
    CONTENT_DIR, LEVELS, Content, load_content,
)

LV = {lv: i for i, lv in enumerate(LEVELS)}


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def lvl(letter: str) -> int:
    return LV[letter]


# ---- overall -------------------------------------------------------------
def test_counts(content):
    assert len(content.teams) == 8
    assert len(content.drivers) == 8
    assert len(content.circuits) == 14
    assert Counter(s.deck for s in content.situations) == {"I": 16, "II": 16}
    assert len(content.weather) == 15
    assert Counter(w.kind for w in content.weather) == {"rain": 6, "sun": 9}


def test_source_says_it_is_a_reconstruction(content):
    assert "chequered" in content.source
    assert "reconstruction" in content.source


def test_every_file_starts_with_a_reconstruction_comment():
    for path in sorted(CONTENT_DIR.glob("*.toml")):
        head = path.read_text(encoding="utf-8").split("\n\n")[0]
        assert head.startswith("#"), path.name
        assert "reconstruction" in head and "rulebook" in head, path.name


def test_default_is_cached(content):
    assert load_content() is content


# ---- teams and drivers ---------------------------------------------------
def test_teams(content):
    keys = [t.key for t in content.teams]
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", k) for k in keys)
    assert content.team("orange_motors").name == "Orange Motors"
    assert sorted(t.number for t in content.teams) == list(range(1, 9))
    all_levels = [lv for t in content.teams for lv in t.levels.values()]
    assert set(all_levels) <= {"A", "B", "C"}
    assert 0 < all_levels.count("C") <= 8            # a few C, mostly A/B
    assert all(t.levels["MEC"] in ("A", "B") for t in content.teams)
    values = [sum(lvl(v) for v in t.levels.values()) for t in content.teams]
    assert max(values) - min(values) <= 1            # balanced


def test_orange_motors_levels(content):
    orange = content.team("orange_motors")
    assert orange.levels["PU"] == "C" and orange.levels["AER"] == "C"


DRIVERS = {
    "dutch": ("Dutch Speed", "dutch_rain_medium"),
    "bastian": ("Bastian", "bastian_free_pit"),
    "eddy": ("Eddy", "eddy_feb"),
    "kimi": ("Kimi", "kimi_corner"),
    "bjorn": ("Bjorn", "bjorn_backmarker"),
    "valentino": ("Valentino", "valentino_overtake"),
    "celine": ("Celine", "celine_gap"),
    "jesus": ("Jesús", "jesus_no_defend"),
}


def test_drivers(content):
    assert {d.key: (d.name, d.skill) for d in content.drivers} == DRIVERS
    numbers = [d.number for d in content.drivers]
    assert len(set(numbers)) == 8 and all(1 <= n <= 99 for n in numbers)
    colours = [d.colour for d in content.drivers]
    assert len(set(colours)) == 8
    assert all(re.fullmatch(r"[a-z]+", c) for c in colours)
    assert content.driver("dutch").colour == "orange"
    for d in content.drivers:
        assert set(d.levels.values()) <= {"A", "B", "C"}
        assert len(d.skill_text) > 20
    assert content.driver("dutch").levels["SKI"] == "C"


def test_orange_motors_with_dutch_speed_example(content):
    """Rulebook setup N: Orange Motors with Dutch Speed starts from
    1 base RP + 0 RP (MEC) + 1 RP (PU) + 1 RP (AER) + 1 RP (SKI).

    Every term is reproduced from board.green_bonus. The rulebook prints the
    total as 3, but its own terms add up to 4; we keep the terms (they are
    stated twice and match the level rules) and flag the printed total.
    """
    bonus = content.board.green_bonus
    team, driver = content.team("orange_motors"), content.driver("dutch")
    terms = {
        "MEC": 0,                                   # MEC never adds RP by itself
        "PU": bonus[lvl(team.levels["PU"])],
        "AER": bonus[lvl(team.levels["AER"])],
        "SKI": bonus[lvl(driver.levels["SKI"])],
    }
    assert terms == {"MEC": 0, "PU": 1, "AER": 1, "SKI": 1}
    assert team.levels["MEC"] in ("A", "B")
    start_rp = 1 + sum(terms.values())
    assert start_rp == 1 + 0 + 1 + 1 + 1 <= content.board.rp_max


def test_grid_has_ties_so_the_tie_break_matters(content):
    combos = list(product(content.teams, content.drivers))
    sums = Counter(t.number + d.number for t, d in combos)
    tied = [(t, d) for t, d in combos if sums[t.number + d.number] > 1]
    # Two combos with different teams and different drivers share a sum.
    assert any(t1.key != t2.key and d1.key != d2.key
               and t1.number + d1.number == t2.number + d2.number
               for (t1, d1), (t2, d2) in product(tied, tied))


# ---- circuits ------------------------------------------------------------
RULEBOOK_CIRCUITS = {
    # key: (name, laps, finish lap, side, minutes, stars)
    "usa_austin": ("USA - Austin", 56, 56, "A", 60, 1),
    "mexico": ("Mexico", 71, 11, "B", 75, 1),
    "italy": ("Italy", 53, 53, "A", 75, 2),
    "spain": ("Spain", 66, 6, "B", 90, 2),
    "japan": ("Japan", 53, 53, "A", 75, 2),
}


@pytest.mark.parametrize("key", sorted(RULEBOOK_CIRCUITS))
def test_rulebook_circuits(content, key):
    c = content.circuit(key)
    got = (c.name, c.laps, c.finish_lap, c.finish_side, c.duration, c.difficulty)
    assert got == RULEBOOK_CIRCUITS[key]


def test_circuits(content):
    rain_cards = sum(1 for w in content.weather if w.kind == "rain")
    track = content.board.lap_track
    worst_grid = max(content.board.grid_parts)
    for c in content.circuits:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", c.key)
        assert 45 <= c.duration <= 120
        # Our duration rule reproduces all rulebook circuits.
        assert c.duration == math.ceil((c.laps + 15 * (c.difficulty - 1)) / 15) * 15, c.key
        assert 0 <= c.rain_cards <= rain_cards
        assert 12 <= c.boxbox_soft <= 22, c.key
        assert 22 <= c.boxbox_medium <= 34, c.key
        assert c.boxbox_soft < c.boxbox_medium < 37
        # Coverable with at most 3 stops on mediums, even from the back of the grid.
        assert 4 * c.boxbox_medium >= c.laps + worst_grid, c.key
        if c.laps <= track:
            assert (c.finish_side, c.finish_lap) == ("A", c.laps)
        else:
            assert (c.finish_side, c.finish_lap) == ("B", c.laps - track)
    assert sum(c.difficulty == 3 for c in content.circuits) >= 2
    assert {c.difficulty for c in content.circuits} == {1, 2, 3}
    wet = {c.key: c.rain_cards for c in content.circuits}
    assert wet["belgium"] > wet["bahrain"] and wet["japan"] > wet["mexico"]


# ---- board ---------------------------------------------------------------
BUTTONS = [
    (1, "MEC", "Mechanics", "SMHW", ["A"], True),
    (2, "PU", "Power Unit", "SMHW", ["A"], True),
    (3, "AER", "Aerodynamics", "SMHW", ["B"], True),
    (4, "SKI", "Driver Skill", "SMHW", ["B"], True),
    (5, "XP", "Driver Experience", "SMHW", ["A", "B"], True),
    (6, "CHARGE", "Charge EBS", "SMHW", ["B"], True),
    (7, "USE_EBS", "Use EBS", "SMW", ["A"], False),
    (8, "DEFEND", "Defend", "SMW", ["B"], False),
    (9, "START", "Start", "SMHW", ["A"], True),
    (10, "REACT", "React", "SMHW", ["A", "B"], True),
    (11, "BOXBOX", "Box Box", "SMHW", ["A", "B"], True),
]

TYRES = {
    "S": ("Soft", 2, 1, 0, False, None),
    "M": ("Medium", 2, 0, 0, False, None),
    "H": ("Hard", None, 0, -1, True, 37),
    "W": ("Wet", None, -2, 1, True, 37),
}


def test_board_numbers(content):
    b = content.board
    assert b.lap_track == 60
    assert b.grid_parts == [0, 1, 2, 3]
    assert b.grid_slots_per_part == 2
    assert b.rp_max == 10
    assert b.green_bonus == [0, 0, 1, 1, 2]
    assert b.ebs_bonus == [0, 0, 1, 2, 2]
    assert b.mec_pit == [-3, -3, -2, -2, -2]
    assert b.mec_pit_ebs == [False, False, False, False, True]
    assert b.ebs_use_drop == 2
    assert (b.defend_penalty, b.defend_bonus) == (-2, 1)
    assert b.team_points == [25, 18, 15, 12, 10, 6, 2, 0]
    assert b.fastest_lap_points == 1
    assert b.double_pit_penalty == -1


def test_board_laps(content):
    b = content.board
    assert 6 <= len(b.feb_laps) <= 8 and len(set(b.feb_laps)) == len(b.feb_laps)
    assert 10 <= len(b.corner_laps) <= 14 and len(set(b.corner_laps)) == len(b.corner_laps)
    # spread around the track: every third of it has FEB laps and corners
    for laps in (b.feb_laps, b.corner_laps):
        assert {(lap - 1) * 3 // b.lap_track for lap in laps} == {0, 1, 2}
    marks = sorted(bm.lap for bm in b.backmarkers)
    assert len(marks) == 3
    assert marks[0] < 20 <= marks[1] <= 40 < marks[2]
    assert all(bm.penalties == [-3, -2, -1] for bm in b.backmarkers)


def test_buttons(content):
    got = [(x.number, x.key, x.name, "".join(x.tyres), x.team, x.safety_car)
           for x in sorted(content.board.buttons, key=lambda x: x.number)]
    assert got == BUTTONS


def test_tyres(content):
    got = {t.key: (t.name, t.sets, t.dry, t.rain, t.moves_in_rain, t.max_laps)
           for t in content.board.tyres}
    assert got == TYRES


# ---- weather -------------------------------------------------------------
def test_weather(content):
    rain = [w for w in content.weather if w.kind == "rain"]
    sun = [w for w in content.weather if w.kind == "sun"]
    assert sorted(w.key for w in rain) == [f"rain_{i}" for i in range(1, 7)]
    assert sorted(w.key for w in sun) == [f"sun_{i}" for i in range(1, 10)]
    for w in rain:
        assert len(w.forecast) == 4 and "rain" in w.forecast
    assert all(not w.forecast for w in sun)
    assert len({tuple(w.forecast) for w in rain}) == 6        # all different
    assert any(w.forecast[0] == "rain" for w in rain)          # some start wet
    assert any(w.forecast[0] == "sun" for w in rain)           # rain arriving


# ---- situation cards -----------------------------------------------------
def deck(content, name):
    return [s for s in content.situations if s.deck == name]


def kinds(card):
    return {e.type for e in card.effects}


@pytest.mark.parametrize("name,prefix", [("I", "si"), ("II", "sii")])
def test_situation_decks(content, name, prefix):
    cards = deck(content, name)
    assert sorted(s.key for s in cards) == [f"{prefix}_{i:02d}" for i in range(1, 17)]
    assert all(1 <= len(s.effects) <= 2 for s in cards)
    per_type = Counter(t for s in cards for t in kinds(s))
    assert per_type["safety_car"] == 3
    assert per_type["action_rp"] >= 3
    assert per_type["bar"] >= 3
    assert per_type["tyre_wear"] >= 3
    assert per_type["rp"] >= 3
    assert len({s.title for s in cards}) == 16


def test_effect_values(content):
    bar_ups = 0
    for s in content.situations:
        for e in s.effects:
            if e.type == "safety_car":
                # rulebook: 3 cars in one lap, or 2 cars whose drivers lack XP
                assert (e.cars_in_lap, e.xp_below is None) in {(3, True), (2, False)}, s.key
            elif e.type == "rp":
                assert e.amount in (-2, -1, 1, 2), s.key
                assert not (e.xp_below and e.xp_at_least), s.key
            elif e.type == "action_rp":
                assert e.amount < 0 and 1 <= e.action <= 11, s.key
                assert e.xp_at_least == "E", s.key
            elif e.type == "bar":
                assert e.change in (-1, 1), s.key
                bar_ups += e.change == 1
            elif e.type == "tyre_wear":
                assert e.compounds and 1 <= e.laps <= 4, s.key
    assert bar_ups <= 2                                        # +1 is rare


WHO = {"leader": "race leader", "top3": "top three", "bottom3": "last three",
       "last": "last car", "all": None}
COMPOUND = {"S": "soft", "M": "medium", "H": "hard", "W": "wet"}


def test_texts_state_the_encoded_effects(content):
    names = {b.number: b.name for b in content.board.buttons}
    for s in content.situations:
        text = s.text
        low = text.lower()
        for e in s.effects:
            if e.type == "safety_car":
                assert "Safety Car" in text and f"{e.cars_in_lap} or more cars" in text, s.key
                if e.xp_below:
                    assert f"XP below {e.xp_below}" in text, s.key
            elif e.type == "rp":
                assert f"{abs(e.amount)} RP" in text, s.key
                assert ("gain" if e.amount > 0 else "lose") in low, s.key
            elif e.type == "action_rp":
                assert f"{names[e.action]} ({e.action})" in text, s.key
                assert f"lose {abs(e.amount)} RP" in text, s.key
                assert f"XP is {e.xp_at_least}" in text, s.key
            elif e.type == "bar":
                verb = "gain" if e.change > 0 else "drop"
                assert f"{verb}s {abs(e.change)} {e.bar} level" in text \
                    or f"{verb} {abs(e.change)} {e.bar} level" in text, s.key
            elif e.type == "tyre_wear":
                assert f"{e.laps} extra laps" in text, s.key
                for key, word in COMPOUND.items():
                    assert (word in low) == (key in e.compounds), (s.key, word)
            who = getattr(e, "who", "all")
            if WHO.get(who):
                assert WHO[who] in low, s.key
            xp_below = getattr(e, "xp_below", None)
            if e.type != "safety_car" and xp_below:
                assert re.search(rf"XP (is )?below {xp_below}\b", text), s.key
            if getattr(e, "xp_at_least", None) and e.type == "rp":
                assert f"XP {e.xp_at_least} or higher" in text, s.key


@pytest.mark.parametrize("name,drivers", [
    ("I", ["dutch", "bastian", "eddy", "kimi"]),
    ("II", ["bjorn", "valentino", "celine", "jesus"]),
])
def test_bot_lights(content, name, drivers):
    colours = {content.driver(k).colour for k in drivers}
    seen = {c: Counter() for c in colours}
    for s in deck(content, name):
        assert set(s.lights) == colours, s.key
        for colour, n in s.lights.items():
            assert 1 <= n <= 9, (s.key, colour)     # never React (10) or Box Box (11)
            seen[colour][n] += 1
    for colour, counts in seen.items():
        assert set(counts) == set(range(1, 10)), colour   # every action at least once


# ---- reference -----------------------------------------------------------
def test_reference(content):
    ref = content.reference
    assert len(ref.gains) >= 6 and len(ref.limits) >= 6
    gains = " ".join(ref.gains)
    for word in ("base", "PU", "AER", "SKI", "EBS", "Start", "token", "Situation"):
        assert word in gains, word
    limits = " ".join(ref.limits)
    for word in ("rain", "Box-Box", "Safety Car", "10", "Backmarker", "Box Box"):
        assert word in limits, word


# ---- the --content feature and error reporting ---------------------------
@pytest.fixture
def copy_dir(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def test_load_from_an_unmodified_copy(copy_dir, content):
    copied = load_content(str(copy_dir))
    assert copied is not content
    assert copied == content


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.mark.parametrize("fname,old,new,expect", [
    ("circuits.toml", "boxbox_soft = 17", "boxbox_sfot = 17", "usa_austin.boxbox_sfot"),
    ("circuits.toml", "laps = 56", "laps = 'many'", "usa_austin.laps"),
    ("teams.toml", 'PU = "C", AER = "C"', 'PU = "F", AER = "C"', "orange_motors.levels.PU"),
    ("drivers.toml", 'skill = "kimi_corner"', 'skill = "kimi_corners"', "kimi.skill"),
    ("board.toml", "rp_max = 10", "rp_maxx = 10", "rp_maxx"),
    ("board.toml", 'key = "USE_EBS"', 'key = "USE_EBX"', "buttons[6].key"),
    ("weather.toml", 'kind = "sun"', 'kind = "snow"', "sun_1.kind"),
    ("situations.toml", "amount = -1", "amont = -1", "si_04.effects[0].amont"),
    ("situations.toml", 'type = "bar"', 'type = "bars"', "si_11.effects[0]"),
    ("reference.toml", "gains = [", "gain = [", "gain"),
])
def test_broken_copy_names_file_and_field(copy_dir, fname, old, new, expect):
    edit(copy_dir / fname, old, new)
    with pytest.raises(BadInput) as info:
        load_content(str(copy_dir))
    msg = str(info.value)
    assert fname in msg
    assert expect in msg


@pytest.mark.parametrize("fname,old,new,expect", [
    ("teams.toml", "[[teams]]", "[[team]]", "team"),          # top-level typo
    ("board.toml", "lap_track = 60", "lap_track = 60\nlap_track = 61", "line 12"),
])
def test_broken_file_structure(copy_dir, fname, old, new, expect):
    edit(copy_dir / fname, old, new, count=-1)
    with pytest.raises(BadInput) as info:
        load_content(str(copy_dir))
    msg = str(info.value)
    assert fname in msg and expect in msg


def test_missing_file_and_directory(copy_dir, tmp_path):
    (copy_dir / "weather.toml").unlink()
    with pytest.raises(BadInput, match="weather.toml"):
        load_content(str(copy_dir))
    with pytest.raises(BadInput, match="not found"):
        load_content(str(tmp_path / "nowhere"))


def test_cross_check_errors_name_the_item(copy_dir):
    # 56 laps needs the finish token on lap 56 side A.
    edit(copy_dir / "circuits.toml", "finish_lap = 56", "finish_lap = 55")
    with pytest.raises(BadInput, match="usa_austin"):
        load_content(str(copy_dir))


def test_unknown_light_colour_is_rejected(copy_dir):
    edit(copy_dir / "situations.toml", "orange = 8", "ochre = 8")
    with pytest.raises(BadInput, match="si_01.*ochre"):
        load_content(str(copy_dir))
