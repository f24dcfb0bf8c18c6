"""The server's garbage-collector policy: full passes walk only what is new.

A full (generation 2) pass of the collector holds the GIL while it walks
every tracked object, and every move acknowledged meanwhile waits (issue 16).
The objects alive once the games are warm are frozen at start
(registry.warm_all), but a server under load keeps gathering more: each
race's history (entries, events), the states and tables its moves fill in.
Under the FormulaGP load benchmark the server held 190,000 tracked objects
after a minute, and its full passes took 70-120 ms, four times a minute.

So after each full pass its survivors are frozen too: they have lived
through one, and most live as long as their race. The next pass walks only
what was made since. Frozen objects are still freed when their last
reference goes; what freezing holds back is a cycle among them (a dropped
race whose objects point at each other). Every REFRESH seconds the next full
pass is made over everything again, which frees those.
"""
from __future__ import annotations

import gc
import time

REFRESH = 600.0              # seconds between full passes over everything


class SurvivorFreezer:
    """A gc callback: freeze after each full pass; every `refresh` seconds
    unfreeze instead, so that the next full pass walks everything."""

    def __init__(self, refresh: float = REFRESH, clock=time.monotonic):
        self.refresh = refresh
        self.clock = clock
        self.last = clock()

    def __call__(self, phase: str, info: dict) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        now = self.clock()
        if now - self.last >= self.refresh:
            self.last = now
            gc.unfreeze()
        else:
            gc.freeze()


def install(refresh: float = REFRESH) -> SurvivorFreezer:
    """In a long-running server process (its main process and its message
    worker), once the games are warm; once a process."""
    for cb in gc.callbacks:
        if isinstance(cb, SurvivorFreezer):
            return cb
    cb = SurvivorFreezer(refresh)
    gc.callbacks.append(cb)
    return cb
