"""[ADV] The weather: FGP 3.2 f-i and 3.3 (the forecast at setup), 7.2 (the race-day
track temperature), 10.2 / 10.2.1 (wet tyres, wrong tyres), 13.1 / 13.1.1 (the
forecast check and the change), 13.2 and 13.8.2 (their dice and race control),
13.13.4 (Standing Water) and the option 15.14 (`weather_modifier`).

Fast track, board "vireo" (rulebook/pitlane.py): tiles 1-6 are 8th-gear straights
(tiles 3 and 4 have two spaces a lane): GREEN 3 / RED 5 MP; medium tyres add 2
fresh, wet tyres 2 fresh and 1 on their lesser ('+1') side; wet tyres start on
wear space 2. WHITE faces: 1 (icon) green, 2 red, 3 green, 4 red, 5 green, 6 red."""
from __future__ import annotations

from collections import deque

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import Face, parse_roll, position
from chequered.games.formulagp.rules import weather_steps as W

from .pitlane import CONTENT, GAME, S, kinds, steps

WATER = "standing_water"


def race(hand: str, *, weather: str, tyre: str = "medium", at: str = "1.2.1",
         extra: str = "", head: str = ""):
    """Red (vireo) starts its turn on `at` in an Advanced race; Blue is far ahead."""
    return position(f"""
        rules = "advanced"
        round = 5
        weather = {weather}
        {head}
        [[car]]
        name = "Red"
        at = "{at}"
        tyre = "{tyre}"
        hand = {hand}
        {extra}
        [[car]]
        name = "Blue"
        at = "20.2.1"
    """)


def round_start(weather: str, rnd: int, head: str = ""):
    """An Advanced race at the start of round `rnd` (the flag advances onto `rnd`)."""
    return position(f"""
        rules = "advanced"
        phase = "round_start"
        round = {rnd}
        weather = {weather}
        {head}
        [[car]]
        name = "Red"
        at = "10.2.1"
        [[car]]
        name = "Blue"
        at = "20.2.1"
    """)


def script(st, *items: str) -> None:
    """Queue the card draws ("card:W3") and WHITE rolls ("white:3") the next calls take."""
    q = deque()
    for it in items:
        if it.startswith("card:"):
            q.append(("card", it[5:]))
        else:
            die, face = parse_roll(CONTENT, it)
            q.append(("roll", Face(face, die)))
    st.chance.script = q


def move_and_finish(st, *names: str) -> list:
    ev = steps(st, 0, *names)
    if GAME.pending_step(st) and GAME.pending_step(st).name == "extend":
        ev += GAME.apply(st, 0, A.Done())
    return ev


def red_dice(ev) -> list:
    return [e.data["die"] for e in ev if e.kind == "roll" and e.data.get("die") in ("red", "yellow")]


def mp_of(ev) -> int:
    return next(e for e in ev if e.kind == "move_play").data["mp"]


# ---- FGP 3.2 f-i, 3.3: the forecast at setup ----------------------------------------------
def _setup(*items: str, options: str = "[]"):
    st = position(f'rules = "advanced"\noptions = {options}\n[[car]]\nat = "10.2.1"\n')
    st.weather, st.hazards, st.yellow_panel, st.flag = None, {}, 0, 1
    script(st, *items)
    ev: list = []
    W.setup(st, ev)
    assert not st.chance.script
    return st, ev


def test_fgp_3_3_a_sunny_forecast_has_no_weather_token_and_no_standing_water():
    """Sunny: no changes in the race, no Weather token, no Standing Water tokens."""
    st, _ = _setup("card:W1")
    assert W.kind(st) == "sunny" and st.weather["marker"] is None and st.hazards == {}


def test_fgp_3_3_a_cloudy_forecast_puts_the_weather_token_on_white_times_four():
    """Cloudy: the WHITE roll times 4 is the round of the chance of rain, die side up."""
    st, _ = _setup("card:W3", "white:3")
    assert (W.kind(st), st.weather["marker"], st.weather["side"]) == ("cloudy", 12, "die")
    assert st.hazards == {} and st.yellow_panel == 0 and not st.weather["wet_race"]
    st, _ = _setup("card:W4", "white:1")                 # the icon face counts 1
    assert st.weather["marker"] == 4


def test_fgp_3_3_a_rainy_forecast_places_the_tokens_set_aside():
    """Rainy: a WHITE roll of tokens set aside, the Weather token on WHITE x 4, the first
    token WHITE x tokens tiles from the line, each next one a WHITE roll further on;
    race control starts on the cloud-icon space."""
    st, _ = _setup("card:W5", "white:3", "white:2", "white:2", "white:4", "white:1")
    assert (W.kind(st), st.weather["marker"]) == ("rainy", 8)
    # 2 x 3 = 6 tiles from the line: tile 5; then 4 tiles on: 9; then 1: 10
    assert st.hazards == {5: WATER, 9: WATER, 10: WATER}
    assert st.yellow_panel == 3 and st.weather["wet_race"]


def test_fgp_3_2_g_every_advanced_race_draws_a_forecast_and_standard_has_none():
    """The WEATHER card is drawn in an Advanced race only, and wet tyres may start one."""
    cfg = GAME.config(track="fast", seats=["human"] * 2, rules="advanced",
                      tyres=["wet", "soft"])
    st = GAME.new(cfg, 4)
    assert st.weather["card"] in {c.id for c in CONTENT.weather.cards}
    assert st.cars[0].tyre == "wet" and st.flag == 1
    assert GAME.new(GAME.config(track="fast", seats=["human"] * 2), 4).weather is None
    with pytest.raises(BadInput):
        GAME.new(GAME.config(track="fast", seats=["human"] * 2, tyres=["wet", "soft"]), 4)


# ---- FGP 7.2 / 3.3: the track temperature -----------------------------------------------
def test_fgp_7_2_a_hot_or_extreme_track_wears_soft_and_medium_tyres_at_the_start():
    """At the race start of a Sunny race the WHITE die sets the track temperature: on
    card W1 a 6 is Extreme, +2 wear for Soft and Medium tyres, none for Hard."""
    st = position('rules = "advanced"\nweather = "sunny"\n[[car]]\nat = "10.2.1"\ntyre = "soft"\n'
                  '[[car]]\nat = "11.2.1"\ntyre = "hard"\n')
    st.weather["temperature"] = None
    before = [c.wear for c in st.cars]
    script(st, "white:6")
    ev = W.race_start(st)
    assert st.weather["temperature"] == "extreme" and "track_temperature" in kinds(ev)
    assert [c.wear - b for c, b in zip(st.cars, before)] == [2, 0]
    assert W.race_start(st) == []                       # checked once


# ---- FGP 10.2 / 10.2.1: the tyres and the track -----------------------------------------
def test_fgp_10_2_1_dry_tyres_in_the_rain_lose_the_bonus_and_roll_red_unless_one_green():
    """Dry tyres in the rain: no tyre bonus; the RED die after a move with a RED card,
    none after a single GREEN card (or an ORANGE card played as GREEN)."""
    st = race('["G01"]', weather='"rainy"')
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))
    assert mp_of(ev) == 3                                # 3, no medium +2
    assert red_dice(move_and_finish(st, "2.2.1", "3.2.1", "3.2.2")) == []
    st = race('["O01"]', weather='"rainy"')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("O01",), ("green",)))
    assert red_dice(move_and_finish(st, "2.2.1", "3.2.1", "3.2.2")) == []
    st = race('["R01"]', weather='"rainy"', head='rolls = ["red:tyre_wear"]')
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("R01",)))
    assert mp_of(ev) == 5
    ev = move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2")
    assert red_dice(ev) == ["red"] and st.cars[0].wear == 4 and not st.chance.script


def test_fgp_10_2_wet_tyres_in_the_rain_keep_their_bonus_and_roll_nothing():
    """Wet tyres on a wet track are the right tyres: full bonus, no RED die."""
    st = race('["R01"]', weather='"rainy"', tyre="wet")
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("R01",)))
    assert mp_of(ev) == 7
    ev = move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    assert red_dice(ev) == [] and st.cars[0].wear == 2


def test_fgp_10_2_1_wet_tyres_on_a_dry_track_show_plus_one_and_wear_each_turn():
    """Wet tyres on a dry track: the token on its +1 side, and +1 tyre wear at the end
    of the move, unless the car drove through standing water (which then dries up)."""
    st = race('["G01"]', weather='"cloudy"', tyre="wet")
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))
    assert mp_of(ev) == 4                                # 3 + 1
    move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1")
    assert st.cars[0].wear == 3
    st = race('["G01"]', weather='"cloudy"', tyre="wet", head='hazards = { "3" = "standing_water" }')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1")
    assert st.cars[0].wear == 2 and 3 not in st.hazards


def test_fgp_10_2_wet_tyres_can_be_fitted_at_a_stop_in_an_advanced_race_only():
    """The pit stop offers Wet tyres in an Advanced race (A87), not in a Standard one."""
    for rules, wet in (("advanced", True), ("standard", False)):
        st = position(f'rules = "{rules}"\n[[car]]\nat = "box"\nbox_call = true\n'
                      '[[car]]\nat = "20.2.1"\n')
        tyres = {a.tyre for a in GAME.fine_actions(st, 0) if isinstance(a, A.PitStop)}
        assert ("wet" in tyres) is wet, rules


# ---- FGP 13.13.4 Standing Water ---------------------------------------------------------
def test_fgp_13_13_4_through_standing_water_faster_than_green_rolls_red_then_yellow():
    """A RED card through a Standing Water tile rolls the RED die; through two, the RED
    and then the YELLOW die (13.2); in the rain the tokens stay."""
    st = race('["R01"]', weather='"rainy"', tyre="wet",
              head='hazards = { "3" = "standing_water" }\nrolls = ["red:tyre_wear"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    ev = move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    assert red_dice(ev) == ["red"] and st.hazards == {3: WATER}
    st = race('["R01"]', weather='"rainy"', tyre="wet",
              head='hazards = { "3" = "standing_water", "5" = "standing_water" }\n'
                   'rolls = ["red:tyre_wear", "yellow:stress"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    ev = move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    assert red_dice(ev) == ["red", "yellow"] and not st.chance.script


def test_fgp_13_13_4_a_green_card_through_standing_water_rolls_nothing():
    """Green pace is the speed limit of standing water: no die."""
    st = race('["G01"]', weather='"rainy"', tyre="wet", head='hazards = { "3" = "standing_water" }')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = move_and_finish(st, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2")
    assert red_dice(ev) == [] and st.hazards == {3: WATER}


def test_fgp_13_13_4_stopping_on_standing_water_is_a_loss_of_control():
    """Stopping on a Standing Water tile is a loss of control; in the rain the token
    stays, under a cloudy sky it is removed."""
    for weather, left in (('"rainy"', {4: WATER}), ('"cloudy"', {})):
        st = race('["G01"]', weather=weather, tyre="wet",
                  head='hazards = { "4" = "standing_water" }\nrolls = ["white:3"]')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        path = ["2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2"]      # wet: 3 + 2, dry: 3 + 1
        ev = move_and_finish(st, *(path if weather == '"rainy"' else path[:4]))
        assert "standing_water_hit" in kinds(ev) and "loss_of_control" in kinds(ev), weather
        assert st.hazards == left, weather


def test_fgp_13_13_4_no_pairs_from_a_standing_water_tile():
    """A move starting on a Standing Water tile may not use a pair."""
    st = race('["G01", "G02"]', weather='"rainy"', tyre="wet", at="3.2.1",
              head='hazards = { "3" = "standing_water" }')
    GAME.apply(st, 0, A.Done())
    plays = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Play)]
    assert plays and all(len(a.cards) == 1 for a in plays)
    st = race('["G01", "G02"]', weather='"rainy"', tyre="wet", at="3.2.1")
    GAME.apply(st, 0, A.Done())
    assert any(len(a.cards) == 2 for a in GAME.fine_actions(st, 0) if isinstance(a, A.Play))


# ---- FGP 13.1 / 13.1.1: the forecast check and the change ---------------------------------
def test_fgp_13_1_a_check_lower_than_the_round_removes_the_token():
    """WHITE x the card's value below the round: the weather holds, the token goes."""
    st = round_start('{ kind = "cloudy", marker = 12 }', 12, 'rolls = ["white:2"]')
    assert st.flag == 12 and st.weather["marker"] is None and W.kind(st) == "cloudy"
    assert st.hazards == {} and not st.chance.script


def test_fgp_13_1_a_check_equal_to_the_round_brings_the_rain_now():
    """WHITE 3 x 4 = round 12: the rain comes now: the Rainy card, race control +3,
    a WHITE roll of Standing Water tokens placed by WHITE rolls from the line."""
    st = round_start('{ kind = "cloudy", marker = 12 }', 12,
                     'rolls = ["white:3", "white:2", "white:3", "white:1"]')
    assert W.kind(st) == "rainy" and st.weather["marker"] is None and st.weather["wet_race"]
    assert st.hazards == {2: WATER, 3: WATER} and st.yellow_panel == 3


def test_fgp_13_1_a_higher_check_moves_the_token_and_the_weather_changes_there():
    """WHITE 4 x 4 = 16 > 12: the token goes to space 16 weather icon up; when the flag
    reaches it the weather changes without another check."""
    st = round_start('{ kind = "cloudy", marker = 12 }', 12, 'rolls = ["white:4"]')
    assert (st.weather["marker"], st.weather["side"], W.kind(st)) == (16, "change", "cloudy")
    st = round_start('{ kind = "rainy", marker = 16, side = "change" }', 16)
    assert W.kind(st) == "cloudy" and st.weather["drying"] == 16


def test_fgp_13_1_1_rain_moves_race_control_three_spaces_and_may_call_the_safety_car():
    """Cloudy to Rainy advances race control 3 spaces; reaching the SC space deploys
    the Safety Car (13.8.2); its period is the Advanced WHITE roll (13.9.1: green 3)."""
    st = round_start('{ kind = "cloudy", marker = 12 }', 12,
                     'panel_side = "green"\npanel = 5\n'
                     'rolls = ["white:3", "white:1", "white:5", "white:3"]')
    assert W.kind(st) == "rainy" and st.safety_car is not None


def test_fgp_13_1_1_after_the_rain_one_standing_water_token_dries_each_round():
    """Rainy to Cloudy: nothing dries in the round of the change; each later round the
    first token after the line goes, until none is left."""
    st = round_start('{ kind = "rainy", marker = 12 }', 12,
                     'rolls = ["white:3"]\nhazards = { "5" = "standing_water", "20" = "standing_water" }')
    assert W.kind(st) == "cloudy" and st.hazards == {5: WATER, 20: WATER}
    st = round_start('{ kind = "cloudy", drying = 12 }', 13,
                     'hazards = { "5" = "standing_water", "20" = "standing_water" }')
    assert st.hazards == {20: WATER}


def test_fgp_13_1_1_the_wrong_tyres_follow_the_change():
    """After the rain stops dry tyres get their bonus back and wet ones drop to +1."""
    st = race('["G01"]', weather='{ kind = "cloudy", drying = 4 }')
    GAME.apply(st, 0, A.Done())
    assert mp_of(GAME.apply(st, 0, A.Play(("G01",)))) == 5
    st = race('["G01"]', weather='"rainy"')
    GAME.apply(st, 0, A.Done())
    assert mp_of(GAME.apply(st, 0, A.Play(("G01",)))) == 3


# ---- FGP 15.14 weather change modifier ----------------------------------------------------
def test_fgp_15_14_the_modifier_moves_the_weather_token_forward_or_back():
    """Option weather_modifier: a green WHITE roll moves the token forward by a second
    roll, a red one back; a second roll of 1 does nothing."""
    st, _ = _setup("card:W3", "white:3", "white:5", "white:3",
                   options='["weather_modifier"]')
    assert st.weather["marker"] == 15                    # 12, green: +3
    st, _ = _setup("card:W3", "white:3", "white:2", "white:4",
                   options='["weather_modifier"]')
    assert st.weather["marker"] == 8                     # 12, red: -4
    st, _ = _setup("card:W3", "white:3", "white:6", "white:1",
                   options='["weather_modifier"]')
    assert st.weather["marker"] == 12                    # the 1 has no effect


def test_fgp_10_2_1_dry_tyres_in_the_rain_roll_red_before_the_pit_entry():
    """A car on dry tyres coming in for wets rolls its RED die on the track first
    (FGP 11.1: a roll after the move comes before the pit lane)."""
    st = race('["R01"]', weather='"rainy"', at="37.4.1", extra="box_call = true",
              head='rolls = ["red:tyre_wear"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    ev = steps(st, 0, "38.4.1", "39.4.1", "pit_entry")
    assert red_dice(ev) == ["red"] and not st.chance.script
    assert "pit_entry" in kinds(ev)
