"""The committed OpenAPI document is the one the code generates."""

from __future__ import annotations

from api.openapi import COMMITTED, generate, render


def test_the_committed_openapi_document_matches_the_code() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == render(generate()), (
        "api/openapi.json is out of date: run python -m api.openapi and commit the result"
    )


def test_every_endpoint_documents_its_errors_with_the_one_error_schema() -> None:
    document = generate()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":  # the path's own parameters, such as a game's id
                continue
            responses = operation["responses"]
            assert "default" in responses, (path, method)
            if method == "post":
                assert {"400", "413", "415", "422"} <= set(responses), (path, responses.keys())
    assert set(document["components"]["schemas"]["Error"]["properties"]) == {"code", "status", "message", "errors"}
