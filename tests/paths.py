"""Where the tests find the repository's files and their own data."""

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
"""The root of the repository."""

DATA = REPOSITORY / "tests" / "data"
"""The case tables the tests read."""
