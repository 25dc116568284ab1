"""What ``check`` writes: the JSON report for machines and the UNREVIEWED candidate-asserts file.

The console summary is ``commands/check.py``'s; the reviewed fixes (accepted asserts, re-run on
the reference) are ``export.py``'s.

Output files are written to a temporary file in the same folder and renamed into place, so an
interrupted run never leaves a partial file that looks complete.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import __version__
from .benchmarks import Benchmark
from .engine.model import AuditParams, ProblemResult
from .engine.sandbox.steps import STEP_COUNTER
from .engine.stats import Summary
from .files import write_atomically


def sort_results(results: Iterable[ProblemResult], benchmark: Benchmark) -> list[ProblemResult]:
    """Benchmark order, whatever order the census finished in: reports must be reproducible."""
    order = {problem.id: index for index, problem in enumerate(benchmark.problems)}
    return sorted(results, key=lambda r: order.get(r.id, len(order)))


def report_dict(
    benchmark: Benchmark, params: AuditParams, summary: Summary, results: list[ProblemResult]
) -> dict[str, Any]:
    return {
        "version": __version__,
        "benchmark": benchmark.name,
        "source": benchmark.source,
        "fingerprint": benchmark.fingerprint(),
        "dropped_before_audit": benchmark.dropped,
        "params": params.to_dict(),
        "step_counter": STEP_COUNTER,  # steps (and the absolute ones in params) are in its unit
        "summary": summary.to_dict(),
        "problems": [result.to_dict() for result in results],
    }


def fixes_text(benchmark: Benchmark, results: list[ProblemResult]) -> str:
    """Candidate asserts grouped per problem, in the benchmark's calling convention."""
    weak = [r for r in results if r.weak and r.asserts]
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"# Candidate asserts for {benchmark.name}: {len(weak)} weak problems, "
        f"{sum(len(r.asserts) for r in weak)} asserts ({stamp}).",
        "# UNREVIEWED: each passes on the reference and rejects at least one surviving mutant,",
        "# but no person has checked that it encodes an input the problem allows.",
        "# Review them in the app (gameability-tui BENCH) and export the accepted ones.",
        "",
    ]
    for result in weak:
        lines.append(f"# --- {result.id}: {result.n_survived} of {result.n_broken} broken solutions pass")
        for candidate in result.asserts:
            killed = ", ".join(str(k) for k in candidate.kills)
            lines.append(f"{candidate.text}  # rejects survivors {killed}")
        lines.append("")
    return "\n".join(lines)


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomically(path, json.dumps(data, indent=1) + "\n")
