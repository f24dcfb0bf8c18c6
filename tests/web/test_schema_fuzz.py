"""Property-based tests of every HTTP endpoint from the app's own OpenAPI
schema (schemathesis, in process through ASGI: no network). Whatever it
sends, no answer is a 5xx, and every answer has a documented status, content
type, headers and body.

Half of the generated seat, host and race links are swapped for real ones
(a running solo race made before the run), so the fuzzing reaches the code
behind the link checks too. A bounded number of examples per endpoint keeps
the run well under a minute.
"""
from __future__ import annotations

import shutil
import tempfile
import uuid
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.python import asgi  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance, response_headers_conformance, response_schema_conformance,
    status_code_conformance)

from chequered.web.app import create_app  # noqa: E402

from .conftest import NO_RATE_LIMITS  # noqa: E402

EXAMPLES = 50                    # per endpoint and phase
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
REAL: dict[str, str] = {}        # links of the race made for the run


# The schema must exist when the tests are collected; the app starts (its
# lifespan, on schemathesis' own event loop) with the first request.
# (The folder is made by the fixture: importing the module creates nothing.)
DB_DIR = Path(tempfile.gettempdir()) / f"chequered-fuzz-{uuid.uuid4().hex[:12]}"
APP = create_app(f"sqlite:///{DB_DIR}/fuzz.sqlite3", rate_limits=NO_RATE_LIMITS)
schema = schemathesis.openapi.from_dict(APP.openapi())
schema.app = APP


@pytest.fixture(scope="module", autouse=True)
def real_race():
    """A running solo race whose links the fuzzing may use; the app is
    stopped and its database removed after the module."""
    DB_DIR.mkdir()
    with asgi.get_client(APP) as client:
        made = client.post("/api/races", json={"game": "racepace",
                                               "seats": ["human", "bot"]}).json()
    REAL.update(token=made["seats"][0]["token"], host=made["host"], race_id=made["race"],
                ident=made["race"])
    yield
    REAL.clear()
    asgi.shutdown_lifespans()
    shutil.rmtree(DB_DIR, ignore_errors=True)


def with_real_links(case) -> None:
    """Deterministically (so that a failure shrinks and replays), every
    other generated link becomes a real one."""
    params = case.path_parameters or {}
    for name, value in list(params.items()):
        if name not in ("token", "race_id", "ident") or len(str(value)) % 2:
            continue
        real = REAL["host"] if name == "token" and "/host/" in case.path else REAL[name]
        params[name] = real
        if name == "ident":
            params["source"] = "race"


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_no_endpoint_answers_5xx_or_off_schema(case):
    with_real_links(case)
    case.call_and_validate(checks=CHECKS)
