"""Helpers of the rulebook scenario tests: a position written by hand
(chequered.games.formulagp.position), then actions played through the
protocol (GAME.legal_actions / GAME.apply / GAME.to_act)."""
from __future__ import annotations

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position, space_name

GAME = chequered.game("formulagp")

__all__ = ["A", "GAME", "at", "kinds", "legal", "name", "play", "position", "space",
           "turn_over"]


def space(st, n: str) -> int:
    """The space id of a space name on the race's track."""
    return parse_space(st.track, n)


def name(st, seat: int) -> str | None:
    """Where car `seat` is, by space name (None: off the track or in the box)."""
    sp = st.cars[seat].space
    return None if sp is None else space_name(st.track, sp)


def at(st, seat: int) -> str | None:
    return name(st, seat)


def legal(st, seat: int | None = None) -> list:
    seat = min(GAME.to_act(st)) if seat is None else seat
    return GAME.fine_actions(st, seat)


def play(st, *actions, seat: int | None = None) -> list:
    """Apply actions in order, each by `seat` (default: the one to act)."""
    ev = []
    for a in actions:
        s = min(GAME.to_act(st)) if seat is None else seat
        ev += GAME.apply(st, s, a)
    return ev


def step(st, n: str) -> A.Step:
    return A.Step(space(st, n))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def turn_over(st, seat: int, *, moving=None, choose=None) -> list:
    """Play on until `seat`'s turn is over: at its move decisions `moving(legal)`
    picks (default: stop if it may, else reduce, else the first step); every
    other decision, of any car, takes the last legal action (Done, no
    counter-steer, no attack...; the first, a real play, for battle cards),
    unless `choose(step, seat, legal)` returns an action."""
    ev: list = []
    while not GAME.is_over(st) and not any(e.kind == "turn_end" and e.data["seat"] == seat
                                           for e in ev):
        s = min(GAME.to_act(st))
        options = GAME.fine_actions(st, s)
        step_name = st.turn.pending.step
        pick = choose(step_name, s, options) if choose else None
        if pick is not None:
            pass
        elif s == seat and step_name == "move":
            pick = moving(options) if moving else None
            if pick is None:
                pick = next((a for a in options if isinstance(a, A.Stop)), None) \
                    or next((a for a in options if isinstance(a, A.Reduce)), None) \
                    or options[0]
        elif step_name == "battle_cards":
            pick = options[0] if s != st.battle["defender"] else options[-1]
        else:
            pick = options[-1]
        ev += GAME.apply(st, s, pick)
    return ev
