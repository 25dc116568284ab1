"""Export the reviewed fixes: only ACCEPTED asserts, each re-verified against the reference first.

Threat: an assert that passed the gate when it was generated may no longer pass (the benchmark
changed, the reviewer edited it). Every accepted text is executed again against the current
reference in an engine worker process; one that fails is refused and named, never exported.
Outputs: a Python fixes file, the benchmark as JSONL with the accepted asserts added to each
problem's tests (auditing it again shows those survivors rejected), and a Markdown summary.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from .benchmarks import Benchmark
from .engine.calls import infer_entry
from .engine.model import AuditParams, Problem
from .files import write_atomically
from .store import ACCEPTED, REJECTED, DecisionStore

Gate = Callable[[Problem, str, list[str]], list[bool]]


@dataclass
class ExportPlan:
    accepted: dict[str, list[str]] = field(default_factory=dict)  # problem id -> final texts
    refused: list[tuple[str, str]] = field(default_factory=list)  # (problem id, text)
    rejected: int = 0


def worker_gate(params: AuditParams) -> tuple[Gate, Callable[[], None]]:
    """A gate that runs texts against the reference in an engine worker process, and its closer."""
    from .engine.census import WorkerProcess

    worker = WorkerProcess()

    def gate(problem: Problem, entry: str, texts: list[str]) -> list[bool]:
        answer = worker.ask("gate", problem, params, entry=entry, survivors=[], texts=texts)
        if "gated" not in answer:
            raise RuntimeError(answer.get("error", "the engine could not gate the asserts"))
        return [passes for passes, _ in answer["gated"]]

    return gate, worker.stop


def plan_export(benchmark: Benchmark, store: DecisionStore, gate: Gate) -> ExportPlan:
    plan = ExportPlan()
    problems = {p.id: p for p in benchmark.problems}
    by_problem: dict[str, list[str]] = {}
    for decision in store.all_decisions().values():
        if decision.decision == REJECTED:
            plan.rejected += 1
        elif decision.decision == ACCEPTED and decision.problem_id in problems:
            by_problem.setdefault(decision.problem_id, []).append(decision.final_text)
    for problem_id in [p.id for p in benchmark.problems if p.id in by_problem]:
        problem = problems[problem_id]
        texts = sorted(set(by_problem[problem_id]), key=by_problem[problem_id].index)
        entry = infer_entry(problem.reference, problem.tests, problem.entry) or ""
        verdicts = gate(problem, entry, texts) if entry else [False] * len(texts)
        kept = [t for t, ok in zip(texts, verdicts) if ok]
        plan.refused += [(problem_id, t) for t, ok in zip(texts, verdicts) if not ok]
        if kept:
            plan.accepted[problem_id] = kept
    return plan


def fixes_file(benchmark: Benchmark, plan: ExportPlan) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    total = sum(len(texts) for texts in plan.accepted.values())
    lines = [
        f"# Reviewed test fixes for {benchmark.name}: {total} accepted asserts in "
        f"{len(plan.accepted)} problems ({stamp}).",
        "# Each was accepted by a reviewer and passes on the problem's reference solution.",
        "",
    ]
    problems = {p.id: p for p in benchmark.problems}
    for problem_id, texts in plan.accepted.items():
        alias = problems[problem_id].call_alias
        lines.append(f"# --- {problem_id}")
        if alias:  # the benchmark's convention: asserts inside check(candidate)
            lines.append(f"def check_{_identifier(problem_id)}({alias}):")
            lines += [f"    {text}" for text in texts]
        else:
            lines += texts
        lines.append("")
    return "\n".join(lines)


def _identifier(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text)


def patched_benchmark(benchmark: Benchmark, plan: ExportPlan) -> str:
    rows = []
    for problem in benchmark.problems:
        extra = tuple(t for t in plan.accepted.get(problem.id, []) if t not in problem.tests)
        rows.append(json.dumps(replace(problem, tests=problem.tests + extra).to_dict()))
    return "\n".join(rows) + "\n"


def summary_markdown(benchmark: Benchmark, store: DecisionStore, plan: ExportPlan) -> str:
    verdicts = store.all_verdicts()
    lines = [
        f"# Review of {benchmark.name}",
        "",
        f"- accepted asserts exported: {sum(len(t) for t in plan.accepted.values())} "
        f"in {len(plan.accepted)} problems",
        f"- rejected asserts: {plan.rejected}",
        f"- refused at export (no longer pass on the reference): {len(plan.refused)}",
        "",
    ]
    if plan.refused:
        lines += ["## Refused", ""] + [f"- {pid}: `{text}`" for pid, text in plan.refused] + [""]
    if verdicts:
        lines += ["## Verdicts", ""]
        lines += [f"- {pid}: **{v}**{' - ' + note if note else ''}" for pid, (v, note) in verdicts.items()]
        lines.append("")
    lines += ["## Accepted", ""]
    for problem_id, texts in plan.accepted.items():
        lines += [f"- {problem_id}"] + [f"  - `{text}`" for text in texts]
    return "\n".join(lines) + "\n"


def write_export(
    benchmark: Benchmark,
    store: DecisionStore,
    gate: Gate,
    fixes: Path | None,
    patch: Path | None,
    summary: Path | None,
) -> ExportPlan:
    plan = plan_export(benchmark, store, gate)
    if fixes:
        write_atomically(fixes, fixes_file(benchmark, plan))
    if patch:
        write_atomically(patch, patched_benchmark(benchmark, plan))
    if summary:
        write_atomically(summary, summary_markdown(benchmark, store, plan))
    return plan
