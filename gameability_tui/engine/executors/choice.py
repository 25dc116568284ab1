"""Where a census runs: on this machine's cores (``census.Census``) or on a Ray cluster
(``ray_census.RayCensus``), behind one interface, with identical per-problem results.

Both yield ``ProblemResult``s in completion order, stop with ``cancel()`` from any thread and say
how many workers they used, so check's progress and report, the app's table and the result cache
consume either unchanged. Ray is imported only when an address is given: the default path never
loads it (``tests/test_import_hygiene.py``), and a machine without it gets one line saying what
to install.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from ..model import AuditParams, Problem, ProblemResult
from .local import Census

RAY_INSTALL = "pip install 'gameability-tui[ray]'"


class ExecutorError(Exception):
    """A census that cannot run or go on, in one sentence that says what to do."""


class CensusRun(Protocol):
    workers: int

    def __iter__(self) -> Iterator[ProblemResult]: ...

    def cancel(self) -> None: ...


def open_census(
    problems: Iterable[Problem],
    params: AuditParams,
    workers: int | None = None,
    ray_address: str | None = None,
    nice: int = 0,
) -> CensusRun:
    """A local census, or one on the Ray cluster at ``ray_address`` (``auto``: the one running here).

    ``nice``: the local workers' added niceness, for a caller with a screen to keep responsive
    (a Ray cluster's nodes are not this machine's to deprioritise)."""
    if ray_address is None:
        return Census(problems, params, workers=workers, nice=nice)
    return _ray_census().RayCensus(problems, params, ray_address, workers=workers)


def join_ray(address: str) -> None:
    """Join the Ray cluster at ``address`` now: the app does before it opens, so that a wrong
    address is one line in the terminal instead of a failed audit inside the app."""
    _ray_census().RayCensus([], AuditParams(), address).connect()


def _ray_census():
    try:
        from . import ray_cluster as ray_census
    except ImportError as error:
        raise ExecutorError(f"--ray needs Ray, which is not installed ({error}): {RAY_INSTALL}") from None
    return ray_census
