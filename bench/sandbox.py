"""What the kernel isolation of candidates' children costs (``engine/sandbox/namespaces.py``).

    python bench/sandbox.py [--children 200] [--jobs 400] [--rounds 5]

Measures, in two fresh interpreters, one with namespaces and one without
(``GAMEABILITY_TUI_NAMESPACES=off``: children forked as before), alternating which goes first:

- per child: ``run_job`` of a trivial candidate, each in a new child (made, sealed, run, killed,
  its folder emptied), wall seconds per child, and CPU seconds per child of this process and
  every child it has collected (less noisy than wall time on a busy machine);
- per job: that many trivial jobs handed to one kept child (``children_kept``), wall seconds per
  job once the child exists.

Prints the medians over the rounds and the difference per child and per job. CPU-bound: run it
on a quiet machine, or read the figures as upper bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_MEASURE = r"""
import json, resource, sys, time
from gameability_tui.engine.sandbox import Job, children_kept, namespaces, run_job, run_jobs

children, jobs = int(sys.argv[1]), int(sys.argv[2])
job = Job(mode="calls", program="def f(x):\n    return x + 1\n", setup="", entry="f", alias=None,
          calls=[((1,), {})], call_budgets=[10_000])
def cpu():
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime

run_job(job)  # the zygote and the first child: not counted
started, cpu_before = time.perf_counter(), cpu()
for _ in range(children):
    assert run_job(job).complete
per_child = (time.perf_counter() - started) / children
cpu_per_child = (cpu() - cpu_before) / children
with children_kept():
    run_jobs([job])
    started = time.perf_counter()
    runs = run_jobs([job] * jobs)
    per_job = (time.perf_counter() - started) / jobs
assert all(run.complete for run in runs)
print(json.dumps({"isolated": namespaces.in_use(), "child": per_child, "job": per_job, "cpu": cpu_per_child}))
"""


def _measure(isolated: bool, children: int, jobs: int) -> dict:
    environment = dict(os.environ, GAMEABILITY_TUI_NAMESPACES="on" if isolated else "off")
    output = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", _MEASURE, str(children), str(jobs)],
        env=environment, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    figures = json.loads(output.strip().splitlines()[-1])
    if figures["isolated"] != isolated:
        raise SystemExit(f"asked for isolated={isolated}, got {figures['isolated']}: namespaces refused?")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--children", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    figures: dict[bool, list[dict]] = {True: [], False: []}
    for number in range(args.rounds):
        for isolated in (number % 2 == 0, number % 2 != 0):
            figures[isolated].append(_measure(isolated, args.children, args.jobs))
            last = figures[isolated][-1]
            label = "namespaces" if isolated else "forked as before"
            child, cpu, job = last["child"] * 1e3, last["cpu"] * 1e3, last["job"] * 1e6
            print(f"round {number + 1}, {label}: {child:.2f} ms/child ({cpu:.2f} ms CPU), {job:.0f} us/job")
    medians = {
        isolated: {key: statistics.median(run[key] for run in runs) for key in ("child", "cpu", "job")}
        for isolated, runs in figures.items()
    }
    print(f"\nmedians of {args.rounds} rounds, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"{'children':24} {'ms per child':>14} {'CPU ms/child':>14} {'us per job':>12}")
    for isolated in (False, True):
        label, m = ("forked as before" if not isolated else "in namespaces"), medians[isolated]
        print(f"{label:24} {m['child'] * 1e3:14.2f} {m['cpu'] * 1e3:14.2f} {m['job'] * 1e6:12.0f}")
    extra_child = (medians[True]["child"] - medians[False]["child"]) * 1e3
    extra_cpu = (medians[True]["cpu"] - medians[False]["cpu"]) * 1e3
    extra_job = (medians[True]["job"] - medians[False]["job"]) * 1e6
    print(f"isolation costs {extra_child:+.2f} ms wall ({extra_cpu:+.2f} ms CPU) per child "
          f"and {extra_job:+.0f} us per job")  # fmt: skip


if __name__ == "__main__":
    main()
