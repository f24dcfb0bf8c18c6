"""FormulaGP tiles, tracks and the space graph (FGP 2.1, 8.3-8.7, 11, 13.4, 18.1)."""
from __future__ import annotations

from pathlib import Path

import pytest

from chequered.games.formulagp.track import (
    OFF_TRACK, WALL, Library, Move, TrackError, build_track, load_library, load_track, track,
    track_keys,
)
from chequered.games.formulagp.track_check import blue_run, check_track, lap_spaces_min

TRACKS = ("fast", "twisty", "street")


def lib(*tiles: dict) -> Library:
    return Library.model_validate({"source": "test", "tiles": [
        {"id": "FIN", "kind": "feature", "feature": "finish"}, *tiles]})


A = {"id": "A", "kind": "straight", "lanes": [[{}], [{}], [], []]}
B = {"id": "B", "kind": "curved", "turn": "right", "gear": 4,
     "lanes": [[{"kerb": True}], [{}, {}], [], []]}


# ---- library and shipped tracks ----------------------------------------------------
def test_library_validates_and_is_labelled_ours():
    library = load_library()
    assert "reconstruction" in library.source
    ids = library.ids
    assert {"F-FINISH", "F-DRS-ON", "F-DRS-OFF", "P-ENTRY", "P-EXIT"} <= set(ids)
    kinds = {t.kind for t in library.tiles}
    assert kinds == {"straight", "curved", "feature"}
    assert any(t.walls for t in library.tiles)
    assert any(s.double for t in library.tiles for lane in t.lanes for s in lane)


@pytest.mark.parametrize("key", TRACKS)
def test_shipped_tracks_pass_fgp_18_1(key):
    tr = track(key)
    assert check_track(tr) == []
    assert 34 <= tr.lap_tiles <= 46                  # about 40 MP tiles
    assert 1 <= len(tr.drs_zones) <= 2
    assert any(t.tricky for t in tr.tiles)
    assert blue_run(tr) >= 10
    assert tr.pit is not None
    assert tr.spec is not None and tr.spec.reconstruction


def test_track_keys_and_sizes():
    assert set(TRACKS) <= set(track_keys())
    # the shipped listing is kept (asked at every new race): the same as a
    # fresh one, and a list of its own each time
    from chequered.games.formulagp.track import TRACK_DIR
    keys = track_keys()
    assert keys == sorted(p.stem for p in TRACK_DIR.glob("*.toml")) == track_keys(str(TRACK_DIR))
    keys.append("x")
    assert "x" not in track_keys()
    sizes = {k: (track(k).lap_tiles, len(track(k).spaces), lap_spaces_min(track(k)))
             for k in TRACKS}
    assert sizes == {"fast": (41, 184, 52), "twisty": (41, 180, 49),
                     "street": (40, 131, 46)}
    # the twisty track is the slow one: a lower average printed gear
    avg = {k: sum(t.gear for t in track(k).tiles) / track(k).lap_tiles for k in TRACKS}
    assert avg["twisty"] < avg["fast"]


def test_street_has_walls_everywhere():
    tr = track("street")
    assert all("left" in t.walls for t in tr.tiles)
    # an outer space pushed sideways hits the wall rather than going off track
    sp = tr.spaces[tr.tiles[5].lanes[0][0]]
    assert tr.spot_outcome(sp.id, "left") == WALL
    fast = track("fast")
    assert fast.spot_outcome(fast.tiles[5].lanes[0][0], "left") == OFF_TRACK


# ---- graph facts -------------------------------------------------------------------
def test_finish_line_and_lap_order():
    tr = track("fast")
    assert tr.tiles[0].features_before == ("finish",)
    assert tr.tiles[0].id == "P-EXIT"
    crossing = [(s.id, m.to) for s in tr.spaces for m in tr.moves(s.id) if m.crosses_finish]
    assert crossing and all(tr.spaces[a].tile == tr.lap_tiles - 1 and tr.spaces[b].tile == 0
                            for a, b in crossing)
    assert [s.id for s in tr.spaces] == list(range(len(tr.spaces)))
    assert all(tr.spaces[i].tile <= tr.spaces[i + 1].tile for i in range(len(tr.spaces) - 1))


def test_neighbour_counts_on_a_four_lane_straight():
    tr = track("fast")
    t = tr.tiles[1]                      # S4-K4, before another S4
    assert t.id == "S4-K4"
    ids = [t.lanes[i][0] for i in range(4)]
    assert [len(tr.spaces[s].forward) for s in ids] == [1, 1, 1, 1]
    assert [len(tr.spaces[s].lateral) for s in ids] == [1, 2, 2, 1]
    assert all(tr.spaces[tr.spaces[s].forward[0]].lane == tr.spaces[s].lane for s in ids)
    assert tr.spaces[ids[3]].kerb and not tr.spaces[ids[0]].kerb


def test_drs_zones_and_slipstream_shadows():
    tr = track("fast")
    assert len(tr.drs_zones) == 2
    for zone, tiles in enumerate(tr.drs_zones, 1):
        assert all(tr.tiles[i].straight and tr.tiles[i].drs_zone == zone for i in tiles)
        assert all(tr.spaces[s].drs_zone == zone for i in tiles for s in tr.tiles[i].spaces)
    slip = {tr.tiles[s.tile].id: s.slipstream for s in tr.spaces if s.slipstream}
    assert set(slip) == {"S-SLIP1", "S-SLIP2"}
    two = [s for s in tr.spaces if s.slipstream == 2]
    assert two and all(s.capacity == 3 and s.lane == 2 for s in two)


def test_drs_zone_may_run_across_the_finish_line():
    tr = track("twisty")
    (zone,) = tr.drs_zones
    assert tr.tiles[zone[-1]].id == "P-ENTRY"


def test_tricky_corner_skid_marks():
    tr = track("fast")
    (t,) = [t for t in tr.tiles if t.tricky]
    skids = [tr.spaces[s] for s in t.spaces if tr.spaces[s].skid_to]
    assert [s.lane for s in skids] == [2, 3] and all(s.index == 0 for s in skids)
    # the car shadow lies on the outside grass (lane 1 of the same tile): off track
    assert all(s.skid_to == (t.index, 1) for s in skids)
    assert not t.lanes[0]
    assert tr.rejoin_spaces(t.index, 1) == t.lanes[1]


def test_pit_entry_and_exit():
    tr = track("fast")
    p = tr.pit
    entry, exit_ = tr.spaces[p.entry_space], tr.spaces[p.exit_space]
    assert entry.pit_lane and entry.lane == 4 and entry.forward == ()
    assert tr.spaces[p.shadow_car].shadow_car and tr.spaces[p.shadow_car].lane == 3
    before = tr.tiles[entry.tile - 1].lanes[3][0]
    assert tr.moves(before)[0] == Move(entry.id, False)          # FGP 11.1 forward entry
    lat = [m for m in tr.moves(p.shadow_car) if m.to == entry.id]
    assert lat and lat[0].crosses_yellow_line                     # lateral entry: penalty
    assert exit_.pit_exit and exit_.forward
    assert not any(exit_.id in s.forward for s in tr.spaces)      # only from the pit lane
    assert all(m.crosses_yellow_line for m in tr.moves(exit_.id) if m.lane_change)
    assert p.boxes == 10 and (p.exit_tile - p.entry_tile) % tr.lap_tiles == 1


def test_no_paired_cards_and_gears():
    tr = track("twisty")
    assert any(t.no_pairs for t in tr.tiles)
    assert {t.gear for t in tr.tiles} == {2, 4, 6, 8}
    assert sorted(t.speed_limit for t in tr.tiles if t.speed_limit) == \
        ["GREEN", "GREEN", "RED", "RED"]


# ---- a tiny hand-built track: the exact graph ----------------------------------------
def test_tiny_track_graph_exactly():
    tr = build_track(["FIN", "A", "B"], lib(A, B))
    assert tr.lap_tiles == 2
    got = [(s.id, s.tile, s.lane, s.index, s.forward, s.left, s.right, s.edge_left,
            s.edge_right) for s in tr.spaces]
    assert got == [
        (0, 0, 1, 0, (2,), (), (1,), OFF_TRACK, None),
        (1, 0, 2, 0, (3,), (0,), (), None, OFF_TRACK),
        (2, 1, 1, 0, (0,), (), (3, 4), OFF_TRACK, None),
        (3, 1, 2, 0, (4,), (2,), (), None, OFF_TRACK),
        (4, 1, 2, 1, (1,), (2,), (), None, OFF_TRACK),
    ]
    assert tr.moves(2) == (Move(0, False, crosses_finish=True), Move(3, True), Move(4, True))
    assert tr.reachable(0) == (2, 1)
    assert tr.spaces[2].kerb and tr.tiles[1].gear == 4 and tr.tiles[0].gear == 8
    assert lap_spaces_min(tr) == 2          # 0 -> 2 -> over the line
    assert tr.spot_outcome(2, "right") == 4   # equal overlap: the front one
    assert tr.tile_ahead(1, 1) == 0 and tr.tile_ahead(0, -5) == 1


def test_double_lane_space():
    D = {"id": "D", "kind": "straight", "lanes": [[{}], [{"double": True}],
                                                  [{"double_part": True}], [{}]]}
    S = {"id": "S", "kind": "straight", "lanes": [[{}], [{}], [{}], [{}]]}
    tr = build_track(["FIN", "S", "D", "S"], lib(D, S))
    d = next(s for s in tr.spaces if len(s.lanes) == 2)
    assert d.lanes == (2, 3)
    nxt = tr.tiles[2]
    assert d.forward == (nxt.lanes[1][0], nxt.lanes[2][0])      # a choice, not a lane change
    assert all(not m.lane_change for m in tr.moves(d.id) if m.to in d.forward)
    assert d.left == (tr.tiles[1].lanes[0][0],) and d.right == (tr.tiles[1].lanes[3][0],)
    # lanes 2 and 3 of the previous tile both lead forward into it
    assert tr.spaces[tr.tiles[0].lanes[1][0]].forward == (d.id,)
    assert tr.spaces[tr.tiles[0].lanes[2][0]].forward == (d.id,)


# ---- the FGP 18.1 checker --------------------------------------------------------------
def test_checker_finds_single_lane_lap_short_track_and_missing_features():
    tr = build_track(["FIN", "A", "A"], lib(A))
    problems = "\n".join(check_track(tr))
    assert "without changing lanes" in problems
    assert "movement-point tiles" in problems
    assert "no tricky corner" in problems
    assert "no pit entry" in problems


def test_checker_kerbs_where_lanes_end():
    C = {"id": "C", "kind": "straight", "lanes": [[{}], [], [], []]}
    problems = "\n".join(check_track(build_track(["FIN", "A", "C"], lib(A, C))))
    assert "lane 2 ends after tile A" in problems


def test_checker_blue_card_section_and_drs():
    fast = track("fast")
    assert check_track(fast, blue_8th_mp=blue_run(fast) + 1)[0].endswith(
        f"a BLUE card in 8th gear needs {blue_run(fast) + 1}")
    DS = {"id": "DS", "kind": "feature", "feature": "drs_start"}
    DE = {"id": "DE", "kind": "feature", "feature": "drs_end"}
    ids = ["FIN"] + ["DS", "A", "DE"] * 3
    tr = build_track(ids, lib(A, DS, DE))
    assert len(tr.drs_zones) == 3
    assert any("3 DRS zones" in p for p in check_track(tr))


# ---- broken data: errors name the file and the field --------------------------------------
def test_bad_library_names_file_and_field(tmp_path: Path):
    p = tmp_path / "tiles.toml"
    p.write_text('source = "x"\n[[tiles]]\nid = "Q"\nkind = "straight"\n'
                 'lanes = [[{kerbb = true}], [{}], [{}], [{}]]\n')
    with pytest.raises(TrackError) as e:
        load_library(p)
    assert str(p) in str(e.value) and "tiles[Q].lanes[0][0].kerbb" in str(e.value)
    p.write_text('source = "x"\n[[tiles]]\nid = "Q"\nkind = "curved"\nturn = "left"\n'
                 'gear = 5\nlanes = [[{}], [{}], [{}], [{}]]\n')
    with pytest.raises(TrackError) as e:
        load_library(p)
    assert "tiles[Q].gear" in str(e.value)
    p.write_text('source = "x"\n[[tiles]]\nid = "Q"\nkind = "straight"\n'
                 'lanes = [[{}], [{double = true}], [{}], [{}]]\n')
    with pytest.raises(TrackError, match="double space without a matching double_part"):
        load_library(p)


def test_bad_track_names_file_and_field(tmp_path: Path):
    p = tmp_path / "bad.toml"
    p.write_text('[track]\nkey = "bad"\nname = "Bad"\ntiles = ["F-FINISH", "S4", "NOPE"]\n')
    with pytest.raises(TrackError) as e:
        load_track(p)
    assert str(p) in str(e.value) and "track.tiles[2]" in str(e.value) and "NOPE" in str(e.value)
    p.write_text('[track]\nkey = "bad"\nname = "Bad"\ntiles = ["S4", "S4", "S4"]\nlaps = 3\n')
    with pytest.raises(TrackError) as e:
        load_track(p)
    assert "track.laps" in str(e.value)
    p.write_text('[track]\nkey = "bad"\nname = "Bad"\ntiles = ["S4", "S4", "S4"]\n')
    with pytest.raises(TrackError, match="exactly one finish-line tile"):
        load_track(p)
    p.write_text('[track]\nkey = "bad"\nname = "Bad"\ntiles = ["F-FINISH", "S4", "S4"]\n'
                 '[[track.gear_markers]]\ntile_no = 1\ncolour = "RED"\n')
    with pytest.raises(TrackError, match="track.gear_markers"):
        load_track(p)
    p.write_text('[track]\nkey = "bad"\nname = "Bad"\ntiles = ["F-FINISH", "S4", "S4"]\n'
                 '[[track.gear_markers]]\ntile_no = 2\ncolour = "BLUE"\n')
    with pytest.raises(TrackError) as e:
        load_track(p)
    assert "track.gear_markers[0].colour" in str(e.value)
    with pytest.raises(TrackError, match="unknown FormulaGP track"):
        track("nowhere")


def test_the_kept_grid_is_the_grid_worked_out():
    # where.grid_spaces keeps each track's grid by field size (every race
    # start, each bot's plan): the same spaces, a list of its own each time
    from chequered.games.formulagp.rules.where import _grid_spaces, grid_spaces
    for key in TRACKS:
        for n in range(1, 9):
            got = grid_spaces(track(key), n)
            assert got == _grid_spaces(track(key), n) == grid_spaces(track(key), n)
            got.append(-1)
            assert grid_spaces(track(key), n) == _grid_spaces(track(key), n)
