"""A bot's own whole-move drive() against the machine's point-by-point drive
(engine/steps.Machine.drive), for the games' tests of their one-pass drives
(engine/drive.drive_own): the same race, record, events and hash both ways,
and the one-pass moves replay as legal routes."""
from __future__ import annotations

from ..agents.whole_moves import WholeMoves
from ..engine.play import agents_for, play
from ..engine.routes import Route


class PointByPoint:
    """The same bot without its drive(): play() then lets the machine drive
    its moves a point at a time through choose()."""

    __slots__ = ("bot",)

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, state, seat):
        return self.bot.choose(game, state, seat)


def played(game, config, seed: int, bot_type: type, one_pass: bool):
    """(the race played, every step with its events, how many seats of
    `bot_type` played): with their own drive() or point by point."""
    agents = agents_for(game, config, seed)
    used = 0
    for seat, agent in agents.items():
        if isinstance(agent, WholeMoves) and type(agent.inner) is bot_type:
            used += 1
            if not one_pass:
                agents[seat] = WholeMoves(PointByPoint(agent.inner))
    steps: list = []
    out = play(game, config, seed, agents=agents,
               on_step=lambda seat, action, events, step: steps.append(
                   (seat, action, step.name, [(e.kind, e.data, e.rule, e.to) for e in events])))
    return out, steps, used


def check_both_ways(game, config, seed: int, bot_type: type, seats_of_type: int) -> None:
    """Assert that the race is the same with the bots' drive() as point by
    point: actions, decisions, every event in order with who sees it, hash."""
    fast, fast_steps, used = played(game, config, seed, bot_type, one_pass=True)
    slow, slow_steps, _ = played(game, config, seed, bot_type, one_pass=False)
    assert used == seats_of_type
    assert game.is_over(fast.state)
    assert fast.actions == slow.actions
    assert (fast.decisions, fast.forced) == (slow.decisions, slow.forced)
    assert fast_steps == slow_steps
    assert game.state_hash(fast.state) == game.state_hash(slow.state)


def check_replays_as_routes(game, config, seed: int, bot_type: type) -> None:
    """Assert that whole moves of several points were played one pass and
    that the record replays to the same hash (a step not legal is refused)."""
    race, _, _ = played(game, config, seed, bot_type, one_pass=True)
    assert any(type(a) is Route and len(a.path) > 2 for _, a in race.actions)
    st = game.new(config, seed)
    for seat, action in race.actions:
        game.apply(st, seat, action)
    assert game.state_hash(st) == game.state_hash(race.state)
