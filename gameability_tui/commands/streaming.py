"""What lets ``check`` audit a benchmark of any size: problems read as the census asks for them,
results kept only as far as the outputs asked for need them, and ``--resume`` from a results file.

Memory: with ``--jsonl`` and no ``--json``/``--fixes`` (outputs that need every result at the end),
a JSONL benchmark is streamed (``StreamedJsonl``): the driver holds the problems in flight (at
most two per worker, ``Census.window``), the running counts (``Tally``), the first ``--show`` weak
results, and the ids of the file (to refuse a repeated id). Everything else is in the results file.

Order: results arrive in completion order; each carries the index its problem had in the
benchmark (``Feed.taken``), so the printed weak problems and the JSON report are in benchmark order
whatever order the workers finished in, as they always were.
"""

from __future__ import annotations

import argparse
import heapq
import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path

from rich.console import Console

from ..benchmarks import Benchmark, jsonl_path
from ..benchmarks.fixed_references import with_fixed_references
from ..benchmarks.jsonl import StreamedJsonl
from ..engine.model import AuditParams, Problem, ProblemResult
from ..engine.stats import Tally
from ..files import aside_name
from ..resultlog import keep_reused, problem_sha, read_previous
from ..words import counted
from .options import load_sampled


@dataclass(frozen=True)
class AuditSource:
    """The benchmark to audit: what the summary names, how many problems, and a fresh pass over
    them in benchmark order each time ``problems()`` is called."""

    benchmark: Benchmark  # name, source and drops; its problem list is empty when streamed
    total: int
    problems: Callable[[], Iterable[Problem]]
    streamed: bool
    notes: tuple[str, ...] = ()  # what the command says once before the audit


def open_source(args: argparse.Namespace) -> AuditSource:
    """Stream a JSONL benchmark when every output can be written as results arrive; otherwise
    load it whole, as ``check`` always has."""
    path = jsonl_path(args.benchmark)
    whole = args.json or args.fixes or args.limit is not None or args.plus_data is not None
    if path is not None and args.jsonl is not None and not whole:
        stream = StreamedJsonl.open(path)
        return AuditSource(Benchmark(path.name, [], str(path)), stream.count, stream.problems, streamed=True)
    benchmark = load_sampled(args)
    notes: tuple[str, ...] = ()
    if args.plus_data is not None:
        benchmark, counts = with_fixed_references(benchmark, args.plus_data)
        notes = (fixed_references_note(counts, len(benchmark.problems)),)
    total = len(benchmark.problems)
    return AuditSource(benchmark, total, lambda: benchmark.problems, streamed=False, notes=notes)


def fixed_references_note(counts: Counter, total: int) -> str:
    """What ``--plus-data`` attached, in one line: how many problems, and why not the others."""
    others = "; ".join(f"{n}: {why}" for why, n in sorted(counts.items()) if why != "attached")
    return (
        f"--plus-data: EvalPlus's fixed reference beside {counts['attached']} of {total} problems"
        + (f" ({others})" if others else "")
        + "; asserts it rejects are flagged reference:, verdicts unchanged"
    )


class Feed:
    """The problems to audit, pulled one at a time; remembers the index and hash of each one taken
    until its result is claimed (``taken.pop(id)``), so only problems in flight are held. The hash
    (for the results file) is computed only when ``hashed``."""

    def __init__(self, problems: Iterable[Problem], skip: set[str], hashed: bool) -> None:
        self._problems = problems
        self._skip = skip
        self._hashed = hashed
        self.taken: dict[str, tuple[int, str]] = {}

    def __iter__(self) -> Iterator[Problem]:
        for index, problem in enumerate(self._problems):
            if problem.id in self._skip:
                continue
            self.taken[problem.id] = (index, problem_sha(problem) if self._hashed else "")
            yield problem


EXCLUDED_NAMED = 3  # excluded problems named per reason in the summary (the report has them all)


class Collected:
    """The results as far as the outputs need them: running counts always, every result only when
    ``keep`` (the JSON report and the fixes file), the first ``show`` weak ones in benchmark order."""

    def __init__(self, keep: bool, show: int) -> None:
        self.tally = Tally()
        self.weak = 0
        self._keep = keep
        self._kept: list[tuple[int, ProblemResult]] = []
        self._show = max(0, show)
        self._first_weak: list[tuple[int, int, ProblemResult]] = []  # a max-heap on the index
        self._ties = count()
        # Per exclusion reason, the first few excluded problems in benchmark order (max-heaps).
        self._first_excluded: dict[str, list[tuple[int, str]]] = {}

    def add(self, index: int, result: ProblemResult) -> None:
        self.tally.add(result)
        if self._keep:
            self._kept.append((index, result))
        if result.weak:
            self.weak += 1
            heapq.heappush(self._first_weak, (-index, next(self._ties), result))
            if len(self._first_weak) > self._show:
                heapq.heappop(self._first_weak)  # the latest in benchmark order
        if result.exclusion is not None:
            first = self._first_excluded.setdefault(result.exclusion, [])
            heapq.heappush(first, (-index, result.id))
            if len(first) > EXCLUDED_NAMED:
                heapq.heappop(first)

    def results(self) -> list[ProblemResult]:
        """Every result kept, in benchmark order."""
        return [result for _, result in sorted(self._kept, key=lambda pair: pair[0])]

    def first_weak(self) -> list[ProblemResult]:
        return [result for _, _, result in sorted(self._first_weak, reverse=True)[: self._show]]

    def first_excluded(self, reason: str) -> list[str]:
        """The ids of the first ``EXCLUDED_NAMED`` problems excluded for ``reason``, in benchmark order."""
        return [problem_id for _, problem_id in sorted(self._first_excluded.get(reason, []), reverse=True)]


def _keep_aside(path: Path) -> Path:
    """A copy of ``path`` beside it, named for the moment (never over an earlier copy)."""
    aside = aside_name(path, "before-resume")
    shutil.copy2(path, aside)
    return aside


def resume(
    console: Console, path: Path, params: AuditParams, source: AuditSource, collected: Collected
) -> set[str]:
    """Reuse the lines of ``path`` made with these settings for problems unchanged in this
    benchmark; rewrite the file with only those; say what was not reused and why. The ids reused."""
    previous = read_previous(path, params)  # a ResultLogError is a LoadError: one line, no traceback
    reuse: dict[str, int] = {}
    for index, problem in enumerate(source.problems()):
        stored = previous.usable.get(problem.id)
        if stored is not None and stored == problem_sha(problem):
            reuse[problem.id] = index
    stale = len(previous.usable) - len(reuse)
    # The file is rewritten with the reused lines only; a run with a mistyped setting or sample
    # would otherwise throw away every other result in it, so the file as it was is kept.
    aside = _keep_aside(path) if previous.other_settings or stale else None
    keep_reused(path, params, set(reuse), lambda result: collected.add(reuse[result.id], result))
    say = lambda text: console.print(text, markup=False, highlight=False, soft_wrap=True)  # noqa: E731
    say(f"resuming {path}: {len(reuse)} results reused, {source.total - len(reuse)} to audit")
    if previous.other_settings:
        say(
            f"  {counted(previous.other_settings, 'line')} made with other settings ({previous.difference}) "
            "not reused: removed from the file; the problems of this run are audited with these settings"
        )
    if stale:
        where = "changed, outside this --limit sample or not in this benchmark"
        say(f"  {counted(stale, 'line')} for problems {where} not reused")
    if aside is not None:
        say(f"  the file as it was, with every line not reused, is kept at {aside}")
    if previous.duplicates:
        say(f"  {counted(previous.duplicates, 'repeated line')} dropped")
    if previous.torn:
        say("  the last line was cut short (a run killed while writing it): ignored")
    return set(reuse)
