"""What every executor of a census offers, and the one setting that chooses among them.

An executor takes problems from any iterable, yields each ``ProblemResult`` in completion order,
stops with ``cancel()`` from any thread, and says how many workers it used. Check's progress and
report, the app's table and the result cache consume any executor unchanged, so a new one (a
cluster, a queue) is one module that satisfies ``CensusRun`` and one branch in ``choice.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from ...errors import UserError
from ..model import ProblemResult


class ExecutorError(UserError):
    """A census that cannot run or go on, in one sentence that says what to do."""


class CensusRun(Protocol):
    workers: int

    def __iter__(self) -> Iterator[ProblemResult]: ...

    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Executor:
    """Where a census runs: ``workers`` processes on this machine (None: one per core), or the Ray
    cluster at ``ray_address`` (``auto``: the one this machine is part of)."""

    workers: int | None = None
    ray_address: str | None = None
