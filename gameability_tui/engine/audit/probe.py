"""Probe: a reviewer's own arguments, run on the reference and on every survivor.

The reviewer types argument text (``[4, 9], 2``); it is parsed as literals only (no code runs in
the caller's process), then each program runs in its own sandboxed child like any candidate.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

from .. import outcome as oc
from ..inputs.calls import Call, lazy_kind
from ..model import AuditParams, Problem
from ..sandbox import Job, run_job
from .asserts import assert_text
from .gating import run_asserts  # the gate's own runner: the same child, budgets and setup
from .prepared import backstop_seconds, oracle_for
from .reference import may_keep_state


class BadArguments(ValueError):
    """The argument text is not a list of Python literals."""


def parse_arguments(text: str) -> Call:
    try:
        tree = ast.parse(f"f({text})", mode="eval")
    except (SyntaxError, ValueError) as error:  # ValueError: a NUL character
        raise BadArguments(f"not valid arguments: {getattr(error, 'msg', error)}") from error
    call = tree.body
    # The text must close nothing it did not open: ``)(`` parses as ``f()()`` and ``1), (2`` as a
    # tuple of two, neither of them one call of ``f`` with these arguments.
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "f"):
        raise BadArguments("not valid arguments: write them as between the parentheses of one call")
    try:
        args = tuple(ast.literal_eval(arg) for arg in call.args)
        kwargs = tuple((k.arg, ast.literal_eval(k.value)) for k in call.keywords)
    except ValueError as error:
        raise BadArguments("arguments must be literals (numbers, strings, lists, dicts...)") from error
    if any(name is None for name, _ in kwargs):
        raise BadArguments("**keywords are not supported in a probe")
    return Call(args, kwargs)


def probe(
    problem: Problem, entry: str, survivors: list[str], arguments: str, params: AuditParams
) -> dict[str, Any]:
    """Outcomes of the reference and each survivor on one call, and the assert it suggests."""
    try:
        call = parse_arguments(arguments)
    except BadArguments as error:
        return {"error": str(error)}
    name = problem.call_alias or entry

    def run(program: str, budget: int | None) -> tuple[Any, int]:
        job = Job(
            mode="reference", program=program, setup=problem.setup, entry=entry,
            alias=problem.call_alias, calls=[call.as_job()], call_budgets=[budget],
            cpu_seconds=params.cpu_seconds, wall_seconds=backstop_seconds(params.cpu_seconds),
            memory_mb=params.memory_mb,
        )  # fmt: skip
        result = run_job(job)
        if result.load is not None:
            return result.load, 0
        return result.calls.get(0, (oc.STOPPED_OUTCOME, 0))

    oracle = oracle_for(problem, params)
    reference, steps = run(problem.reference, None)
    budget = params.budget_for(steps)
    rows = []
    for source in survivors:
        got, _ = run(source, budget)
        rows.append({"outcome": oc.describe(got), "differs": not oracle.same(got, reference)})
    lazy = lazy_kind(problem.reference, entry)
    text = assert_text(
        call, name, reference, raises=oracle.raises, lazy=lazy, prints=oracle.prints, caught=oracle.caught,
        fragments=oracle.fragments, unordered=oracle.unordered, atol=oracle.stated_atol,
    )  # fmt: skip
    return {"call": call.render(name), "reference": oc.describe(reference), "survivors": rows, "assert": text}


PASSES, FAILS, RUNS_PAST = "passes", "fails", "runs past the budget"


def own_tests(
    problem: Problem, entry: str, survivors: list[str], texts: list[str], params: AuditParams
) -> dict[str, Any]:
    """The benchmark's own tests (``texts``: visible, then challenge) on the reference and on each
    survivor, each PASSES, FAILS or RUNS_PAST (a survivor given the confirmation allowance that
    still had not finished: a harness's time limit would stop it, so the app shows it apart from
    a pass). The app asks this to show the reviewer what the survivor under review does on the
    tests the benchmark already has; it changes no verdict of the audit."""

    def word(run: Any) -> str:
        if run is None:
            return FAILS  # the child died on it: whatever a harness makes of that, it is no pass
        return PASSES if run.passed else (RUNS_PAST if run.exceeded else FAILS)

    reference = _in_order(problem, entry, problem.reference, texts, None, params)
    steps = [reference[i].steps if i in reference else 0 for i in range(len(texts))]
    budgets = [params.confirm_for(s) for s in steps]
    rows = []
    for source in survivors:
        runs = _in_order(problem, entry, source, texts, budgets, params)
        rows.append([word(runs.get(i)) for i in range(len(texts))])
    return {"reference": [word(reference.get(i)) for i in range(len(texts))], "survivors": rows}


def _in_order(
    problem: Problem,
    entry: str,
    program: str,
    texts: list[str],
    budgets: list[int] | None,
    params: AuditParams,
) -> dict[int, Any]:
    """Each test of ``texts`` where a harness runs it: after the ones before it, on a program that
    keeps state (threat: ``run_asserts`` puts an assert after every visible test, as a patch
    does, so ``assert new_id() == 100`` "failed" on the reference and on every survivor, in the
    app's view of the benchmark's own tests); from a fresh load, all in one child, elsewhere."""
    if not may_keep_state(program):
        return run_asserts(problem, entry, program, texts, budgets, params)
    runs = {}
    for index, text in enumerate(texts):
        before = replace(problem, tests=tuple(texts[:index]))
        budget = None if budgets is None else [budgets[index]]
        if (run := run_asserts(before, entry, program, [text], budget, params).get(0)) is not None:
            runs[index] = run
    return runs
