"""BOT 3.5 with FGP 9.4.1: the faster BOT passing its teammate that moved
aside takes its first OT point to a side free NOW. Found in a web season
(tests/web/test_bot_teams_season.py): the target's free sides were found
before the slower BOT moved aside into the only one, and the pass raised
IllegalMove "FGP 9.4.1: no room to move right from a slipstream space"."""
from __future__ import annotations

import pytest

from chequered.engine import registry
from chequered.engine.play import play
from chequered.games.formulagp.bot import team_orders as TO
from chequered.games.formulagp.rules.overtake import _occupancy, free_sides
from chequered.games.formulagp.rules.where import positions, track_of

GAME = registry.game("formulagp")
CONFIG = dict(seats=["random", "pro", "pro", "rookie"], track="fast,street", teams=[1, 1, 2, 2],
              options=["championship", "constructors", "team_orders", "bot_blocking"])


def _a_pass_from_a_slipstream(monkeypatch, seed: int):
    """The race at the moment a BOT passes its teammate that moved aside,
    from the slipstream space they shared (a copy), and the target."""
    got = []
    real = TO.pass_teammate

    def spy(race, seat, target):
        if target.from_slipstream and not got:
            got.append((race.clone(), seat, target))
        return real(race, seat, target)
    monkeypatch.setattr(TO, "pass_teammate", spy)
    cfg = GAME.config(**CONFIG)
    play(GAME, cfg, seed)
    assert got
    return got[0]


@pytest.mark.parametrize("seed", [651])
def test_no_side_left_free_by_the_teammate_means_no_pass(monkeypatch, seed):
    race, seat, target = _a_pass_from_a_slipstream(monkeypatch, seed)
    trk = track_of(race)
    car = race.cars[seat]
    free = free_sides(trk, car.space, _occupancy(positions(race, seat).values()))
    assert len(free) == 1 and len(target.sides) == 2       # the teammate took one side
    # other cars on the side still free: no room left beside the faster BOT
    # (what a target found before the move aside no longer shows)
    sp = trk.spaces[car.space]
    side = (sp.left if free[0] == "left" else sp.right)[0]
    others = [c for c in race.cars if c.seat not in (seat, target.defender)]
    room = trk.spaces[side].capacity - _occupancy(positions(race, seat).values()).get(side, 0)
    assert 0 < room <= len(others)
    for c in others[:room]:
        c.space = side
    before = car.space
    events = TO.pass_teammate(race, seat, target)
    assert [e.kind for e in events][0] == "bot_teammate_no_way"
    assert car.space == before and race.move["stage"] == "resolve"
