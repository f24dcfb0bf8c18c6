"""Bolide's warm-up (games/bolide/warm.py) loads every numba kernel a race
uses, so a server's races never wait for one (issue 16, web). Checked in a
fresh process: this one may have loaded them already."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

SCRIPT = r"""
import json
from numba.core.registry import CPUDispatcher
from chequered.engine import registry
from chequered.engine.session import Session
from chequered.games.bolide import solver_kernels
from chequered.games.bolide.rules import reach_fast

def variants():
    return {f"{m.__name__}.{k}": len(v.signatures) for m in (reach_fast, solver_kernels)
            for k, v in vars(m).items() if isinstance(v, CPUDispatcher)}

game = registry.game("bolide")
before = variants()
game.warm()
warmed = variants()
# a race as the web app plays it: two people (here, club bots), two bots of each kind
for kind in ("club", "expert"):
    seats = ["human", "human", kind, kind]
    session = Session(game, game.config(seats=seats), 5, controllers=seats)
    agents = {s: game.make_agent("club" if s < 2 else kind, s, 5) for s in range(4)}
    state = session.state
    for _ in range(1000):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        session.step(state, seat, agents[seat].choose(game, state, seat), "bot")
        session.forced_steps(state)
print(json.dumps([before, warmed, variants()]))
"""


@pytest.mark.skipif(find_spec("numba") is None, reason="the kernels need numba")
def test_warm_loads_every_kernel_a_race_uses():
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src, "CHEQUERED_NUMBA": "1"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                         text=True, timeout=600, check=True).stdout
    before, warmed, after = json.loads(out.splitlines()[-1])
    assert sum(before.values()) == 0
    assert sum(warmed.values()) > 0
    assert after == warmed               # the races compiled or loaded nothing more
