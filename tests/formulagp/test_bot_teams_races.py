"""Whole races with the BOT 7 options and BOT teammates (FGP 14.4, BOT 3.5):
2, 6 and 10 cars, every track, heuristic and BOT seats, the invariants after
every step, replayed from the record."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.track import track_keys

GAME = chequered.game("formulagp")
SEATS = {
    2: ["heuristic", "pro"],
    6: ["heuristic", "pro", "heuristic", "pro", "rookie", "pro"],
    10: ["heuristic", "pro", "heuristic", "pro", "pro", "rookie", "heuristic", "pro", "pro",
         "rookie"],
}
OPTIONS = ["bot_blocking", "photo_finish", "bot_photo_finish", "bot_stress"]


@pytest.mark.parametrize("cars", sorted(SEATS))
@pytest.mark.parametrize("trk", track_keys())
def test_bot_options_race_to_the_end_checked_and_replayed(trk, cars):
    cfg = GAME.config(track=trk, seats=SEATS[cars], options=OPTIONS)
    st = GAME.new(cfg, 7)
    bad, kinds = [], set()

    def on_step(seat, action, events, step):
        bad.extend(GAME.invariants(st))
        kinds.update(e.kind for e in events)

    played = play(GAME, cfg, 7, state=st, on_step=on_step)
    assert not bad and GAME.is_over(st)
    rec = record_of(GAME, cfg, 7, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


TEAMS = {   # persons ("random": any answer to a team order) with their Pro BOTs, BOT teams
    2: (["random", "pro"], [1, 1]),
    6: (["random", "pro", "pro", "rookie", "pro", "pro"], [1, 1, 2, 2, 3, 3]),
    10: (["random", "pro", "random", "pro", "pro", "rookie", "pro", "pro", "heuristic",
          "rookie"], [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]),
}
TEAM_OPTIONS = ["constructors", "team_orders", "bot_blocking", "bot_stress"]


def _teammates_together(st) -> list[str]:
    from chequered.games.formulagp.rules.teams import units
    return [f"team {u} apart" for u in units(st.config.teams, len(st.cars)) if len(u) == 2
            and (st.cars[u[0]].box != st.cars[u[1]].box or st.cars[u[0]].team != st.cars[u[1]].team)]


def _play_checked(cfg, seed):
    st = GAME.new(cfg, seed)
    bad, kinds = [], set()

    def on_step(seat, action, events, step):
        bad.extend(GAME.invariants(st) + _teammates_together(st))
        kinds.update(e.kind for e in events)

    played = play(GAME, cfg, seed, state=st, on_step=on_step)
    assert not bad and GAME.is_over(st)
    rec = record_of(GAME, cfg, seed, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
    return st, kinds


@pytest.mark.parametrize("cars", sorted(TEAMS))
@pytest.mark.parametrize("trk", track_keys())
def test_bot_teammates_race_to_the_end_checked_and_replayed(trk, cars):
    seats, teams = TEAMS[cars]
    cfg = GAME.config(track=trk, seats=seats, teams=teams, options=TEAM_OPTIONS)
    st, _ = _play_checked(cfg, 7)
    table = GAME.result(st).extra["constructors"]
    assert len(table) == len(set(teams))


def test_a_season_with_bot_teammates_issues_team_orders_in_its_second_race():
    """Two races: in the first every car has 0 points, so no team order can be
    given (nobody is ahead); in the second the team's player ahead of its BOT
    gives orders, BOT teams too; the Constructors' table counts the BOTs."""
    seats, teams = TEAMS[10]
    cfg = GAME.config(track="fast,twisty", seats=seats, teams=teams,
                      options=["championship", "constructors", "team_orders", "bot_blocking"])
    st, kinds = _play_checked(cfg, 1)          # a seed where a BOT team gives an order
    res = GAME.result(st)
    assert len(res.extra["races"]) == 2
    assert "team_order" in kinds
    assert sum(r["points"] for r in res.extra["constructors"]) == sum(res.points.values())


def test_a_heuristic_driver_gives_its_pro_bot_teammate_team_orders():
    """FGP 14.4 with our heuristic driver as the team's player: ahead of its Pro BOT
    in the standings (the season's second race) it gives the order, and the race and
    the season complete, checked and replayed."""
    seats = ["heuristic", "pro", "heuristic", "pro", "rookie", "pro"]
    cfg = GAME.config(track="fast,twisty", seats=seats, teams=[1, 1, 2, 2, 3, 3],
                      options=["championship", "constructors", "team_orders", "bot_blocking",
                               "bot_stress"])
    st = GAME.new(cfg, 2)
    givers = []
    played = play(GAME, cfg, 2, state=st, on_step=lambda s, a, ev, step: givers.extend(
        seats[e.data["seat"]] for e in ev if e.kind == "team_order"))
    assert "heuristic" in givers and GAME.is_over(st)
    rec = record_of(GAME, cfg, 2, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_bot_3_5_no_free_space_beside_its_teammate_it_stays_behind():
    """Conformance seed 398 (the sample config of BOT teams): a faster BOT whose
    teammate moved aside into its lane had no free space beside it to pass (a
    crash before). It now stays behind for this turn, and the race goes on."""
    from chequered.testing.conformance import play_checked
    configs = GAME.sample_configs()
    play_checked(GAME, configs[398 % len(configs)], 398)
