"""FGP 14 (championship) and 17 (the championship chart), written from the
rulebook: races that end as built here, then the next race of the series
through the round machine."""
from __future__ import annotations

import pytest

import chequered
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.track import track

GAME = chequered.game("formulagp")


def _race(n: int, tracks: str = "street", *, championship: bool = False, seed: int = 1):
    opts = ["championship"] if championship else []
    cfg = FormulaGPConfig(seats=["human"] * n, track=tracks, options=opts,
                          tyres=["medium"] * n)      # fixed: no face-down pick (A69)
    st, _ = GAME.start(cfg, seed)
    return st


def _finish(st, order: list[int]) -> list:
    """End the race with the cars one tile apart, `order[0]` in front, every
    car across the line in the final round; run the finish (FGP 12.2)."""
    trk = track(st.track)
    for i, seat in enumerate(order):
        car = st.cars[seat]
        tile = trk.tiles[trk.lap_tiles - 2 - i]
        car.space = next(s for ln in (2, 3, 1, 4) for s in tile.lanes[ln - 1]
                         if not trk.spaces[s].pit_lane and not trk.spaces[s].shadow_car)
        car.in_pit, car.laps, car.crossed_final = False, 2, True
        car.hand = []
    st.round, st.flag, st.final_round = 17, 25, True
    st.move, st.turn.pending, st.turn.cache = None, None, None
    st.turn.phase = "finish"
    return machine.advance(st)


# ---- FGP 14.1 ------------------------------------------------------------------------
def test_fgp_14_1_the_second_race_sets_the_pit_boxes_by_the_standings():
    """From race 2 the leader of the standings has the box nearest the pit exit, then
    the others in standings order."""
    st = _race(6, "fast,twisty", championship=True, seed=3)
    order = [4, 1, 5, 0, 3, 2]
    _finish(st, order)
    assert st.track == "twisty" and not GAME.is_over(st)
    assert st.pit_order == order                    # 6-4-3-2-1-0 points: no ties
    assert [c.box for c in st.cars] == [order.index(s) for s in range(6)]
    assert st.turn.pending.step == "returns"        # race 2 opens with qualifying


def test_fgp_14_1_equal_points_follow_the_race_just_run():
    """Equal totals (our choice, the book is silent): the car that finished ahead in
    the race just run gets the box nearer the exit."""
    # 7 cars score from the 6-car row: 6th and 7th both 0 points
    for seed in range(1, 6):
        st = _race(7, "street,fast", championship=True, seed=seed)
        order = [6, 2, 0, 4, 1, 5, 3]
        _finish(st, order)
        assert st.pit_order == order


def test_fgp_14_1_same_boards_sides_and_drivers_all_season():
    """The cars keep their team board, its side and their driver from race to race."""
    cfg = FormulaGPConfig(seats=["human"] * 3, track="fast,street", options=["championship"],
                          sides=["B", "A", "B"], drivers=["DR03", "DR07", "DR11"])
    st, _ = GAME.start(cfg, 2)
    before = [(c.board, c.side, c.driver) for c in st.cars]
    _finish(st, [2, 0, 1])
    assert st.track == "street"
    assert [(c.board, c.side, c.driver) for c in st.cars] == before


# ---- FGP 14.2 ------------------------------------------------------------------------
@pytest.mark.parametrize("n, row", [
    (10, [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]),
    (8, [10, 7, 5, 4, 3, 2, 1, 0]),
    (6, [6, 4, 3, 2, 1, 0]),
])
def test_fgp_14_2_points_by_the_row_of_the_field(n, row):
    """A race of 10, 8 or 6 cars scores the printed row for that field."""
    st = _race(n)
    order = list(range(n - 1, -1, -1))
    _finish(st, order)
    res = GAME.result(st)
    assert res.classification == order
    assert [res.points[s] for s in order] == row


@pytest.mark.parametrize("n, row", [
    (9, [10, 7, 5, 4, 3, 2, 1, 0, 0]),
    (7, [6, 4, 3, 2, 1, 0, 0]),
    (4, [6, 4, 3, 2]),
    (1, [6]),
])
def test_fgp_14_2_a41_other_fields_use_the_row_below(n, row):
    """A41: a field between the printed rows scores from the next smaller one (10+ for
    10 or more, the 8-car row for 8-9, the 6-car row below 8)."""
    st = _race(n)
    order = list(range(n))
    _finish(st, order)
    res = GAME.result(st)
    assert [res.points[s] for s in order] == row


# ---- FGP 14.3 ------------------------------------------------------------------------
def test_fgp_14_3_points_add_up_and_the_most_points_win_the_season():
    """Each race's points are added to the driver's total; after the last race the
    classification is the standings."""
    st = _race(6, "fast,street", championship=True)
    _finish(st, [0, 1, 2, 3, 4, 5])               # 6 4 3 2 1 0
    _finish(st, [5, 4, 3, 2, 1, 0])               # 0 1 2 3 4 6 ... by seat: reversed
    assert GAME.is_over(st)
    res = GAME.result(st)
    assert res.points == {0: 6, 1: 5, 2: 5, 3: 5, 4: 5, 5: 6}
    # ties: the last race decides (5 ahead of 0; then 4, 3, 2, 1)
    assert res.classification == [5, 0, 4, 3, 2, 1]
    assert [r["track"] for r in res.extra["races"]] == ["fast", "street"]


# ---- FGP 17 --------------------------------------------------------------------------
def test_fgp_17_the_chart_has_position_points_total_and_standing_per_race():
    """The chart records for each race each driver's position, points, season total
    and standing."""
    st = _race(6, "fast,street", championship=True)
    _finish(st, [3, 1, 4, 0, 5, 2])
    _finish(st, [2, 0, 5, 4, 1, 3])
    races = GAME.result(st).extra["races"]
    first, second = races
    assert first["classification"] == [3, 1, 4, 0, 5, 2]                       # Pos
    assert first["points"] == {"3": 6, "1": 4, "4": 3, "0": 2, "5": 1, "2": 0}  # Pts
    assert first["totals"] == {"3": 6, "1": 4, "4": 3, "0": 2, "5": 1, "2": 0}  # Tot
    assert first["standing"] == [3, 1, 4, 0, 5, 2]                             # Stan
    assert second["totals"] == {"3": 6, "1": 5, "4": 5, "0": 6, "5": 4, "2": 6}
    # 0, 2 and 3 on 6: the race just run orders them (2, 0, ..., 3)
    assert second["standing"] == [2, 0, 3, 4, 1, 5]
