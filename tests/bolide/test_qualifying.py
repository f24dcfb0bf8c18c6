"""BOLIDE 12 Qualifying Session (advanced rules, the `qualifying` option):
strategies first; one lap each, alone, from the pole position; the time is
the number of turns from start to arrival; ties by the die; the car races in
the state it qualified in; repairing or new tyres afterwards sends it to the
back of the grid (relative order kept)."""
from __future__ import annotations

from chequered.engine.chance import scripted
from chequered.games.bolide.actions import Joker, Move, Refit, Strategy

from .helpers import act, choose_strategies, circ, kinds, legal, move, new_race, put, to_act


def _session(n=3, **kw):
    s = new_race(n, rules="advanced", options=["qualifying"], **kw)
    choose_strategies(s, *[Strategy("full", "hard", "booster")] * n)
    return s


def _lap(s, turns, dice=(), **fields):
    """The driver out on track finishes his lap in `turns` turns."""
    seat = to_act(s)
    put(s, seat, 7, 3, 2, 0, progress=3, **fields)
    s.cars[seat].qual_turns = turns
    with scripted(s.chance, rolls=dice):
        return seat, move(s, 9, 3)


def _refit_all(s, choices=None):
    ev = []
    while s.phase == "refit":
        seat = to_act(s)
        ev += act(s, (choices or {}).get(seat, Refit(False, False)))
    return ev


def test_qualifying_alone_from_the_pole_position():
    s = _session()
    assert s.phase == "qualifying"
    first = s.qual_order[0]
    assert to_act(s) == first and s.order == [first]
    car = s.cars[first]
    assert (car.x, car.y) == tuple(circ(s).meta.grid[0]) and car.mode == "start"
    assert all(c.mode == "garage" for c in s.cars if c.seat != first)     # off the board


def test_qualifying_every_driver_from_the_pole_in_turn():
    s = _session()
    first, second = s.qual_order[:2]
    _lap(s, 9)
    assert to_act(s) == second
    car = s.cars[second]
    assert (car.x, car.y) == tuple(circ(s).meta.grid[0])
    assert s.cars[first].mode == "garage"


def test_qualifying_time_is_the_number_of_turns():
    s = _session()
    seat = to_act(s)
    legal_moves = [a for a in legal(s) if isinstance(a, Move)]
    act(s, legal_moves[0])                 # turn 1: the standing start
    assert s.cars[seat].qual_turns == 2 and to_act(s) == seat     # turn 2 under way
    act(s, [a for a in legal(s) if isinstance(a, Move)][0])
    put(s, seat, 7, 3, 2, 0, progress=3)   # (jump to the end of the lap in turn 3)
    assert s.cars[seat].qual_turns == 3
    ev = move(s, 9, 3)
    assert kinds(ev, "qualified")[0].data == {"seat": seat, "turns": 3}


def test_qualifying_grid_by_turns():
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 12)
    _lap(s, 10)
    _lap(s, 11)
    assert s.phase == "refit" and s.qual_order == [b, c, a]
    _refit_all(s)
    grid = circ(s).meta.grid
    assert [(s.cars[x].x, s.cars[x].y) for x in (b, c, a)] == [tuple(p) for p in grid[:3]]
    assert s.phase == "race" and s.order == [b, c, a]


def test_qualifying_ties_by_the_die():
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 10)
    _lap(s, 9)
    seat, ev = _lap(s, 10, dice=(4, 8))    # a and c tie on 10: a rolls 4, c rolls 8
    assert kinds(ev, "grid_roll")[0].data == {"rolls": {str(a): 4, str(c): 8}}
    assert kinds(ev, "grid_roll")[0].rule == "BOLIDE 12"
    assert s.qual_order == [b, c, a]


def test_qualifying_ties_rolled_again_as_in_the_basic_rules():
    # three on 10 turns: they roll 6, 6, 3: c is third; a and b tie again and
    # roll again, 2 and 9: b, a, c (the lowest roll does not roll again)
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 10)
    _lap(s, 10)
    seat, ev = _lap(s, 10, dice=(6, 6, 3, 2, 9))
    assert s.qual_order == [b, a, c]
    rolls = [e.data["rolls"] for e in kinds(ev, "grid_roll")]
    assert rolls == [{str(a): 6, str(b): 6, str(c): 3}, {str(a): 2, str(b): 9}]


def test_qualifying_refit_sends_to_the_back_keeping_relative_order():
    s = _session(4)
    a, b, c, d = s.qual_order
    for t in (9, 10, 11, 12):
        _lap(s, t)
    assert s.qual_order == [a, b, c, d]
    assert set(legal(s)) == {Refit(r, t) for r in (False, True) for t in (False, True)}
    _refit_all(s, {a: Refit(True, False), c: Refit(False, True)})
    assert s.order == [b, d, a, c]          # 1st and 3rd to the back: second last, last


def test_qualifying_race_in_the_state_of_the_qualifying_lap():
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 9, brakes=1, damage=2)          # used 2 sharp brakings, damaged
    _lap(s, 10)
    _lap(s, 11)
    _refit_all(s)
    car = s.cars[a]
    assert (car.brakes, car.damage) == (1, 2)
    assert s.order[0] == a


def test_qualifying_refit_repairs_and_new_tyres():
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 9, brakes=1, damage=2, no_fourth=True)
    _lap(s, 10)
    _lap(s, 11)
    _refit_all(s, {a: Refit(True, True)})
    car = s.cars[a]
    assert (car.brakes, car.damage, car.no_fourth) == (3, 0, False)
    assert s.order == [b, c, a]


def test_qualifying_limited_by_the_turn_limit():
    # ours: a lap not finished within turn_limit turns is not classified
    s = _session(turn_limit=5)
    a, b, c = s.qual_order
    seat = to_act(s)
    put(s, seat, 20, 4, 0, 0, progress=0)
    s.cars[seat].qual_turns = 5
    ev = move(s, 21, 4)
    assert kinds(ev, "qualified")[0].data == {"seat": a, "turns": 999}
    _lap(s, 4)
    _lap(s, 5)
    assert s.qual_order == [b, c, a]


def test_qualifying_crash_not_classified_rebuilt_from_the_back():
    # ours: a car that crashes in its qualifying lap starts last, repaired
    s = _session(track="wall")
    a, b, c = s.qual_order
    put(s, a, 24, 2, 0, -3, progress=0, damage=1)
    with scripted(s.chance, rolls=[5]):
        act(s, legal(s)[0])                    # the Booster request: nothing;
    ev = act(s, Joker(False))              # no re-roll: the crash
    assert kinds(ev, "crash") and kinds(ev, "qualified")[0].data == {"seat": a, "turns": 999}
    _lap(s, 11)
    _lap(s, 10)
    _refit_all(s)
    assert s.order == [c, b, a]
    car = s.cars[a]
    assert (car.mode, car.damage) == ("start", 0)


def test_qualifying_refit_new_tyres_of_the_same_kind():
    # ours: the strategy is chosen before qualifying; new tyres are a fresh
    # set of the same kind (hard: 3 sharp brakings)
    s = _session()
    a, b, c = s.qual_order
    _lap(s, 9, brakes=0)
    _lap(s, 10)
    _lap(s, 11)
    _refit_all(s, {a: Refit(False, True)})
    car = s.cars[a]
    assert (car.tyres, car.brakes) == ("hard", 3)
