"""EvalPlus's fixed references beside the original benchmark's (``check --plus-data``).

A candidate assert encodes what the benchmark's reference does; where that reference is wrong on
an input the task allows (MBPP/66 counts 0 as positive), the assert is a finding about the
reference, not a test to add. EvalPlus rewrote many references and wrote their preconditions
down; given its release file, each problem of the original benchmark that has an EvalPlus task
of the same entry point and number of parameters carries that canonical solution as its
``check_reference`` and that contract as its ``check_contract``, and the audit flags ``reference:``
every assert they reject (``engine/audit/gating.reference_disagrees``).

Threats, and what is done about each:

- Changing what is audited: nothing else of the problem changes (the contract is kept apart from
  ``Problem.contract``, which would shape the inputs), so the verdicts are those of the benchmark
  as published, and only flags are added.
- A task EvalPlus renamed or re-signed (MBPP/125's extra ``n``): its canonical solution would
  reject every assert for a reason unrelated to the assert, so it is not attached; how many were
  attached and why the others were not is returned for the command to say.
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ..engine.inputs.calls import entry_of
from .base import Benchmark
from .evalplus import load_evalplus, plus_id
from .reading import LoadError

PLUS_OF = {"mbpp": "mbpp", "mbpp-sanitized": "mbpp", "humaneval": "humaneval"}


def with_fixed_references(benchmark: Benchmark, plus_data: Path) -> tuple[Benchmark, Counter]:
    """``benchmark`` with EvalPlus's canonical solution and contract set beside each matching
    problem's reference, and a count of the problems given one ("attached") and of why others
    were not."""
    kind = PLUS_OF.get(benchmark.name)
    if kind is None:
        raise LoadError(
            f"--plus-data applies to {', '.join(sorted(PLUS_OF))} (the benchmarks EvalPlus fixed), "
            f"not to {benchmark.name}."
        )
    try:
        tasks = {task.id: task for task in load_evalplus(plus_data, kind).problems}
    except LoadError as error:  # the loader's advice names --data, its flag where EvalPlus is audited
        raise LoadError(str(error).replace("--data", "--plus-data")) from None
    counts: Counter = Counter()
    problems = []
    for problem in benchmark.problems:
        task = tasks.get(plus_id(benchmark.name, problem.id))
        why = _mismatch(problem.reference, entry_of(problem), task.reference, task.entry) if task else ""
        if task is None or why:
            counts[why or "no EvalPlus task"] += 1
            problems.append(problem)
            continue
        counts["attached"] += 1
        problems.append(replace(problem, check_reference=task.reference, check_contract=task.contract))
    if benchmark.problems and not counts["attached"] and counts["no EvalPlus task"] == len(problems):
        raise LoadError(f"{plus_data}: no EvalPlus task of {benchmark.name} there (another benchmark's?).")
    fixed = replace(benchmark, problems=problems)
    fixed.source += f"; fixed references from {plus_data} (--plus-data)"
    return fixed, counts


def _mismatch(reference: str, entry: str | None, fixed: str, fixed_entry: str | None) -> str:
    """Why the fixed reference cannot stand in for ``reference``, or ""."""
    if entry != fixed_entry:
        return "EvalPlus names the function otherwise"
    mine, theirs = _parameter_count(reference, entry), _parameter_count(fixed, fixed_entry)
    if mine is None or theirs is None or mine != theirs:
        return "EvalPlus's function takes other parameters"
    return ""


def _parameter_count(source: str, entry: str | None) -> int | None:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            return len(node.args.args)
    return None
