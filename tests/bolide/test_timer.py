"""BOLIDE 3, the sand timer (the `timer` option, for human players): when
the time runs out the car takes the point of its pawn, wherever it is; the
pawn repeats the move as usual. An occupied point is an engagement; a point
off the track takes the car off (run-off) or crashes it (white rows)."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Expire

from .helpers import G, act, begin, kinds, legal, new_race, put, retire


def _timed(x, y, vx, vy, n=2, track="devoval", seats=None, **fields):
    s = new_race(n, track=track, options=["timer"], seats=seats)
    retire(s, *range(1, n))
    put(s, 0, x, y, vx, vy, **fields)
    begin(s)
    return s


def test_timer_expire_offered_to_human_drivers_only():
    s = _timed(12, 4, 4, 0)
    assert Expire() in legal(s)
    s = _timed(12, 4, 4, 0, seats=["random", "human"])
    assert Expire() not in G.legal_actions(s, 0)
    s = new_race(2)                         # no timer option
    retire(s, 1)
    put(s, 0, 12, 4, 4, 0)
    begin(s)
    assert Expire() not in legal(s)


def test_timer_expired_car_takes_the_pawn_point():
    s = _timed(12, 4, 4, 1)
    ev = act(s, Expire())
    car = s.cars[0]
    assert (car.x, car.y, car.vx, car.vy) == (16, 5, 4, 1)     # the pawn repeats the move
    assert kinds(ev, "timer")[0].rule == "BOLIDE 3"
    assert kinds(ev, "move")[0].data == {"seat": 0, "x": 16, "y": 5, "speed": 4}


def test_timer_pawn_point_occupied_engagement():
    s = new_race(2, options=["timer"])
    put(s, 1, 16, 4, 0, 0)
    put(s, 0, 12, 4, 4, 0)
    begin(s, first=0)
    with scripted(s.chance, rolls=[9]):
        ev = act(s, Expire())
    e = kinds(ev, "engagement")[0].data
    assert (e["attack"], e["defence"], e["conquers"]) == (0, 1, True)
    assert (s.cars[0].x, s.cars[0].y) == (16, 4)


def test_timer_path_through_a_car_engagement_on_its_point():
    # BOLIDE 6: a path crossing exactly an occupied point is an attempt to
    # conquer that point; the timer's move is no exception
    s = new_race(2, options=["timer"])
    put(s, 1, 14, 4, 0, 0)
    put(s, 0, 12, 4, 4, 0)                  # the pawn at (16, 4), beyond the car at (14, 4)
    begin(s, first=0)
    with scripted(s.chance, rolls=[5]):
        ev = act(s, Expire())
    assert s.cars[0].mode != "crashed"
    e = kinds(ev, "engagement")[0].data
    assert (e["attack"], e["defence"]) == (0, 1)


def test_timer_pawn_point_on_the_run_off_goes_off():
    s = _timed(20, 3, 0, -2)               # the pawn on (20, 1), run-off
    ev = act(s, Expire())
    car = s.cars[0]
    assert (car.x, car.y, car.mode, car.vx, car.vy) == (20, 1, "off", 0, 0)
    assert kinds(ev, "off_track")


def test_timer_pawn_point_on_a_white_row_crashes():
    s = _timed(24, 3, 0, -2, track="wall")  # the pawn on (24, 1), a white row
    ev = act(s, Expire())
    assert s.cars[0].mode == "crashed" and kinds(ev, "crash")


def test_timer_pawn_point_over_the_top_speed_still_taken():
    # "wherever it is": the pawn at speed 8 in the 1st lap (top 7) is taken
    s = _timed(10, 4, 8, 0, progress=0)
    act(s, Expire())
    assert (s.cars[0].x, s.cars[0].y) == (18, 4)


def test_timer_pawn_point_on_the_track_but_line_cuts_the_curve_crashes():
    # ours: the forced line leaves the track (it cuts the run-off corner at
    # (34, 8) on its way to the kerb point (35, 8)): treated as a crash
    s = _timed(32, 6, 3, 2)
    ev = act(s, Expire())
    assert s.cars[0].mode == "crashed" and kinds(ev, "crash")
