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
