"""FormulaGP builds a car's step event once per track, seat and space
(rules/move_table._point_table), its turn_end event once per seat
(rules/turn._TURN_END) and its tyre_wear event once per seat, positions and
rule (rules/tyres._WEAR), and hands the same object to every race: a
movement point costs less than building it (issue 16). That is only sound
while nothing changes an event once made. These tests play races the way
people see them (every entry's log lines, views, text and SVG for every
seat and a spectator, the record, an undo) and then check that no event
handed out, shared or not, differs from what it was when it was made."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import Event
from chequered.engine.session import Session
from chequered.games.formulagp import GAME as G
from chequered.games.formulagp.rules.move_table import _point_table
from chequered.games.formulagp.rules.turn import _TURN_END
from chequered.games.formulagp.rules.tyres import _WEAR
from chequered.games.formulagp.rules.where import track_of


def _shared(track) -> list[Event]:
    """Every step event of the track made so far (one table a track)."""
    tables = {id(made): made for row in _point_table(track)
              for _, made in row[3].values()}
    return [ev for made in tables.values() for ev in made.values()] + list(_TURN_END.values()) \
        + list(_WEAR.values())


@pytest.mark.parametrize("seats, options", [
    (["heuristic", "random", "pro", "heuristic"], {}),
    (["random", "heuristic", "rookie"],
     {"track": "street", "options": ["street_circuit"], "rules": "advanced"}),
])
def test_no_event_changes_once_made_while_races_are_shown(seats, options, shown):
    config = G.config(seats=seats, **options)
    track = track_of(Session(G, config, 1).state)       # one Track object per content track
    before = [(ev, shown.fields(ev)) for ev in _shared(track)]
    made = shown.race(G, config, 1)
    steps = [ev for ev, _ in made if ev.kind == "step"]
    ends = [ev for ev, _ in made if ev.kind == "turn_end"]
    wears = [ev for ev, _ in made if ev.kind == "tyre_wear"]
    assert len(steps) > 100 and ends and wears
    # the race's step and turn_end events are the shared ones, and a shared
    # turn_end is the event end_turn made before it was shared
    shared = {id(ev) for ev in _shared(track)}
    assert all(id(ev) in shared for ev in steps + ends + wears)
    assert all(ev == Event("turn_end", {"seat": ev.data["seat"]}, "FGP 7.3.3") for ev in ends)
    assert all(ev.to is None for ev in wears)             # public: seen alike by every seat
    changed = [(ev, was) for ev, was in made + before if shown.fields(ev) != was]
    assert not changed, changed[:3]
