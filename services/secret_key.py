"""The app's secret key, which signs each browser's session cookie: its id for the rate limits and its form token.

The key is the setting ``NAMBARZ_SECRET_KEY`` (:mod:`services.settings`: the
app's config, else the environment variable of the same name), at least
:data:`MIN_LENGTH` characters.  Left empty, as it is by default, the key is
one kept in a file beside the default games database (:func:`key_file`:
``$XDG_DATA_HOME/nambarz/secret-key``, else
``~/.local/share/nambarz/secret-key``), made on first use from 32 random
bytes.  The file is written with mode 0600 (its folder, when this makes it,
0700) and put in place whole, in one step, so that every worker of a server,
every restart and every server of one machine sign with the same key, and
two starting at once cannot make two.  Servers on several machines, behind
one load balancer, must share one key: give each the same
``NAMBARZ_SECRET_KEY``, else a form made by one is refused by another.

:func:`install` sets a configured key at once; the kept key is read (or
made) when the first request opens its session, or by :func:`secret_key`
itself, which ``nambarz serve`` calls before it starts its workers, so that
a key file that cannot be used stops the server with one line.

>>> import tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> path = Path(folder.name) / "nambarz" / FILE_NAME
>>> key = kept_key(path)
>>> len(key), kept_key(path) == key
(64, True)
>>> oct(path.stat().st_mode & 0o777), oct(path.parent.stat().st_mode & 0o777)
('0o600', '0o700')
>>> folder.cleanup()
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from flask import Flask

from services.settings import data_folder

SETTING = "NAMBARZ_SECRET_KEY"
"""The setting that holds the key; empty for the key kept in :func:`key_file`."""

MIN_LENGTH = 32
"""The fewest characters a key may have: 32 hexadecimal digits are 128 bits."""

FILE_NAME = "secret-key"
"""The kept key's file, in the data folder beside ``games.sqlite3``."""

KEY_BYTES = 32
"""The random bytes of a kept key, written as 64 hexadecimal digits."""


class SecretKeyError(ValueError):
    """A key that is too short, or a key file that cannot be read or made; the message says which and why."""


def key_file() -> Path:
    """Where the kept key lives: ``nambarz/secret-key`` in ``$XDG_DATA_HOME``, else in ``~/.local/share``.

    >>> key_file().name
    'secret-key'
    """
    return data_folder() / FILE_NAME


def secret_key(setting: str) -> str:
    """The key of the setting :data:`SETTING`: its value, or the key kept in :func:`key_file` when it is empty.

    >>> secret_key("0123456789abcdef" * 2)
    '0123456789abcdef0123456789abcdef'
    >>> secret_key("letmein")
    Traceback (most recent call last):
    ...
    services.secret_key.SecretKeyError: NAMBARZ_SECRET_KEY: expected at least 32 characters, not 7
    """
    if not setting:
        return kept_key(key_file())
    if len(setting) < MIN_LENGTH:
        raise SecretKeyError(f"{SETTING}: expected at least {MIN_LENGTH} characters, not {len(setting)}")
    return setting


def kept_key(path: Path) -> str:
    """The key in the file ``path``, made first (mode 0600, in a folder made with mode 0700) if there is none."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _write_key_once(path, secrets.token_hex(KEY_BYTES))
        return _read_key(path)
    except OSError as error:
        raise SecretKeyError(
            f"{SETTING} is not set, and the file {str(path)!r} for its kept key cannot be made "
            f"({error.strerror or error})"
        ) from None


def _read_key(path: Path) -> str:
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise
    except (OSError, UnicodeError) as error:
        raise SecretKeyError(
            f"{SETTING} is not set, and its kept key {str(path)!r} cannot be read ({getattr(error, 'strerror', error)})"
        ) from None
    if len(key) < MIN_LENGTH:
        raise SecretKeyError(
            f"{SETTING} is not set, and its kept key {str(path)!r} is shorter than {MIN_LENGTH} characters: "
            "remove the file, and a new key is made"
        )
    return key


def _write_key_once(path: Path, key: str) -> None:
    """Put ``key`` at ``path`` whole, unless a key is already there: a hard link never replaces a file."""
    descriptor, written = tempfile.mkstemp(dir=path.parent, prefix=f".{FILE_NAME}-")  # mode 0600
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as stream:
            stream.write(key + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(FileExistsError):  # another process made it first: its key is the one to share
            os.link(written, path)
    finally:
        os.unlink(written)


def install(app: Flask) -> None:
    """Sign ``app``'s sessions with the configured key; with none configured, the kept key is read on first use.

    Raises :class:`SecretKeyError` for a configured key that is too short.
    """
    setting = str(app.config[SETTING] or "")
    if setting:
        app.secret_key = secret_key(setting)


def ensure_secret_key(app: Flask) -> None:
    """Give ``app`` the kept key, read or made now, if it has no key yet."""
    if not app.secret_key:
        app.secret_key = secret_key(str(app.config[SETTING] or ""))
