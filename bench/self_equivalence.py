"""Judge each problem's UNMODIFIED reference as if it were a mutant: it must come out equivalent.

A reference judged against its own answer key can only differ if the way we measure decides the
verdict: reprs, budgets, run order, module-level state, floats. So every judged problem of a
benchmark must give "equivalent" here; the last line is ``not equivalent: N of M``.

    python bench/self_equivalence.py BENCH [--data FILE] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import sys
from multiprocessing import Pool
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import Prepared, judge_program, prepare
from gameability_tui.engine.model import AuditParams, Problem

PARAMS = AuditParams()


def judge_itself(problem: Problem) -> tuple[str, str]:
    """(problem id, "equivalent" / "broken" / "survived" / "truncated" / "excluded")."""
    prepared = prepare(problem, PARAMS)
    if not isinstance(prepared, Prepared):
        return problem.id, "excluded"
    verdict = judge_program(problem, PARAMS, prepared, problem.reference)
    if verdict.survived:
        return problem.id, "survived"
    if verdict.broken:
        return problem.id, "broken"
    return problem.id, "truncated" if verdict.truncated else "equivalent"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":  # the audit's workers hash this way; so must we
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    problems = load_benchmark(args.benchmark, args.data).problems
    with Pool(args.workers) as pool:
        outcomes = pool.map(judge_itself, problems, chunksize=4)
    judged = [(pid, fate) for pid, fate in outcomes if fate != "excluded"]
    wrong = [(pid, fate) for pid, fate in judged if fate != "equivalent"]
    for pid, fate in wrong:
        print(f"{pid}: the reference judged as its own mutant is {fate}")
    print(f"excluded before judging: {len(outcomes) - len(judged)}")
    print(f"not equivalent: {len(wrong)} of {len(judged)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
