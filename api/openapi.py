"""Write the OpenAPI document generated from the code, for committing beside it.

Run ``python -m api.openapi`` after changing an endpoint or a schema; a test
fails while ``api/openapi.json`` and the code disagree.

>>> document = generate()
>>> document["openapi"], "/api/v1/nambarz/check" in document["paths"]
('3.0.3', True)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from api.app import create_app

COMMITTED = Path(__file__).with_name("openapi.json")


def generate() -> dict[str, Any]:
    """The OpenAPI document the app serves at ``/api/openapi.json``, without the package version."""
    app = create_app({"TESTING": True})
    document: dict[str, Any] = app.test_client().get("/api/openapi.json").get_json()
    document["info"].pop("x-package-version", None)
    return document


def render(document: dict[str, Any]) -> str:
    """Stable text: sorted keys, two-space indent, final newline."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    COMMITTED.write_text(render(generate()), encoding="utf-8")
    print(f"wrote {COMMITTED.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
