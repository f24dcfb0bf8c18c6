"""The engine's turn machine, chance, sessions and the conformance kit,
on a tiny card game of our own (tests/engine/toy_game.py)."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.engine.chance import Chance, ScriptError
from chequered.engine.deck import Deck
from chequered.engine.protocol import BadInput, Event, IllegalAction
from chequered.engine.rng import Rng
from chequered.engine.session import Session
from chequered.testing.conformance import ConformanceError, conformance

from .toy_game import Discard, Play, build

TOY = build()


def new(seats=("random", "random"), seed=1):
    config = TOY.config(seats=list(seats))
    return config, TOY.new(config, seed)


# ---- the machine ---------------------------------------------------------------------
def test_concurrent_secret_step_collects_every_seat_then_reveals():
    config, s = new()
    assert TOY.to_act(s) == {0, 1}
    a0 = TOY.legal_actions(s, 0)[0]
    TOY.apply(s, 0, a0)
    assert TOY.to_act(s) == {1}                 # seat 0 taken off, seat 1 still deciding
    with pytest.raises(IllegalAction, match="Ann has no decision to make now"):
        TOY.apply(s, 0, TOY.legal_actions(s, 1)[0])
    ev = TOY.apply(s, 1, TOY.legal_actions(s, 1)[0])
    assert [e.kind for e in ev][:1] == ["cards"] and ev[0].reveal
    assert TOY.to_act(s) == {0}                 # the discard step


def test_refusals_cite_the_step_rule_and_name_the_player():
    config, s = new()
    with pytest.raises(IllegalAction) as exc:
        TOY.apply(s, 0, Play(99))
    assert str(exc.value).startswith("TOY 2: play 99 is not a legal choice now (play a card)")
    assert TOY.refusal(s, 0, Play(99)).rule == "TOY 2"
    with pytest.raises(IllegalAction, match="not an action of this game"):
        TOY.apply(s, 0, "play 1")
    before = TOY.state_hash(s)
    with pytest.raises(IllegalAction, match="discard 1 is not a legal choice now"):
        TOY.apply(s, 0, Discard(1))
    assert TOY.state_hash(s) == before


def test_legal_list_is_cached_until_the_next_action():
    config, s = new()
    calls = []
    step = TOY.machine.steps["play"]
    real = step.legal
    object.__setattr__(step, "legal", lambda st, seat: calls.append(seat) or real(st, seat))
    try:
        TOY.legal_actions(s, 0)
        TOY.legal_actions(s, 0)
        assert calls == [0]
        TOY.apply(s, 0, TOY.legal_actions(s, 0)[0])
        TOY.legal_actions(s, 1)
        assert calls == [0, 1]
    finally:
        object.__setattr__(step, "legal", real)


def test_the_race_over_is_refused_by_the_machine():
    config, s = new()
    while not TOY.is_over(s):
        seat = min(TOY.to_act(s))
        TOY.apply(s, seat, TOY.legal_actions(s, seat)[0])
    assert TOY.to_act(s) == frozenset() and TOY.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction, match="TOY 4: the race is over"):
        TOY.apply(s, 0, Play(1))


# ---- chance ----------------------------------------------------------------------------
def test_chance_events_carry_their_visibility_and_count():
    ch, ev = Chance(5), []
    deck = chance.new_deck(ch, ev, ["a", "b", "c", "d"], rule="X")
    cards = chance.draw_many(ch, ev, deck, 2, rule="X", to=1)
    assert ch.ticks == 2 and all(e.reveal for e in ev)
    draw = ev[-1]
    assert draw.seen_by(1).data["cards"] == cards
    assert draw.seen_by(0).data == {"what": "card", "count": 2, "seat": 1}
    assert draw.seen_by(None).data == {"what": "card", "count": 2, "seat": 1}
    secret = []
    chance.draw(ch, secret, deck, rule="X", to=chance.SECRET)
    assert "cards" not in secret[0].data


def test_a_card_turned_face_up_is_one_event_for_every_race():
    """chance.draw shares the event of a face-up card (engine/protocol.SharedEvents):
    two races that turn the same card get one object, equal to the event
    built afresh; a card shown to one seat, or an id that is not a string,
    gets its own."""
    one, two = [], []
    chance.draw(Chance(1), one, Deck(["a", "b"]), rule="X", what="card")
    chance.draw(Chance(2), two, Deck(["c", "b"]), rule="X", what="card")
    assert one[0] is two[0]
    assert one[0] == Event("draw", {"what": "card", "cards": ["b"]}, "X", True)
    ints = [], []
    for events in ints:
        chance.draw(Chance(3), events, Deck([1]), rule="X")
    assert ints[0][0] is not ints[1][0] and ints[0][0] == ints[1][0]
    private = []
    chance.draw(Chance(4), private, Deck(["b"]), rule="X", what="card", to=0)
    assert private[0].to == 0 and private[0] is not one[0]


def test_chance_consumes_the_generator_as_the_old_helpers_did():
    """Races must not change when a game moves onto engine/chance.py."""
    from chequered.engine.dice import roll
    a, b = Rng(42), Chance(Rng(42))
    assert [roll(a, 6) for _ in range(20)] == [chance.roll(b, [], 6, rule="X")
                                                for _ in range(20)]
    a, b = Rng(7), Chance(Rng(7))
    old = Deck.shuffled(list(range(30)), a)
    new_ = chance.new_deck(b, [], list(range(30)), rule="X")
    assert old.pile == new_.pile and a.state == b.rng.state


def test_scripted_chance_forces_dice_and_cards():
    ch, ev = Chance(1), []
    deck = Deck(["a", "b", "c"])
    with chance.scripted(ch, rolls=[6, 1], cards=["a"]):
        assert chance.roll(ch, ev, 6, rule="X") == 6
        assert chance.roll(ch, ev, 6, rule="X") == 1
        assert chance.draw(ch, ev, deck, rule="X") == "a"
    with pytest.raises(ScriptError, match="no face 7"):
        with chance.scripted(ch, rolls=[7]):
            chance.roll(ch, ev, 6, rule="X")
    with pytest.raises(ScriptError, match="never used"):
        with chance.scripted(ch, rolls=[3]):
            pass


# ---- sessions --------------------------------------------------------------------------
def test_log_hides_a_face_down_choice_from_the_others_until_the_end():
    config = TOY.config(seats=["human", "random"])
    race = Session(TOY, config, 3)
    entry = race.act(0, race.legal(0)[0])
    assert race.lines(entry, 1)[0] == "Ann: plays a card face down"
    assert race.lines(entry, None)[0] == "Ann: plays a card face down"
    assert race.lines(entry, 0)[0].startswith("Ann: play ")


def test_undo_policy_only_own_action_and_never_across_a_reveal():
    config = TOY.config(seats=["human", "human"])
    race = Session(TOY, config, 3)
    assert race.undo_point(0) == (None, "you have no action to take back")
    race.act(0, race.legal(0)[0])
    assert race.undo_point(0)[0] == 0                     # nothing revealed yet
    removed, why = race.undo(0)
    assert len(removed) == 1 and not race.entries and TOY.to_act(race.state) == {0, 1}
    race.act(0, race.legal(0)[0])
    race.act(1, race.legal(1)[0])                         # the reveal follows
    ply, why = race.undo_point(1)
    assert ply is None and "revealed" in why
    ply, why = race.undo_point(0)
    assert ply is None and "Bob acted after your last action" in why


def test_parse_understands_numbers_text_and_json_and_explains_refusals():
    config = TOY.config(seats=["human", "random"])
    race = Session(TOY, config, 3)
    legal = race.legal(0)
    assert race.parse(0, "1") == legal[0]
    assert race.parse(0, TOY.describe_action(legal[1])) == legal[1]
    assert race.parse(0, {"type": "Play", "card": legal[0].card}) == legal[0]
    with pytest.raises(BadInput, match="no action 9"):
        race.parse(0, "9")
    with pytest.raises(IllegalAction, match="TOY 2: play 99 is not a legal choice"):
        race.parse(0, '{"type": "Play", "card": 99}')
    with pytest.raises(BadInput, match="not valid JSON"):
        race.parse(0, "{" * 5000)


# ---- the conformance kit ---------------------------------------------------------------
def test_the_toy_game_passes_the_kit():
    assert conformance(TOY, seeds=30, deep=10, secrecy_every=1) > 0


@pytest.mark.parametrize("leak, message", [
    ("action", "face-down Play reads differently"),
    ("event", "reads a different log"),
    ("chance", "no event revealed it"),
    ("debug", "debug text"),
])
def test_the_kit_catches_each_kind_of_leak(leak, message):
    with pytest.raises(ConformanceError, match=message):
        conformance(build(frozenset({leak})), seeds=30, deep=30, secrecy_every=1)


def test_a_decision_asked_without_context_shares_an_empty_one_nothing_can_change():
    # ask_one hands every such decision turn.NO_CONTEXT (no dict made and
    # freed a decision): it reads as {}, refuses every write, and what is
    # kept of a position (to_doc, clone) is a plain dict of its own
    import copy
    import json
    import pickle
    from types import SimpleNamespace

    from chequered.engine.turn import NO_CONTEXT, Pending, Turn, ask_one
    state = SimpleNamespace(turn=Turn("play"))
    ask_one(state, "play", 1)
    p = state.turn.pending
    assert p.context is NO_CONTEXT and p.context == {} and not p.context
    assert p == Pending("play", [1]) and repr(p) == repr(Pending("play", [1]))
    ctx = p.context
    for write in (lambda: ctx.__setitem__("a", 1), lambda: ctx.update(a=1),
                  lambda: ctx.setdefault("a", 1), lambda: ctx.pop("a", None),
                  lambda: ctx.popitem(), lambda: ctx.clear(), lambda: ctx.__delitem__("a"),
                  lambda: ctx.__ior__({"a": 1})):
        with pytest.raises(TypeError):
            write()
    assert NO_CONTEXT == {}
    doc = p.to_doc()
    assert type(doc["context"]) is dict and json.dumps(doc)
    clone = p.clone()
    assert type(clone.context) is dict
    clone.context["a"] = 1
    assert dict(ctx) == {} and {**ctx, "a": 1} == {"a": 1}
    for other in (copy.copy(ctx), copy.deepcopy(ctx), pickle.loads(pickle.dumps(ctx))):
        assert other == {}
    ask_one(state, "play", 2, {"x": 1})
    assert state.turn.pending.context == {"x": 1}
