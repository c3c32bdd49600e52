"""The code as it was at a reference commit, for benchmarks that print the old figure next to the new one.

A speed-up is measured by running the same work on the reference code and
on the working tree in the same invocation, on the same machine, minutes
apart: figures from different days on a shared machine can differ by half.
:func:`reference_tree` exports the reference commit's packages (``git
archive``, so the working tree is untouched) into a temporary directory, and
:func:`run_python` runs a snippet with one tree or the other first on the
import path, in a fresh interpreter, and returns what it printed as JSON.

The reference is :data:`BEFORE_STRATEGY_LAB`: the last commit before the
work on self-play at scale began (the bots, the simulations and the request
costs as they were).  A clone without the history (``--depth 1``) cannot
export it; the benchmarks then say so and measure the new code alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent

BEFORE_STRATEGY_LAB = "0b245d5aa29acf47ff12c4f14fd8e1a0a1ed8fea"
"""The commit the strategy lab's speed-ups are measured against."""

PACKAGES = ("solver", "tutor", "services", "api", "web")
"""The project's packages, exported from the reference commit."""


class ReferenceUnavailableError(RuntimeError):
    """The reference commit cannot be exported (no git, or a clone without the history)."""


@contextmanager
def reference_tree(commit: str = BEFORE_STRATEGY_LAB) -> Iterator[Path]:
    """A temporary directory holding the project's packages as they were at ``commit``."""
    with tempfile.TemporaryDirectory(prefix="reference-") as directory:
        try:
            archive = subprocess.run(
                ["git", "-C", str(REPOSITORY_ROOT), "archive", "--format=tar", commit, *PACKAGES],
                check=True,
                capture_output=True,
            )
            subprocess.run(["tar", "-x", "-C", directory], input=archive.stdout, check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", b"") or b""
            message = detail.decode("utf-8", "replace").strip() or str(error)
            raise ReferenceUnavailableError(f"cannot export the reference commit {commit[:10]}: {message}") from error
        yield Path(directory)


def run_python(root: Path, code: str, timeout: float | None = None) -> Any:
    """Run ``code`` in a fresh interpreter with ``root``'s packages first on the path; the JSON it printed last.

    The snippet prints one JSON document on its last line of output.
    """
    environment = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    finished = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if finished.returncode != 0:
        raise RuntimeError(f"the snippet failed in {root.name}:\n{finished.stderr.strip()}")
    return json.loads(finished.stdout.strip().splitlines()[-1])
