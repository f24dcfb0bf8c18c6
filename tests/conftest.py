"""Fixtures every game's tests share."""
from __future__ import annotations

import copy

import pytest

from chequered.engine.play import agents_for
from chequered.engine.protocol import Event
from chequered.engine.session import Session


def event_fields(ev: Event) -> tuple:
    """Everything an event holds, copied: to see later whether it changed."""
    return copy.deepcopy((ev.kind, ev.data, ev.rule, ev.reveal, ev.to, ev.masked))


def _show_race(game, config, seed: int) -> list[tuple[Event, tuple]]:
    """Play a race through a Session the way people see it: after every
    action each seat's and a spectator's log lines, view, text and SVG; then
    the record and an undo. Every event handed out, with its fields as made."""
    session = Session(game, config, seed)
    made = [(ev, event_fields(ev)) for ev in session.opening]
    session.settle()
    agents = agents_for(game, config, seed)
    while not session.over:
        seat = min(session.to_act())
        entry = session.act(seat, agents[seat].choose(game, session.state, seat), by="human")
        for e in entry.all():
            made += [(ev, event_fields(ev)) for ev in e.events]
        for viewer in (*range(len(config.seats)), None):
            for e in entry.all():
                session.lines(e, viewer)
            view = game.view(session.state, viewer)
            game.render_text(view)
            game.render_svg(view)
    session.record()
    session.undo(0)
    return made


class Shown:
    """For the tests that check that events shared between races (issue 16)
    are never changed by showing them."""
    race = staticmethod(_show_race)
    fields = staticmethod(event_fields)


@pytest.fixture
def shown() -> type[Shown]:
    return Shown
