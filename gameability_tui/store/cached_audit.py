"""Cached, else audited, stored and flushed: the one loop the app and ``export`` share.

A result made by this engine under these settings for this very problem is never audited twice:
the app would re-run minutes of audit on every reopen, and ``export --summary`` would audit what
the app has already judged. What is audited is appended to the cache in batches, so a kill loses
one batch at most, and a caller that may not write (an app has the database open) only reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from ..engine.executors.base import CensusRun, Executor
from ..engine.executors.choice import open_census
from ..engine.model import AuditParams, Problem, ProblemResult
from .results import ResultCache, problem_key

FLUSH_EVERY = 50  # results appended to the cache per fsync: what a kill -9 may lose at most


class CachedAudit:
    """Every problem's result: the cache's where it has one (``from_cache``), else the census's
    (``audited``), which are appended to the cache as they come when ``store_new``."""

    def __init__(
        self,
        problems: Sequence[Problem],
        params: AuditParams,
        cache: ResultCache,
        executor: Executor,
        keys: Mapping[str, str] | None = None,
        nice: int = 0,
        store_new: bool = True,
    ) -> None:
        self.problems, self.params, self.cache = problems, params, cache
        self.executor, self.nice, self.store_new = executor, nice, store_new
        self.keys = dict(keys or {})
        self.pending: list[Problem] = []
        self.census: CensusRun | None = None

    def from_cache(self, cancelled: Callable[[], bool] = lambda: False) -> Iterator[ProblemResult]:
        """The cached results, in the benchmark's order; what is not cached waits in ``pending``."""
        for index, problem in enumerate(self.problems):
            if index % 1000 == 0 and cancelled():
                return
            key = self.keys.get(problem.id) or problem_key(problem, self.params)
            self.keys[problem.id] = key
            cached = self.cache.get_key(key)
            if cached is None:
                self.pending.append(problem)
            else:
                yield cached

    def audited(self) -> Iterator[ProblemResult]:
        """The census's results on ``pending``, in completion order, each stored as it comes."""
        if not self.pending:
            return
        self.census = open_census(self.pending, self.params, self.executor, nice=self.nice)
        try:
            for result in self.census:
                if self.store_new:
                    self.cache.put_key(self.keys[result.id], result)
                    if self.cache.pending >= FLUSH_EVERY:
                        self.cache.flush()
                yield result
        finally:
            self.census.cancel()
            if self.store_new:
                self.cache.flush()  # Ctrl-C and a failed census included: what was audited is kept

    def cancel(self) -> None:
        if self.census is not None:
            self.census.cancel()
