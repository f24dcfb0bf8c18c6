"""FGP 18 (racetracks): the 18.1 design guidelines as checks every shipped
track must pass (track_check.py), one test per guideline, and a built track
that breaks each check to show the check can fail."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.track import (BLUE_8TH_MP, build_track, Library, track,
    track_keys)
from chequered.games.formulagp.track_check import (blue_run, check_track, long_straights,
                                                   straight_runs, _forward_cycle)

TRACKS = ("fast", "twisty", "street")


def lib(*tiles: dict) -> Library:
    return Library.model_validate({"source": "test", "tiles": [
        {"id": "FIN", "kind": "feature", "feature": "finish"}, *tiles]})


S = {"id": "S", "kind": "straight", "lanes": [[{}], [{}], [{}], []]}
C = {"id": "C", "kind": "curved", "turn": "right", "gear": 4,
     "lanes": [[{"kerb": True}], [{}, {}], [{}], []]}


def test_fgp_18_our_tracks_are_the_shipped_ones():
    """Our three circuits are built from tiles (FGP 2, 18) and each passes every check."""
    assert set(TRACKS) <= set(track_keys())
    for key in TRACKS:
        assert check_track(track(key)) == [], key


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_about_forty_movement_point_tiles(key):
    """A lap of about 40 tiles that cost a movement point (we allow 34 to 46)."""
    tr = track(key)
    assert 34 <= tr.lap_tiles <= 46
    short = build_track(["FIN"] + ["S", "C"] * 10, lib(S, C))
    assert any("movement-point tiles" in p for p in check_track(short))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_two_drs_zones_at_most(key):
    """No more than two DRS zones."""
    assert 1 <= len(track(key).drs_zones) <= 2
    ds = {"id": "DS", "kind": "feature", "feature": "drs_start"}
    de = {"id": "DE", "kind": "feature", "feature": "drs_end"}
    three = build_track(["FIN"] + ["DS", "S", "DE", "C"] * 3, lib(S, C, ds, de))
    assert any("3 DRS zones" in p for p in check_track(three))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_few_long_straights(key):
    """Long straights are limited (our measure): at most two straights on which a BLUE
    card in 8th gear plays out in full, none longer than two such moves."""
    tr = track(key)
    longs = long_straights(tr)
    assert len(longs) <= 2 and max(longs, default=0) <= 2 * BLUE_8TH_MP
    assert sum(straight_runs(tr)) == sum(t.straight for t in tr.tiles)
    ids = ["FIN"] + (["S"] * BLUE_8TH_MP + ["C"]) * 3 + ["S"] * 3
    problems = check_track(build_track(ids, lib(S, C)))
    assert any("3 straights of" in p for p in problems)
    ids = ["FIN"] + ["S"] * (2 * BLUE_8TH_MP + 1) + ["C"] * 20
    assert any("limit long straights (at most" in p
               for p in check_track(build_track(ids, lib(S, C))))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_no_lap_in_one_lane(key):
    """A car cannot go round a whole lap without changing lanes."""
    assert not _forward_cycle(track(key))
    ring = build_track(["FIN"] + ["S"] * 40, lib(S))
    assert any("without changing lanes" in p for p in check_track(ring))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_a_blue_card_in_eighth_gear_fits_somewhere(key):
    """Somewhere a BLUE card in 8th gear runs its full distance without reaching a
    speed limit (a lower gear or a no-pairs tile)."""
    tr = track(key)
    assert blue_run(tr) >= BLUE_8TH_MP
    assert any("a BLUE card in 8th gear needs" in p
               for p in check_track(tr, blue_8th_mp=blue_run(tr) + 1))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_kerbs_where_lanes_begin_or_end(key):
    """Where a lane begins or ends there is a kerb, not grass."""
    assert not any("without a kerb" in p for p in check_track(track(key)))
    narrow = {"id": "N", "kind": "straight", "lanes": [[{}], [], [], []]}
    problems = check_track(build_track(["FIN", "S", "N"], lib(S, narrow)))
    assert any("lane 2 ends after tile S" in p for p in problems)


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_at_least_one_tricky_corner(key):
    """Each track has a tricky corner."""
    assert any(t.tricky for t in track(key).tiles)
    assert any("no tricky corner" in p
               for p in check_track(build_track(["FIN"] + ["S", "C"] * 20, lib(S, C))))


@pytest.mark.parametrize("key", TRACKS)
def test_fgp_18_1_adv_speed_limit_corners_are_two_green_and_two_red(key):
    """[ADV] data: gear markers, where a track has them, are 2 GREEN and 2 RED, on
    corners (the Standard race ignores them)."""
    tr = track(key)
    marked = [t for t in tr.tiles if t.speed_limit]
    if marked:
        assert sorted(t.speed_limit for t in marked) == ["GREEN", "GREEN", "RED", "RED"]
        assert not any(t.straight for t in marked)
