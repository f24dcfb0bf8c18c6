"""FGP 15.12 Limited Time for a Player's Turn (option turn_time_limit), from the
rulebook: each player has 45-60 seconds for every decision; over the time, a
warning for the first and second offence, a Penalty token for each offence from
the third. The player still makes the decision. Front-end clocks (terminal and
web) are tested in tests/formulagp/test_time_limit_play.py and tests/web/test_time_limit.py."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import BadInput, IllegalAction, Overrun
from chequered.engine.records import record_of, replay
from chequered.engine.session import Session

from ._util import GAME
from .common import kinds, legal, position

HAND = """
track = "fast"
round = 5
leader = "none"
options = [{options}]
[[car]]
name = "vireo"
at = "3.2.1"
hand = ["G01", "G02", "R01"]
[[car]]
name = "halcyon"
at = "1.2.1"
"""


def test_fgp_15_12_two_warnings_then_a_penalty_token_for_each_offence():
    """Over the time once and twice: warnings only; the third and fourth time a
    Penalty token each, and all the while the same decision waits for the player."""
    st = position(HAND.format(options='"turn_time_limit"'))
    seat = 0
    before = list(legal(st, seat))
    for n in (1, 2):
        ev = GAME.apply(st, seat, Overrun())
        assert kinds(ev) == ["time_offence"] and ev[0].data["warning"]
        assert st.cars[seat].penalties == 0 and legal(st, seat) == before
    for n in (3, 4):
        ev = GAME.apply(st, seat, Overrun())
        assert kinds(ev) == ["time_offence", "penalty"]
        assert st.cars[seat].penalties == n - 2
    assert legal(st, seat) == before and seat in GAME.to_act(st)
    assert st.cars[1].penalties == 0


def test_fgp_15_12_the_limit_is_45_to_60_seconds_for_every_decision():
    """The time limit is the same for every decision a player makes, 60 s unless the
    table sets 45 to 60; outside the option nobody is timed."""
    st = position(HAND.format(options='"turn_time_limit"'))
    assert GAME.time_limit(st, 0) == 60.0
    assert GAME.time_limit(position(HAND.format(options="")), 0) is None
    cfg = GAME.config(seats=["human", "heuristic"], options=["turn_time_limit"],
                      turn_seconds=45)
    assert GAME.time_limit(GAME.new(cfg, 1), 0) == 45.0
    for bad in (30, 90):
        with pytest.raises(BadInput):
            GAME.config(seats=["human", "heuristic"], options=["turn_time_limit"],
                        turn_seconds=bad)


def test_fgp_15_12_only_a_deciding_player_can_be_over_the_time():
    """The offence is for the player deciding now, and only in a race with the
    time limit; an agent choosing among the legal actions never sees it."""
    st = position(HAND.format(options='"turn_time_limit"'))
    with pytest.raises(IllegalAction):
        GAME.apply(st, 1, Overrun())
    assert all(type(a) is not Overrun for a in legal(st, 0))
    plain = position(HAND.format(options=""))
    with pytest.raises(IllegalAction, match="no time limit"):
        GAME.apply(plain, 0, Overrun())


def test_fgp_15_12_offences_are_recorded_replayed_and_never_undone():
    """The warnings and tokens are part of the race: the record replays them, and
    the player cannot take back an offence with undo."""
    cfg = GAME.config(seats=["human", "heuristic"], options=["turn_time_limit"])
    ses = Session(GAME, cfg, 4)
    seat = next(iter(ses.to_act()))
    for _ in range(3):
        ses.act(seat, Overrun(), by="timeout")
    assert ses.state.cars[seat].penalties == 1
    assert ses.undo_point(seat)[0] is None
    ses.act(seat, ses.legal(seat)[0])
    ply, _ = ses.undo_point(seat)
    assert ply == 3                       # undo keeps the three offences
    rec = record_of(GAME, cfg, 4, [(e.seat, e.action) for e in ses.entries], ses.state)
    again = replay(rec, GAME)
    assert again.cars[seat].penalties == 1
    assert again.optional["time_offences"] == {str(seat): 3}
