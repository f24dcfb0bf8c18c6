"""Stages that run the next one at once (rules/move_steps._moving when the
points are used up: the extension stage; rules/incident_steps._after_move
with no battle: the end-of-move checks): the same race and events as the
machine running the stages one at a time (races of the bench)."""
from __future__ import annotations

import chequered
from chequered.bench import bench_seats, parse_seats, play_one
from chequered.games.formulagp.rules import incident_steps as IS
from chequered.games.formulagp.rules import move_steps as MS
from chequered.games.formulagp.rules import steps as S


def _chain_checker(game, monkeypatch, module, name, stage, nxt, checked):
    """A stand-in for the stage `stage` (module.name) that checks its chained
    answer against the stage alone (module.nxt a no-op) and then the
    machine's next pass (S._turns)."""
    chained = getattr(module, name)

    def check(race):
        st = race.clone()
        ev = chained(race)
        with monkeypatch.context() as m:        # the stage alone, as before the chain
            m.setattr(module, nxt, lambda r, *more: [])
            one = chained(st)
        if st.move is None or st.move.get("stage") != stage or st.turn.pending is not None:
            assert one == ev and game.state_hash(st) == game.state_hash(race)
            return ev
        one += S._turns(st)                     # the machine's next pass
        assert one == ev and game.state_hash(st) == game.state_hash(race)
        assert st.move == race.move and st.turn.pending == race.turn.pending
        checked.append(name)
        return ev
    return check


def test_chained_stages_play_as_the_machine(monkeypatch):
    game = chequered.game("formulagp")
    checked: list = []
    monkeypatch.setitem(S.STAGES, "moving", _chain_checker(
        game, monkeypatch, MS, "_moving", "extend", "_extend_stage", checked))
    monkeypatch.setitem(S.STAGES, "after_move", _chain_checker(
        game, monkeypatch, IS, "_after_move", "resolve", "_resolve", checked))
    config = game.config(seats=parse_seats(bench_seats(game)))
    for seed in (2, 3):
        play_one(game, config, seed)
    assert checked.count("_moving") > 10 and checked.count("_after_move") > 20
