"""The installed package's version."""

from __future__ import annotations

from functools import cache
from importlib import metadata


@cache
def version() -> str:
    """``nambarz``'s version, or ``unknown`` when it runs from a source tree that was never installed.

    Read once per process: reading it parses the package's metadata file, and a new version is only
    ever installed with the process restarted.
    """
    try:
        return metadata.version("nambarz")
    except metadata.PackageNotFoundError:
        return "unknown"
