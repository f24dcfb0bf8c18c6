"""FormulaGP content: the authored TOML (our reconstruction), its constraints
and the loader. Tests pin every number the rulebook gives."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp.content import (
    CONTENT_DIR, EFFECT_KINDS, GEARS, SPRINT_MP, Content, Effect, load_content,
)


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


# ---- files and loader ------------------------------------------------------
def test_every_file_says_it_is_a_reconstruction(content):
    names = {"boards", "action", "event", "risk", "damage", "failure", "driver",
             "champions", "team_radio", "dice", "control", "weather"}
    assert names == set(content.sources)
    for path in (CONTENT_DIR / f"{n}.toml" for n in names):
        head = path.read_text(encoding="utf-8").split("\n\n")[0]
        assert head.startswith("#") and "reconstruction" in head and "rulebook" in head
    assert all("reconstruction" in s for s in content.sources.values())


def test_cached(content):
    assert load_content() is content


# ---- FGP 2.2 deck sizes ----------------------------------------------------
def test_action_deck_counts(content):  # FGP 2.2
    cards = content.action.cards
    assert len(cards) == 45
    got = Counter(c.colour or c.kind for c in cards)
    assert got == {"green": 12, "red": 10, "blue": 4, "orange": 4, "tyre_wear": 8,
                   "option": 6, "draw_failure": 1}


def test_shared_deck_sizes(content):  # FGP 2.2
    assert len(content.event.cards) == 30
    assert len(content.risk.cards) == 30
    assert len(content.damage.cards) == 16
    assert len(content.failure.cards) == 16
    assert len(content.driver.cards) == 20
    assert len(content.champions.cards) == 20
    assert len({c.id for c in content.drivers()}) == 40


def test_standard_removes_banner_cards(content):  # FGP 3.4
    assert 0 < len(content.standard("event")) < 30
    assert 0 < len(content.standard("risk")) < 30
    # Every named card the Standard rules rely on stays in a Standard game.
    for name in ("Incident on Track", "Safety Car", "Virtual Safety Car", "Investigation"):
        assert any(c.name == name for c in content.standard("event"))
    assert any(c.name == "Yellow Flag" for c in content.standard("risk"))
    # Advanced-only cards are the ones using [ADV] hazards (debris, oil).
    for deck in ("event", "risk"):
        for c in getattr(content, deck).cards:
            adv_hazard = any(e.type == "hazard" and e.token != "gravel" for e in c.effects)
            if adv_hazard:
                assert c.mode == "advanced", c.id


# ---- named cards -----------------------------------------------------------
def test_named_cards(content):
    kinds = {"Incident on Track": "yellow_flag", "Safety Car": "safety_car",
             "Virtual Safety Car": "virtual_safety_car", "Investigation": "investigation",
             "Yellow Flag": "yellow_flag"}
    for name, kind in kinds.items():
        cards = content.named(name)
        assert cards, name
        assert all(any(e.type == kind for e in c.effects) for c in cards)
    assert len(content.named("Safety Car")) == 1                  # FGP 13.10
    inc = [e for c in content.named("Incident on Track") for e in c.effects]
    assert all(e.panel == "white_die" for e in inc if e.type == "yellow_flag")  # 13.8.2
    yf = [e for c in content.named("Yellow Flag") for e in c.effects]
    assert all(e.panel == 1 for e in yf if e.type == "yellow_flag")             # 13.8.2
    sc = content.named("Safety Car")[0].effects[0]
    assert sc.red_flag_on == [6]                                                # 13.10


def test_close_call_cards(content):  # FGP 15.2
    cc = content.named("Close Call!")
    assert len(cc) > 2 and all(c.close_call and not c.token for c in cc)
    assert all(c in content.damage.cards for c in cc)


def test_failure_quick_repairs(content):  # FGP 4.7, 13.7.1
    for c in content.failure.cards:
        if c.no_failure:
            assert c.quick_repair is None
        else:
            qr = c.quick_repair
            assert qr is not None and (qr.cards or qr.parameters)


# ---- ACTION card anatomy (FGP 4.2.2, 4.3, 16.4) ------------------------------
def test_sprint_speeds(content):  # FGP 16.4
    for c in content.action.cards:
        if c.kind == "movement":
            assert c.sprint_mp == SPRINT_MP[c.colour]
    assert SPRINT_MP == {"green": [2], "red": [4], "blue": [6], "orange": [2, 4]}


def test_action_icons_and_secondaries(content):  # FGP 4.3.1-4.3.4
    by = lambda pred: [c for c in content.action.cards if pred(c)]
    assert all("ers_cost" in c.icons and "no_lane_change" in c.icons
               for c in by(lambda c: c.colour == "blue"))
    assert all("lane_change_wear" in c.icons for c in by(lambda c: c.colour in ("red", "orange")))
    assert all("stress_down" in c.icons for c in by(lambda c: c.colour == "green"))
    assert all(c.secondary == "brake" for c in by(lambda c: c.kind == "tyre_wear"))
    assert all(c.secondary == "ers_2x" for c in by(lambda c: c.colour == "blue"))  # 7.3.1
    assert any(c.secondary == "ot_plus1" for c in by(lambda c: c.colour == "orange"))
    assert any(c.secondary == "parameter_2x" for c in by(lambda c: c.colour == "green"))
    # Round 1 / qualifying count Tyre Wear and Option cards as +1 LED (6.1, 7.2.1).
    assert all(c.leds == 1 for c in by(lambda c: c.kind in ("tyre_wear", "option")))
    df = by(lambda c: c.kind == "draw_failure")[0]
    assert df.penalty_icons >= 1 and "cannot_discard" in df.icons
    # Counter-steer exists in the deck (6.2, 13.4.1).
    assert len(by(lambda c: c.secondary == "counter_steer")) >= 4


# ---- player boards ---------------------------------------------------------
def test_at_least_six_teams_two_sides(content):  # FGP 5.1.1, 16.5
    assert len(content.boards) >= 6
    assert len({b.number for b in content.boards}) == len(content.boards)
    for b in content.boards:
        assert [s.side for s in b.sides] == ["A", "B"]
        assert b.sides[0] != b.sides[1]


def test_7_3_3_5_green_6th_plus_tyre_bonus_3_is_5_spaces(content):
    b = content.board("vireo").side("A")
    assert b.speed.mp(6, "green") == 2
    pos = b.start_position("soft")
    assert b.tyre_bonus("soft", pos) == 3
    assert b.speed.mp(6, "green") + b.tyre_bonus("soft", pos) == 5
    # Every side keeps GREEN in 6th gear at 2 MP.
    assert all(s.speed.mp(6, "green") == 2 for bd in content.boards for s in bd.sides)


def test_speed_table_relations(content):  # FGP 8.1, 8.2 pairs, 18.1, 16.4
    for bd in content.boards:
        for s in bd.sides:
            for g in GEARS:
                assert s.speed.mp(g, "green") < s.speed.mp(g, "red") < s.speed.mp(g, "blue")
            for p in ("green", "red", "blue"):
                vals = [s.speed.mp(g, p) for g in GEARS]
                assert vals == sorted(vals)
                sprint = {"green": 2, "red": 4, "blue": 6}[p]
                assert min(vals) <= sprint <= max(vals)
            # BLUE in 8th is the fastest entry on the board (18.1).
            assert s.speed.mp(8, "blue") == max(s.speed.mp(g, p) for g in GEARS
                                                  for p in ("green", "red", "blue"))


def test_8_8_ers_leds_example(content):
    """Spending a charge at a 2-LED level drops the hand limit from 6 to 4."""
    b = content.board("vireo").side("A")
    lvl = next(i for i in range(1, b.ers_max + 1)
               if b.ers_leds[i] == 2 and b.ers_leds[i - 1] == 0)
    assert b.hand_limit(lvl) == 6 and b.hand_limit(lvl - 1) == 4
    assert b.hand_limit(b.ers_max) == 4 + b.ers_leds[-1]


def test_9_2_ot_capacity_two_exists(content):
    assert any(s.max_ot == 2 for bd in content.boards for s in bd.sides)
    for bd in content.boards:
        for s in bd.sides:
            assert len(s.ot_leds) == s.max_ot + 1 and s.ot_leds[0] == 0


def test_10_1_tyre_track(content):
    for bd in content.boards:
        for s in bd.sides:
            st = s.tyre_start
            assert len({st.hard, st.soft_medium, st.wet}) == 3   # three start positions
            assert s.tyre_track[-1] == "red_die"
            for tyre in ("soft", "medium", "hard", "wet"):
                start = s.start_position(tyre)
                assert s.tyre_state(tyre, start) == "fresh"
                assert s.tyre_state(tyre, 0) == "fresh"          # wear may fall below start
                states = [s.tyre_state(tyre, i) for i in range(start, len(s.tyre_track))]
                assert states == sorted(states, key=["fresh", "degraded", "worn"].index)
                assert states[-1] == "worn"
                tok = getattr(s.tyres, tyre)
                assert s.tyre_bonus(tyre, len(s.tyre_track) - 1) == 0
                assert tok.degraded < tok.fresh
            # Soft wears out before Medium; Hard gives the smallest bonus (5.1.3).
            end = len(s.tyre_track)
            first_worn = lambda t: next(i for i in range(end) if s.tyre_state(t, i) == "worn")
            assert first_worn("soft") < first_worn("medium")
            assert s.tyres.soft.fresh > s.tyres.medium.fresh > s.tyres.hard.fresh
            assert s.tyres.wet.degraded == 1                     # the '+1' side (10.2.1)


def test_car_characteristic(content):  # FGP 4.13
    assert all(b.characteristic.bonus == 1 for b in content.boards)
    assert len({b.characteristic.name for b in content.boards}) == len(content.boards)


# ---- dice (FGP 4.11) -------------------------------------------------------
def test_dice_faces(content):
    d = content.dice
    assert sorted(f.value for f in d.white) == [1, 2, 3, 4, 5, 6]
    assert [f.value for f in d.white if f.icon] == [1]
    assert Counter(f.colour for f in d.white) == {"green": 3, "red": 3}
    assert set(d.yellow) == {"stress", "tyre_wear", "risk"} and len(d.yellow) == 6
    assert set(d.red) == {"tyre_wear", "risk", "loss_of_control"} and len(d.red) == 6


# ---- control panel and points ----------------------------------------------
def test_control_panel(content):  # FGP 3.2, 7.2, 12.1, 13.8.1, 13.9.1
    c = content.control
    assert c.start_standard == 9 and c.start_advanced == 1 and c.final_lap == 24
    assert c.standard_rounds() == 16
    assert c.no_battle_rounds == [1, 2]
    assert c.safety_car_rounds == 2 and c.safety_car_tiles == 3 and c.yellow_flag_rounds == 2
    assert c.hand_base == 4 and c.slipstream_ot == 2 and c.cold_tyres_leds == -2
    assert c.penalty_tiles == 5 and c.start_gear == 2 and c.pit_exit_gear == 2


def test_points(content):  # FGP 14.2
    p = content.control.points
    assert p.cars10 == [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]
    assert p.cars8 == [10, 7, 5, 4, 3, 2, 1, 0, 0, 0]
    assert p.cars6 == [6, 4, 3, 2, 1, 0, 0, 0, 0, 0]
    assert p.for_field(6) is p.cars6 and p.for_field(12) is p.cars10


# ---- effects ---------------------------------------------------------------
def test_every_effect_is_a_known_kind(content):
    union = get_args(get_args(Effect)[0])
    kinds = {m.model_fields["type"].annotation.__args__[0] for m in union}
    assert kinds == set(EFFECT_KINDS)
    seen = Counter()
    for deck in (content.event, content.risk, content.damage, content.failure):
        for c in deck.cards:
            assert c.text and c.effects is not None
            for e in c.effects:
                assert e.type in EFFECT_KINDS
                seen[e.type] += 1
    # Most kinds are used by at least one card.
    assert len(seen) >= len(EFFECT_KINDS) - 2


def test_card_texts_are_unique_words(content):
    for deck in (content.event, content.risk, content.damage, content.failure):
        for c in deck.cards:
            assert len(c.text) > 20


def test_weather_cards(content):
    """[ADV] FGP 2.2: five WEATHER cards; FGP 3.3: each forecast, the Sunny cards with a
    temperature for every WHITE face, the others x 4 on the radar; 13.1.1: race
    control +3 for rain; 2.2: six Standing Water tokens."""
    deck = content.weather
    assert len(deck.cards) == 5 and {c.kind for c in deck.cards} == {"sunny", "cloudy", "rainy"}
    for c in deck.cards:
        if c.kind == "sunny":
            assert {c.temperature_for(f) for f in range(1, 7)} <= {"normal", "hot", "extreme"}
        else:
            assert c.radar == 4 and 1 <= c.forecast <= 6
        assert len(c.text) > 20
    w = deck.weather
    assert (w.standing_water_tokens, w.rain_panel, w.hot_wear, w.extreme_wear) == (6, 3, 1, 2)


# ---- broken data names the file and the field ------------------------------
@pytest.fixture()
def copy_dir(tmp_path) -> Path:
    dst = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, dst)
    return dst


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.mark.parametrize("fname,old,new,expect", [
    ("action.toml", 'id = "G01"\nkind = "movement"\ncolour = "green"\nleds = 1',
     'id = "G01"\nkind = "movement"\ncolour = "green"\nleds = -1', "G01.leds"),
    ("action.toml", 'id = "G01"', 'id = "G01"\ncolor = "green"', "G01.color"),
    ("action.toml", 'sprint_mp = [2]', 'sprint_mp = [3]', "G01"),
    ("event.toml", 'mode = "all"', 'mode = "sometimes"', "E01.mode"),
    ("event.toml", '{ type = "safety_car"', '{ type = "safety_cars"', "E03.effects[0]"),
    ("risk.toml", 'amount = 1 }', 'amount = "lots" }', "amount"),
    ("damage.toml", 'close_call = true', 'close_call = false', "D01"),
    ("failure.toml", 'quick_repair = { cards = 2 }', 'quick_repair = { cards = 0 }',
     "quick_repair"),
    ("driver.toml", 'leds = 1', 'leds = 9', "DR01.skill.leds"),
    ("boards.toml", 'gear6 = { green = 2', 'gear6 = { green = 0', "vireo.sides.A.speed"),
    ("boards.toml", 'max_ot = 2', 'max_ot = 3', "ot_leds"),
    ("dice.toml", 'value = 6, colour = "red"', 'value = 6, colour = "green"', "white"),
    ("control.toml", 'final_lap = 24', 'final_lap = [24]', "final_lap"),
    ("weather.toml", 'extreme = [6] }\ntext = "Dry all race. ', 'extreme = [5] }\ntext = "Dry all race. ',
     "W1"),
    ("weather.toml", 'kind = "rainy"', 'kind = "cloudy"', "Rainy"),
    ("weather.toml", 'forecast = 5', 'forecast = 9', "W4.forecast"),
    ("weather.toml", 'radar = 4                     # 3.3: WHITE roll x 4', '', "W4"),
])
def test_broken_data_names_file_and_field(copy_dir, fname, old, new, expect):
    edit(copy_dir / fname, old, new)
    with pytest.raises(BadInput) as info:
        load_content(str(copy_dir))
    msg = str(info.value)
    assert fname in msg and expect in msg, msg


def test_deck_size_error(copy_dir):
    text = (copy_dir / "event.toml").read_text(encoding="utf-8")
    head, *cards = text.split("\n[[cards]]\n")
    (copy_dir / "event.toml").write_text(head + "".join("\n[[cards]]\n" + c for c in cards[:-1]))
    with pytest.raises(BadInput, match=r"event\.toml.*30 cards"):
        load_content(str(copy_dir))


def test_named_card_missing(copy_dir):
    edit(copy_dir / "event.toml", 'name = "Investigation"', 'name = "Inquiry"')
    with pytest.raises(BadInput, match=r"event\.toml.*Investigation"):
        load_content(str(copy_dir))


def test_source_required(copy_dir):
    edit(copy_dir / "dice.toml", "reconstruction", "original", count=-1)
    with pytest.raises(BadInput, match=r"dice\.toml: source"):
        load_content(str(copy_dir))


def test_missing_file_and_directory(copy_dir, tmp_path):
    (copy_dir / "risk.toml").unlink()
    with pytest.raises(BadInput, match="risk.toml"):
        load_content(str(copy_dir))
    with pytest.raises(BadInput, match="not found"):
        load_content(str(tmp_path / "nowhere"))


def test_late_pit_bonus_content(content):  # [ADV] FGP 3.2 f, 11.4
    c = content.control
    assert c.fresh_tyres_space("green") == 17 and c.fresh_tyres_space("red") == 18
    assert c.late_pit_bonus == 2 and c.late_pit_bonus_degraded == 1
    doc = c.model_dump()
    for bad in ({"fresh_tyres": [1, 18]}, {"fresh_tyres": [17, 25]}, {"fresh_tyres": [17]},
                {"late_pit_bonus_degraded": 3}):
        with pytest.raises(ValueError):
            type(c).model_validate({**doc, **bad})


def test_a_card_name_belongs_to_one_deck(copy_dir):
    # the table tells cards apart by name: a TEAM RADIO card named like an EVENT card
    # would read as that card in the log (the secrecy test found 'Push Now' twice)
    edit(copy_dir / "team_radio.toml", 'name = "Hammer Time"', 'name = "Push Now"')
    with pytest.raises(BadInput, match=r"Push Now.*event.*team_radio"):
        load_content(str(copy_dir))


# ---- [ADV] TEAM RADIO cards (FGP 2.2, 4.9, 8.8.1 c, 10.1) ---------------------------
def test_team_radio_deck_is_thirty_trade_offs(content):
    """FGP 2.2: 30 cards; FGP 4.9: each a benefit for a price; 8.8.1 c and 10.1: some
    charge the ERS, some take tyre wear back."""
    from chequered.games.formulagp.content import radio_sign
    cards = content.team_radio.cards
    assert len(cards) == 30 and len({c.id for c in cards}) == 30
    assert len({c.name for c in cards}) == 30 and all(len(c.text) > 20 for c in cards)
    for c in cards:
        assert c.gain and c.cost
        assert all(radio_sign(e) == 1 for e in c.gain)
        assert all(radio_sign(e) == -1 for e in c.cost)
    assert [c.id for c in cards if any(e.type == "ers" for e in c.gain)] == \
        ["TR02", "TR10", "TR12", "TR19", "TR24", "TR26"]
    assert [c.id for c in cards if any(e.type == "tyre_wear" for e in c.gain)] == \
        ["TR03", "TR11", "TR19", "TR28", "TR30"]


@pytest.mark.parametrize("old,new,expect", [
    ('cost = [{ type = "tyre_wear", amount = 1 }]\n\n[[cards]]\nid = "TR02"',
     'cost = []\n\n[[cards]]\nid = "TR02"', "TR01"),                        # no price
    ('gain = [{ type = "movement", amount = 1 }]\ncost = [{ type = "tyre_wear", amount = 1 }]',
     'gain = [{ type = "movement", amount = 1 }]\ncost = [{ type = "tyre_wear", amount = -1 }]',
     "TR01"),                                                                 # a benefit as price
    ('when = "on_straight"', 'when = "sometimes"', "TR05.when"),
    ('gain = [{ type = "ers", amount = 1 }]', 'gain = [{ type = "safety_car" }]', "TR02"),
    ('gain = [{ type = "draw", deck = "action", count = 1 }]',
     'gain = [{ type = "draw", deck = "event", count = 1 }]', "TR08"),
])
def test_broken_team_radio_card_names_file_and_card(copy_dir, old, new, expect):
    edit(copy_dir / "team_radio.toml", old, new)
    with pytest.raises(BadInput) as info:
        load_content(str(copy_dir))
    msg = str(info.value)
    assert "team_radio.toml" in msg and expect in msg, msg
