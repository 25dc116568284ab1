"""Which lines of the reference the visible tests run, and which each candidate assert runs.

The ``path`` flag asks whether an assert's answer comes from a branch no visible test runs
(``if len(n) <= 2: return False`` where every test passes three digits or more): there the task's
text is the only judge, and the reference's answer is a convention it may never state. The
visible tests' own answers cannot tell (``False`` is also what a test of another branch
expects); the lines they run can.

The reference is run in a sandboxed child like every other piece of benchmark code (the "lines"
job), traced by Python's line events. Threats, and what is done about each:

- A test heavy enough that tracing it takes long: the job is bounded by ``COVERAGE_SECONDS`` of
  CPU; a run that did not finish is no coverage (None), never a partial one, since a line missing
  from a partial run would read as unreached and raise a flag.
- Its cost on every problem: it is run only for a problem with a candidate the flag could apply
  to (an answer equal to a literal the reference returns under an ``if``), in one child.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import AuditParams, Problem
from ..sandbox import run_job
from .prepared import backstop_seconds, base_job, parse_checks

COVERAGE_SECONDS = 10.0  # CPU for the traced run: line tracing costs some 5-20x a plain run


@dataclass(frozen=True)
class Coverage:
    """The reference's lines run by its visible tests (and checks), and by each assert text."""

    visible: frozenset[int]
    by_assert: dict[str, frozenset[int]]


def reference_coverage(
    problem: Problem, entry: str, texts: list[str], params: AuditParams
) -> Coverage | None:
    """The lines of ``problem.reference`` that its visible tests run and that each of ``texts``
    runs, or None where the traced run did not finish."""
    cpu = min(COVERAGE_SECONDS, params.reference_seconds)
    run = run_job(
        base_job(
            problem, entry, params, mode="lines", asserts=list(texts), checks=parse_checks(problem.checks),
            cpu_seconds=cpu, wall_seconds=backstop_seconds(cpu),
        )
    )  # fmt: skip
    if run.load is not None or not run.complete or run.lines is None:
        return None
    return Coverage(
        frozenset(run.lines),
        {text: frozenset(run.assert_lines.get(index, ())) for index, text in enumerate(texts)},
    )
