"""Small studies for the sim tests: Race Pace, the fastest game."""
from __future__ import annotations

from chequered.sim.plan import Study
from chequered.sim.run import run_study
from chequered.sim.store import StudyDir


def study(**kw) -> Study:
    base = dict(game="racepace", races=12, seats=["bot", "bot", "random"], chunk=3)
    base.update(kw)
    return Study(**base)


def run(s: Study, out, **kw):
    return run_study(s, out, progress=False, **kw)


def rows(out) -> list[dict]:
    """Every row on disk, in (variant, race, seat) order."""
    return StudyDir(out).table().to_pylist()
