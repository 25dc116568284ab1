"""Confirmation on valid inputs: do EvalPlus's tests reject the survivors we found?

Fresh inputs can break a problem's unstated rules, so a survivor may be "wrong" only on inputs
the problem never promised to handle. EvalPlus's inputs respect each task's contract: a survivor
that passes the original tests and fails EvalPlus's is broken on inputs the problem does allow.
A survivor whose run never came back is unknown (None), never counted as rejected.
"""

from __future__ import annotations

from ..inputs.calls import entry_of
from ..model import AuditParams, Problem
from ..sandbox import Job, run_job
from .prepared import backstop_seconds, oracle_for, parse_checks
from .reference import run_checks_unlimited


def rejected_by_checks(problem: Problem, sources: list[str], params: AuditParams) -> list[bool | None]:
    """For each program in ``sources``: True if some check of ``problem`` rejects it."""
    checks = parse_checks(problem.checks)
    entry = entry_of(problem)
    if not checks or not entry:
        return [None] * len(sources)
    common = dict(setup=problem.setup, entry=entry, alias=problem.call_alias, tests=[], checks=checks)
    expected = run_checks_unlimited(
        problem, params, entry, checks, problem.check_reference or problem.reference
    )
    if expected.load is not None or not expected.complete:
        return [None] * len(sources)
    outcomes = [expected.checks[i][1] for i in range(len(checks))]
    budgets = [params.budget_for(expected.checks[i][2]) for i in range(len(checks))]
    cpu = max(params.cpu_seconds, 5 * expected.cpu)
    verdicts: list[bool | None] = []
    for source in sources:
        run = run_job(
            Job(
                mode="checks", program=source, check_budgets=budgets, reference_checks=outcomes,
                atol=problem.atol, oracle=oracle_for(problem, params), cpu_seconds=cpu,
                wall_seconds=backstop_seconds(cpu),
                memory_mb=params.memory_mb, **common,
            )
        )  # fmt: skip
        if run.load is not None or any(not passed for passed, _, _ in run.checks.values()):
            verdicts.append(True)
        elif len(run.checks) == len(checks):
            verdicts.append(False)
        else:
            verdicts.append(None)
    return verdicts
