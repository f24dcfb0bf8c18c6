"""The Virtual Safety Car's steps (rules/flag_steps.py): the list the phase
works out and keeps for the decision is the decision's legal list."""
from __future__ import annotations

import chequered
from chequered.bench import bench_seats, parse_seats, play_one
from chequered.games.formulagp.rules import flag_steps as FS

GAME = chequered.game("formulagp")


def test_the_vsc_steps_kept_are_the_legal_list(monkeypatch):
    """FGP 13.9.3: _vsc keeps the steps it found for the car it asks; they
    are what _vsc_legal lists."""
    seen = []
    keep = FS.remember

    def check(race, seat, options):
        assert options == FS._vsc_legal(race, seat)
        seen.append(seat)
        keep(race, seat, options)
    monkeypatch.setattr(FS, "remember", check)
    config = GAME.config(seats=parse_seats(bench_seats(GAME)))
    for seed in range(2, 6):
        play_one(GAME, config, seed)
        if len(seen) > 20:
            break
    assert len(seen) > 20
