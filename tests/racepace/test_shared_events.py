"""Race Pace builds the events of a selection, a pick and an EBS use once
(rules/actions.py, rules/steps.py) and hands the same objects to every race: a
bot's selection costs less than building them (issue 16). That is only
sound while nothing changes an event once made. These tests play races the
way people see them (every entry's log lines, views, text and SVG for every
seat and a spectator, the record, an undo) and then check that no event
handed out, shared or not, differs from what it was when it was made."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import Event
from chequered.games.racepace.rules import actions, steps

from .helpers import G


def _shared() -> list[Event]:
    """Every event made once and shared between races (so far)."""
    out: list[Event] = []
    for table in (actions.SELECTED, actions.NOT_ACTIVE):
        for per_seat in table:
            out += per_seat.values()
    for table in (actions._EBS_USED, steps._TEAM_PICKED, steps._DRIVER_PICKED):
        out += table.values()
    for per_button in actions.RAISED.values():
        for per_seat in per_button:
            out += per_seat
    out += actions.DEFENDED + actions.START_PLAYER + actions.NO_PIT
    return out


@pytest.mark.parametrize("seats, options", [
    (["random", "bot", "random", "bot", "bot", "bot"], {}),
    (["random", "random", "random", "random"], {"options": ["team"]}),
])
def test_no_event_changes_once_made_while_races_are_shown(seats, options, shown):
    config = G.config(seats=seats, **options)
    before = [(ev, shown.fields(ev)) for ev in _shared()]
    made: list[tuple[Event, tuple]] = []
    for seed in range(3):
        made += shown.race(G, config, seed)
    assert len(made) > 300
    # the prebuilt tables (about 440 events) and what these races added; what
    # earlier tests added was checked too, from `before`
    assert len(_shared()) > 450
    changed = [(ev, was) for ev, was in made + before if shown.fields(ev) != was]
    assert not changed, changed[:3]
