"""chequered simulate: reproducible, resumable, variants on the same seeds,
the same rows from local processes and Dask, records that replay."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chequered.engine.records import Record, replay
from chequered.engine.registry import game
from chequered.sim.plan import race_seed
from chequered.sim.store import StudyDir

from .helpers import rows, run, study

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_the_same_study_twice_gives_the_same_rows(tmp_path):
    s = study()
    run(s, tmp_path / "a")
    run(study(), tmp_path / "b", workers=2)          # other workers, other finishing order
    a, b = rows(tmp_path / "a"), rows(tmp_path / "b")
    assert a == b
    assert len(a) == 12 * 3
    assert {r["race"] for r in a} == set(range(12))
    assert [r["seed"] for r in a[::3]] == [race_seed(0, i) for i in range(12)]
    assert all(r["study"] == s.id for r in a)
    # one row a seat: the config, the seat's result and the game's metrics
    row = a[0]
    for col in ("variant", "track", "rules", "options", "settings", "seed", "seat",
                "seat_kind", "finish", "win", "points", "laps", "decisions",
                "metric_team", "metric_compounds"):
        assert col in row


def test_a_second_run_plays_nothing_and_another_config_is_refused(tmp_path):
    run(study(), tmp_path / "s")
    again = run(study(), tmp_path / "s")
    assert again.played == 0 and again.before == 12
    from chequered.engine.protocol import BadInput
    with pytest.raises(BadInput, match="different study .*races"):
        run(study(races=13), tmp_path / "s")


def test_vary_makes_variants_on_the_same_seeds(tmp_path):
    s = study(races=4, chunk=2, vary={"track": ["monaco", "italy"]})
    run(s, tmp_path / "v")
    got = rows(tmp_path / "v")
    by_variant = {}
    for r in got:
        by_variant.setdefault(r["variant"], []).append(r)
    assert list(by_variant) == ["track=monaco", "track=italy"]
    mon, ita = by_variant["track=monaco"], by_variant["track=italy"]
    assert [r["seed"] for r in mon] == [r["seed"] for r in ita]
    assert {r["track"] for r in mon} == {"monaco"} and {r["track"] for r in ita} == {"italy"}
    assert {r["vary_track"] for r in ita} == {"italy"}
    assert [r["laps"] for r in mon] != [r["laps"] for r in ita]


def test_dask_local_cluster_gives_the_local_rows(tmp_path):
    distributed = pytest.importorskip("distributed")
    run(study(), tmp_path / "local")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        out = run(study(), tmp_path / "dask", client=client)
    assert out.played == 12
    assert rows(tmp_path / "dask") == rows(tmp_path / "local")


def test_resume_after_kill_9(tmp_path):
    """A study killed with SIGKILL after some parts are on disk goes on where
    it stopped and ends with the rows of an uninterrupted run."""
    out = tmp_path / "killed"
    args = [sys.executable, "-m", "chequered", "simulate", "racepace", "--races", "240",
            "--seats", "bot,bot,random", "--chunk", "3", "--quiet", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(StudyDir(out).done()) < 3 and time.monotonic() < deadline \
                and proc.poll() is None:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    on_disk = len(StudyDir(out).done())
    assert 3 <= on_disk < 80                         # killed part way
    resumed = run(study(races=240), out)
    assert resumed.before == 3 * on_disk
    assert resumed.played == 240 - 3 * on_disk
    run(study(races=240), tmp_path / "whole")
    assert rows(out) == rows(tmp_path / "whole")
    assert not list(out.glob("**/.*.tmp"))


def test_records_replay(tmp_path):
    run(study(races=3, chunk=3, records=True), tmp_path / "r")
    folder = StudyDir(tmp_path / "r")
    table = rows(tmp_path / "r")
    rec = Record.load(folder.record_path(0, 2))
    assert rec.seed == table[-1]["seed"]
    g = game("racepace")
    state = replay(rec, g)
    assert g.state_hash(state) == rec.final_hash


@pytest.mark.parametrize("name,seats", [("bolide", ["club", "club"]),
                                        ("stockcar", ["bot", "bot"]),
                                        ("formulagp", ["rookie", "pro"])])
def test_a_tiny_study_of_each_other_game(tmp_path, name, seats):
    run(study(game=name, races=1, seats=seats, chunk=1), tmp_path / name)
    got = rows(tmp_path / name)
    assert len(got) == len(seats)
    assert sorted(r["finish"] for r in got) == list(range(1, len(seats) + 1))
    assert any(k.startswith("metric_") for k in got[0])
    json.dumps(got)                                  # plain values only
