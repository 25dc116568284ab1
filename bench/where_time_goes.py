"""Where an audit's CPU time goes: the profile of a typical problem, and what the tail costs.

    python bench/where_time_goes.py humaneval [--data FILE] [--limit N] [--typical 0.92]
    python bench/where_time_goes.py mbpp --data mbpp.jsonl --floor

Audits every problem in this process (it is the worker, as ``check --workers 1`` would run it,
with the same sandbox: zygote, namespaces, kept children), and counts per problem this process's
CPU, its children's (reaped), the zygote's, how many children were made and how many jobs they ran.
A trivial candidate then measures what one child costs (made, sealed, ended) and what one job
costs in a kept child (load, compile, one call, pipes, clean-state check), in the same process.

The *typical* problems are the cheapest ``--typical`` share (default 0.92: 151 of HumanEval's 164);
for them it prints, per problem, the table:

    child processes: made, sealed, ended     the children's CPU less their jobs'
    jobs: load, compile, candidate code ...  the CPU each job reports (``Run.cpu``)
    zygote forks                             the zygote's CPU
    worker: sandbox, IPC, mutants, inputs    this process's CPU

then the costliest problems (the tail), each with its share of the whole. ``--floor`` audits
every problem a second time with no harness floor (``AuditParams.harness_steps`` at the budget
floor, so a visible test's confirmation gets only what the budget gives) and prints what the
floor costs: the CPU of the confirmation runs that stand for a harness's time limit. The second
audit is for timing only: its verdicts are not the tool's.

CPU-bound and noisy on a shared machine: read shares, not milliseconds, and run it alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.model import AuditParams, Problem
from gameability_tui.engine.sandbox import Job, children_kept, lanes, processes, run_job, run_jobs


@dataclass
class Cost:
    """One problem's CPU seconds by process, and the children and jobs it took."""

    problem: str
    wall: float
    worker: float
    children: float
    zygote: float
    n_children: int
    n_jobs: int
    job_cpu: float

    @property
    def total(self) -> float:
        return self.worker + self.children + self.zygote


_COUNTS = {"children": 0, "jobs": 0, "job_cpu": 0.0}


def _count_children_and_jobs() -> None:
    """Count the children made, the jobs handed out and the CPU time the jobs report (``Run.cpu``:
    from the job's start in its child to its "done" record), wrapping what ``lanes`` calls to make
    a child, hand it a job and take in a record; nothing they do changes."""
    made, handed, applied = lanes._Child.__init__, lanes._Child._hand_next, lanes.apply_record

    def counted_apply(run, record):
        if record[0] == "done":
            _COUNTS["job_cpu"] += record[1]
        return applied(run, record)

    def counted_init(self, *args, **kwargs):
        _COUNTS["children"] += 1
        made(self, *args, **kwargs)

    def counted_hand(self):
        before = self.given
        handed(self)
        _COUNTS["jobs"] += self.given - before

    lanes._Child.__init__, lanes._Child._hand_next = counted_init, counted_hand
    lanes.apply_record = counted_apply


def _cpu() -> tuple[float, float]:
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime, theirs.ru_utime + theirs.ru_stime


def _zygote_cpu() -> float:
    """The live zygote's CPU seconds (it is reaped, and counted among the children, only at exit)."""
    forker = processes._ZYGOTE
    if forker is None or forker.pid <= 0:
        return 0.0
    try:
        fields = Path(f"/proc/{forker.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _reap_all() -> None:
    """Collect every ended child, so that its CPU time counts now (a second at most)."""
    deadline = time.monotonic() + 1.0
    processes.reap()
    while processes._UNREAPED and time.monotonic() < deadline:
        time.sleep(0.001)
        processes.reap()


def audit_all(problems: list[Problem], params: AuditParams) -> list[Cost]:
    costs = []
    for problem in problems:
        _COUNTS.update(children=0, jobs=0, job_cpu=0.0)
        (worker, children), zygote, started = _cpu(), _zygote_cpu(), time.perf_counter()
        audit_problem(problem, params)
        _reap_all()
        wall = time.perf_counter() - started
        worker_after, children_after = _cpu()
        zygote_after = max(0.0, _zygote_cpu() - zygote)
        costs.append(Cost(problem.id, wall, worker_after - worker, children_after - children, zygote_after,
                          _COUNTS["children"], _COUNTS["jobs"], _COUNTS["job_cpu"]))  # fmt: skip
    return costs


def trivial_costs(children: int = 100, jobs: int = 300) -> tuple[float, float]:
    """CPU seconds of one child running one trivial job (made, sealed, ended), and of one more
    trivial job in a kept child."""
    job = Job(mode="calls", program="def f(x):\n    return x + 1\n", setup="", entry="f", alias=None,
              calls=[((1,), {})], call_budgets=[10_000])  # fmt: skip
    run_job(job)  # the zygote and the first child: not counted
    before = sum(_cpu()) + _zygote_cpu()
    for _ in range(children):
        run_job(job)
    _reap_all()
    per_child = (sum(_cpu()) + _zygote_cpu() - before) / children
    with children_kept():
        run_jobs([job])
    _reap_all()
    before = sum(_cpu()) + _zygote_cpu()
    with children_kept():
        run_jobs([job] * jobs)
    _reap_all()
    per_job = (sum(_cpu()) + _zygote_cpu() - before - per_child) / (jobs - 1)
    return per_child, per_job


def print_profile(costs: list[Cost], share: float, per_child: float, per_job: float) -> None:
    ordered = sorted(costs, key=lambda cost: cost.total)
    typical = ordered[: max(1, round(len(ordered) * share))]
    n = len(typical)
    children = sum(cost.n_children for cost in typical) / n
    jobs = sum(cost.n_jobs for cost in typical) / n
    in_jobs = sum(cost.job_cpu for cost in typical) / n
    in_children = sum(cost.children for cost in typical) / n
    rows = [
        ("child processes: made, sealed, ended, between jobs", in_children - in_jobs),
        ("jobs: load, compile, candidate code under the step counter, encode, send", in_jobs),
        ("zygote forks", sum(cost.zygote for cost in typical) / n),
        ("worker: sandbox and IPC, mutants, inputs, other", sum(cost.worker for cost in typical) / n),
    ]
    total = sum(seconds for _, seconds in rows)
    walls = [cost.wall for cost in typical]
    print(f"\na typical problem ({n} of {len(costs)}; {statistics.median(walls) * 1e3:.1f} ms wall median, "
          f"{children:.1f} children, {jobs:.1f} jobs each)")  # fmt: skip
    print(f"trivial child {per_child * 1e3:.2f} ms CPU, trivial job in a kept child {per_job * 1e3:.2f} ms")
    print("| where | ms | share |\n|---|---|---|")
    for label, seconds in rows:
        print(f"| {label} | {seconds * 1e3:.1f} | {seconds / total:.0%} |")
    print(f"| all | {total * 1e3:.1f} | |")
    whole = sum(cost.total for cost in costs)
    print(f"\ntypical problems: {sum(cost.total for cost in typical):.1f} s of {whole:.1f} s CPU in all")
    print("the costliest problems:")
    for cost in ordered[::-1][:8]:
        print(f"  {cost.problem:24} {cost.total:6.2f} s CPU ({cost.total / whole:.0%}), "
              f"{cost.n_children} children, {cost.n_jobs} jobs")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--limit", type=int, help="the first N problems only")
    parser.add_argument("--typical", type=float, default=0.92, help="the cheapest share called typical")
    parser.add_argument("--floor", action="store_true", help="also time the audit with no harness floor")
    args = parser.parse_args()
    problems = load_benchmark(args.benchmark, args.data).problems[: args.limit]
    _count_children_and_jobs()
    params = AuditParams()
    per_child, per_job = trivial_costs()
    costs = audit_all(problems, params)
    version, load = sys.version.split()[0], os.getloadavg()[0]
    print(f"{args.benchmark}: {len(problems)} problems, Python {version}, load {load:.1f}")
    print_profile(costs, args.typical, per_child, per_job)
    if args.floor:
        without = audit_all(problems, dataclasses.replace(params, harness_steps=params.step_floor))
        with_floor, no_floor = sum(c.total for c in costs), sum(c.total for c in without)
        print(f"\nharness floor: {with_floor:.1f} s CPU with it, {no_floor:.1f} s without: the confirmation "
              f"runs that stand for a harness's time limit cost {with_floor - no_floor:.1f} s "
              f"({(with_floor - no_floor) / with_floor:.0%})")  # fmt: skip
        moved = sorted(((c.total - w.total, c.problem) for c, w in zip(costs, without)), reverse=True)[:8]
        print("  most of it in: " + ", ".join(f"{name} {seconds:.2f} s" for seconds, name in moved))
    return 0


if __name__ == "__main__":
    sys.exit(main())
