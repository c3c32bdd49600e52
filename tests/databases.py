"""A real PostgreSQL server for the tests that need one, started by the suite itself and removed after it.

:func:`running_postgresql` makes a throwaway cluster with ``initdb`` in a
temporary directory, starts it with ``pg_ctl`` listening on a free port of
127.0.0.1 only (its unix socket in the same directory), and stops and
deletes it at the end; :meth:`PostgreSQL.new_database` gives each test a
database of its own.  The server is tuned for tests, not for keeping data:
it never waits for the disk.  PostgreSQL refuses to run as root, so when
the tests run as root the server runs as the ``postgres`` user that
Debian's package creates.

Without PostgreSQL's programs (in ``PATH`` or where Debian puts them),
:data:`MISSING` says how to install them, for the tests to skip with.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.serving import SERVER_START_SECONDS, free_port

USER = "nambarz"
"""The cluster's superuser, who connects without a password (only from this machine, only to the test's port)."""

MISSING = "PostgreSQL is not installed: install Debian's package with `apt-get install postgresql`"
"""Why the tests that need PostgreSQL are skipped when its programs cannot be found."""


def postgresql_programs() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: from ``PATH``, else Debian's newest version; ``None`` without."""
    initdb = shutil.which("initdb")
    if initdb is not None and shutil.which("pg_ctl") is not None:
        return Path(initdb).parent
    folders = [Path(path).parent for path in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    folders = [folder for folder in folders if (folder / "pg_ctl").exists() and folder.parent.name.isdigit()]
    return max(folders, key=lambda folder: int(folder.parent.name), default=None)


def unavailable() -> str | None:
    """Why no server can be started here, in words for a skipped test; ``None`` when one can."""
    if postgresql_programs() is None:
        return MISSING
    if os.geteuid() == 0 and (_server_user() is None or shutil.which("runuser") is None):
        return "PostgreSQL refuses to run as root, and there is no user postgres (or no runuser) to run it as"
    return None


def _server_user() -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam("postgres")  # Debian's package makes it
    except KeyError:
        return None


@dataclass
class PostgreSQL:
    """A running server on 127.0.0.1: its port and the databases made on it."""

    port: int
    _numbers: Iterator[int] = field(default_factory=itertools.count)

    def url(self, database: str) -> str:
        """The URL of ``database`` on this server, as ``NAMBARZ_DATABASE_URL`` takes it."""
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database on this server; its URL."""
        import psycopg  # noqa: PLC0415 - the driver only for the tests that use PostgreSQL

        name = f"test_{next(self._numbers)}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user=USER, dbname="postgres", autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@contextmanager
def running_postgresql() -> Iterator[PostgreSQL]:
    """A PostgreSQL server in a temporary directory until the end; where :func:`unavailable` says why not, an error."""
    reason = unavailable()
    programs = postgresql_programs()
    if reason is not None or programs is None:
        raise RuntimeError(reason or MISSING)
    as_server_user: list[str] = []
    with tempfile.TemporaryDirectory(prefix="nambarz-postgresql-") as directory:
        server_user = _server_user()
        if os.geteuid() == 0 and server_user is not None:
            os.chown(directory, server_user.pw_uid, server_user.pw_gid)
            as_server_user = ["runuser", "-u", server_user.pw_name, "--"]
        data, log = Path(directory) / "data", Path(directory) / "server.log"

        def run(*command: str) -> None:
            finished = subprocess.run(
                [*as_server_user, *command],
                cwd=directory,
                capture_output=True,
                text=True,
                check=False,
                timeout=SERVER_START_SECONDS,
            )
            if finished.returncode != 0:
                output = log.read_text(errors="replace") if log.exists() else ""
                raise RuntimeError(f"{' '.join(command)} failed: {finished.stderr}{finished.stdout}{output}")

        run(str(programs / "initdb"), "-D", str(data), "-U", USER, "-A", "trust", "-E", "UTF8", "--no-locale", "-N")
        port = free_port()
        # Loopback only, the socket beside the data, and none of the waits for the disk that keep data safe.
        settings = (
            f"-h 127.0.0.1 -p {port} -k {shlex.quote(directory)} -F -c full_page_writes=off -c synchronous_commit=off"
        )
        pg_ctl = str(programs / "pg_ctl")
        run(pg_ctl, "start", "-D", str(data), "-l", str(log), "-w", "-t", str(SERVER_START_SECONDS), "-o", settings)
        try:
            yield PostgreSQL(port)
        finally:
            run(pg_ctl, "stop", "-D", str(data), "-m", "immediate", "-w", "-t", str(SERVER_START_SECONDS))
