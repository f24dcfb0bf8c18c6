"""Whole races with Pro and Rookie BOT seats (the BOT rules built so far, the rest
by the heuristic fallback): 2, 6 and 10 cars on every track, the invariants after every step,
replayed from the record; the race through `chequered race`; nothing of a
BOT's face-down card reaches any seat's view or log."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import chequered
from chequered.cli import app
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["pro", "rookie"],
    6: ["pro", "rookie", "heuristic", "pro", "rookie", "random"],
    10: ["pro"] * 4 + ["rookie"] * 4 + ["heuristic", "random"],
}


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bot_race_completes_checks_and_replays(trk, cars):
    cfg = GAME.config(track=trk, seats=SEATS[cars])
    st = GAME.new(cfg, 3)
    bad = []
    played = play(GAME, cfg, 3, state=st,
                  on_step=lambda *a: bad.extend(GAME.invariants(st)))
    assert not bad
    assert GAME.is_over(st)
    res = GAME.result(st)
    assert sorted(res.classification) == list(range(cars))
    bots = st.bots["cars"]
    assert sorted(int(s) for s in bots) == [i for i, k in enumerate(SEATS[cars])
                                           if k in ("pro", "rookie")]
    rec = record_of(GAME, cfg, 3, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_bot_race_same_seed_same_race_and_position_round_trip():
    cfg = GAME.config(track="twisty", seats=SEATS[6])
    a, b = play(GAME, cfg, 8), play(GAME, cfg, 8)
    assert GAME.state_hash(a.state) == GAME.state_hash(b.state)
    doc = GAME.spec.dump_position(a.state)
    assert GAME.spec.load_position(json.loads(json.dumps(doc))) == a.state


def test_face_down_tactics_cards_reach_no_view_and_no_log():
    """BOT 1.3 d: until the start nobody sees a Pro BOT's TACTICS card: not in any
    seat's view, not in the events or log lines anyone is shown."""
    cfg = GAME.config(seats=["human", "pro", "pro", "rookie"])
    st, events = GAME.start(cfg, 4)
    hidden = [r["tactics"] for r in st.bots["cars"].values() if r["kind"] == "pro"]
    assert len(hidden) == 2
    for viewer in (0, 1, 2, 3, None):
        text = json.dumps(GAME.view(st, viewer))
        for e in events:
            seen = e.seen_by(viewer)
            if seen is not None:
                text += json.dumps(seen.data) + GAME.describe(seen, st)
        assert not [c for c in hidden if f'"{c}"' in text or f"card {c}" in text]
    # turned over at the start (BOT 1.7.2.1): then everybody reads it
    play(GAME, cfg, 4, state=st, max_decisions=10_000,
         agents={**{s: GAME.make_agent(k, s, 4) for s, k in enumerate(cfg.seats) if k != "human"},
                 0: GAME.make_agent("heuristic", 0, 4)})
    assert all(r["tactics_up"] for r in st.bots["cars"].values() if r["kind"] == "pro")


def test_redeterminize_deals_the_face_down_cards_again():
    """Search sees a face-down TACTICS card as any card nobody has seen."""
    from chequered.engine.rng import Rng
    cfg = GAME.config(seats=["human", "pro", "pro", "pro"])
    st, _ = GAME.start(cfg, 4)
    seen = set()
    for i in range(12):
        r = GAME.redeterminize(st, 0, Rng(i))
        seen.add(r.bots["cars"]["1"]["tactics"])
        pile = sorted(r.decks["tactics"].pile + [x["tactics"] for x in r.bots["cars"].values()])
        assert pile == sorted(st.decks["tactics"].pile + [x["tactics"] for x in st.bots["cars"].values()])
    assert len(seen) > 1


def test_chequered_race_human_against_bots_in_the_terminal():
    """`chequered race formulagp --seats human,pro,pro,rookie` plays to the end with
    the person answering 1 to every question (1 again confirms a choice that
    harms their own race; 1 picks the first way to a space); the log shows
    the BOT cards."""
    runner = CliRunner()
    res = runner.invoke(app, ["race", "formulagp", "--seats", "human,pro,pro,rookie",
                              "--seed", "3"], input="1\n" * 4000)
    assert res.exit_code == 0, res.output[-2000:]
    out = res.stdout
    assert "classification" in out.lower()
    assert "is a Pro BOT: control card PRO" in out
    assert "STRATEGY card STR" in out and "turns over TACTICS card TAC" in out
    assert "(BOT) qualifies with" in out and "BATTLE card BAT" in out
    assert "seat=" not in out


def test_bot_invariants_catch_a_lost_or_doubled_card():
    """Every BOT card is in one place: a card lost from a deck or held twice is
    reported."""
    st, _ = GAME.start(GAME.config(seats=["human", "pro", "rookie"]), 2)
    assert GAME.invariants(st) == []
    r = st.clone()
    r.decks["battle"].pile.pop()
    assert any("BATTLE deck holds 29" in p for p in GAME.invariants(r))
    r = st.clone()
    r.bots["cars"]["1"]["battle"].append(r.decks["battle"].pile[0])
    assert any("two places" in p for p in GAME.invariants(r))
    r = st.clone()
    del r.bots["cars"]["2"]
    assert any("without its BOT record" in p for p in GAME.invariants(r))


@pytest.mark.parametrize("rules", ["standard", "advanced"])
def test_rookies_never_enter_the_pit_lane(rules):
    """BOT 1.4.1 c: a Rookie makes no pit stop, so it never drives into the pit lane,
    not even along a lane that only leads there (A157: the race on twisty, seed 5,
    once drove a Rookie in that way)."""
    seats = ["rookie", "pro", "heuristic", "rookie", "pro", "rookie"]
    for seed in range(4, 8):
        cfg = GAME.config(track=track_keys()[seed % 3], seats=seats, rules=rules)
        entered = []
        play(GAME, cfg, seed, on_step=lambda seat, a, ev, step: entered.extend(
            e.data["seat"] for e in ev if e.kind == "pit_entry"
            and seats[e.data["seat"]] == "rookie"))
        assert not entered, (cfg.track, seed)
