"""FormulaGP builds a car's step event once per track, seat and space
(rules/move_steps._point_table) and hands the same object to every race: a
movement point costs less than building it (issue 16). That is only sound
while nothing changes an event once made. These tests play races the way
people see them (every entry's log lines, views, text and SVG for every
seat and a spectator, the record, an undo) and then check that no event
handed out, shared or not, differs from what it was when it was made."""
from __future__ import annotations

import copy

import pytest

from chequered.engine.play import agents_for
from chequered.engine.protocol import Event
from chequered.engine.session import Session
from chequered.games.formulagp import GAME as G
from chequered.games.formulagp.rules.move_steps import _point_table
from chequered.games.formulagp.rules.where import track_of


def _fields(ev: Event) -> tuple:
    return copy.deepcopy((ev.kind, ev.data, ev.rule, ev.reveal, ev.to, ev.masked))


def _shared(state) -> list[Event]:
    """Every step event of the race's track made so far (one table a track)."""
    tables = {id(made): made for row in _point_table(track_of(state))
              for _, made in row[3].values()}
    return [ev for made in tables.values() for ev in made.values()]


@pytest.mark.parametrize("seats, options", [
    (["heuristic", "random", "pro", "heuristic"], {}),
    (["random", "heuristic", "rookie"],
     {"track": "street", "options": ["street_circuit"], "rules": "advanced"}),
])
def test_no_event_changes_once_made_while_races_are_shown(seats, options):
    config = G.config(seats=seats, **options)
    made: list[tuple[Event, tuple]] = []
    seed = 1
    session = Session(G, config, seed)
    made += [(ev, _fields(ev)) for ev in session.opening]
    session.settle()
    before = [(ev, _fields(ev)) for ev in _shared(session.state)]
    agents = agents_for(G, config, seed)
    while not session.over:
        seat = min(session.to_act())
        entry = session.act(seat, agents[seat].choose(G, session.state, seat), by="human")
        for e in entry.all():
            made += [(ev, _fields(ev)) for ev in e.events]
        for viewer in (*range(len(seats)), None):
            for e in entry.all():
                session.lines(e, viewer)
            view = G.view(session.state, viewer)
            G.render_text(view)
            G.render_svg(view)
    session.record()
    session.undo(0)
    steps = [ev for ev, _ in made if ev.kind == "step"]
    assert len(steps) > 100
    # the race's step events are the track's shared ones
    shared = {id(ev) for ev in _shared(session.state)}
    assert all(id(ev) in shared for ev in steps)
    changed = [(ev, was) for ev, was in made + before if _fields(ev) != was]
    assert not changed, changed[:3]
