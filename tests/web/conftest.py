"""Fixtures for the web tests: an app on a fresh SQLite file, a PostgreSQL
server (skipped where PostgreSQL is absent), real servers in a thread or a
subprocess, the test-only `duel` game, and Debian's chromium for Playwright."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from chequered.engine import registry

from . import duel

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


NO_RATE_LIMITS = {"races": 100_000, "uploads": 100_000, "reviews": 100_000}


# ---- the test-only game ------------------------------------------------------------------
@pytest.fixture
def with_duel(monkeypatch):
    """Register the duel game the way a new game registers: the web code
    has no idea it exists."""
    monkeypatch.setitem(registry._extra, "duel", duel.GAME)
    return duel.GAME


# ---- the app on SQLite -----------------------------------------------------------------------
@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db_url):
    from fastapi.testclient import TestClient

    from chequered.web.app import create_app
    # Tests fire requests faster than any person: the rate limits (tested on
    # their own in test_hostile_store) are set out of the way here.
    with TestClient(create_app(db_url, rate_limits=NO_RATE_LIMITS)) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 30.0) -> None:
    import urllib.request
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


# ---- a real server in this process (for the browser, with the duel game) --------------------
@pytest.fixture
def live_server(db_url, with_duel):
    import uvicorn

    from chequered.web.app import create_app, server_options
    port = free_port()
    config = uvicorn.Config(create_app(db_url), host="127.0.0.1", port=port,
                            log_level="warning", **server_options())
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    wait_http(base + "/api/games")
    yield base
    server.should_exit = True
    thread.join(10)


# ---- a real server in a subprocess (for kill -9) ------------------------------------------------
class ServerProcess:
    def __init__(self, url: str, log_dir):
        self.url = url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(log_dir / f"server-{self.port}.log", "wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chequered.cli", "serve", "--port", str(self.port),
             "--db", url], stdout=self.log, stderr=subprocess.STDOUT)
        wait_http(self.base + "/api/games")

    def kill(self, sig=9) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(10)
        self.log.close()


@pytest.fixture
def spawn_server(tmp_path):
    started: list[ServerProcess] = []

    def spawn(url: str) -> ServerProcess:
        started.append(ServerProcess(url, tmp_path))
        return started[-1]
    yield spawn
    for s in started:
        s.kill()
        # pytest shows this only for a failed test: what each server said
        lines = Path(s.log.name).read_text(errors="replace").splitlines()
        print(f"---- server on port {s.port}, last lines of its log ----", *lines[-60:], sep="\n")


# ---- PostgreSQL ---------------------------------------------------------------------------------
def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


@pytest.fixture(scope="session")
def pg_server():
    """An admin URL of a PostgreSQL server: CHEQUERED_TEST_PG_URL if set (CI
    starts one), else a private cluster under /tmp started here; the tests
    that need it skip cleanly when PostgreSQL is not installed."""
    given = os.environ.get("CHEQUERED_TEST_PG_URL")
    if given:
        yield given
        return
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed")
    root = os.geteuid() == 0
    if root:
        try:
            import pwd
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run PostgreSQL as")
    data = tempfile.mkdtemp(prefix="chequered-pg-", dir="/tmp")
    port = free_port()

    def run(*cmd):
        if root:
            os.chown(data, pw.pw_uid, pw.pw_gid)
            cmd = ("runuser", "-u", "postgres", "--", *cmd)
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)

    out = run(initdb, "-D", f"{data}/db", "-U", "postgres", "--auth=trust", "-E", "UTF8")
    if out.returncode:
        pytest.skip(f"initdb failed: {out.stderr.strip()[:300]}")
    out = run(pg_ctl, "-D", f"{data}/db", "-l", f"{data}/log", "-w", "-t", "60", "start",
              "-o", f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off")
    if out.returncode:
        pytest.skip(f"PostgreSQL did not start: {out.stderr.strip()[:300]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        run(pg_ctl, "-D", f"{data}/db", "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server):
    """A fresh, empty database on that server for one test."""
    import psycopg
    from sqlalchemy.engine import make_url
    admin = make_url(pg_server)
    name = "chequered_test_" + uuid.uuid4().hex[:12]
    conninfo = admin.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield admin.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    return request.getfixturevalue("pg_url")


# ---- chromium for pytest-playwright ---------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
