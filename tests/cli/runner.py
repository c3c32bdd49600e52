"""Running the ``nambarz`` command line in-process, for the CLI tests."""

from __future__ import annotations

import io
import json
from typing import Any

from api.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    """Run the command line; return the exit status and standard output."""
    out = io.StringIO()
    status = main(list(argv), stdout=out, stdin=io.StringIO(stdin))
    return status, out.getvalue()


def run_json(*argv: str) -> Any:
    """Run with ``--json``, expect success, and return the parsed output."""
    status, out = run(*argv, "--json")
    assert status == 0, out
    return json.loads(out)
