"""Judging mutants: broken, surviving, equivalent, truncated or slow.

- Equivalent mutants (the reference's outcome on every fresh input) are discarded: they are not
  evidence of weak tests.
- Only inputs where the reference returned normally can tell a mutant apart, unless the visible
  tests show a raise: then its exception is part of the answer too (``Oracle.differs``).
- A mutant whose child died or hit a wall-clock or CPU limit before its verdict was known is
  TRUNCATED: counted apart, never as rejected and never as surviving.
- Slow is not wrong: each budget comes from the reference's own steps (``AuditParams.budget_for``),
  and "did not return" on a fresh input, or a visible test or check that ran out of its budget,
  counts only once a larger allowance (``AuditParams.confirm_for`` / ``test_confirm_for``, each
  with a harness's time limit as its floor) confirms it (the child re-runs it,
  ``sandbox/runner.py``); a mutant that was merely slow is counted apart."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..model import AuditParams, Problem
from ..outcome import Oracle
from ..sandbox import Job, Run, run_jobs, shares_spare_cores
from ..sandbox.steps import PENDING, UNCOUNTED
from .infection import unchanged_flags
from .prepared import Prepared, backstop_seconds, base_job, oracle_for
from .reference import exact_test_steps

COSTLY_PROBLEM_SECONDS = 1.0  # reference CPU x mutants past which mutants run in two lanes (no census)


@dataclass
class Verdict:
    """One mutant's fate: broken (differs from a normal return of the reference on a fresh input),
    surviving (broken yet passes every visible test and check), or truncated (a limit ended it
    before that was known). ``slow``: it ran out of its budget on an input but, given far more,
    returned the reference's answer there. ``outcomes``: its outcome on each witness."""

    broken: bool = False
    survived: bool = False
    truncated: bool = False
    slow: bool = False
    witnesses: tuple[int, ...] = ()
    outcomes: dict[int, tuple] = field(default_factory=dict)


def _verdict(
    run: Run,
    reference_calls: list,
    n_tests: int,
    oracle: Oracle,
    n_checks: int = 0,
    random_answers: frozenset[int] = frozenset(),
) -> Verdict:
    slow = bool(run.slow)
    if run.load is not None:  # loads differently from the reference: broken, and fails its tests
        return Verdict(broken=True, slow=slow)
    differs = tuple(i for i, (got, _) in sorted(run.calls.items()) if oracle.differs(got, reference_calls[i]))
    if not differs:
        return Verdict(truncated=not run.complete, slow=slow)
    if any(not passed for passed, _, _ in run.tests.values()):
        return Verdict(broken=True, slow=slow)
    if len(run.tests) < n_tests:
        return Verdict(truncated=True, slow=slow)
    if any(not passed for passed, _, _ in run.checks.values()):
        return Verdict(broken=True, slow=slow)
    if len(run.checks) < n_checks:
        return Verdict(truncated=True, slow=slow)
    witnesses = tuple(i for i in differs if i not in random_answers)
    if not witnesses:  # it differs only where the reference's answer is a random draw: no evidence
        return Verdict(truncated=not run.complete, slow=slow)
    outcomes = {i: run.calls[i][0] for i in witnesses}
    return Verdict(broken=True, survived=True, slow=slow, witnesses=witnesses, outcomes=outcomes)


def judge_program(problem: Problem, params: AuditParams, prepared: Prepared, program: str) -> Verdict:
    """Judge ``program`` as a mutant of the reference, under the audit's budgets and inputs.

    The audit judges its own mutants this way; the difference report judges mutants another tool
    found, and ``bench/self_equivalence.py`` the reference itself, so all are judged by exactly
    the same rules."""
    return judge_programs(problem, params, prepared, [program])[0]


def judge_programs(
    problem: Problem, params: AuditParams, prepared: Prepared, programs: list[str]
) -> list[Verdict]:
    """``judge_program`` for many programs at once: they share child processes (``run_jobs``).

    A mutant that reaches a visible test whose reference steps were not counted stops there
    (its budget is PENDING). One whose site keeps the reference's values on such tests runs them
    as the reference does (``infection.unchanged_flags``): it is judged again from the start,
    passing them unrun. For the others the reference's steps are counted
    (``exact_test_steps``) and they are judged again from the start, with every budget exact."""
    job = _mutant_job(problem, params, prepared)
    # In a census, mutants spread over the cores of workers that have run out of problems
    # (sandbox.share_spare_cores). Elsewhere (a Ray actor, one problem alone) a problem whose
    # mutants will take seconds gets two children at once, so that it does not hold up the end.
    costly = prepared.reference.cpu * len(programs) >= COSTLY_PROBLEM_SECONDS
    lanes = 2 if costly and not shares_spare_cores() else 1
    runs = run_jobs([replace(job, program=program) for program in programs], lanes=lanes)
    waiting = [index for index, run in enumerate(runs) if run.pending]
    if waiting:  # those that run the costly tests as the reference does pass them unrun
        steps, unchanged = unchanged_flags(problem, params, prepared, [programs[i] for i in waiting])
        skipping = [index for index, same in zip(waiting, unchanged) if same]
        unrun = [replace(job, program=programs[i], unchanged_steps=steps) for i in skipping]
        again = run_jobs(unrun, lanes=lanes)
        for index, run in zip(skipping, again):
            runs[index] = run
        waiting = [index for index, same in zip(waiting, unchanged) if not same]
    if waiting:
        if exact_test_steps(problem, params, prepared):
            job = _mutant_job(problem, params, prepared)
            again = run_jobs([replace(job, program=programs[index]) for index in waiting], lanes=lanes)
            for index, run in zip(waiting, again):
                runs[index] = run
        else:  # the reference did not finish its tests again: those verdicts cannot be known
            for index in waiting:
                runs[index] = Run(stopped="reference-did-not-finish")
    oracle = oracle_for(problem, params)
    n_tests, n_checks = len(problem.tests), len(prepared.checks)
    return [
        _verdict(run, prepared.reference_calls, n_tests, oracle, n_checks, prepared.random_answers)
        for run in runs
    ]


def rejected_by_tests(problem: Problem, params: AuditParams, prepared: Prepared, programs: list[str]) -> int:
    """How many of ``programs`` fail to load or fail a visible test (or check), fresh inputs
    aside. Asked only where none differs from the reference on a fresh input: then the count
    tells whether the tests see what the fresh inputs do not (the benchmark's own ``==`` between
    two results, a visible input no draw repeats) or nothing the mutants changed shows anywhere
    (the twentieth pass: a problem whose tests reject two mutants was excluded as "every mutant
    behaves like the reference")."""
    job = _mutant_job(problem, params, prepared)
    bare = replace(
        job, mode="tests", calls=[], call_budgets=[], reference_calls=[], call_order=[],
        confirm_budgets=job.confirm_budgets[len(job.calls) :],
    )  # fmt: skip
    runs = run_jobs([replace(bare, program=program) for program in programs])
    return sum(run.load is not None or not all(passed for passed, _, _ in _steps_of(run)) for run in runs)


def _steps_of(run: Run) -> tuple:
    """Each visible test's and check's (passed, outcome, steps), as ``run`` recorded them."""
    return (*run.tests.values(), *run.checks.values())


def _mutant_job(problem: Problem, params: AuditParams, prepared: Prepared) -> Job:
    """The job a mutant is judged by, but for its program: budgets from the reference's steps
    (PENDING on a test whose steps were not counted), limits from its CPU time. Its load (the
    program and setup run once) gets a harness's allowance at once, as it is never run again to
    confirm: slow is not wrong there either (the fourteenth pass: a correct candidate that
    imports ``statistics``, some 20,000 steps, "failed" every test)."""
    reference, checks = prepared.reference, prepared.checks
    calls = [call.as_job() for call in prepared.fresh]
    cpu = max(params.cpu_seconds, 5 * reference.cpu)
    test_steps = [reference.tests[i][2] for i in range(len(problem.tests))]
    check_steps = [reference.checks[i][2] for i in range(len(checks))]
    # One confirmation allowance per fresh call, then per visible test, then per check (runner.py).
    confirm = [params.confirm_for(steps) for steps in prepared.call_steps]
    confirm += [params.test_confirm_for(steps) for steps in test_steps + check_steps]
    return base_job(
        problem, prepared.entry, params, mode="mutant", calls=calls,
        load_budget=params.confirm_for(reference.load_steps),
        test_budgets=[PENDING if steps == UNCOUNTED else params.budget_for(steps) for steps in test_steps],
        call_budgets=[params.budget_for(steps) for steps in prepared.call_steps],
        confirm_budgets=confirm,
        reference_calls=prepared.reference_calls, cpu_seconds=cpu, wall_seconds=backstop_seconds(cpu),
        call_order=prepared.call_order, test_order=prepared.test_order, atol=problem.atol, checks=checks,
        tests_independent=prepared.tests_independent,
        reference_checks=[reference.checks[i][1] for i in range(len(checks))],
        check_budgets=[params.budget_for(steps) for steps in check_steps],
    )  # fmt: skip
