"""benchmarks/formulagp_races.py on three races of one track: its counts add up,
and its pit stops are the ones the race state shows (counted here a second
way: a car going from the track into its pit box)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from chequered.engine.play import play
from chequered.games.formulagp import GAME

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "formulagp_races.py"
SEEDS = (1, 2, 3)


def _script():
    spec = importlib.util.spec_from_file_location("formulagp_races", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def stats():
    mod = _script()
    doc, records = mod.run(len(SEEDS), ["street"], workers=1, progress=False)
    return mod, doc, records["street"]


def _boxed_by_state(seed: int) -> list[int]:
    """Seats that went from a track space into the pit, one entry per stop."""
    config = GAME.config(seats=["heuristic"] * 6, track="street")
    state = GAME.new(config, seed)
    where = {c.seat: c.in_pit for c in state.cars}
    out = []

    def hook(seat, action, events, step):
        for c in state.cars:
            if c.in_pit and not where[c.seat] and state.round >= 1:
                out.append(c.seat)
            where[c.seat] = c.in_pit
    play(GAME, config, seed, state=state, on_step=hook)
    return out


def test_counts_add_up(stats):
    mod, doc, records = stats
    s = doc["tracks"]["street"]
    assert [r["seed"] for r in records] == list(SEEDS)
    assert s["races"] == len(SEEDS)
    assert s["races_ended_under_sc"] <= s["races_with_sc"] <= s["races"]
    assert s["races_with_sc"] == sum(r["safety_cars"] > 0 for r in records)
    assert s["safety_cars"]["sum"] == sum(r["safety_cars"] for r in records)
    # every car has a starting compound, one classification place, at least one compound
    assert sum(s["start_tyres"].values()) == 6 * len(SEEDS)
    for r in records:
        assert sorted(c["position"] for c in r["cars"]) == list(range(1, 7))
        assert all(c["tyres"] and c["tyres"][0] == c["start_tyre"] for c in r["cars"])
        assert r["cars_lapped"] == sum(c["laps_down"] > 0 for c in r["cars"]) <= 5
        winner = next(c for c in r["cars"] if c["position"] == 1)
        assert r["winner_laps"] == winner["laps"]
    # pit stops: per car, per race and in total agree; each has a reason record
    total = sum(len(c["stops"]) for r in records for c in r["cars"])
    assert s["pit_stops"] == total
    assert s["pit_stops_per_car"]["n"] == 6 * len(SEEDS)
    assert s["pit_stops_per_car"]["sum"] == s["pit_stops_per_race"]["sum"] == total
    assert sum(s["stop_tyre_state"].values()) == total
    assert s["forced_stops"] + s["voluntary_stops_per_race"]["sum"] == total
    # battles: the outcomes split the battles
    assert sum(s["battle_outcomes"].values()) == sum(sum(r["battles"].values()) for r in records)
    assert sum(s["penalty_causes"].values()) == sum(r["penalties"] for r in records)
    # the markdown table has one row per figure and the track's column
    table = mod.markdown(doc)
    assert table.splitlines()[0].endswith("| street |")
    assert "| races | 3 |" in table


def test_pit_stops_are_the_state_s_pit_entries(stats):
    _, _, records = stats
    for r in records:
        by_events = sorted(seat for seat, c in enumerate(r["cars"]) for _ in c["stops"])
        assert by_events == sorted(_boxed_by_state(r["seed"])), r["seed"]


def test_same_seed_same_record():
    mod = _script()
    assert mod.race_record("street", 2) == mod.race_record("street", 2)


def test_advanced_races_report_disqualifications_and_how_they_ended():
    """`--rules advanced`: the disqualified cars (FGP 5.1.3) are the ones the
    final state classifies as disqualified, and every race ends one way."""
    from chequered.games.formulagp.rules.compounds import disqualified
    mod = _script()
    doc, records = mod.run(2, ["twisty"], workers=1, progress=False, rules="advanced",
                           options=("sc_red_flag_on_6",))
    assert doc["rules"] == "advanced" and doc["options"] == ["sc_red_flag_on_6"]
    for r in records["twisty"]:
        config = GAME.config(seats=["heuristic"] * 6, track="twisty", rules="advanced",
                             options=["sc_red_flag_on_6"])
        st = play(GAME, config, r["seed"]).state
        assert r["disqualified"] == len(disqualified(st))
    s = doc["tracks"]["twisty"]
    assert s["disqualified_cars"] == sum(r["disqualified"] for r in records["twisty"])
    ends = s["share_ended_under_sc"] + s["share_ended_by_flag"] + s["share_stopped_at_max_rounds"]
    assert abs(ends - 1.0) < 1e-9
    assert "disqualified" in mod.markdown(doc)
def test_the_weather_figures_are_counted(stats):
    """[ADV] the forecast and rain of each race, the stops for wet tyres; a Standard
    race has no weather."""
    mod, doc, records = stats
    assert all(r["forecast"] is None and r["rained"] is False for r in records)
    s = doc["tracks"]["street"]
    assert s["races_with_rain"] == 0 and s["wet_tyre_stops"] == 0
    assert "races with rain [ADV]" in mod.markdown(doc)
    r0 = max(records, key=lambda r: sum(len(c["stops"]) for c in r["cars"]))
    wet_cars = [dict(c, stops=[{**st, "fitted": "wet"} for st in c["stops"]]) for c in r0["cars"]]
    out = mod.summarise([dict(r0, rained=True, cars=wet_cars)])
    assert out["races_with_rain"] == 1
    assert out["wet_tyre_stops"] == sum(len(c["stops"]) for c in r0["cars"]) > 0
