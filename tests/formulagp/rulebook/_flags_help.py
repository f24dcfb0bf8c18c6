"""Helpers for the race-control scenario tests (FGP 13.8-13.13)."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.bots import HeuristicBot
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.setup import new_race

GAME = chequered.game("formulagp")
CONTENT = C.content_of(new_race("fast", 1))


def face(die: str, *, colour=None, value=None, result=None) -> int:
    """The roll (1..6) that shows the wanted face of `die` (content/dice.toml)."""
    for i, f in enumerate(getattr(CONTENT.dice, die), 1):
        if die == "white":
            if (colour is None or f.colour == colour) and (value is None or f.value == value) \
                    and (value is not None or not f.icon):
                return i
        elif f == result:
            return i
    raise AssertionError(f"no {die} face {colour or value or result}")


def card_ids(kind=None, colour=None, n=1):
    return [c.id for c in CONTENT.action.cards if (kind is None or c.kind == kind)
            and (colour is None or c.colour == colour)][:n]


def event_id(name: str) -> str:
    return next(c.id for c in CONTENT.event.cards if c.name == name)


def kinds(events):
    return [e.kind for e in events]


def play_on(st, until, *, limit=3000):
    """Let heuristic drivers play every decision until `until(st)` holds;
    the events of the way."""
    bots = {s: HeuristicBot(7 + s) for s in range(len(st.cars))}
    ev = []
    for _ in range(limit):
        if until(st):
            return ev
        seats = GAME.to_act(st)
        if not seats:
            return ev
        s = min(seats)
        ev += GAME.apply(st, s, bots[s].choose(GAME, st, s))
    raise AssertionError("the condition never came")


__all__ = ["A", "GAME", "CONTENT", "face", "card_ids", "event_id", "kinds", "play_on"]
