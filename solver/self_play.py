"""Self-play spread over processes: a run's games played in parts, each seeded on its own, gathered in order.

A run of self-play is a range of game numbers and a function that plays
one game from its number alone (every game and every bot is seeded from the
run's seed and the game's number) and returns the game's row: what that
game measured.  :func:`play_games` hands parts of the range to the workers
of an executor — a pool of processes on this machine, or a Dask cluster's
workers — and returns the rows in game order, so that a report built from
them is the same however the run was split, on one core or on many.

Rows are kept for analysis in CSV files that several runs append to
(:func:`append_rows`, :func:`read_rows`).

>>> from functools import partial
>>> play_games(partial(pow, 2), range(5), jobs=1)
[1, 2, 4, 8, 16]
"""

from __future__ import annotations

import csv
import dataclasses
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from solver.errors import NambarzError

Row = TypeVar("Row")
Setting = TypeVar("Setting")
Report = TypeVar("Report")

PARTS_PER_WORKER = 8
"""A run is cut into about this many parts per worker, so that workers that finish early take more."""

MAX_PART = 10
"""The most games in one part: a progress bar moves often, and an interrupted run waits for few games to stop."""


def available_cores() -> int:
    """The processor cores this process may run on: the default number of workers.

    >>> available_cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform says which cores a process may use
        return os.cpu_count() or 1


def check_jobs(jobs: int | None) -> int:
    """The number of worker processes ``jobs`` asks for: all cores for ``None``.

    >>> check_jobs(3)
    3
    >>> check_jobs(0)
    Traceback (most recent call last):
    ...
    solver.errors.NambarzError: jobs must be a whole number from 1, not 0
    """
    if jobs is None:
        return available_cores()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise NambarzError(f"jobs must be a whole number from 1, not {jobs!r}")
    return jobs


def parts(numbers: range, workers: int) -> list[range]:
    """``numbers`` cut into consecutive parts, about :data:`PARTS_PER_WORKER` per worker and at most
    :data:`MAX_PART` games each.

    >>> parts(range(10), 1)
    [range(0, 2), range(2, 4), range(4, 6), range(6, 8), range(8, 10)]
    >>> [len(part) for part in parts(range(100), 2)]
    [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2]
    >>> len(parts(range(1000), 2))
    100
    """
    size = max(1, min(MAX_PART, math.ceil(len(numbers) / (workers * PARTS_PER_WORKER))))
    return [numbers[start : start + size] for start in range(0, len(numbers), size)]


def play_part(play: Callable[[int], Row], numbers: range) -> list[Row]:
    """Play the games ``numbers`` one after another in this process: their rows, in order."""
    return [play(number) for number in numbers]


def play_games(
    play: Callable[[int], Row],
    numbers: range,
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[], object] | None = None,
) -> list[Row]:
    """The rows of the games ``numbers``, each played by ``play(number)``, in the order of their numbers.

    With ``executor`` (a process pool, or a Dask client's executor) the games
    are played there in parts, ``jobs`` being the number of its workers; else
    with ``jobs`` of 1 they are played in this process, and otherwise by a
    pool of ``jobs`` processes (all cores for ``None``) made for this run.
    ``play`` must be picklable: a module's function, or a
    :func:`functools.partial` of one.  ``progress``, if given, is called
    once for each game played, when its part comes back.
    """
    workers = check_jobs(jobs)
    if executor is None and (workers == 1 or len(numbers) <= 1):
        rows = []
        for number in numbers:
            rows.append(play(number))
            if progress is not None:
                progress()
        return rows
    if executor is None:
        with process_pool(min(workers, len(numbers))) as pool:
            return _play_in_parts(pool, play, parts(numbers, workers), progress)
    return _play_in_parts(executor, play, parts(numbers, workers), progress)


def play_settings(
    settings: Sequence[Setting],
    run: Callable[[Setting, Executor | None], Report],
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    finished: Callable[[Report], object] | None = None,
) -> list[Report]:
    """A sweep: ``run(setting, executor)`` for each setting in turn, every run on the same workers.

    Without ``executor`` one pool of ``jobs`` processes (all cores for
    ``None``) is made for the whole sweep, or none for ``jobs`` of 1.
    ``finished``, if given, is called with each run's report as soon as the
    run ends, so that its rows can be kept before the next run starts.

    >>> from functools import partial
    >>> play_settings([2, 3], lambda count, _: play_games(partial(pow, 2), range(count), jobs=1), jobs=1)
    [[1, 2], [1, 2, 4]]
    """

    def run_all(pool: Executor | None) -> list[Report]:
        reports = []
        for setting in settings:
            report = run(setting, pool)
            if finished is not None:
                finished(report)
            reports.append(report)
        return reports

    if executor is not None or check_jobs(jobs) == 1:
        return run_all(executor)
    with process_pool(jobs) as pool:
        return run_all(pool)


@contextmanager
def process_pool(jobs: int | None = None) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes (all cores for ``None``) that several runs can share.

    The workers are forked from a fork server, a process started for the
    purpose with nothing else running in it, rather than from this process,
    which may run threads (a server, a browser driver) that a fork would
    copy mid-step.  On leaving, parts not yet started are cancelled, so that
    an interrupted run stops once the parts being played are done.
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pool = ProcessPoolExecutor(max_workers=check_jobs(jobs), mp_context=context)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _play_in_parts(
    executor: Executor, play: Callable[[int], Row], pieces: Sequence[range], progress: Callable[[], object] | None
) -> list[Row]:
    futures: dict[Future[list[Row]], int] = {
        executor.submit(play_part, play, piece): index for index, piece in enumerate(pieces)
    }
    results: list[list[Row]] = [[] for _ in pieces]
    waiting = set(futures)
    try:
        while waiting:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                results[futures[future]] = future.result()
                if progress is not None:
                    for _ in pieces[futures[future]]:
                        progress()
    finally:
        for future in waiting:
            future.cancel()
    return [row for part in results for row in part]


# ----------------------------------------------------------------- rows kept for analysis


def prepare_rows_file(path: Path, row_type: type) -> None:
    """Make sure rows of ``row_type`` (a dataclass) can be appended to the CSV file at ``path``, before a run.

    A missing file is created empty; an existing one must start with the same
    header, so that one file never mixes two kinds of rows.  A file that
    cannot be written raises :class:`OSError`; one holding other rows,
    :class:`~solver.errors.NambarzError`.
    """
    header = [field.name for field in dataclasses.fields(row_type)]
    if path.exists() and path.stat().st_size > 0:
        try:
            with path.open(newline="", encoding="utf-8") as existing:
                found = next(csv.reader(existing), [])
        except (UnicodeDecodeError, csv.Error):
            found = None
        if found != header:
            raise NambarzError(f"{path.name} holds something other than these rows; write them to another file")
    with path.open("a", encoding="utf-8"):
        pass


def append_rows(path: Path, rows: Iterable[Any]) -> int:
    """Append ``rows`` (dataclass instances of one kind) to the CSV file at ``path``: how many were written.

    The file is checked as :func:`prepare_rows_file` does; an empty one gets
    the header (the dataclass's field names) first.  Booleans are written as
    ``true``/``false``, sequences as their items separated by spaces, and
    ``None`` as an empty cell.
    """
    written = list(rows)
    if not written:
        return 0
    prepare_rows_file(path, type(written[0]))
    header = [field.name for field in dataclasses.fields(written[0])]
    with path.open("a", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        if path.stat().st_size == 0:
            writer.writerow(header)
        writer.writerows([_cell(getattr(row, name)) for name in header] for row in written)
    return len(written)


def read_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a CSV file written by :func:`append_rows`, each as a mapping of its header to its cells."""
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return " ".join(_cell(item) for item in value)
    if value is None:
        return ""
    return str(getattr(value, "value", value))
