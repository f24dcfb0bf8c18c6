"""After each full pass of the garbage collector a server freezes its
survivors, so the next full pass walks only what is new (issue 16: full
passes of 70-120 ms held every acknowledgement back under the FormulaGP
load); every so often a full pass walks everything again, so that cycles
among frozen objects are still freed. Run in fresh processes: the policy
changes the process's collector."""
from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import gc, weakref
from chequered.web import gc_policy

class Node:
    pass

clock = [0.0]
policy = gc_policy.SurvivorFreezer(refresh=600.0, clock=lambda: clock[0])
gc.callbacks.append(policy)

def cycle():
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a

kept = [cycle() for _ in range(1000)]
gc.collect()
print("frozen after a full pass", gc.get_freeze_count() >= 2000)

dropped = weakref.ref(kept[0])
del kept[:]
gc.collect()                                   # frozen: the cycle outlives it
print("a frozen cycle is kept", dropped() is not None)

clock[0] = 601.0
gc.collect()                                   # refresh due: unfrozen at its end
print("unfrozen when the refresh is due", gc.get_freeze_count() == 0)
gc.collect()                                   # a full pass over everything
print("the cycle freed by the next full pass", dropped() is None)
print("frozen again after it", gc.get_freeze_count() > 0)

print("installed once", gc_policy.install() is gc_policy.install())
"""


def test_survivors_of_a_full_pass_are_frozen_and_a_refresh_frees_their_cycles():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == [
        "frozen after a full pass True",
        "a frozen cycle is kept True",
        "unfrozen when the refresh is due True",
        "the cycle freed by the next full pass True",
        "frozen again after it True",
        "installed once True",
    ]


INSTALLED = """
import gc, os
{setup}
print(any(isinstance(cb, gc_policy.SurvivorFreezer) for cb in gc.callbacks))
"""


def installed_after(setup: str) -> bool:
    out = subprocess.run([sys.executable, "-c", INSTALLED.format(setup=setup)],
                         capture_output=True, text=True, timeout=300, check=True)
    return out.stdout.split()[-1] == "True"


def test_the_message_worker_installs_it():
    assert installed_after("from chequered.web import gc_policy\n"
                           "from chequered.web.worker import _warm; _warm(os.getppid())")


def test_the_served_app_installs_it_and_test_apps_do_not(tmp_path):
    setup = f"""
from fastapi.testclient import TestClient
from chequered.web import gc_policy
from chequered.web.app import create_app
app = create_app("sqlite:///{tmp_path}/{{name}}.sqlite3", worker=False, freeze={{freeze}})
with TestClient(app):
    pass
"""
    assert not installed_after(setup.format(name="a", freeze=False))
    assert installed_after(setup.format(name="b", freeze=True))
