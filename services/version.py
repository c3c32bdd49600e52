"""The installed package's version."""

from __future__ import annotations

from importlib import metadata


def version() -> str:
    """``nambarz``'s version, or ``unknown`` when it runs from a source tree that was never installed."""
    try:
        return metadata.version("nambarz")
    except metadata.PackageNotFoundError:
        return "unknown"
