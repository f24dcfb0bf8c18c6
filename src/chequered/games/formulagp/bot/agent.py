"""The agent of a BOT seat (seat kinds `rookie` and `pro`).

The BOT rules decide for a BOT through its cards and dice, which the rules
draw and roll as game events (bot/setup.py, qualifying.py, start.py); this
agent has no random source of its own. At a decision it is asked, it takes
the legal action the BOT rules dictate; where the BOT chapter that dictates
it is not built yet (the matrix rows that say todo), it takes the choice of
our heuristic bot (bots.py) — the documented, temporary fallback
(docs/rules/formulagp-bots.md). A BOT holds no ACTION cards (A182), so the
fallback never reads a hand. A BOT's move is the BOT rules' (bot/move.py,
lanes.py, corners.py): the seat is left a single step at each movement point."""
from __future__ import annotations

from .. import actions as A
from ..bots import HeuristicBot
from ..rules.where import track_of


class _Without:
    """The game as the fallback sees it: the same, less the legal actions a
    BOT rule forbids (never all of them: a forced move stays possible)."""

    def __init__(self, game, banned):
        self._game, self._banned = game, banned

    def fine_actions(self, state, seat):
        legal = self._game.fine_actions(state, seat)
        kept = [a for a in legal if not self._banned(state, a)]
        return kept or legal

    legal_actions = fine_actions        # the fallback decides one point at a time

    def __getattr__(self, name):
        return getattr(self._game, name)


def into_pit_lane(state, action) -> bool:
    """A movement step onto the pit lane's entry space (FGP 11.1)."""
    return isinstance(action, A.Step) and track_of(state).spaces[action.to].pit_lane


class BotAgent:
    def __init__(self, kind: str, seat: int, seed: int = 0):
        self.kind = kind                        # "pro" or "rookie"
        # the fallback's own plan stream, seeded like a heuristic seat's
        self.fallback = HeuristicBot(seed * 1000 + seat)

    def choose(self, game, state, seat: int):
        # a BOT's move (BOT 2.1-2.3) leaves it one step at each movement point
        # (rules/move_steps.py, bot/lanes.py): the fallback below takes it
        if self.kind == "rookie":
            # BOT 1.4.1 c / 5.1: Rookie BOTs make no pit stops
            return self.fallback.choose(_Without(game, into_pit_lane), state, seat)
        return self.fallback.choose(game, state, seat)


def agents() -> dict:
    """SPEC.agents entries for the two BOT seat kinds."""
    return {k: (lambda seat, seed, k=k: BotAgent(k, seat, seed)) for k in ("pro", "rookie")}
