"""How the monitor counter's steps compare with the trace counter's, on a benchmark's references.

Both counters run on the same Python (3.12+: the trace counter is then ``_steps.c`` on
``sys.settrace``, switched on with GAMEABILITY_TUI_STEPS=trace), each in its own worker pool, and
each problem is prepared as the audit prepares it (the reference's visible tests, then its fresh
calls). Printed: the ratio monitor / trace of the steps of each test and fresh call, as
quantiles, overall and by the trace count's size, and the median that ``step_units.py``'s monitor
column is derived from.

    python bench/step_units.py BENCH [--data FILE] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = """
import json, sys
from multiprocessing import Pool
from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import Prepared, prepare
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.sandbox.steps import STEP_COUNTER

def steps_of(problem):
    prepared = prepare(problem, AuditParams())
    if not isinstance(prepared, Prepared):
        return problem.id, None
    tests = [prepared.reference.tests[i][2] for i in sorted(prepared.reference.tests)]
    return problem.id, {"tests": tests, "calls": list(prepared.call_steps)}

benchmark = load_benchmark(sys.argv[1], None if sys.argv[2] == "-" else sys.argv[2])
problems = benchmark.problems[: int(sys.argv[3])] if sys.argv[3] != "0" else benchmark.problems
if sys.argv[4:]:
    problems = [problem for problem in benchmark.problems if problem.id in sys.argv[4:]]
with Pool(2) as pool:
    found = dict(pool.map(steps_of, problems, chunksize=4))
print(json.dumps({"counter": STEP_COUNTER, "steps": found}))
"""


def counted(benchmark: str, data: str, limit: int, unit: str, only: list[str]) -> dict:
    environment = dict(os.environ, PYTHONHASHSEED="0", GAMEABILITY_TUI_STEPS=unit)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, benchmark, data, str(limit), *only],
        env=environment, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.splitlines()[-1])


def quantiles(ratios: list[float]) -> str:
    if len(ratios) < 2:
        return "-"
    cuts = statistics.quantiles(ratios, n=20)
    return (
        f"n={len(ratios)} p5={cuts[0]:.3f} p25={cuts[4]:.3f} median={statistics.median(ratios):.3f} "
        f"p75={cuts[14]:.3f} p95={cuts[18]:.3f} min={min(ratios):.3f} max={max(ratios):.3f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", default="-")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--only", action="append", default=[], metavar="ID", help="these problems alone")
    args = parser.parse_args()
    trace = counted(args.benchmark, args.data, args.limit, "trace", args.only)
    monitor = counted(args.benchmark, args.data, args.limit, "monitor", args.only)
    print(f"{args.benchmark}: {trace['counter']} against {monitor['counter']}")
    pairs: list[tuple[int, int]] = []
    for problem, old in trace["steps"].items():
        new = monitor["steps"].get(problem)
        if old is None or new is None:
            continue
        mine = []
        for kind in ("tests", "calls"):
            mine += [(a, b) for a, b in zip(old[kind], new[kind]) if a > 0 and b >= 0]
        if args.only:
            total = f"trace {sum(a for a, _ in mine):,} monitor {sum(b for _, b in mine):,}"
            print(problem, total, quantiles([b / a for a, b in mine]))
        pairs += mine
    ratios = [b / a for a, b in pairs]
    print("all        ", quantiles(ratios))
    for low, high in ((0, 1_000), (1_000, 10_000), (10_000, 100_000), (100_000, 1 << 62)):
        bucket = [b / a for a, b in pairs if low <= a < high]
        print(f"trace {low:>7,}+", quantiles(bucket))
    return 0


if __name__ == "__main__":
    sys.exit(main())
