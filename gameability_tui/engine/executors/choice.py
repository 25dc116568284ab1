"""Where a census runs: on this machine's cores (``local.Census``) or on a Ray cluster
(``ray_cluster.RayCensus``), behind one interface (``base.CensusRun``), with identical
per-problem results.

Ray is imported only when an address is given: the default path never loads it
(``tests/test_import_hygiene.py``), and a machine without it gets one line saying what to install.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import AuditParams, Problem
from .base import CensusRun, Executor, ExecutorError
from .local import Census

RAY_INSTALL = "pip install 'gameability-tui[ray]'"


def open_census(
    problems: Iterable[Problem], params: AuditParams, executor: Executor, nice: int = 0
) -> CensusRun:
    """A census of ``problems`` on ``executor``.

    ``nice``: the local workers' added niceness, for a caller with a screen to keep responsive
    (a Ray cluster's nodes are not this machine's to deprioritise)."""
    if executor.ray_address is None:
        return Census(problems, params, workers=executor.workers, nice=nice)
    return _ray_cluster().RayCensus(problems, params, executor.ray_address, workers=executor.workers)


def join(executor: Executor) -> None:
    """Reach the executor's cluster now, if it has one: the app does before it opens, so that a
    wrong address is one line in the terminal instead of a failed audit inside the app."""
    if executor.ray_address is not None:
        _ray_cluster().RayCensus([], AuditParams(), executor.ray_address).connect()


def _ray_cluster():
    try:
        from . import ray_cluster
    except ImportError as error:
        raise ExecutorError(f"--ray needs Ray, which is not installed ({error}): {RAY_INSTALL}") from None
    return ray_cluster
