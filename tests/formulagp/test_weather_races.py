"""[ADV] Whole Advanced races with the weather (FGP 3.3, 13.1): 2, 6 and 10
heuristic cars on every track, to the end, with the invariants checked after
every action and the record replayed (chequered.testing.conformance); and the
heuristic bot on wet tyres when the race starts in the rain (FGP 10.2)."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.games.formulagp.rules.weather_steps import kind
from chequered.testing.conformance import play_checked

GAME = chequered.game("formulagp")


@pytest.mark.parametrize("track", ["fast", "street", "twisty"])
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_an_advanced_race_with_weather_plays_to_the_end_and_replays(track, cars):
    cfg = {"track": track, "seats": ["heuristic"] * cars, "rules": "advanced"}
    assert play_checked(GAME, cfg, 7) > 100
    st = GAME.new(GAME.config(**cfg), 7)
    assert st.weather is not None and st.flag == 1


def test_the_forecasts_vary_and_a_wet_start_puts_the_bots_on_wet_tyres():
    """Over a few seeds every forecast comes up; in a race that starts Rainy every
    heuristic car starts on wet tyres and it rains (the race counts as wet)."""
    seen = {}
    for seed in range(40):
        st = GAME.new(GAME.config(track="fast", seats=["heuristic"] * 4, rules="advanced"), seed)
        seen.setdefault(kind(st), seed)
    assert set(seen) == {"sunny", "cloudy", "rainy"}
    cfg = GAME.config(track="fast", seats=["heuristic"] * 4, rules="advanced")
    starts = []

    def on_step(seat, action, events, step):
        starts.extend(e.data["tyres"] for e in events if e.kind == "start_tyres")
    done = play(GAME, cfg, seen["rainy"], on_step=on_step)
    assert starts and set(starts[0].values()) == {"wet"}
    assert done.state.weather["wet_race"] and GAME.is_over(done.state)
