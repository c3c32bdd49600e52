"""The API answers as its own OpenAPI document says, for requests schemathesis generates from that document.

Schemathesis reads ``/api/openapi.json`` from the app and, for every
operation, sends requests that follow the document and requests that break
it.  No answer may be a server error, and every answer must have a
documented status code and content type and match the documented schema.
The app is built as in production (not ``TESTING``), so an exception it does
not handle comes back as the 500 a client would see.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.app import create_app

pytestmark = pytest.mark.slow

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", create_app())


# 100 derandomised requests per operation: the fuzz tests (test_fuzz.py) cover the endpoints' inputs in
# depth, and this run is about the document and the answers agreeing, which shows within the first hundred.
@schema.parametrize()
@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_its_openapi_document_says(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
