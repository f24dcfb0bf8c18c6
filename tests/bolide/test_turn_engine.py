"""Bolide on the one turn engine (issue 10): the leaks and bugs of the old
hand-made machine, reproduced first, and the properties every port keeps.

The first group fails on the old code (refusals naming seats and Python
tuples, texts that fall back to `kind key=value`, `None` in a refusal after
the race, positions whose decision does not exist, records without a
content version, dice that were not chance events); the second checks the
engine's contract: every step of the table is reached, no choice is face
down, every roll is a public chance event that undo cannot cross, the
legal list of a move is computed once a decision.
"""
from __future__ import annotations

import json
import shutil

import pytest

import chequered
from chequered.agents.random_agent import RandomAgent
from chequered.engine.chance import scripted
from chequered.engine.play import agents_for
from chequered.engine.protocol import BadInput, IllegalAction
from chequered.engine.records import record_of
from chequered.games.bolide.actions import Expire, Move, Place, Service, Strategy

from .helpers import (G, TRACKS, act, begin, choose_strategies, decision, fresh, kinds, legal, move,
                      new_race, prepare, put, retire)

FORBIDDEN_IN_TEXT = ("seat=", "[", "{", "None", "'", "seat ")


def _pending(s):
    """The decision in hand (engine/steps.Pending)."""
    return s.turn.pending


def _play_random(seed, cfg_doc, on_step=None):
    """A race of the sample configurations, every seat at random (people too)."""
    config = G.config(**cfg_doc)
    s = G.new(config, seed)
    agents = agents_for(G, config, seed)
    for seat, kind in enumerate(config.seats):
        if kind == "human":
            agents[seat] = RandomAgent(seed * 1000 + seat)
    pending_step = getattr(G, "pending_step", lambda s: None)     # (the old code had none)
    chance_of = getattr(G, "chance_of", lambda s: None)
    while not G.is_over(s):
        (seat,) = G.to_act(s)
        step = pending_step(s)
        ticks = getattr(chance_of(s), "ticks", 0)
        action = agents[seat].choose(G, s, seat)
        events = G.apply(s, seat, action)
        if on_step is not None:
            on_step(s, step, seat, action, events, ticks)
    return s


def _sample(seed):
    configs = G.sample_configs()
    return configs[seed % len(configs)]


def _pit_stop_race():
    """A car of an advanced race driven into the pit lane: the service, the
    tyres, the crawl, the exit. Returns (state, events, steps asked)."""
    s = new_race(2, rules="advanced")
    choose_strategies(s, Strategy("half", "soft", "booster"), Strategy("full", "soft", "brake"))
    retire(s, 1)
    put(s, 0, 6, 9, 0, -3, progress=3)
    begin(s)
    events = move(s, 7, 5)                        # touches the Pit Lane In line
    steps = []
    while s.cars[0].mode in ("pit", "exit") or _pending(s).step in ("service", "pit_tyres"):
        steps.append(_pending(s).step)
        events += act(s, legal(s)[0])
    return s, events, steps


def _set_decision(doc, step, **context):
    """Write the decision in hand of a position document (the old form too,
    so that these tests show the old code's bugs)."""
    body = doc["state"]
    if "step" in body:
        body["step"] = {"kind": step, "seat": 0, **context}
    else:
        body["turn"]["pending"].update(step=step, seats=[0], context=context)


# ---- leaks and bugs of the old machine ------------------------------------------------
def test_refusal_of_an_unreachable_point_names_the_point_not_a_tuple():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 12, 4, 2, 0)
    begin(s)
    with pytest.raises(IllegalAction) as exc:
        G.apply(s, 0, Move(40, 10))
    text = str(exc.value)
    assert "(40, 10)" not in text and "point 40,10" in text
    assert text.startswith("BOLIDE 1")


def test_refusal_of_a_seat_not_to_act_names_the_driver_not_the_seat():
    s = new_race(2)
    (seat,) = G.to_act(s)
    other = 1 - seat
    with pytest.raises(IllegalAction) as exc:
        G.apply(s, other, G.legal_actions(s, seat)[0])
    text = str(exc.value)
    assert "seat" not in text and G.seat_names(s)[other] in text
    assert exc.value.rule == "BOLIDE 3"


def test_refusal_after_the_race_says_it_is_over():
    s = _play_random(3, {"seats": ["random", "random"], "turn_limit": 5})
    assert G.is_over(s)
    with pytest.raises(IllegalAction) as exc:
        G.apply(s, 0, Move(1, 1))
    assert "None" not in str(exc.value) and "over" in str(exc.value)


def test_refusal_of_a_place_cites_the_engagement_rule_without_a_python_repr():
    s = new_race(2)
    put(s, 1, 18, 4, 3, 0)
    put(s, 0, 14, 2, 4, 2)
    begin(s, first=0)
    with scripted(s.chance, rolls=[5]):           # the defence keeps the point
        move(s, 18, 4)
    assert decision(s)["kind"] == "reposition"
    with pytest.raises(IllegalAction) as exc:
        act(s, Place(30, 10))
    assert exc.value.rule == "BOLIDE 6"
    assert "Place(" not in str(exc.value) and "30,10" in str(exc.value)


def test_event_texts_of_random_races_are_written_for_players():
    seen = set()

    def check(s, step, seat, action, events, ticks):
        for e in events:
            text = G.describe(e, s)
            seen.add(e.kind)
            for bad in FORBIDDEN_IN_TEXT:
                assert bad not in text, (e.kind, text)
            assert not text.startswith(e.kind + " "), text

    for seed in range(12):
        _play_random(seed, _sample(seed), check)
    s, events, _ = _pit_stop_race()
    check(s, None, 0, None, events, 0)
    # the race's own kinds and the chance events all met
    assert {"roll", "move", "engagement", "request", "race_over", "pit_in", "service",
            "pit_out", "strategy", "grid_roll", "timer"} <= seen


def test_every_event_kind_has_a_text_and_an_unknown_one_is_an_error():
    from chequered.engine.protocol import Event
    with pytest.raises(ValueError):
        G.describe(Event("warp", {"seat": 0}, "BOLIDE 1"))


def test_names_are_the_colours_of_the_cars():
    s = new_race(3)
    assert G.seat_names(s) == {0: "Red car", 1: "Blue car", 2: "Green car"}
    v = G.view(s, None)
    assert [c["name"] for c in v["cars"]] == ["Red car", "Blue car", "Green car"]
    assert G.result(_play_random(1, {"seats": ["random"] * 2, "turn_limit": 5})).names == {
        0: "Red car", 1: "Blue car"}


def test_help_for_a_driver_not_to_decide():
    s = new_race(2)
    (seat,) = G.to_act(s)
    assert G.help(s, 1 - seat) == "Nothing to decide."
    assert G.help(s, seat).startswith("BOLIDE 1")


def test_position_with_a_decision_that_does_not_exist_is_refused():
    doc = json.loads(json.dumps(G.dump_position(new_race(2))))
    _set_decision(doc, "fly")
    with pytest.raises(BadInput, match="unknown decision"):
        G.load_position(doc)


def test_position_with_a_reposition_without_its_points_is_refused():
    doc = json.loads(json.dumps(G.dump_position(new_race(2))))
    _set_decision(doc, "reposition")
    with pytest.raises(BadInput, match="points"):
        G.load_position(doc)


@pytest.mark.parametrize("mangle", [
    lambda b: b.update(turn={"phase": "race", "pending": None}),
    lambda b: b.update(turn={"phase": "warp", "pending": {"step": "move", "seats": [0]}}),
    lambda b: b.update(turn={"phase": "race", "pending": {"step": "move", "seats": [0, 1]}}),
    lambda b: b.update(turn={"phase": "race", "pending": {"step": "move", "seats": ["a"]}}),
    lambda b: b.update(turn={"phase": "race", "pending": "move"}),
    lambda b: b.update(turn={"phase": "over", "over": True,
                             "pending": {"step": "move", "seats": [0]}}),
    lambda b: b["turn"]["pending"].update(step="service", context={"options": ["wash"]}),
    lambda b: b["turn"]["pending"].update(step="joker", context={}),
    lambda b: b.update(chance="lots"),
    lambda b: b.update(cars=[1, 2]),
    lambda b: b.update(turn=12, step={"kind": "move", "seat": 0}),
], ids=["no-decision", "phase", "two-seats", "seat-name", "pending-text", "over-pending",
        "service", "joker", "chance", "cars", "old-form"])
def test_malformed_positions_are_bad_input(mangle):
    doc = json.loads(json.dumps(G.dump_position(new_race(2))))
    mangle(doc["state"])
    with pytest.raises(BadInput):
        G.load_position(doc)


def test_records_carry_the_version_of_the_circuits(tmp_path):
    cfg = G.config(seats=["random", "random"], track="devoval", content=TRACKS, turn_limit=5)
    s = G.new(cfg, 1)
    version = record_of(G, cfg, 1, [], s).content_version
    assert version and version == G.content_version(cfg) and len(version) == 12
    assert G.content_version(G.config(seats=["random"] * 2, track="ring")) != version
    # the same circuits elsewhere: the same version; one point changed: another
    copy = tmp_path / "tracks"
    shutil.copytree(TRACKS, copy)
    moved = G.config(seats=["random", "random"], track="devoval", content=str(copy))
    assert G.content_version(moved) == version
    path = copy / "devoval.track"
    path.write_text(path.read_text().replace("rain_risk = 4", "rain_risk = 5"))
    assert G.content_version(moved) != version
    assert G.content_version() == G.content_version(None) != ""


def test_dice_are_public_chance_events_naming_their_table():
    s = new_race(2)
    put(s, 1, 18, 4, 3, 0)
    put(s, 0, 14, 2, 4, 2)
    begin(s, first=0)
    with scripted(s.chance, rolls=[7, 4]):
        ev = move(s, 18, 4)
    rolls = kinds(ev, "roll")
    assert [(e.data["what"], e.data["value"]) for e in rolls] == [("engagement die", 7),
                                                                   ("Safety Car die", 4)]
    assert all(e.reveal and e.to is None and e.rule == "BOLIDE 6" for e in rolls)
    assert G.describe(rolls[0]) == "Rolled the engagement die: 7"
    # the table's own events show the outcome, and are not reveals themselves
    assert not any(e.reveal for e in ev if e.kind != "roll")


def test_start_die_is_rolled_by_the_driver():
    s = fresh(2)
    ev = prepare(s)
    grid_a, grid_b, roll = kinds(ev, "roll")
    assert grid_a.data["what"] == grid_b.data["what"] == "grid die"
    seat = roll.data["seat"]
    assert roll.data["what"] == "start die" and G.to_act(s) == {seat}
    assert G.describe(roll).startswith(f"{G.seat_names(s)[seat]} rolls the start die: ")


# ---- the engine's contract ------------------------------------------------------------
def test_the_spec_is_the_game():
    from chequered.games import bolide
    from chequered.engine.protocol import Game
    assert G is bolide.GAME and G.spec is bolide.SPEC
    assert type(G) is Game
    assert not bolide.SPEC.hidden_information and not bolide.SPEC.simultaneous
    # expert_82 ... expert_573: the expert held to one strategy (studies)
    assert set(G.seat_kinds()) == {"human", "random", "club", "expert", "expert_82",
                                   "expert_73", "expert_672", "expert_573", "mcts"}
    from chequered.games.bolide.config import SEAT_KINDS
    assert set(SEAT_KINDS) | {"mcts"} == set(G.seat_kinds())     # mcts: agents/mcts.py


def test_every_step_of_the_table_is_reached():
    asked = set()
    for seed in range(40):
        def note(s, step, seat, action, events, ticks):
            if step is not None:
                asked.add(step.name)
        _play_random(seed, _sample(seed), note)
        if asked >= {"move", "reposition", "strategy", "joker", "refit", "regrid"}:
            break
    _, _, steps = _pit_stop_race()
    asked |= set(steps) | {"move"}
    assert asked == set(G.machine.steps), set(G.machine.steps) - asked


def test_pit_stop_race_goes_through_service_tyres_and_exit():
    s, events, steps = _pit_stop_race()
    assert steps[:2] == ["service", "pit_tyres"] and "exit" in steps
    assert kinds(events, "pit_out") and s.cars[0].mode in ("start", "run")
    assert [e.data["what"] for e in kinds(events, "roll")].count("pit lane die") == 1


def test_no_choice_is_face_down_and_every_event_is_public():
    for step in G.machine.steps.values():
        assert not (step.secret or step.concurrent or step.from_hand), step.name
        assert step.label and step.rule.startswith("BOLIDE")

    def check(s, step, seat, action, events, ticks):
        assert G.action_text(step, seat, action, 1 - seat) == G.describe_action(action)
        for e in events:
            assert e.to is None and e.masked is None

    _play_random(2, {"seats": ["random"] * 2, "rules": "advanced", "turn_limit": 8}, check)


def test_a_step_that_rolls_dice_emits_a_reveal():
    def check(s, step, seat, action, events, ticks):
        if G.chance_of(s).ticks != ticks:
            assert any(e.reveal for e in events), (step.name, action)
        else:
            assert not any(e.reveal for e in events), (step.name, action)

    for seed in range(6):
        _play_random(seed, _sample(seed), check)


def test_the_legal_list_of_a_move_is_computed_once_a_decision(monkeypatch):
    from chequered.games.bolide.rules import running
    calls = []
    real = running._options

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(running, "_options", counted)
    config = G.config(seats=["club", "expert"], track="ring")
    s = G.new(config, 4)
    bots = agents_for(G, config, 4)
    for _ in range(30):
        if G.is_over(s):
            break
        (seat,) = G.to_act(s)
        moving = _pending(s).step == "move" and s.cars[seat].mode == "run"
        G.legal_actions(s, seat)
        G.legal_actions(s, seat)
        G.view(s, seat)
        action = bots[seat].choose(G, s, seat)
        G.describe_choice(s, seat, action)
        if moving:
            # once since the decision was asked (by the crash check of BOLIDE 2,
            # or by the first of the readers), whoever reads them
            assert len(calls) == 1, len(calls)
        calls.clear()
        G.apply(s, seat, action)           # the move itself reads the same options


def test_turn_and_chance_are_in_the_position_and_cloned():
    s = new_race(2, rules="advanced")
    doc = G.dump_position(s)["state"]
    assert doc["turn"] == {"phase": "strategy", "over": False,
                           "pending": {"step": "strategy", "seats": [_pending(s).seats[0]],
                                       "context": {}}}
    assert doc["chance"] == s.chance.rng.state
    t = G.clone(s)
    assert t.turn == s.turn and t.turn is not s.turn and t.chance is not s.chance
    G.apply(t, _pending(t).seats[0], Strategy("full", "soft", "booster"))
    assert _pending(s).step == "strategy" and G.dump_position(s)["state"] == doc


def test_sand_timer_through_the_spec():
    s = new_race(2, options=["timer"], timer=7)
    retire(s, 1)
    put(s, 0, 12, 4, 4, 0)
    begin(s)
    assert G.time_limit(s, 0) == 7.0 and G.timeout_action(s, 0) == Expire()
    assert G.time_limit(s, 1) is None
    ev = G.apply(s, 0, G.timeout_action(s, 0))
    assert kinds(ev, "timer") and G.describe(kinds(ev, "timer")[0]).startswith("Red car")


def test_a_service_refused_names_the_choice():
    s = new_race(2)
    retire(s, 1)
    put(s, 0, 6, 9, 0, -3, progress=3)
    begin(s)
    move(s, 7, 5)
    assert decision(s)["kind"] == "service"
    with pytest.raises(IllegalAction) as exc:
        act(s, Service("fuel"))
    assert exc.value.rule == "BOLIDE 9" and "refuel" in str(exc.value)


def test_games_registry_finds_the_spec_game():
    assert chequered.game("bolide") is G
