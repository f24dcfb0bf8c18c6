"""`chequered serve`: a database it cannot use is one clear line and exit 2
(the server itself is started by the kill -9 test)."""
from __future__ import annotations

import subprocess
import sys


def test_serve_refuses_an_unusable_database_in_one_line(tmp_path):
    out = subprocess.run([sys.executable, "-m", "chequered.cli", "serve", "--db", "nosuch://x"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot use the database nosuch://x")
    assert "Traceback" not in out.stderr


def test_serve_hides_the_password_of_the_database_url():
    out = subprocess.run([sys.executable, "-m", "chequered.cli", "serve", "--db",
                          "postgresql+psycopg://me:s3cret@127.0.0.1:1/db"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "s3cret" not in out.stderr and "***" in out.stderr
