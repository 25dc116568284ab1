"""Re-check a `check --json` report: every assert, run ON ITS OWN in a fresh sandbox, must pass on
the reference and fail on every survivor it claims to kill.

A survivor that loops forever on the assert's input is rejected the way a benchmark harness
rejects it (a timeout): here, by the same deterministic step budget the audit uses, scaled to the
reference's own steps on that assert. Those kills are counted apart.

    python bench/verify_report.py REPORT.json BENCH [--data FILE]

Prints the counts and any assert that breaks its promise; exits 1 if one does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.sandbox import Job, run_job

PARAMS = AuditParams()


def run_assert(problem, entry: str, program: str, text: str, budget: int | None) -> tuple[bool | None, int]:
    """(passed, steps); passed is None when the run never came back."""
    job = Job(
        mode="asserts", program=program, setup=problem.setup, entry=entry, alias=problem.call_alias,
        asserts=[text], assert_budgets=[budget], cpu_seconds=30, wall_seconds=60,
    )  # fmt: skip
    run = run_job(job)
    return run.asserts.get(0, (None, 0))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    report = json.loads(args.report.read_text())
    problems = {p.id: p for p in load_benchmark(args.benchmark, args.data).problems}
    checked = failures = kills_checked = budget_kills = 0
    for entry in report["problems"]:
        problem = problems[entry["id"]]
        for candidate in entry["asserts"]:
            checked += 1
            passed, steps = run_assert(problem, entry["entry"], problem.reference, candidate["text"], None)
            budget = PARAMS.budget_for(steps)
            if passed is not True:
                failures += 1
                print(f"FAILS ON REFERENCE  {entry['id']}: {candidate['text']}")
            if not candidate["kills"]:
                failures += 1
                print(f"KILLS NOTHING       {entry['id']}: {candidate['text']}")
            for index in candidate["kills"]:
                kills_checked += 1
                survivor = entry["survivors"][index]["source"]
                passed, used = run_assert(problem, entry["entry"], survivor, candidate["text"], budget)
                budget_kills += passed is False and used > budget
                if passed is not False:
                    failures += 1
                    print(f"DOES NOT KILL #{index}  {entry['id']}: {candidate['text']}")
    print(
        f"asserts checked: {checked}, claimed kills checked: {kills_checked} "
        f"({budget_kills} by the step budget: the survivor loops), broken promises: {failures}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
