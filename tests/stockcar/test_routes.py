"""Whole moves in the stock-car game (rules/routes.py, engine/routes.py).

STOCK Movement: the active player steers the head of the pack one space a
step and every other car of the pack takes the space the car in front of it
has just left; the points must be spent while a step is possible. STOCK
Race card parts: the printed type or solo. STOCK Action segments 1-5: a car,
then a Race card or its retirement. At the table each of these is counted
out in one go, so the game offers one decision per distinct outcome; these
tests check that a route is nothing but its single steps, that the list
has each outcome once and says truly where the steered car ends, that
random and bot play over routes and over single steps keep every promise
of the conformance kit, that no forced (unasked) decision depends on a
hidden hand, and that a four-team bot race asks at most 500 decisions.
"""
from __future__ import annotations

import statistics

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.engine.play import play
from chequered.engine.records import Record, record_of, replay
from chequered.engine.routes import Route
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Activate, MoveType, Pit, PitDone, PlayCard, Step
from chequered.games.stockcar.rules.routes import WAYS
from chequered.testing.conformance import (DEBUG_TEXT, check_chance_revealed, check_texts,
                                           play_checked)

from .helpers import C, car, idx, phase, position

T = C.tracks["speedway"]        # 4 lanes on sectors 0-5 and 14-25, 3 in the corners
R09 = "R09"                     # 4 MP draft, suspension wear, no effect
assert (C.cards[R09].mp, C.cards[R09].move, C.cards[R09].effect) == (4, "draft", None)


def fine_walk(state, seat, path):
    """Apply a route one single step at a time, each one of the fine legal
    actions of its moment; the positions of every car after each step."""
    st = state.clone()
    trail = []
    for a in path:
        assert a in GAME.fine_actions(st, seat), (a, GAME.fine_actions(st, seat))
        GAME.apply(st, seat, a)
        trail.append({c.number: (c.dist, c.lane) for c in st.cars})
    return st, trail


def all_outcomes(state, seat, names):
    """Every end of the fine steps from here, by brute force: (state hash,
    path) for each path that leaves the seat's run of `names` steps."""
    out = {}

    def walk(st, path):
        for a in GAME.fine_actions(st, seat):
            c = st.clone()
            GAME.apply(c, seat, a)
            p = c.turn.pending
            if not c.turn.over and p is not None and p.step in names and p.seats == [seat]:
                walk(c, path + (a,))
            else:
                out.setdefault(GAME.state_hash(c), path + (a,))
    walk(state, ())
    return out


# ---- a hand-written draft (STOCK Race card parts, Movement) ----------------------------------
def draft_position():
    # #1 and #2 of team 0 linked in lane 1 (sectors 16 and 15); #2 is active
    # with a 4 MP Draft card, so the type is asked: draft moves both, solo #2.
    st = position([car(1, 0, 16), car(2, 0, 15), car(7, 1, 17, lane=2)],
                  hands=[["R35"], []], phase="type", move={"car": 1, "card": R09})
    assert phase(st) == "type"
    return st


def test_the_type_and_the_move_are_one_decision_listed_once_per_outcome():
    st = draft_position()
    routes = GAME.legal_actions(st, 0)
    assert all(type(r) is Route and isinstance(r.path[0], MoveType) for r in routes)
    assert {r.path[0].kind for r in routes} == {"draft", "solo"}
    # each distinct outcome of the single steps once, and nothing else
    ends = {}
    for r in routes:
        after, _ = fine_walk(st, 0, r.path)
        h = GAME.state_hash(after)
        assert h not in ends, f"{r.path} and {ends[h]} end the same"
        ends[h] = r.path
    assert set(ends) == set(all_outcomes(st, 0, {"type", "move"}))
    # what players read tells every route apart
    texts = [GAME.describe_choice(st, 0, r) for r in routes]
    assert len(set(texts)) == len(texts)
    assert not any(DEBUG_TEXT.search(t) for t in texts)


def test_a_route_ends_where_its_to_says_and_the_pack_follows_its_head():
    st = draft_position()
    n = T.n
    for r in GAME.legal_actions(st, 0):
        after, trail = fine_walk(st, 0, r.path)
        kind = r.path[0].kind
        head = 1 if kind == "draft" else 2                  # the front car of the pack
        d, lane = after.cars[idx(after, head)].dist, after.cars[idx(after, head)].lane
        assert r.to == (d % n, lane), (r.path, r.to)
        steps = [a for a in r.path if isinstance(a, Step)]
        # STOCK Movement: all 4 MP spent, 1 a step into an empty space, 2 to
        # push #7 (sector 17, lane 2) aside, 3 to push #1 ahead (solo only)
        assert "4 MP" in r.cost
        assert (len(steps) < 4) == ("pushes" in r.cost), (r.path, r.cost)
        assert kind == "solo" or "pushes #1 ahead" not in r.cost
        if kind == "draft":
            # #2 takes the space #1 has just left, step after step
            before_last = trail[-2]
            assert (after.cars[idx(after, 2)].dist, after.cars[idx(after, 2)].lane) \
                == before_last[1]
            assert "pack of 2" in r.cost
        elif "pushes #1 ahead" not in r.cost:
            assert (after.cars[idx(after, 1)].dist, after.cars[idx(after, 1)].lane) == (16, 1)
        assert "+1 suspension wear" in r.cost              # STOCK Wear, after the move


def test_the_single_steps_stay_legal_and_a_route_is_checked_step_by_step():
    st = draft_position()
    routes = GAME.legal_actions(st, 0)
    r = routes[0]
    # the first single step alone is a legal choice too (moving point by point)
    GAME.apply(st.clone(), 0, r.path[0])
    # a route that goes on after its move has ended is refused, and changes nothing
    h = GAME.state_hash(st)
    too_long = Route(r.path + (Step(1, 1),))
    assert GAME.refusal(st, 0, too_long) is not None
    with pytest.raises(Exception):
        GAME.apply(st, 0, too_long)
    assert GAME.state_hash(st) == h
    # a listed route decoded from JSON is the same route
    doc = GAME.encode_action(r)
    assert GAME.decode_action(doc) == r and set(doc) == {"type", "path"}


def test_the_car_and_its_card_are_one_decision():
    # STOCK Action segments 1-5: choose the car, then play a card or retire it
    st = position([car(1, 0, 16), car(2, 0, 15), car(7, 1, 17, lane=2)],
                  hands=[[R09, "R35"], []])
    routes = GAME.legal_actions(st, 0)
    paths = {r.path for r in routes}
    for number in (1, 2):
        for card in (R09, "R35"):
            assert (Activate(number), PlayCard(card)) in paths
    texts = [GAME.describe_choice(st, 0, r) for r in routes]
    assert any(t.startswith("#2 plays R09: 4 MP draft") for t in texts)
    assert any("retire" in t for t in texts)
    for r in routes:
        if isinstance(r.path[-1], PlayCard):
            c = st.cars[idx(st, r.path[0].car)]
            assert r.to == (c.dist % T.n, c.lane)          # where the car to move stands


# ---- a seeded race: every route of many decisions --------------------------------------------
def _check_listing(state, seat):
    routes = GAME.legal_actions(state, seat)
    step = GAME.pending_step(state).name
    ends = set()
    for r in routes:
        path = r.path if type(r) is Route else (r,)
        after, _ = fine_walk(state, seat, path)
        h = GAME.state_hash(after)
        assert h not in ends, f"two listed routes end the same: {path}"
        ends.add(h)
        if type(r) is not Route or not isinstance(path[-1], Step):
            continue
        # the head's space after its last step, as the listing said
        before = state.clone()
        for a in path[:-1]:
            GAME.apply(before, seat, a)
        m = before.move
        head = before.cars[m["snake"][0]]
        last = path[-1]
        assert r.to == ((head.dist + last.ahead) % T_of(state).n, last.lane)
        moved = after.cars[head.idx]
        chanced = after.chance.ticks != state.chance.ticks
        if not chanced and moved.status == "racing":
            drift = C.cards[m["card"]].effect == "drift" and head.idx == m["car"]
            assert (moved.dist % T_of(state).n, moved.lane) in (
                r.to, (r.to[0], r.to[1] + 1) if drift else r.to), (step, path)
    return len(routes)


def T_of(state):
    return C.tracks[state.track]


@pytest.mark.parametrize("seed", [4, 9])
def test_every_listed_route_of_a_seeded_race_is_its_single_steps(seed):
    config = GAME.config(seats=["bot", "bot", "bot"], track="short", laps=1)
    st = GAME.new(config, seed)
    agents = {s: GAME.make_agent("bot", s, seed) for s in range(3)}
    checked = 0
    while not GAME.is_over(st) and checked < 40:
        f = GAME.forced(st)
        if f is not None:
            GAME.apply(st, *f)
            continue
        seat = min(GAME.to_act(st))
        if GAME.pending_step(st).route is not None:
            _check_listing(st, seat)
            checked += 1
        GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    assert checked == 40


# ---- whole races --------------------------------------------------------------------------------
def _expanded(actions):
    out = []
    for seat, a in actions:
        out += [(seat, x) for x in a.path] if type(a) is Route else [(seat, a)]
    return out


@pytest.mark.parametrize("seats,seed", [(["bot"] * 4, 3), (["bot", "random", "bot"], 5)])
def test_a_race_by_routes_replays_step_by_step_to_the_same_hash(seats, seed):
    config = GAME.config(seats=seats, track="triangle", laps=1)
    played = play(GAME, config, seed)
    assert any(type(a) is Route for _, a in played.actions)
    fine = _expanded(played.actions)
    assert len(fine) > len(played.actions)
    st = GAME.new(config, seed)
    for seat, a in fine:
        assert a in GAME.fine_actions(st, seat)
        GAME.apply(st, seat, a)
    assert GAME.state_hash(st) == GAME.state_hash(played.state)
    # and the record of either replays to it
    for actions in (played.actions, fine):
        rec = record_of(GAME, config, seed, actions, st)
        assert GAME.state_hash(replay(Record.from_doc(rec.to_doc()), GAME)) \
            == GAME.state_hash(played.state)


def _play_kit(config, seed, fine: bool, n: int):
    """A random race by the kit's per-step promises: legal actions only,
    chance always revealed, texts for players, invariants, a record that
    replays (as tests/test_conformance.py, over single steps or routes)."""
    st = GAME.new(config, seed)
    agents = {s: RandomAgent(seed * 1000 + s, fine=fine) for s in range(n)}
    actions = []
    while not GAME.is_over(st):
        seat = min(GAME.to_act(st))
        a = agents[seat].choose(GAME, st, seat)
        assert a in (GAME.fine_actions(st, seat) if fine else GAME.legal_actions(st, seat))
        step = GAME.pending_step(st)
        ticks = st.chance.ticks
        events = GAME.apply(st, seat, a)
        check_chance_revealed(GAME, ticks, st.chance.ticks, events, f"seed {seed}")
        check_texts(GAME, st, step, seat, a, events, n, f"seed {seed}")
        assert not GAME.invariants(st)
        actions.append((seat, a))
    rec = record_of(GAME, config, seed, actions, st)
    assert GAME.state_hash(replay(Record.from_doc(rec.to_doc()), GAME)) == rec.final_hash
    return actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_over_routes_and_over_single_steps(seed):
    config = GAME.config(seats=["random"] * 3, track=["short", "road", "speedway"][seed - 1],
                         laps=1)
    by_routes = _play_kit(config, seed, fine=False, n=3)
    by_steps = _play_kit(config, seed, fine=True, n=3)
    assert any(type(a) is Route for _, a in by_routes)
    assert not any(type(a) is Route for _, a in by_steps)
    assert len(by_routes) < len(by_steps)


def test_the_conformance_kit_over_routes_with_every_check():
    # random seats over routes and a bot (its whole moves are its own paths)
    play_checked(GAME, {"seats": ["random", "bot"], "track": "short", "laps": 1}, 21, deep=True)


# ---- forced decisions are public (engine/steps.Step.forced) -------------------------------------
def test_no_forced_decision_depends_on_a_hidden_hand():
    from chequered.engine.rng import Rng
    rng = Rng(5)
    config = GAME.config(seats=["random", "random", "bot", "random"], track="road", laps=1)
    played = 0
    for seed in (1, 2):
        st = GAME.new(config, seed)
        agents = {s: (RandomAgent(seed + s, fine=bool(s % 2)) if k == "random"
                      else GAME.make_agent(k, s, seed)) for s, k in enumerate(config.seats)}
        while not GAME.is_over(st):
            f = GAME.forced(st)
            for other in range(4):
                # whatever the others hold, they see the same forcing (or none)
                w = GAME.redeterminize(st, other, rng)
                assert GAME.forced(w) == f
            if f is not None:
                # the hand is never the reason: a card is always asked
                assert GAME.pending_step(st).name not in ("card", "discard")
                GAME.apply(st, *f)
                played += 1
                continue
            seat = min(GAME.to_act(st))
            GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    assert played > 0


def test_a_car_with_a_single_counter_left_is_activated_unasked():
    st = position([car(1, 0, 16, flipped=True), car(2, 0, 15), car(7, 1, 17, lane=2)],
                  hands=[[R09], []])
    assert GAME.forced(st) == (0, Activate(2))               # public: the counters show it
    GAME.apply(st, 0, Activate(2))
    assert phase(st) == "card" and GAME.forced(st) is None  # the card comes from the hand


# ---- the decisions of a race (issue 14) ---------------------------------------------------------
def test_a_four_team_bot_race_asks_at_most_500_decisions():
    config = GAME.config(seats=["bot"] * 4)
    counts = [play(GAME, config, seed).decisions for seed in range(5)]
    assert statistics.median(counts) <= 500, counts


def test_bots_play_the_same_race_by_whole_moves_as_point_by_point():
    # the bot planned on a copy (agents/whole_moves.py) plays what its own
    # point-by-point policy plays: the same final position
    config = GAME.config(seats=["bot"] * 4, track="speedway", laps=1)
    whole = play(GAME, config, 6)
    inner = {s: GAME.make_agent("bot", s, 6).inner for s in range(4)}

    class Fine:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, game, state, seat):
            state.turn.fine = True
            try:
                return self.bot.choose(game, state, seat)
            finally:
                state.turn.fine = False
    pointwise = play(GAME, config, 6, agents={s: Fine(b) for s, b in inner.items()})
    assert GAME.state_hash(whole.state) == GAME.state_hash(pointwise.state)
    assert whole.decisions < pointwise.decisions


# ---- a move with more ways than a person reads (rules/routes.menu) ------------------------------
def _many_ways(step: str, times: int):
    """A decision of a seeded bot race whose whole listing (the engine's, not
    thinned) has more than `times` WAYS ways: (state, seat, listing)."""
    from chequered.engine.steps import Machine
    for seats, track, seed in ((["bot", "bot"], "speedway", 1), (["bot"] * 3, "triangle", 2),
                               (["bot"] * 4, "speedway", 3)):
        st = GAME.new(GAME.config(seats=seats, track=track), seed)
        agents = {s: GAME.make_agent("bot", s, seed) for s in range(len(seats))}
        while not GAME.is_over(st):
            seat = min(GAME.to_act(st))
            if GAME.pending_step(st).name == step:
                full = Machine.routes(GAME.machine, st, seat)
                if len(full) > times * WAYS:
                    return st, seat, full
            GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    raise LookupError(f"no {step} decision with many ways")


def _kind_and_end(r):
    path = r.path if type(r) is Route else (r,)
    return next((a.kind for a in path if isinstance(a, MoveType)), None), r.to


def test_a_move_with_many_ways_keeps_one_per_end_space_and_the_rest_stay_legal():
    st, seat, full = _many_ways("move", 2)
    listed = GAME.legal_actions(st, seat)
    ends = {_kind_and_end(r) for r in full}
    assert len(listed) < len(full) and len(listed) <= max(WAYS, len(ends))
    assert {_kind_and_end(r) for r in listed} == ends           # every end space still offered
    assert all(r in full for r in listed)
    # listed furthest first, and within one end the straightest way: no
    # other way to that end changes lanes fewer times (when nothing is pushed)
    forward = [sum(a.ahead for a in r.path if isinstance(a, Step)) for r in listed]
    assert forward == sorted(forward, reverse=True)
    for r in listed:
        if "pushes" not in r.cost:
            turns = sum(1 for a in r.path if isinstance(a, Step) and not a.ahead)
            assert all(sum(1 for a in o.path if isinstance(a, Step) and not a.ahead) >= turns
                       for o in full if o.to == r.to and "pushes" not in o.cost)
    # every way stays legal, space by space and as a whole move
    for r in full[::7]:
        assert GAME.refusal(st, seat, r) is None


def test_the_type_is_asked_alone_when_both_types_reach_too_many_spaces():
    from chequered.games.stockcar.rules.routes import few_ways
    st, seat, full = _many_ways("type", 3)
    listed = GAME.legal_actions(st, seat)
    if len(few_ways(GAME.machine, st, seat, full)) > WAYS:
        assert listed == GAME.fine_actions(st, seat)
        assert all(isinstance(a, MoveType) for a in listed)
    else:
        assert all(type(r) is Route for r in listed) and len(listed) <= WAYS


def test_more_cars_to_pit_than_ways_to_list_are_pitted_one_by_one():
    # STOCK Pit Stops: five worn cars can stop in 326 ways (which, in which
    # order: under green they stack on the Apron in that order); each stop
    # is then asked alone
    worn = dict(temp=(1, 0, 0))
    cars = [car(n, 0, 10 + 2 * n, **worn) for n in range(1, 6)] + [car(9, 1, 40)]
    st = position(cars, phase="pits", hands=[[], []], queue=[0, 1])
    listed = GAME.legal_actions(st, 0)
    assert listed == [PitDone()] + [Pit(n) for n in range(1, 6)]
    GAME.apply(st, 0, Pit(1))
    GAME.apply(st, 0, Pit(2))
    # three left: every choice of them in one decision again (16 ways)
    listed = GAME.legal_actions(st, 0)
    assert len(listed) == 16 and listed[0] == PitDone()
    assert all(type(r) is Route for r in listed[1:])


def test_a_move_with_no_step_open_says_the_pack_stays_put():
    """STOCK Movement: points are spent while a step is possible; a pack
    boxed in from its first point does not move. The log read "move lead:
    no step"; it says what happened instead."""
    assert GAME.describe_action(Route((MoveType("lead"),))) == \
        "move lead: stays put (no step open)"
    assert GAME.describe_action(Route((MoveType("solo"), Step(1, 2)))) == \
        "move solo: 1 space forward, ending in lane 2"


def test_what_is_decided_reads_as_a_whole_move_unless_the_seat_moves_space_by_space():
    """The race page said "steer the front car of the pack one space" over a
    list of whole moves ("to sector 30 lane 2 (6 spaces, ...)"): the status
    names the whole decision, and the single step only for a seat that moves
    a space at a time (the terminal's --fine-moves, the page's "Move space by
    space")."""
    st = draft_position()
    whole = GAME.turn(st)["deciding"]
    fine = GAME.turn(st, whole=False)["deciding"]
    assert whole == "move as the printed type or solo: choose where the pack goes"
    assert fine == "move as the printed type or solo"
    steps = GAME.fine_actions(st, 0)
    GAME.apply(st, 0, next(a for a in steps if isinstance(a, MoveType)))
    assert GAME.turn(st)["deciding"] == "choose where the front car of the pack ends its move"
    assert GAME.turn(st, whole=False)["deciding"] == "steer the front car of the pack one space"
