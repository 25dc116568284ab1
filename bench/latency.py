"""Latency figures a user feels: first streamed result, `--help`, reopening a cached benchmark,
and the speed-up from 1 to 2 workers.

    python bench/latency.py humaneval [--data FILE] [--runs 3] [--scaling]

Prints medians of --runs runs. Installs nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.local import Census
from gameability_tui.engine.model import AuditParams
from gameability_tui.store import DecisionStore, ResultCache


def first_result_seconds(problems) -> float:
    started = time.perf_counter()
    census = Census(problems, AuditParams())
    iterator = iter(census)
    next(iterator)
    elapsed = time.perf_counter() - started
    census.cancel()
    list(iterator)
    return elapsed


def help_seconds() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "gameability_tui", "--help"], capture_output=True, check=True)
    return time.perf_counter() - started


async def _reopen(benchmark, folder: Path) -> float:
    from gameability_tui.tui.app import GameabilityApp

    store = DecisionStore(folder / "d.json", benchmark.name)
    started = time.perf_counter()
    app = GameabilityApp(benchmark, store, ResultCache(folder / "cache.json"))
    async with app.run_test(size=(150, 45)) as pilot:
        while not (app.triage is not None and app.triage.finished):
            await pilot.pause(0.01)
        elapsed = time.perf_counter() - started
        assert app.triage.census is None, "the cache did not cover every problem"
        assert app.triage.table.row_count == len(benchmark.problems)
    return elapsed


def cached_reopen_seconds(benchmark, runs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        cache = ResultCache(folder / "cache.json")
        for result in Census(benchmark.problems, AuditParams()):
            cache.put(next(p for p in benchmark.problems if p.id == result.id), AuditParams(), result)
        cache.flush()
        return [asyncio.run(_reopen(benchmark, folder)) for _ in range(runs)]


def check_seconds(spec: str, data: Path | None, workers: int) -> float:
    command = [
        sys.executable,
        "-m",
        "gameability_tui",
        "check",
        spec,
        "--workers",
        str(workers),
        "--show",
        "0",
    ]
    if data:
        command += ["--data", str(data)]
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scaling", action="store_true", help="also time `check` on 1 and 2 workers")
    args = parser.parse_args()
    benchmark = load_benchmark(args.benchmark, args.data)
    first = [first_result_seconds(benchmark.problems) for _ in range(args.runs)]
    print(f"first judged problem reaches the consumer: median {statistics.median(first):.2f} s")
    helps = [help_seconds() for _ in range(max(5, args.runs))]
    print(f"`gameability-tui --help`: median {statistics.median(helps):.2f} s")
    reopen = cached_reopen_seconds(benchmark, args.runs)
    print(f"app reopened on a cached audit, full table shown: median {statistics.median(reopen):.2f} s")
    if args.scaling:
        one = [check_seconds(args.benchmark, args.data, 1) for _ in range(args.runs)]
        two = [check_seconds(args.benchmark, args.data, 2) for _ in range(args.runs)]
        m1, m2 = statistics.median(one), statistics.median(two)
        print(f"check wall: 1 worker {m1:.1f} s, 2 workers {m2:.1f} s, speed-up {m1 / m2:.2f}x")


if __name__ == "__main__":
    main()
