"""Forced steps (issue 14): in every game a decision with a single legal
action, whose being single is public, is applied without asking anyone —
by engine/play.play (bots, simulation) and by the Session (terminal, web) —
and the race replays from its record to the same hash."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.engine.session import Session

SEATS = {"racepace": ["bot"] * 6, "bolide": ["club"] * 4, "formulagp": ["heuristic"] * 4,
         "stockcar": ["bot"] * 4}


@pytest.mark.parametrize("name", sorted(SEATS))
def test_every_single_public_choice_is_applied_without_asking(name):
    game = chequered.game(name)
    cfg = game.config(seats=SEATS[name])

    class Counting:
        """Wraps each bot: counts what it is asked, and fails if it is asked a
        decision the engine should have made for it."""
        def __init__(self, inner):
            self.inner, self.asked = inner, 0

        def choose(self, g, state, seat):
            assert g.forced(state) is None, "a forced decision was asked"
            self.asked += 1
            return self.inner.choose(g, state, seat)

    agents = {s: Counting(game.make_agent(k, s, 3)) for s, k in enumerate(cfg.seats)}
    played = play(game, cfg, 3, agents=agents)
    assert played.decisions == sum(a.asked for a in agents.values())
    # replaying the record meets each forced decision where it was taken
    state, forced = game.new(cfg, 3), 0
    for seat, action in played.actions:
        f = game.forced(state)
        if f is not None:
            assert f == (seat, action)
            forced += 1
        game.apply(state, seat, action)
    assert forced == played.forced
    rec = record_of(game, cfg, 3, played.actions, played.state)
    assert game.state_hash(replay(rec, game)) == rec.final_hash
    if name == "racepace":
        # the rulebook bots' own action is often the only one (RP bot mode)
        assert played.forced > 0


def test_a_session_logs_forced_steps_after_the_action_that_led_to_them():
    game = chequered.game("racepace")
    cfg = game.config(seats=["human"] + ["bot"] * 5)
    sess = Session(game, cfg, 7)
    bots = {s: game.make_agent("bot", s, 7) for s in range(1, 6)}
    sess.settle()
    seen_forced = False
    for _ in range(200):
        if sess.over:
            break
        seat = min(sess.to_act())
        who = "human" if seat == 0 else "bot"
        action = sess.legal(seat)[0] if seat == 0 else bots[seat].choose(game, sess.state, seat)
        entry = sess.act(seat, action, by=who)
        for f in entry.follow:
            seen_forced = True
            assert f.by == "forced"
            assert any("(the only choice)" in line for line in sess.lines(entry, 0))
    assert seen_forced
