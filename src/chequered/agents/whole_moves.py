"""A bot that decides a move point by point answers with the whole move.

The games' own bots were written against the fine steps (one movement point
a decision). Wrapped in `WholeMoves`, such a bot is asked once per move: its
own policy plays the points on a copy of the race (engine/steps.Machine.plan)
and answers one Route. `engine/play.play`, the loop of bulk races, does not
copy: it lets the policy drive the move in place (Machine.drive). Either way
its choices, its random generator and so the races it drives are those of the
point-by-point bot.
"""
from __future__ import annotations


class WholeMoves:
    __slots__ = ("inner",)

    def __init__(self, inner):
        self.inner = inner

    def choose(self, game, state, seat):
        turn = state.turn
        step = game.pending_step(state)
        if step is None or step.route is None or turn.fine:
            return self.inner.choose(game, state, seat)
        return game.plan(state, seat, _policy(self.inner, game, seat))

    def __getattr__(self, name):
        # the wrapped bot's own attributes (its kind, its memory) stay readable
        return getattr(self.inner, name)


def _policy(inner, game, seat):
    """The inner bot's choice on a state (apart: a lambda in choose would
    make its closure cells at every call, a fine step's too)."""
    return lambda st: inner.choose(game, st, seat)
