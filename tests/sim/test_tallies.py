"""The games' tallies: counters read off a race's events while a study plays
it (what the final state forgets), checked against the race's record or
against each other."""
from __future__ import annotations

from chequered.engine.records import Record
from chequered.engine.registry import game
from chequered.games.racepace.actions import Copy, Select
from chequered.games.racepace.tables import tables
from chequered.sim.store import StudyDir

from .helpers import rows, run, study


def test_race_pace_counts_every_button_pressed(tmp_path):
    """Every Select/Copy of a button in the record is one count, dry or wet,
    under that button's key; random cars have a starting tyre and weather."""
    out = tmp_path / "rp"
    run(study(races=4, chunk=2, records=True, seats=["random", "random", "random"]), out)
    folder = StudyDir(out)
    T = tables(None)
    got = rows(out)
    for race in range(4):
        rec = Record.load(folder.record_path(0, race))
        want: dict = {}
        g = game("racepace")
        for seat, doc in rec.actions:
            action = g.decode_action(doc)
            if isinstance(action, (Select, Copy)) and action.button is not None:
                key = T.buttons[action.button].key.lower()
                want[(seat, key)] = want.get((seat, key), 0) + 1
        for r in (r for r in got if r["race"] == race):
            for b in T.buttons.values():
                key = b.key.lower()
                pressed = r[f"metric_dry_{key}"] + r[f"metric_wet_{key}"]
                assert pressed == want.get((r["seat"], key), 0), (race, r["seat"], key)
            assert r["metric_start_tyre"] in ("S", "M", "H", "W")
            assert r["metric_start_weather"] in ("dry", "rain")
            assert r["metric_pit_stops"] == r["metric_dry_boxbox"] + r["metric_wet_boxbox"]
            assert 0 <= r["metric_rain_rounds"] <= r["metric_rounds"]


def test_race_pace_bots_have_no_tyre_numbers(tmp_path):
    run(study(races=2, chunk=2, seats=["bot", "bot"]), tmp_path / "b")
    for r in rows(tmp_path / "b"):
        assert r.get("metric_pit_stops") is None and r.get("metric_start_tyre") is None


def test_stock_car_packs_add_up_and_loners_draft_less_with_mates(tmp_path):
    out = tmp_path / "sc"
    run(study(game="stockcar", races=8, chunk=4, seats=["bot", "loner", "bot", "loner"],
              rotate=True), out)
    got = rows(out)
    for race in range(8):
        mine = [r for r in got if r["race"] == race]
        # an opponent a pack carried is a ride in another team's pack
        assert sum(r["metric_opponents_carried"] for r in mine) == \
            sum(r["metric_rides_in_other_packs"] for r in mine)
        for r in mine:
            assert r["metric_drafts_with_mates"] <= r["metric_pack_moves"]
            assert r["metric_drafts_with_mates"] <= r["metric_mates_carried"]

    def mates(kind):
        return sum(r["metric_mates_carried"] for r in got if r["seat_kind"] == kind)
    assert mates("bot") > 2 * mates("loner")


def test_formulagp_battles_and_pit_stops(tmp_path):
    run(study(game="formulagp", races=2, chunk=2,
              seats=["pro", "heuristic", "pro", "heuristic"]), tmp_path / "f")
    got = rows(tmp_path / "f")
    for race in range(2):
        mine = [r for r in got if r["race"] == race]
        won = sum(r["metric_battles_won"] for r in mine)
        fought = sum(r["metric_battles_attacked"] for r in mine)
        assert won <= fought and fought > 0
    for r in got:
        # BOT stops are bot_pit_stops; the others' are counted from the pit lane
        assert (r["metric_pit_stops"] is None) == (r["seat_kind"] == "pro")


def test_bolide_experts_keep_to_their_strategy(tmp_path):
    kinds = ["expert_82", "expert_73", "expert_672", "expert_573"]
    run(study(game="bolide", races=1, chunk=1, seats=kinds, rules="advanced",
              track="twisty"), tmp_path / "b")
    names = {"expert_82": "8+2", "expert_73": "7+3", "expert_672": "6/7+2",
             "expert_573": "5/7+3"}
    for r in rows(tmp_path / "b"):
        assert r["metric_chosen_strategy"] == names[r["seat_kind"]]
