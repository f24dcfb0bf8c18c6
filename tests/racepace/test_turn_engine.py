"""Race Pace on the one turn engine (issue 10).

First the leaks and bugs of the game's own old machine, written with what
both the old and the new protocol offer so that they fail on the old code
(PYTHONPATH=/work/wt-before/src) and pass now; then what the engine promises
for this game: every step reachable, open choices, public events, chance
only with a reveal, hidden cards never named, positions with their turn.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.engine.protocol import BadInput, Event, IllegalAction
from chequered.games.racepace.actions import ChooseTyre, PickTeam, Select

from .helpers import CALM, MEC_B, XP_B, G, T, new_race, place, play_round

POSITIONS = Path(__file__).parent / "positions"
FORBIDDEN = ("seat", "[", "{", "None", "'", "True", "False")


def races(count=40, salt=0):
    """Random races over every sample configuration: yields (state, seat,
    step, action, events, ticks moved) for each decision."""
    configs = G.sample_configs()
    for seed in range(salt, salt + count):
        cfg = G.config(**configs[seed % len(configs)])
        s = G.new(cfg, seed)
        agents = {i: RandomAgent(seed * 1000 + i) if kind == "human" else
                  G.make_agent(kind, i, seed) for i, kind in enumerate(cfg.seats)}
        while not G.is_over(s):
            (seat,) = G.to_act(s)
            step = G.pending_step(s) if hasattr(G, "pending_step") else None
            ticks = s.chance.ticks if hasattr(s, "chance") else None
            action = agents[seat].choose(G, s, seat)
            events = G.apply(s, seat, action)
            moved = s.chance.ticks != ticks if ticks is not None else None
            yield s, seat, step, action, events, moved


# ---- the old machine's leaks and bugs ---------------------------------------------
def test_leak_event_texts_use_names_and_no_python():
    """Every event text of a random race names drivers (or teams, or players
    before the picks), never 'seat N', and shows no Python: no lists, dicts,
    None, quotes. The old texts said 'Kimi (seat 0)', ended in '[RP ...]'
    and printed raw dicts for reshuffles, bots that cannot pit or skills."""
    bad = {}
    for s, _seat, _step, _a, events, _m in races(40):
        for e in events:
            text = G.describe(e, s)
            for bit in FORBIDDEN:
                if bit in text:
                    bad.setdefault(e.kind, text)
    assert bad == {}


def test_leak_refusal_out_of_turn_names_the_driver():
    s = new_race(["kimi", "dutch", "eddy"])          # Eddy (seat 2) starts
    with pytest.raises(IllegalAction) as exc:
        G.apply(s, 0, Select(MEC_B))
    assert "Kimi" in str(exc.value) and "seat" not in str(exc.value)


def test_leak_refusal_of_another_steps_action_is_in_player_words():
    """The old refusal named the Python classes ('now is the time for
    Select, not ChooseTyre')."""
    s = new_race(["kimi", "dutch", "eddy"])
    for wrong in (ChooseTyre("S"), PickTeam("orange_motors")):
        with pytest.raises(IllegalAction) as exc:
            G.apply(s, 2, wrong)
        text = str(exc.value)
        assert text.startswith("RP Step 2")
        for name in ("Select", "ChooseTyre", "PickTeam", "PickDriver", "orange_motors"):
            assert name not in text


def test_leak_describe_has_no_silent_fallback():
    """An event kind without a text is a bug to catch, not a dict to print."""
    s = new_race(["kimi", "dutch"])
    with pytest.raises(ValueError):
        G.describe(Event("no_such_kind", {"seat": 0}, "RP"), s)


def test_leak_position_with_nobody_to_decide_is_refused():
    """A running race where nobody is to decide cannot go on: the old game
    loaded it and then waited for ever."""
    doc = json.loads((POSITIONS / "deckless_start.json").read_text())
    doc["state"]["queue"] = []
    with pytest.raises(BadInput):
        G.load_position(doc)


# ---- the machine ------------------------------------------------------------------------
def test_every_step_in_the_table_is_reached():
    seen = {step.name for _s, _seat, step, *_ in races(60)}
    assert seen == set(G.machine.steps)


def test_choices_are_open_and_others_read_them_as_they_are():
    """Race Pace has no face-down choice and no hidden hand: one seat at a
    time puts a token on the board or takes a board from the table."""
    for step in G.machine.steps.values():
        assert not (step.secret or step.from_hand or step.concurrent), step.name
    for s, seat, step, action, _e, _m in races(6):
        other = (seat + 1) % len(s.cars)
        assert G.action_text(step, seat, action, other) == G.describe_action(action)


def test_events_are_public_and_chance_moves_only_with_a_reveal():
    for s, _seat, step, _a, events, moved in races(40, salt=100):
        for e in events:
            assert e.to is None and e.masked is None, e.kind
            assert G.event_text(e, 0, s) == G.event_text(e, None, s) == G.describe(e, s)
        if moved:
            assert any(e.reveal for e in events), step.name


def _strings(data) -> set:
    if isinstance(data, dict):
        return set().union(*map(_strings, data.values())) if data else set()
    if isinstance(data, (list, tuple)):
        return set().union(*map(_strings, data)) if data else set()
    return {data} if isinstance(data, str) else set()


def test_face_down_cards_are_never_named():
    """RP Setup J / Step 1: two cards of each deck go aside face down; the
    log says so and never which cards they are."""
    dealt, before, race = 0, set(), None
    for s, _seat, _step, _a, events, _m in races(30, salt=200):
        if s is not race:
            race, before = s, set()
        now = {k for cards in s.hidden.values() for k in cards}
        face_down = before & now          # face down all through this step
        for e in events:
            if e.kind == "draw" and "cards" not in e.data:
                assert e.data["count"] in (1, 2) and e.reveal
                dealt += 1
            for viewer in (None, 0):
                assert not face_down & _strings(e.seen_by(viewer).data), e.kind
        before = now
    assert dealt


def test_every_chance_kind_has_a_text():
    from chequered.engine import chance
    from chequered.engine.chance import CHANCE_KINDS
    from chequered.engine.deck import Deck
    s = new_race(["kimi", "dutch"])
    ch, events = chance.Chance(5), []
    deck = Deck(["si_01", "si_02", "si_03"])
    chance.roll(ch, events, rule="RP", what="die", seat=0)
    chance.roll_many(ch, events, 2, rule="RP")
    chance.pick(ch, events, [0, 1], rule="RP", what="start player")
    chance.below(ch, events, 3, rule="RP", what="card")
    chance.peek(ch, events, deck, 1, rule="RP", what="Race Situation I card", to=1)
    chance.shuffle(ch, events, deck, rule="RP", what="Race Situation I deck")
    chance.draw(ch, events, deck, rule="RP", what="Race Situation I card", to=0)
    chance.draw(ch, events, deck, rule="RP", what="Race Situation I card")
    assert {e.kind for e in events} == set(CHANCE_KINDS)
    for e in events:
        for viewer in (None, 0, 1):
            text = G.event_text(e, viewer, s)
            if text is not None:
                assert not any(bit in text for bit in FORBIDDEN), text


def test_a_finished_race_refuses_every_action():
    s = new_race(["kimi", "dutch"], track="usa_austin")
    place(s, 0, T.circuits["usa_austin"].laps - 1)
    play_round(s, {0: MEC_B, 1: XP_B})
    assert G.is_over(s) and G.to_act(s) == frozenset() and s.turn.pending is None
    assert G.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction, match="RP Winning the Game: the race is over"):
        G.apply(s, 0, Select(MEC_B))


def test_spec_declares_the_game():
    from chequered.engine.protocol import Game
    from chequered.games.racepace import SPEC, config
    assert type(G) is Game and G.spec is SPEC
    assert config.SEAT_KINDS == ("human", "random", *SPEC.agents)
    assert SPEC.hidden_information and not SPEC.simultaneous
    version = G.content_version(G.config())
    assert len(version) == 12 and version == G.content_version()


# ---- positions and clones carry the turn and the generator ----------------------------
def test_positions_and_clones_keep_turn_and_chance():
    s = new_race(["kimi", "dutch", "eddy"])
    doc = json.loads(json.dumps(G.dump_position(s)))
    assert doc["state"]["turn"]["pending"] == {"step": "select", "seats": [2], "context": {}}
    t = G.load_position(doc)
    assert t.turn == s.turn and t.chance == s.chance and t.queue == s.queue == [0, 1]
    c = G.clone(s)
    G.apply(c, 2, G.legal_actions(c, 2)[0])
    assert s.turn.pending.seats == [2] and c.turn.pending.seats == [0]
    assert G.state_hash(G.load_position(doc)) == G.state_hash(s)


@pytest.mark.parametrize("edit", [
    lambda st: st["turn"].update(pending={"step": "react", "seats": [2], "context": {}}),
    lambda st: st["turn"].update(pending={"step": "select", "seats": [9], "context": {}}),
    lambda st: st["turn"].update(pending={"step": "select", "seats": [0, 1], "context": {}}),
    lambda st: st["turn"].update(pending=None),
    lambda st: st["turn"].update(phase="qualifying"),
    lambda st: st["turn"].update(over=True),
    lambda st: st.update(turn="select"),
    lambda st: st.update(chance="seed"),
    lambda st: st.update(queue=[0, "x"]),
])
def test_malformed_turn_in_a_position_is_refused(edit):
    s = new_race(["kimi", "dutch", "eddy"])
    doc = json.loads(json.dumps(G.dump_position(s)))
    edit(doc["state"])
    with pytest.raises(BadInput):
        G.load_position(doc)


def test_hand_written_phase_and_queue_become_the_turn():
    doc = json.loads((POSITIONS / "deckless_start.json").read_text())
    s = G.load_position(doc)
    assert s.turn.phase == "select" and s.turn.pending.seats == [1] and s.queue == [0]
    assert s.situation == CALM


def test_car_clone_copies_every_field_and_shares_no_list():
    # Car.clone spells its fields out (a loop over CAR_FIELDS is slower): a
    # field added to CAR_FIELDS and forgotten there fails here.
    from chequered.games.racepace.state import CAR_FIELDS

    s = new_race(["kimi", "dutch", "eddy"])
    for car in s.cars:
        c = car.clone()
        assert c.to_doc() == car.to_doc()
        for f in CAR_FIELDS:
            v = getattr(car, f)
            if isinstance(v, (list, dict)):
                assert getattr(c, f) is not v, f
