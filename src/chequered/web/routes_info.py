"""What the board needs to draw a whole move (engine/routes.py): for each
legal action that ends on a space, where it ends (`to`), what it costs
(`cost`, the game's own words) and the spaces it passes through (`path`).

All of it comes from the game's RouteSpec.label, applied to copies of the
state along the route's fine steps (never past a die or a card: a route
ends at its first step that uses chance, and only the steps before it are
replayed here), so nothing is shown that its player could not know.

A single fine step of a route step (a one-space move, or every step when
the page asks for moves space by space) is labelled the same way, so the
board offers it like a route.
"""
from __future__ import annotations

from ..engine.routes import Route


def _chance_ticks(state) -> int:
    chance = getattr(state, "chance", None)
    return chance.ticks if chance is not None else 0


class RouteBoard:
    """Labels the legal actions of one seat in one state for the board.
    Routes share their first steps: each prefix is replayed once."""

    def __init__(self, game, state, seat):
        self.game, self.state, self.seat = game, state, seat
        self.spec = route_spec(game, state, seat)
        self.after: dict = {(): state}             # prefix -> state after it
        self.spaces: dict = {}                     # prefix -> where it leaves the mover

    def _replayed(self, prefix: tuple):
        got = self.after.get(prefix)
        if got is None:
            before = self._replayed(prefix[:-1])
            got = self.game.clone(before)
            self.game.apply(got, self.seat, prefix[-1])
            self.after[prefix] = got
            self.spaces[prefix] = self._label(before, got, prefix)[0]
        return got

    def _label(self, before, after, path) -> tuple:
        """(to, cost) by the game's label, or (None, "") for a path it does
        not label (a label may expect a movement point as its last step: a
        choice of movement type on its own is no move to a space)."""
        try:
            return self.spec.label(self.state, before, after, self.seat, path)
        except Exception:
            return None, ""

    def info(self, action) -> dict | None:
        """{"to", "cost", "path"} for an action of a route step that ends on
        a space, else None."""
        spec = self.spec
        if spec is None:
            return None
        if type(action) is Route:
            if action.to is None:
                return None
            path = action.path
            spaces = []
            for i in range(1, len(path)):
                self._replayed(path[:i])
                spaces.append(self.spaces[path[:i]])
            spaces.append(action.to)
            return {"to": action.to, "cost": action.cost, "path": _dedupe(spaces)}
        # a single fine step: labelled on a copy (after a die or a card, only
        # what came before it is read, as Machine.routes does)
        after = self.game.clone(self.state)
        before_ticks = _chance_ticks(after)
        try:
            self.game.apply(after, self.seat, action)
        except Exception:           # not a step of the route (a stray legal action)
            return None
        if _chance_ticks(after) != before_ticks:
            after = None
        to, cost = self._label(self.state, after, (action,))
        if to is None:
            return None
        return {"to": to, "cost": cost, "path": [to]}


def route_spec(game, state, seat):
    """The pending step's RouteSpec when `seat` decides a route step, else None."""
    turn = state.turn
    p = turn.pending
    if turn.over or p is None or seat not in p.seats:
        return None
    step = game.machine.steps.get(p.step)
    spec = getattr(step, "route", None)
    return spec if spec is not None and spec.label is not None else None


def _dedupe(spaces) -> list:
    out: list = []
    for s in spaces:
        if s is not None and (not out or out[-1] != s):
            out.append(s)
    return out


__all__ = ["RouteBoard", "route_spec"]
