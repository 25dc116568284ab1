"""What forking candidates' children from a zygote saves (``engine/zygote.py``), side by side.

    python bench/zygote.py humaneval [--runs 3]
    python bench/zygote.py mbpp --data ../shared/data/mbpp.jsonl [--runs 3] [--limit N]

Runs the real `gameability-tui check BENCH --json FILE` child process with the zygote and
without it (``GAMEABILITY_TUI_ZYGOTE=off``: every worker forks its candidates' children itself,
as before), alternating, and prints for each: wall seconds, CPU seconds of the whole process
tree, and minor page faults of the tree (``getrusage(RUSAGE_CHILDREN)`` before and after: each
process is added to its parent's total when the parent waits for it), as medians over the runs,
and their ratios. It also checks that both give the same verdicts: the reports' ``problems``
field by field, but ``seconds``. Run it on a quiet machine: the figures are CPU-bound.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _tree_usage() -> tuple[float, int]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime, usage.ru_minflt


def _one_run(command: list[str], zygote: bool, report: Path) -> dict:
    environment = dict(os.environ, GAMEABILITY_TUI_ZYGOTE="on" if zygote else "off")
    cpu_before, faults_before = _tree_usage()
    started = time.perf_counter()
    subprocess.run([*command, "--json", str(report)], env=environment, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    cpu_after, faults_after = _tree_usage()
    problems = json.loads(report.read_text())["problems"]
    return {
        "wall": wall,
        "cpu": cpu_after - cpu_before,
        "faults": faults_after - faults_before,
        "problems": {p["id"]: {k: v for k, v in p.items() if k != "seconds"} for p in problems},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", help="the benchmark's local file (MBPP)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=int, help="a seeded sample of N problems")
    args = parser.parse_args()
    command = [sys.executable, "-m", "gameability_tui", "check", args.benchmark]
    if args.data:
        command += ["--data", str(Path(args.data).resolve())]
    if args.limit:
        command += ["--limit", str(args.limit)]
    runs: dict[bool, list[dict]] = {True: [], False: []}
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.runs):
            for zygote in (number % 2 == 0, number % 2 != 0):  # alternate which goes first
                run = _one_run(command, zygote, Path(folder) / "report.json")
                runs[zygote].append(run)
                label = "zygote" if zygote else "forked by the worker"
                print(f"run {number + 1}, {label}: {run['wall']:.1f} s wall, {run['cpu']:.1f} s CPU, "
                      f"{run['faults']:,} faults", flush=True)  # fmt: skip
    print(f"\n{args.benchmark}: medians of {args.runs} runs, {os.cpu_count()} cores")
    print(f"{'children forked by':28} {'wall s':>8} {'CPU s':>8} {'faults':>12}")
    keys = ("wall", "cpu", "faults")
    medians = {
        zygote: {key: statistics.median(run[key] for run in done) for key in keys}
        for zygote, done in runs.items()
    }
    for zygote in (False, True):
        label, m = ("the zygote" if zygote else "the worker (before)"), medians[zygote]
        print(f"{label:28} {m['wall']:8.2f} {m['cpu']:8.2f} {m['faults']:12,.0f}")
    for key in keys:
        print(f"ratio before / zygote, {key}: {medians[False][key] / max(medians[True][key], 1e-9):.2f}x")
    reference = runs[False][0]["problems"]
    every_run = runs[True] + runs[False]
    differing = sorted(
        {pid for run in every_run for pid in set(reference) | set(run["problems"])
         if reference.get(pid) != run["problems"].get(pid)}
    )  # fmt: skip
    print(f"problems whose result differs between any two runs: {len(differing)} of {len(reference)}")
    for pid in differing[:10]:
        print(f"  {pid}")


if __name__ == "__main__":
    main()
