"""What the self-play commands share: ``--jobs``, ``--cluster`` and ``--rows``, and where their games are played.

``simulate`` and ``sweep`` of every game play their games on every core by
default (``--jobs``), or on a Dask cluster (``--cluster local`` starts one
on this machine; ``--cluster tcp://host:8786`` uses a running scheduler's),
with a progress bar on a terminal, and append each game's row to a CSV file
(``--rows``) for analysis.  The report is the same however the games are
spread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from api.cli.common import Decorator, fail, number_option

JOBS_HIGH = 1024
"""The most worker processes ``--jobs`` takes: more than any machine's cores, and a guard against a typo."""


def self_play_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--jobs``, ``--cluster`` and ``--rows``, in that order in the help."""
    options: list[Decorator] = [
        number_option(
            "--jobs",
            low=1,
            high=JOBS_HIGH,
            what="processes",
            default=None,
            help_text="worker processes, 1 to play in this process (default: every core; with --cluster local, "
            "the cluster's workers; not with a scheduler's address)",
        ),
        click.option(
            "--cluster",
            metavar="ADDRESS",
            default=None,
            help="play on a Dask cluster: 'local' starts one on this machine, or a scheduler's address such as "
            "tcp://host:8786 (needs the cluster extra)",
        ),
        click.option(
            "--rows",
            "rows_file",
            metavar="FILE",
            default=None,
            help="append one row per game to this CSV file (written with its header when new)",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@dataclass(frozen=True)
class Workers:
    """Where a run's games are played: an executor (``None``: in this process) and how many games it plays at once."""

    executor: Executor | None
    jobs: int | None


@contextmanager
def workers(jobs: int | None, cluster: str | None) -> Iterator[Workers]:
    """The workers ``--jobs`` and ``--cluster`` ask for, for the length of the command: one pool for all its runs."""
    if cluster is None:
        from solver.self_play import check_jobs, process_pool  # noqa: PLC0415 - the engine only to play games

        processes = check_jobs(jobs)
        if processes == 1:
            yield Workers(None, 1)
            return
        with process_pool(processes) as pool:
            yield Workers(pool, processes)
        return
    from services.cluster import LOCAL, ClusterError, cluster_executor  # noqa: PLC0415 - Dask only for a cluster

    if not cluster.strip():
        fail("--cluster", "expected 'local' or a Dask scheduler's address, such as tcp://host:8786")
    if jobs is not None and cluster.strip() != LOCAL:
        fail("--jobs", "a scheduler's cluster plays on its own workers; --jobs sets the size of a local one")
    try:
        with cluster_executor(cluster.strip(), jobs) as opened:
            yield Workers(opened.executor, opened.workers)
    except ClusterError as error:
        fail("--cluster", error)


def rows_file_for(rows_file: str | None, row_type: type) -> Path | None:
    """The file ``--rows`` names, checked before any game is played: it can be written, and holds the same rows."""
    if rows_file is None:
        return None
    from solver.errors import NambarzError  # noqa: PLC0415 - the engine only for a command that plays games
    from solver.self_play import prepare_rows_file  # noqa: PLC0415

    path = Path(rows_file)
    try:
        prepare_rows_file(path, row_type)
    except NambarzError as error:
        fail("--rows", error)
    except OSError as error:
        fail("--rows", f"{rows_file!r} cannot be written ({error.strerror or error}); expected a CSV file to append to")
    return path


def append_rows(path: Path | None, rows: Iterable[Any]) -> None:
    """Append a run's rows to the file :func:`rows_file_for` checked, if any."""
    if path is None:
        return
    from solver.self_play import append_rows as append  # noqa: PLC0415 - the engine only for a command that played

    try:
        append(path, rows)
    except OSError as error:
        fail("--rows", f"{str(path)!r} cannot be written ({error.strerror or error}); expected a CSV file to append to")
