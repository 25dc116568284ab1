"""Re-check a `check --json` report: every assert, run ON ITS OWN and exactly as exported, must
pass on the reference and reject every survivor it claims to kill.

Run the way a benchmark harness runs a test: no step budget, a plain wall-clock timeout (10 s). A
claimed kill holds when the assert fails on the survivor, or does not finish within the timeout.

    python bench/verify_report.py REPORT.json BENCH [--data FILE]

Prints the counts and any assert that breaks its promise; exits 1 if one does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.sandbox import Job, run_job

TIMEOUT_SECONDS = 10.0


def run_assert(problem, entry: str, program: str, text: str) -> bool | None:
    """True or False as the assert passed; None when it did not finish within the timeout."""
    job = Job(
        mode="asserts", program=program, setup=problem.setup, entry=entry, alias=problem.call_alias,
        asserts=[text], assert_budgets=[None], cpu_seconds=TIMEOUT_SECONDS, wall_seconds=TIMEOUT_SECONDS,
    )  # fmt: skip
    run = run_job(job)
    return run.asserts[0].passed if 0 in run.asserts else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    report = json.loads(args.report.read_text())
    problems = {p.id: p for p in load_benchmark(args.benchmark, args.data).problems}
    checked = failures = kills_checked = timeouts = 0
    for entry in report["problems"]:
        problem = problems[entry["id"]]
        for candidate in entry["asserts"]:
            checked += 1
            passed = run_assert(problem, entry["entry"], problem.reference, candidate["text"])
            if passed is not True:
                failures += 1
                print(f"FAILS ON REFERENCE  {entry['id']}: {candidate['text']}")
            if not candidate["kills"]:
                failures += 1
                print(f"KILLS NOTHING       {entry['id']}: {candidate['text']}")
            for index in candidate["kills"]:
                kills_checked += 1
                survivor = entry["survivors"][index]["source"]
                passed = run_assert(problem, entry["entry"], survivor, candidate["text"])
                timeouts += passed is None
                if passed is True:
                    failures += 1
                    print(f"DOES NOT KILL #{index}  {entry['id']}: {candidate['text']}")
    print(
        f"asserts checked: {checked}, claimed kills checked: {kills_checked} "
        f"({timeouts} by the {TIMEOUT_SECONDS:.0f} s timeout: the survivor loops), "
        f"broken promises: {failures}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
