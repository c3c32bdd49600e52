"""The service's settings from the environment: ``NAMBARZ_*`` variables read once, by the type of their default.

:func:`api.app.create_app` takes each ``NAMBARZ_`` setting from its
``config`` argument, else from the environment variable of the same name
(how ``nambarz serve`` is configured), else from its default
(:class:`api.app.DefaultConfig`).  A variable that cannot be read as its
setting's type stops the app with :class:`SettingError` naming it.

>>> from_environment({"NAMBARZ_TIME_LIMIT": 0.5, "NAMBARZ_DECK": None}, {"NAMBARZ_TIME_LIMIT": "2", "HOME": "/"})
{'NAMBARZ_TIME_LIMIT': 2.0}
>>> from_environment({"NAMBARZ_MAX_HAND": 40}, {"NAMBARZ_MAX_HAND": "many"})
Traceback (most recent call last):
...
services.settings.SettingError: NAMBARZ_MAX_HAND: expected a whole number, not 'many'
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

PREFIX = "NAMBARZ_"


class SettingError(ValueError):
    """An environment variable that does not hold a value of its setting's type."""


def from_environment(defaults: Mapping[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """The settings of ``defaults`` (those named ``NAMBARZ_*``) that ``environ`` sets, read as their defaults' types."""
    return {
        name: _read(name, environ[name], default)
        for name, default in defaults.items()
        if name.startswith(PREFIX) and name in environ
    }


def _read(name: str, text: str, default: Any) -> Any:
    if isinstance(default, bool) or default is None or isinstance(default, str):
        return text
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise SettingError(f"{name}: expected a whole number, not {text!r}") from None
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        raise SettingError(f"{name}: expected a number of seconds, not {text!r}")
    return seconds


def data_folder(environ: Mapping[str, str] = os.environ) -> Path:
    """The service's own folder for what it keeps (the games database, the secret key): ``nambarz`` in the
    user's data folder, ``$XDG_DATA_HOME``, else ``~/.local/share``.  Nothing is created here.

    >>> data_folder({"XDG_DATA_HOME": "/srv/data"}).as_posix()
    '/srv/data/nambarz'
    """
    data_home = Path(environ.get("XDG_DATA_HOME", ""))
    return (data_home if data_home.is_absolute() else Path.home() / ".local" / "share") / "nambarz"
