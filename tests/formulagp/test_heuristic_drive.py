"""The heuristic driver's whole move in one pass (heuristic_drive.py over
engine/drive.drive_own) against the machine's point-by-point drive
(engine/steps.Machine.drive): the same races, records, events and hashes,
Standard and Advanced, on other tracks, with optional rules, beside BOTs
and random drivers; and its moves are legal routes when replayed."""
from __future__ import annotations

import pytest

from chequered.agents.whole_moves import WholeMoves
from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp.bots import HeuristicBot


class _PointByPoint:
    """The same driver without its drive(): play() then lets the machine
    drive its moves a point at a time through choose()."""

    __slots__ = ("bot",)

    def __init__(self, bot):
        self.bot = bot

    def choose(self, game, state, seat):
        return self.bot.choose(game, state, seat)


def _played(config, seed: int, one_pass: bool):
    agents = agents_for(GAME, config, seed)
    used = 0
    for seat, agent in agents.items():
        if isinstance(agent, WholeMoves) and type(agent.inner) is HeuristicBot:
            used += 1
            if not one_pass:
                agents[seat] = WholeMoves(_PointByPoint(agent.inner))
    steps: list = []
    out = play(GAME, config, seed, agents=agents,
               on_step=lambda seat, action, events, step: steps.append(
                   (seat, action, step.name, [(e.kind, e.data, e.rule, e.to) for e in events])))
    return out, steps, used


H6 = ["heuristic"] * 6
CASES = [
    ({"seats": H6}, 0),
    ({"seats": H6}, 5),
    ({"seats": ["heuristic", "pro", "heuristic", "rookie", "random", "heuristic"]}, 3),
    ({"seats": ["heuristic", "heuristic", "pro", "rookie"], "rules": "advanced",
      "track": "twisty", "options": ["must_counter_steer", "ot_management",
                                     "safety_car_card_twice", "limited_tyre_sets",
                                     "weather_modifier", "defending_position"]}, 1),
    ({"seats": ["heuristic"] * 4, "track": "street",
      "options": ["street_circuit", "overtake_mode", "momentum_sequence"]}, 2),
    ({"seats": H6, "rules": "advanced", "options": ["fast_safety_car"]}, 4),
]


@pytest.mark.parametrize("cfg,seed", CASES)
def test_one_pass_drive_plays_the_race_the_machine_drives(cfg, seed):
    config = GAME.config(**cfg)
    fast, fast_steps, used = _played(config, seed, one_pass=True)
    slow, slow_steps, _ = _played(config, seed, one_pass=False)
    assert used == cfg["seats"].count("heuristic")
    assert GAME.is_over(fast.state)
    assert fast.actions == slow.actions
    assert (fast.decisions, fast.forced) == (slow.decisions, slow.forced)
    assert fast_steps == slow_steps            # every event, in order, with who sees it
    assert GAME.state_hash(fast.state) == GAME.state_hash(slow.state)


def test_one_pass_moves_replay_as_legal_routes():
    config = GAME.config(seats=H6)
    played, _, _ = _played(config, 6, one_pass=True)
    moves = [a for _, a in played.actions if type(a).__name__ == "Route" and len(a.path) > 2]
    assert moves                                # whole moves of several points were played
    st = GAME.new(config, 6)
    for seat, action in played.actions:
        GAME.apply(st, seat, action)            # refused if any step were not legal
    assert GAME.state_hash(st) == GAME.state_hash(played.state)
