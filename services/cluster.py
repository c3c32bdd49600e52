"""Self-play on a Dask cluster: the executor a run hands its games to, when one machine is not enough.

A run of self-play is cut into parts that any :class:`concurrent.futures.Executor`
plays (:mod:`solver.self_play`).  Dask's distributed scheduler offers that
same interface on a cluster, so a sweep runs on a laptop's local cluster or
on many machines' workers with the code that runs it on one machine's
processes, and its report is the same.  Dask is an extra
(``pip install 'nambarz[cluster]'``): nothing else needs it.

:func:`cluster_executor` opens the executor: ``local`` starts a cluster of
worker processes on this machine for the run and stops it afterwards; an
address (``tcp://host:8786``) connects to a running scheduler, whose workers
must have this project installed at the same version.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass

from solver.errors import NambarzError
from solver.self_play import check_jobs

LOCAL = "local"
"""The address that asks for a cluster started on this machine for the run."""


class ClusterError(NambarzError):
    """The cluster cannot be used: Dask is not installed, or its scheduler does not answer."""

    code = "cluster-unavailable"


@dataclass(frozen=True)
class Cluster:
    """An open cluster: the executor to hand games to, and how many games it plays at once."""

    executor: Executor
    workers: int


@contextmanager
def cluster_executor(address: str, workers: int | None = None) -> Iterator[Cluster]:
    """The executor of the Dask cluster at ``address``, or of a local one of ``workers`` processes.

    ``workers`` (all cores for ``None``) is used only by a local cluster; a
    scheduler's cluster plays as many games at once as its workers have
    threads.  How long a scheduler is waited for is Dask's setting
    ``distributed.comm.timeouts.connect`` (30 s unless configured, e.g. by the
    environment variable ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=10s``).
    """
    try:
        from distributed import Client, LocalCluster  # noqa: PLC0415 - Dask is an extra, needed only for a cluster
    except ImportError as error:
        raise ClusterError("a cluster needs Dask: install the cluster extra, pip install 'nambarz[cluster]'") from error
    if address == LOCAL:
        processes = check_jobs(workers)
        with (
            LocalCluster(n_workers=processes, threads_per_worker=1, processes=True, dashboard_address=None) as local,
            Client(local) as client,
        ):
            yield Cluster(client.get_executor(pure=False), processes)
        return
    try:
        client = Client(address)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from error
    with client:
        threads = sum(worker["nthreads"] for worker in client.scheduler_info()["workers"].values())
        if not threads:
            raise ClusterError(
                f"the Dask scheduler at {address!r} has no workers; start some with: dask worker {address}"
            )
        yield Cluster(client.get_executor(pure=False), threads)
