"""The stock-car game on the one turn engine (engine/steps.py, chance.py,
session.py): the leaks the old machine had, and what the port promises.

The first tests reproduce the issue's bugs: they fail on the old code (the
game's own machine driven through engine/session.py) and pass now.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chequered.agents.random_agent import RandomAgent
from chequered.engine.protocol import BadInput, Event
from chequered.games.stockcar import GAME
from chequered.games.stockcar.content import load_content

C = load_content()


# ---- playing a race as a person at the keyboard against bot teams -------------------------
def _race(seed: int, seats=("human", "bot", "bot"), person=None, **cfg):
    """A Session; `person(state, legal)` picks the human seat's actions
    (default: the first one listed)."""
    from chequered.engine.session import Session
    config = GAME.config(seats=list(seats), track=cfg.pop("track", "short"),
                         laps=cfg.pop("laps", 1), **cfg)
    s = Session(GAME, config, seed)
    bots = {seat: GAME.make_agent(kind, seat, seed) for seat, kind in enumerate(seats)
            if kind != "human"}
    person = person or (lambda state, legal: legal[0])

    def entries():
        while not s.over:
            seat = min(s.to_act())
            if seat in bots:
                yield s.act(seat, bots[seat].choose(GAME, s.state, seat), by="bot")
            else:
                yield s.act(seat, person(s.state, s.legal(seat)), by="human")
    return s, entries()


def _kind(entry) -> str:
    return type(entry.action).__name__


def _discarder(state, legal):
    """A person who throws away a card whenever asked (the menu lists
    keeping the hand first)."""
    return next((a for a in legal if type(a).__name__ == "Discard"), legal[0])


def test_a_discard_is_face_down_in_the_log():
    """The race log showed every viewer `discard R10`."""
    s, entries = _race(3, person=_discarder)
    entry = next(e for e in entries if e.seat == 0 and _kind(e) == "Discard")
    card = entry.action.card
    secret = (card, C.cards[card].title)
    for viewer in (1, 2, None):
        text = "\n".join(s.lines(entry, viewer))
        assert not any(word in text for word in secret), text
        assert "discards a card" in text
        for ev in entry.events:
            seen = ev.seen_by(viewer)
            assert seen is None or card not in str(seen.data)
    own = "\n".join(s.lines(entry, 0))
    assert card in own and C.cards[card].title in own


def test_undo_cannot_cross_a_card_a_bot_played_from_its_hand():
    """After a person's move the bots play cards from their hidden hands:
    undoing would show the same replies again, a free look at their hands."""
    s, entries = _race(5)
    allowed_before = False
    for e in entries:
        if e.by == "bot" and _kind(e) == "PlayCard" and allowed_before:
            ply, why = s.undo_point(0)
            assert ply is None and why
            return
        allowed_before = any(x.seat == 0 for x in s.entries) and s.undo_point(0)[0] is not None
    pytest.fail("no bot played a card after an action that could be undone")


def test_undo_cannot_cross_a_hand_refill():
    """Hands refilled with no reveal: the person could undo their last
    discard decision and draw other cards."""
    found = 0
    for seed in range(8):
        person = (lambda state, legal: legal[-1])          # keep the hand, stop pitting
        s, entries = _race(seed, seats=("human", "bot"), person=person)
        for e in entries:
            if e.seat == 0 and _kind(e) == "KeepHand" and any(
                    ev.kind == "turn" for ev in e.events):
                # The person's decision ended the turn: the hands were filled.
                assert s.undo_point(0)[0] is None
                draws = [ev for ev in e.events if ev.kind == "draw" and ev.data.get("seat") == 1]
                assert draws and all(ev.to == 1 for ev in draws)
                assert all("cards" not in ev.seen_by(0).data for ev in draws)
                found += 1
                break
    assert found


FORBIDDEN = ("seat=", "[", "{", "None", "'", "True", "False")


def _events(seeds=range(6)):
    for seed in seeds:
        config = GAME.config(seats=["random", "bot", "random"], track="road", laps=1)
        st = GAME.new(config, seed)
        agents = {s: RandomAgent(seed * 10 + s) for s in range(3)}
        agents[1] = GAME.make_agent("bot", 1, seed)
        while not GAME.is_over(st):
            seat = min(GAME.to_act(st))
            for ev in GAME.apply(st, seat, agents[seat].choose(GAME, st, seat)):
                yield st, ev


def test_event_texts_are_written_for_players():
    kinds = set()
    for st, ev in _events():
        kinds.add(ev.kind)
        for viewer in (None, 0, 1, 2):
            seen = ev.seen_by(viewer)
            if seen is None:
                continue
            text = GAME.describe(seen, st)
            assert not any(bad in text for bad in FORBIDDEN), (ev.kind, text)
            assert not re.search(r"\bseat \d", text), text
            assert not re.search(r"\b[RE]\d\d\b", text), text      # card ids: titles instead
    assert {"draw", "shuffle", "turn", "card", "move", "team_bar", "event", "scores"} <= kinds


def test_an_event_without_a_text_is_an_error():
    with pytest.raises(ValueError, match="no text"):
        GAME.describe(Event("nonsense", {}, "STOCK Sequence of play"))


# ---- the port's promises ---------------------------------------------------------------------
def _random_race(config, seed, on_step):
    st = GAME.new(config, seed)
    # random seats over whole moves and, every other seat, step by step (so
    # that every fine step is asked, the card one included)
    agents = {s: (GAME.make_agent(k, s, seed) if k != "random"
                  else RandomAgent(seed + s, fine=bool(s % 2)))
              for s, k in enumerate(config.seats)}
    while not GAME.is_over(st):
        seat = min(GAME.to_act(st))
        step = GAME.pending_step(st)
        ticks = st.chance.ticks
        action = agents[seat].choose(GAME, st, seat)
        events = GAME.apply(st, seat, action)
        on_step(st, step, seat, action, events, ticks)
    return st


def test_every_step_is_reachable_and_chance_is_always_revealed():
    seen = set()

    def check(st, step, seat, action, events, ticks):
        seen.add(step.name)
        if st.chance.ticks != ticks:
            assert any(e.reveal for e in events), (step.name, [e.kind for e in events])
    for i, cfg in enumerate(GAME.sample_configs()[:6]):
        _random_race(GAME.config(**cfg), i, check)
    assert seen == set(GAME.machine.steps)


def test_a_secret_step_reads_the_same_whatever_was_chosen():
    s, entries = _race(3, person=_discarder)
    entry = next(e for e in entries if e.seat == 0 and _kind(e) == "Discard")
    step = entry.step
    assert step.secret and step.from_hand and GAME.machine.steps["card"].from_hand
    cards = sorted(C.cards)[:5]
    from chequered.games.stockcar.actions import Discard
    texts = {GAME.action_text(step, 0, Discard(k), viewer) for k in cards for viewer in (1, None)}
    assert texts == {"discards a card"}


def test_only_the_chance_module_touches_the_generator_and_the_decks():
    """Bots use their own generator, redeterminize the one it is given."""
    import chequered.games.stockcar as pkg
    root = Path(pkg.__file__).parent
    banned = re.compile(r"(?<!\bchance)\.(below|randint|choice|shuffle|next64|spawn|reshuffle)\("
                        r"|dice\.roll\(|Deck\.shuffled|\.draw\(\)|reveal=True")
    for path in root.rglob("*.py"):
        text = path.read_text()
        if path.name == "bots.py":
            text = text.replace("self.rng.below(", "")
        if path.name == "positions.py":
            start = text.index("def redeterminize")
            text = text[:start]
        assert not banned.search(text), (path, banned.search(text).group(0))


def test_positions_keep_the_turn_and_the_chance():
    config = GAME.config(seats=["bot", "random", "bot"], track="triangle")
    st = GAME.new(config, 4)
    for _ in range(40):
        seat = min(GAME.to_act(st))
        GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    doc = GAME.dump_position(st)
    assert doc["state"]["turn"] == st.turn.to_doc() and doc["state"]["chance"] == st.chance.to_doc()
    back = GAME.load_position(doc)
    assert back.turn == st.turn and back.chance == st.chance
    assert GAME.legal_actions(back, min(GAME.to_act(back))) == \
        GAME.legal_actions(st, min(GAME.to_act(st)))
    twin = GAME.clone(st)
    seat = min(GAME.to_act(twin))
    GAME.apply(twin, seat, GAME.legal_actions(twin, seat)[0])
    assert st.turn.to_doc() == doc["state"]["turn"] and st.chance.to_doc() == doc["state"]["chance"]


@pytest.mark.parametrize("change", [
    lambda b: b.update(turn=7),
    lambda b: b.update(turn={"phase": "segments", "pending": None}),
    lambda b: b.update(turn={"phase": "segments", "pending": {"step": "fly", "seats": [0]}}),
    lambda b: b.update(turn={"phase": "segments", "pending": {"step": "car", "seats": [9]}}),
    lambda b: b.update(turn={"phase": "segments", "pending": {"step": "car", "seats": 0}}),
    lambda b: b.update(turn={"phase": "segments", "pending": {"step": ["car"], "seats": [0]}}),
    lambda b: b.update(turn={"pending": {"step": "affect", "seats": [0], "context": [1]}}),
    lambda b: b.update(turn={"pending": {"step": "affect", "seats": [0], "context": {}}}),
    lambda b: b.update(turn={"pending": {"step": "move", "seats": [0]}}, move={"car": 0}),
    lambda b: b.update(turn={"phase": "segments", "pending": {"step": "pits", "seats": [0]}}),
    lambda b: b.update(turn={"phase": "warp", "pending": {"step": "car", "seats": [0]}}),
    lambda b: b.update(chance="lots"),
    lambda b: b.update(rng=5),                           # the old field: no longer read
    lambda b: b.update(turn_number="two"),
])
def test_malformed_positions_are_bad_input(change):
    body = GAME.dump_position(GAME.new(GAME.config(seats=["bot", "bot"]), 1))["state"]
    change(body)
    with pytest.raises(BadInput):
        GAME.load_position({"format": "chequered-position/1", "game": "stockcar",
                            "state": body})


def test_the_game_is_its_spec():
    import chequered.games.stockcar as pkg
    from chequered.engine.protocol import Game
    from chequered.games.stockcar.config import SEAT_KINDS
    assert type(GAME) is Game
    assert GAME.spec is pkg.SPEC and GAME.conformance_seeds == 1000 and GAME.conformance_deep == 12
    assert (*SEAT_KINDS, "mcts") == ("human", "random", *pkg.SPEC.agents, "mcts") \
        == tuple(GAME.seat_kinds())          # mcts: every game's search bot (agents/mcts.py)
    config = GAME.config(seats=["bot", "bot"])
    assert GAME.content_version(config) == C.version and len(C.version) == 12
    bot = GAME.make_agent("bot", 2, 7)          # asked once a move (agents/whole_moves.py)
    assert bot.rng.state == type(bot.inner)(7002).rng.state
