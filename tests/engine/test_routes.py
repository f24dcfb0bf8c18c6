"""Whole moves (engine/routes.py) and forced steps, on a tiny racing game
(tests/engine/toy_walk.py): a route is exactly its fine steps, it stops at
chance, two paths with one outcome are one route, and a single legal action
is applied without asking."""
from __future__ import annotations

import json

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.agents.whole_moves import WholeMoves
from chequered.engine.play import play
from chequered.engine.protocol import BadInput, IllegalAction
from chequered.engine.routes import Route
from chequered.engine.session import Session

from .toy_walk import GAME, Go

CFG = GAME.config(seats=["random", "random"])


def _at_move(seed=1, left=None):
    s = GAME.new(CFG, seed)
    if left is not None:
        s.left = left
        GAME.machine.forget(s)
    return s


def test_routes_list_each_outcome_once():
    s = _at_move()
    s.cars[0] = [0, 0]
    s.left = 2
    GAME.machine.forget(s)
    routes = GAME.legal_actions(s, 0)
    # 2 points from lane 0: four paths, three outcomes (x=2 in lane 0 with 0 or
    # 2 wear... no: lanes 0->0->0, 0->1->1, 0->0->1, 0->1->0 = wear 0, 1, 1, 2)
    ends = sorted((r.to, r.cost) for r in routes)
    assert ends == [((2, 0), "2 spaces, +0 wear"), ((2, 0), "2 spaces, +2 wear"),
                    ((2, 1), "2 spaces, +1 wear")]
    assert all(isinstance(r, Route) and len(r.path) == 2 for r in routes)


def test_a_route_stops_at_chance():
    s = _at_move()
    s.cars[0] = [1, 1]           # the next space in lane 1 is oil (x=3)? x=2 first
    s.cars[0] = [2, 0]
    s.left = 3
    GAME.machine.forget(s)
    routes = GAME.legal_actions(s, 0)
    oil = [r for r in routes if (r.path if isinstance(r, Route) else (r,))[0] == Go(1)]
    # stepping into lane 1 at x=3 is oil: that route is one step, listed as the
    # plain action, and nothing after the die is offered with it
    assert oil == [Go(1)]
    others = [r for r in routes if r not in oil]
    assert all(len(r.path) == 3 for r in others)
    assert all(r.path[0] == Go(0) for r in others)


def test_route_equals_its_fine_steps():
    s1, s2 = _at_move(3), _at_move(3)
    route = GAME.legal_actions(s1, 0)[-1]
    path = route.path if isinstance(route, Route) else (route,)
    ev1 = GAME.apply(s1, 0, route)
    ev2 = []
    for a in path:
        ev2 += GAME.apply(s2, 0, a)
    assert GAME.state_hash(s1) == GAME.state_hash(s2)
    assert [e.to_doc() for e in ev1] == [e.to_doc() for e in ev2]


def test_a_decoded_route_is_applied_and_checked_step_by_step():
    s = _at_move(3)
    route = next(r for r in GAME.legal_actions(s, 0) if isinstance(r, Route))
    doc = json.loads(json.dumps(GAME.encode_action(route)))
    assert doc == {"type": "Route", "path": [{"type": "Go", "lane": a.lane} for a in route.path]}
    back = GAME.decode_action(doc)
    assert back == route and back.to is None and back.cost == ""
    ref = _at_move(3)
    GAME.apply(ref, 0, route)
    GAME.apply(s, 0, back)
    assert GAME.state_hash(s) == GAME.state_hash(ref)


def test_an_illegal_route_leaves_the_state_untouched():
    s = _at_move(3)
    s.left = 2
    GAME.machine.forget(s)
    h = GAME.state_hash(s)
    with pytest.raises(IllegalAction, match="WALK 2"):
        GAME.apply(s, 0, Route((Go(0), Go(0), Go(0))))     # a third point it has not
    assert GAME.state_hash(s) == h
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Route((Go(0), Go(5))))
    assert GAME.state_hash(s) == h
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, Route((Go(0),)))                  # not this seat's move
    assert GAME.state_hash(s) == h
    assert GAME.refusal(s, 0, Route((Go(0), Go(0), Go(0)))) is not None
    assert GAME.refusal(s, 0, Route((Go(0), Go(1)))) is None


@pytest.mark.parametrize("bad", [{"type": "Route", "path": []}, {"type": "Route"},
                                 {"type": "Route", "path": [{"type": "Route", "path": []}]},
                                 {"type": "Route", "path": [], "to": 3}])
def test_malformed_routes_are_bad_input(bad):
    with pytest.raises(BadInput):
        GAME.decode_action(bad)


def test_fine_steps_stay_legal_and_listed_on_request():
    s = _at_move(3)
    assert GAME.fine_actions(s, 0) == [Go(0), Go(1)]
    GAME.apply(s, 0, Go(1))                                 # one point, by hand
    assert s.cars[0][0] == 1


class FineBot:
    """A point-by-point policy: always the other lane."""
    def choose(self, game, state, seat):
        legal = game.legal_actions(state, seat)
        assert all(isinstance(a, Go) for a in legal), "a planning bot sees fine steps"
        return legal[-1]


class ByHand(FineBot):
    def choose(self, game, state, seat):
        return game.fine_actions(state, seat)[-1]


def test_a_point_by_point_bot_answers_with_whole_moves_and_the_same_race():
    fine = play(GAME, CFG, 5, agents={0: ByHand(), 1: ByHand()})
    whole = play(GAME, CFG, 5, agents={0: WholeMoves(FineBot()), 1: WholeMoves(FineBot())})
    assert GAME.state_hash(whole.state) == GAME.state_hash(fine.state)
    assert whole.decisions < fine.decisions
    assert any(isinstance(a, Route) for _, a in whole.actions)


@pytest.mark.parametrize("fine", [False, True])
def test_random_races_over_routes_and_fine_steps_replay(fine):
    for seed in range(30):
        p = play(GAME, CFG, seed, agents={0: RandomAgent(seed, fine), 1: RandomAgent(seed + 1, fine)})
        s = GAME.new(CFG, seed)
        for seat, a in p.actions:
            for step in (a.path if isinstance(a, Route) else (a,)):
                GAME.apply(s, seat, step)
        assert GAME.state_hash(s) == GAME.state_hash(p.state)


def test_a_single_legal_action_is_applied_without_asking():
    class OneLane:
        def choose(self, game, state, seat):
            raise AssertionError("asked a forced decision")
    # a machine whose move step offers one lane only
    from chequered.engine.steps import Step
    m = GAME.machine
    step = m.steps["move"]
    m.steps["move"] = Step("move", step.rule, lambda s, seat: [Go(s.cars[seat][1])],
                           step.apply, route=step.route)
    try:
        p = play(GAME, CFG, 2, agents={0: OneLane(), 1: OneLane()})
        assert p.decisions == 0 and p.forced > 0
        sess = Session(GAME, CFG, 2)
        sess.settle()
        assert sess.entries and all(e.by == "forced" for e in sess.entries)
        assert "(the only choice)" in sess.lines(sess.entries[0], None)[0]
    finally:
        m.steps["move"] = step


def test_undo_takes_back_the_forced_steps_after_an_action():
    cfg = GAME.config(seats=["human", "human"])
    sess = Session(GAME, cfg, 4)
    seat = min(sess.to_act())
    legal = sess.legal(seat)
    entry = sess.act(seat, legal[0])
    n = len(sess.entries)
    assert n == 1 + len(entry.follow)
    ply, why = sess.undo_point(seat)
    if ply is not None:
        removed, _ = sess.undo(seat)
        assert len(removed) == n and not sess.entries


def test_a_fine_action_is_carried_out_as_the_listed_object_and_others_refused():
    # engine/steps.Machine._decide finds an agent's answer by identity first,
    # then by equality (a decoded action): the step gets the listed object.
    got = []
    m = GAME.machine
    step = m.steps["move"]
    listed = [Go(0), Go(1)]
    from chequered.engine.steps import Step
    m.steps["move"] = Step("move", step.rule, lambda s, seat: list(listed),
                           lambda s, seat, a: got.append(a) or step.apply(s, seat, a),
                           route=step.route)
    try:
        for answer in (listed[1], Go(1)):               # the listed object, an equal copy
            s = _at_move(3)
            GAME.machine.forget(s)
            GAME.apply(s, 0, answer)
            assert got[-1] is listed[1]
        s = _at_move(3)
        GAME.machine.forget(s)
        h = GAME.state_hash(s)
        with pytest.raises(IllegalAction, match="WALK 2"):
            GAME.apply(s, 0, Go(7))
        assert GAME.state_hash(s) == h
    finally:
        m.steps["move"] = step


def test_asking_one_seat_keeps_its_own_list_of_seats():
    # engine/steps.ask: the one-seat fast path copies the caller's list
    from chequered.engine.steps import ask
    s = _at_move(3)
    seats = [1]
    ask(s, "move", seats)
    seats.append(0)
    assert s.turn.pending.seats == [1] and GAME.to_act(s) == frozenset({1})
    ask(s, "move", (0,))
    assert s.turn.pending.seats == [0]
    ask(s, "move", [1, 0])
    assert s.turn.pending.seats == [0, 1]
