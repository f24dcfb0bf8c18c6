"""The per-track tables the movement points read instead of scanning the
track (rules/move_steps.py, heuristic_moves.py): each must give what the
scan it replaces gives, on every shipped track."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.heuristic_moves import drive_table, pit_distances, pit_in, pit_table
from chequered.games.formulagp.rules.movement import legal_steps
from chequered.games.formulagp.rules.move_table import _point_table
from chequered.games.formulagp.rules.where import place_on
from chequered.games.formulagp.track import track

TRACKS = ("fast", "twisty", "street")


@pytest.mark.parametrize("key", TRACKS)
def test_a_chosen_step_finds_the_first_move_to_its_space(key):
    trk = track(key)
    table = _point_table(trk)
    for sp in trk.spaces:
        moves = trk.moves(sp.id)
        moves_to = table[sp.id][3]
        assert set(moves_to) == {m.to for m in moves}
        for to, (move, made) in moves_to.items():
            # FGP 8.3: the move the step makes is the track's first one to `to`
            assert move is next(m for m in moves if m.to == to)
            # its step event, made once a seat, names the place as the log does
            ev = made[2]
            assert (ev.kind, ev.data, ev.rule) == ("step", {"seat": 2, **place_on(trk, to)},
                                                   "FGP 8.3")
            assert made[2] is ev


@pytest.mark.parametrize("key", TRACKS)
def test_a_free_points_steps_are_the_legal_steps_with_no_car_about(key):
    trk = track(key)
    table = _point_table(trk)
    for sp in trk.spaces:
        for lanes in (False, True):
            free = table[sp.id][4][lanes]
            assert [a.to for a in free] == [s.to for s in legal_steps(trk, sp.id, lane_changes=lanes)]


@pytest.mark.parametrize("key", TRACKS)
@pytest.mark.parametrize("across", [False, True])
def test_pit_table_is_the_walk_back_from_the_pit_lane(key, across):
    trk = track(key)
    assert pit_table(trk, across) == pit_distances(trk, across)
    some = next(s for s, d in pit_table(trk, across).items() if d > 2)
    d = pit_table(trk, across)[some]
    assert pit_in(trk, some, d, across=across) == d
    assert pit_in(trk, some, d - 1, across=across) is None


@pytest.mark.parametrize("key", TRACKS)
def test_the_drivers_ranking_is_its_best_step_first(key):
    # each step ranked before the steps after it in a movement point's list
    # that gain no more ground (the first of equals), none into the pit lane
    trk = track(key)
    for sp in trk.spaces:
        facts, _, _, ranked, _, _ = drive_table(trk)[sp.id]
        order = [s.to for s in legal_steps(trk, sp.id)]
        tos = [a.to for a in ranked]
        assert set(tos) == {t for t, f in facts.items() if f[3] and not f[0]}
        for i, t in enumerate(tos):
            for u in tos[i + 1:]:
                assert facts[t][2] > facts[u][2] or (
                    facts[t][2] == facts[u][2] and order.index(t) < order.index(u))
