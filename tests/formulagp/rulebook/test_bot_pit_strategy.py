"""BOT 1.3.1, 4.1, 5.5, 6.10.1, 7.1 and 7.3 (a Pro BOT's tyres and pit
strategy), written from the BOT rules: a position by hand (or a race set up
by the rules where the setup is the subject), the dice forced, played through
GAME.apply. A Standard race: round r is radar space r + 8 (A120)."""
from __future__ import annotations

import chequered
from chequered.games.formulagp.rules.weather_steps import kind as weather_kind

GAME = chequered.game("formulagp")


# ---- BOT 1.3.1 ---------------------------------------------------------------------------
def test_bot_1_3_1_a_race_that_starts_wet_puts_the_pros_on_wet_tyres():
    """An Advanced race whose forecast is Rain at the start: every Pro BOT starts on Wet tyres, with no starting-tyre roll, and its Pit token counts the Wet life (10 + the WHITE score)."""
    cfg = GAME.config(rules="advanced", seats=["human", "pro", "pro"])
    st, ev = GAME.start(cfg, 4)                  # seed 4: the Rain forecast
    assert weather_kind(st) == "rainy"
    assert [st.cars[s].tyre for s in (1, 2)] == ["wet", "wet"]
    assert not [e for e in ev if e.kind == "roll" and e.rule == "BOT 1.3.1"]
    for s in (1, 2):
        assert 10 <= st.bots["cars"][str(s)]["pit"]["round"] <= 16
    dry, ev = GAME.start(GAME.config(rules="advanced", seats=["human", "pro", "pro"]), 2)
    assert weather_kind(dry) == "sunny" and "wet" not in [dry.cars[s].tyre for s in (1, 2)]
    assert len([e for e in ev if e.kind == "roll" and e.rule == "BOT 1.3.1"]) == 2


# ---- helpers -----------------------------------------------------------------------------
from ._bot_help import BC, bot_turn, pos  # noqa: E402
from chequered.games.formulagp.bot.pits import wants_pit  # noqa: E402
from chequered.games.formulagp.bot.table import speed  # noqa: E402
from chequered.games.formulagp.rules.cards import content_of  # noqa: E402
from chequered.games.formulagp.rules.plays import gear_for  # noqa: E402

ADV = 'rules = "advanced"\n'


def _pro(head, *, tyre="medium", bot="", extra="", at="3.2.1"):
    """Vireo a Pro BOT (TAC11), Halcyon a player far behind."""
    return pos(f'{head}\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "{at}"\n'
               f'tyre = "{tyre}"\n{extra}\nbot = {{ tactics = "TAC11"{bot} }}\n'
               '[[car]]\nname = "halcyon"\nat = "1.1.1"\n')


def _base_mp(st, seat=0):
    """The control card's MP for this turn (gear of the start tile, RED pace)."""
    return speed(st, seat).mp(gear_for(st, st.cars[seat]), "red")


def _mp(st):
    """The Pro moves first: its turn has begun as the position is set up."""
    assert st.move["seat"] == 0 and st.move["bot"]
    return st.move["mp"]


def rec(st, seat=0):
    return st.bots["cars"][str(seat)]


# ---- BOT 6.10.1 [ADV] --------------------------------------------------------------------
def test_bot_6_10_1_wet_tyres_on_a_dry_track_give_no_tyre_bonus():
    """Cloudy (a dry track) and Wet tyres: the Pro moves with its control card's MP alone (and wants the pits); on Medium tyres it adds its tyre token (2)."""
    st = _pro(ADV + 'weather = "cloudy"\nround = 6', tyre="wet", bot=', pit = { round = 15 }')
    mp = _base_mp(st)
    assert _mp(st) == mp and rec(st)["pit"]["entry"]
    st = _pro(ADV + 'weather = "cloudy"\nround = 6', bot=', pit = { round = 15 }')
    assert _mp(st) == mp + BC.bot.tyre_tokens["medium"].full


def test_bot_6_10_1_and_5_1_no_stop_for_wrong_tyres_at_the_end_of_the_race():
    """Dry tyres in the rain: the Pro wants the pits, but not in the final round (nor from round 22 of the radar)."""
    st = _pro(ADV + 'weather = "rainy"\nround = 10', at="20.2.1")
    assert wants_pit(st, 0)
    st = _pro(ADV + 'weather = "rainy"\nround = 10\nfinal_round = true', at="20.2.1")
    assert not wants_pit(st, 0)
    st = _pro(ADV + 'weather = "rainy"\nround = 22', at="20.2.1")
    assert not wants_pit(st, 0)


# ---- BOT 5.5 [ADV] -----------------------------------------------------------------------
def test_bot_5_5_the_fresh_tyres_token_adds_two_and_flips_with_the_tyre_token():
    """With the Fresh Tyres token a Pro adds +2 each turn; once its tyre token is on the lower side the Fresh Tyres token shows its lesser side (+1) too."""
    control = content_of(_pro(ADV + 'round = 19')).control
    for token, late in (("full", control.late_pit_bonus),
                        ("lower", control.late_pit_bonus_degraded)):
        st = _pro(ADV + 'round = 19', extra="fresh_tyres = true",
                  bot=f', tyre_token = "{token}", pit = {{ round = 30 }}')
        tyre = getattr(BC.bot.tyre_tokens["medium"], token)
        mp = _base_mp(st)
        assert _mp(st) == mp + tyre + late
    st = _pro(ADV + 'round = 19', bot=', pit = { round = 30 }')
    mp = _base_mp(st)
    assert _mp(st) == mp + BC.bot.tyre_tokens["medium"].full


STOP = ADV + 'round = 10\nweather = {{ kind = "{kind}", marker = {marker}, side = "change" }}' \
    '\nrolls = {rolls}'


def _stop(kind, marker, rolls, *, tyre="medium", strategy="STR01", extra=""):
    """The Pro in its box for its planned stop (its Pit token used at the entry)."""
    return _pro(STOP.format(kind=kind, marker=marker, rolls=rolls), at="pit", tyre=tyre,
                extra=extra, bot=f', strategy = "{strategy}", pit = {{ round = 9, icon = "pit", '
                                 'entry = true }')


def test_bot_5_5_a_stop_before_the_rain_a_green_die_fits_wet_tyres_early():
    """Rain confirmed for round 13, the planned stop in round 10: a green WHITE die fits Wet tyres now (the Pit token then counts Wet's 10), and those tyres are not wrong before the rain."""
    st = _stop("cloudy", 13, '["white:green", "white:2"]')
    assert st.cars[0].tyre == "wet" and rec(st)["pit"]["round"] == 10 + 10 + 2
    assert not wants_pit(st, 0)


def test_bot_5_5_a_red_die_keeps_the_strategy_tyre():
    """The same stop with a red WHITE die: the STRATEGY card's pit tyre (STR01: Medium)."""
    st = _stop("cloudy", 13, '["white:red", "white:2"]')
    assert st.cars[0].tyre == "medium"


def test_bot_5_5_before_the_rain_stops_the_final_tyre_of_the_card():
    """Raining, the dry track confirmed for round 12, on Wet tyres: green: the card's final tyre (STR01: Hard)."""
    st = _stop("rainy", 12, '["white:green", "white:2"]', tyre="wet")
    assert st.cars[0].tyre == "hard"


def test_bot_5_5_no_roll_when_the_change_is_more_than_four_rounds_away():
    """The change on round 15, five rounds on: no roll, the card's tyre."""
    st = _stop("cloudy", 15, '["white:2"]')
    assert st.cars[0].tyre == "medium" and not st.chance.script


# ---- BOT 4.1 -----------------------------------------------------------------------------
def test_bot_4_1_remark_past_the_pits_too_late_a_second_tyre_check():
    """Radar space 22 (Standard: round 14), the Pit token on the entry, the full tyre token: the Pro drives past the pit entrance and rolls the WHITE die: red, the lower side; with the lower side already, no roll."""
    head = 'round = 14\nrolls = ["white:red"]'
    st = _pro(head, at="38.4.1", bot=', pit = { round = 20, entry = true }')
    ev = bot_turn(st, 0)
    assert not st.cars[0].in_pit and rec(st)["tyre_token"] == "lower"
    assert [e.data["tyre_token"] for e in ev if e.kind == "bot_tyre_check"] == ["lower"]
    st = _pro(head, at="38.4.1", bot=', pit = { round = 20, entry = true }, tyre_token = "lower"')
    ev = bot_turn(st, 0)
    assert "bot_tyre_check" not in [e.kind for e in ev] and list(st.chance.script)


# ---- BOT 7.1 (option bot_pit_checks) -----------------------------------------------------
def _two_pros(head, a, b, extra_a="", extra_b=""):
    """Vireo and Halcyon Pro BOTs with these Pit tokens; Orbit a player."""
    return pos(f'{head}\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "5.2.1"\n{extra_a}\n'
               f'bot = {{ tactics = "TAC11", pit = {a} }}\n'
               f'[[car]]\nname = "halcyon"\ncontroller = "pro"\nat = "4.2.1"\n{extra_b}\n'
               f'bot = {{ tactics = "TAC12", pit = {b} }}\n'
               '[[car]]\nname = "orbit"\nat = "1.1.1"\n')


CHECKS = 'options = ["bot_pit_checks"]\nphase = "round_start"\nround = {round}\nrolls = {rolls}'


def test_bot_7_1_the_pit_check_token_two_spaces_before_the_first_pit_token():
    """Round 10 begins (Standard: radar space 18); Vireo's PIT-side token lies on round 12 (space 20), two spaces on: the Pit Check token is reached, Vireo rolls: green, an early stop (its tyre token stays); the token then goes two spaces before Halcyon's (round 14: space 20)."""
    st = _two_pros(CHECKS.format(round=10, rolls='["white:green"]'),
                   '{ round = 12, icon = "pit" }', '{ round = 14, icon = "pit" }')
    assert rec(st, 0)["pit"]["entry"] and rec(st, 0)["tyre_token"] == "full"
    assert st.bots["pit_check"] == {"space": 22 - 2, "seats": [1]}
    assert not rec(st, 1)["pit"].get("entry")


def test_bot_7_1_a_red_die_keeps_the_strategy():
    """The same check with a red WHITE die: Vireo's token stays on the radar."""
    st = _two_pros(CHECKS.format(round=10, rolls='["white:red"]'),
                   '{ round = 12, icon = "pit" }', '{ round = 14, icon = "pit" }')
    assert not rec(st, 0)["pit"].get("entry") and rec(st, 0)["pit"]["round"] == 12


def test_bot_7_1_tyre_side_tokens_are_not_checked_and_without_the_option_nothing():
    """The token goes before the first PIT-side token only (Halcyon's); without the option no check at all."""
    st = _two_pros(CHECKS.format(round=10, rolls='[]'),
                   '{ round = 12, icon = "tyre" }', '{ round = 16, icon = "pit" }')
    assert st.bots["pit_check"] == {"space": 24 - 2, "seats": [1]}
    st = _two_pros('phase = "round_start"\nround = 10\nrolls = []',
                   '{ round = 12, icon = "pit" }', '{ round = 14, icon = "pit" }')
    assert "pit_check" not in st.bots and not rec(st, 0)["pit"].get("entry")


def test_bot_7_1_the_second_weather_token_early_stops_for_the_forecast():
    """Rain confirmed for round 15 (an Advanced race: space 15); the second Weather token four spaces before it, on 11: reached, every Pit token from 11 to 15 rolls (Vireo on 13: green, an early stop that will fit Wet; Halcyon on 16: no roll)."""
    head = ADV + CHECKS.format(round=11, rolls='["white:green"]') + \
        '\nweather = { kind = "cloudy", marker = 15, side = "change" }'
    st = _two_pros(head, '{ round = 13 }', '{ round = 16 }')
    assert rec(st, 0)["pit"]["entry"] and rec(st, 0)["weather_stop"] == [15, "rainy"]
    assert not rec(st, 1)["pit"].get("entry") and not st.chance.script


def test_bot_7_1_a_red_weather_check_and_the_stop_rolls_no_more():
    """Red at the second Weather token: the strategy stands, and at the planned stop that follows BOT 5.5 rolls nothing more for this change (the card's tyre)."""
    head = ADV + CHECKS.format(round=11, rolls='["white:red"]') + \
        '\nweather = { kind = "cloudy", marker = 15, side = "change" }'
    st = _two_pros(head, '{ round = 13 }', '{ round = 16 }')
    assert not rec(st, 0)["pit"].get("entry") and rec(st, 0)["weather_rolled"] == [15, "rainy"]
    assert "weather_stop" not in rec(st, 0)
    st = _pro(STOP.format(kind="cloudy", marker=13, rolls='["white:green", "white:2"]'),
              at="pit", bot=', strategy = "STR01", pit = { round = 9, icon = "pit", '
                            'entry = true }, weather_rolled = [13, "rainy"]')
    # no BOT 5.5 roll: the green face places the Pit token, the card's Medium is fitted
    assert st.cars[0].tyre == "medium" and len(st.chance.script) == 1


def test_bot_7_1_the_weather_check_stop_fits_the_coming_weathers_tyre():
    """At the stop the check decided (no BOT 5.5 roll again): Wet tyres for the rain to come."""
    st = _pro(STOP.format(kind="cloudy", marker=13, rolls='["white:2"]'), at="pit",
              bot=', strategy = "STR01", pit = { round = 9, icon = "pit", entry = true }, '
                  'weather_stop = [13, "rainy"]')
    assert st.cars[0].tyre == "wet" and not st.chance.script


# ---- BOT 7.3 (option bot_late_pit_check) -------------------------------------------------
LATE = ADV + 'options = {options}\nphase = "round_start"\nround = 15\npanel_side = "green"\n' \
    'rolls = {rolls}\nleader = "{leader}"'


def _late(rolls, *, options='["bot_late_pit_check"]', leader="orbit", stops_b=1, tyre_b="medium"):
    """Round 15 begins: the flag on space 15, two before the Fresh Tyres token (green side:
    17). Vireo and Halcyon are Pro BOTs; Vireo has pitted once."""
    return pos(LATE.format(options=options, rolls=rolls, leader=leader) +
               '\n[[car]]\nname = "vireo"\ncontroller = "pro"\nat = "5.2.1"\ntyre = "soft"\n'
               'bot = { tactics = "TAC11", pit = { round = 25 }, stops = 1 }\n'
               f'[[car]]\nname = "halcyon"\ncontroller = "pro"\nat = "4.2.1"\ntyre = "{tyre_b}"\n'
               f'bot = {{ tactics = "TAC12", pit = {{ round = 25 }}{", stops = 1" if stops_b else ""} }}\n'
               '[[car]]\nname = "orbit"\nat = "6.1.1"\n')


def test_bot_7_3_the_late_pit_check_green_pits_for_the_bonus_with_the_final_tyre():
    """Two spaces before the Late Pit Bonus: each Pro that has pitted rolls: green, its Pit token to the pit lane entry; its stop will fit the card's final tyre (STR01: Hard)."""
    st = _late('["white:green", "white:red"]')
    assert rec(st, 0)["pit"]["entry"] and rec(st, 0)["late_stop"]
    assert not rec(st, 1)["pit"].get("entry") and "late_stop" not in rec(st, 1)


def test_bot_7_3_not_the_leader_nor_a_pro_that_has_not_pitted():
    """The race leader and a Pro with no stop yet roll nothing."""
    st = _late('["white:green"]', leader="vireo", stops_b=0)
    assert "late_stop" not in rec(st, 0)
    assert "late_stop" not in rec(st, 1) and list(st.chance.script)


def test_bot_7_3_the_soft_and_medium_choice_and_no_option_no_check():
    """With `bot_late_pit_soft_medium` a Pro on Hard is not checked; without the option nobody is."""
    st = _late('["white:green"]', tyre_b="hard",
               options='["bot_late_pit_check", "bot_late_pit_soft_medium"]')
    assert rec(st, 0)["late_stop"] and "late_stop" not in rec(st, 1) and not st.chance.script
    st = _late('["white:green"]', options='[]')
    assert "late_stop" not in rec(st, 0) and list(st.chance.script)


def test_bot_7_3_the_late_stop_fits_the_final_tyre():
    """A Pro sent in by the check fits the card's final tyre at its stop (STR01: Hard), here
    where its stop would otherwise fit the card's next tyre after Wet ones (Medium)."""
    for late, tyre in ((", late_stop = true", "hard"), ("", "medium")):
        st = _pro(ADV + 'round = 17\nweather = "cloudy"\nrolls = ["white:2"]', at="pit",
                  tyre="wet", bot=f', strategy = "STR01", stops = 1{late}, '
                                  'pit = { round = 9, icon = "pit", entry = true }')
        assert st.cars[0].tyre == tyre and "late_stop" not in rec(st)
