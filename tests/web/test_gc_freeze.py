"""A server leaves what it holds for good (modules, the games' tables) out
of the garbage collector's full passes: each pass holds the GIL while it
walks every object, and moves acknowledged meanwhile wait (issue 16: 100-220 ms
pauses in the load benchmark). Checked in fresh processes, as `chequered
serve` and its message worker start."""
from __future__ import annotations

import subprocess
import sys

FROZEN = """
import gc, os
{setup}
print(gc.get_freeze_count())
"""


def frozen_after(setup: str) -> int:
    out = subprocess.run([sys.executable, "-c", FROZEN.format(setup=setup)],
                         capture_output=True, text=True, timeout=300, check=True)
    return int(out.stdout.split()[-1])


def test_warm_all_freezes_only_when_asked():
    assert frozen_after("from chequered.engine import registry; registry.warm_all()") == 0
    assert frozen_after("from chequered.engine import registry; "
                        "registry.warm_all(freeze=True)") > 50_000


def test_the_message_worker_freezes_once_warm():
    assert frozen_after("from chequered.web.worker import _warm; _warm(os.getppid())") > 50_000


def test_the_served_app_freezes_and_test_apps_do_not(tmp_path):
    setup = f"""
from fastapi.testclient import TestClient
from chequered.web.app import create_app
app = create_app("sqlite:///{tmp_path}/{{name}}.sqlite3", worker=False, freeze={{freeze}})
with TestClient(app):
    pass
"""
    assert frozen_after(setup.format(name="a", freeze=False)) == 0
    assert frozen_after(setup.format(name="b", freeze=True)) > 50_000


def test_chequered_serve_freezes(tmp_path):
    """`chequered serve` starts the app with freeze on, and with the cheaper
    WebSocket compression (uvicorn.run stands in for a TestClient here, so the
    lifespan runs and the process ends)."""
    setup = f"""
import uvicorn
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from chequered.cli import app as cli
import chequered.web.app as web_app
web_app.WORKER.start = lambda: __import__("asyncio").sleep(0)   # no worker process here
def run(app, **kw):
    assert kw["ws"].__name__ == "FastDeflateProtocol", kw
    with TestClient(app):
        pass
uvicorn.run = run
out = CliRunner().invoke(cli, ["serve", "--db", "sqlite:///{tmp_path}/s.sqlite3"])
assert out.exit_code == 0, out.output
"""
    assert frozen_after(setup) > 50_000
