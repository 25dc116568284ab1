"""How `check` grows with the benchmark: wall, CPU, peak memory and seconds per problem at
several sizes, on synthetic benchmarks made by replicating MBPP full with distinct ids.

    nice -n 10 python bench/scale.py [--sizes 1000,4000,16000,64000] [--data mbpp.jsonl]
                                     [--workers N] [--no-jsonl] [--keep DIR]

Each size is one real `gameability-tui check FILE --jsonl OUT` child process (``--no-jsonl``:
plain `check FILE`, which keeps every result for the final report). Printed per size:

- wall: seconds from start to exit of the child;
- CPU: user + system seconds of the child and everything below it (workers and their forked
  candidate processes), from ``getrusage(RUSAGE_CHILDREN)`` before and after: each process's
  time is added to its parent's children total when the parent waits for it, and the census
  waits for its workers, the workers for their candidates;
- peak tree RSS: the largest sum of resident memory over the whole process tree (the child and
  all its descendants), sampled from /proc every 0.25 s. ``RUSAGE_CHILDREN``'s ``ru_maxrss`` is
  NOT that: it is the peak of the single largest descendant, so it misses the workers living
  alongside the driver; it is printed too (as "largest single process") for comparison;
- seconds per problem (wall and CPU), and each size's ratio to the smallest size's, which the
  issue asks to stay within 1.2 at 64k (linear growth);
- driver ms/problem: the CPU of the `check` process alone (its own /proc stat, last sample before
  it exits), where any cost that grows with the number of results would show first: a worker's
  work on one problem does not depend on how many came before it.

``--trivial`` replaces MBPP with problems the audit excludes before any candidate runs (no entry
point): what is left to measure is the driver, the loader, the census's channel to the workers
and the report, at sizes (10^5, 10^6) that MBPP's ~30 ms of engine work per problem would make
too long here. That is where a cost growing with the benchmark (anything O(n) per result) would
show, since a worker's work on one problem does not depend on how many came before it.

A replica's id is the MBPP id with ``~k`` appended. Seeds derive from the id, so replicas draw
different fresh inputs: verdicts may differ slightly between copies; the work per problem does not
differ in kind. Sampling is coarse (0.25 s), so a peak shorter than that can be missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "mbpp.jsonl"
SAMPLE_SECONDS = 0.25
PAGE = os.sysconf("SC_PAGE_SIZE")


def replicated(problems: list[dict], size: int) -> list[dict]:
    """``size`` problems: MBPP's in order, again and again, each copy with ids made distinct."""
    rows = []
    for index in range(size):
        copy, row = divmod(index, len(problems))
        record = dict(problems[row])
        record["id"] = f"{record['id']}~{copy}"
        rows.append(record)
    return rows


def trivial_rows() -> list[dict]:
    """A problem whose reference defines no function: excluded as no-entry-point at once."""
    return [{"id": "trivial", "reference": "X = 1\n", "tests": ["assert X == 1"]}]


def mbpp_rows(data: Path) -> list[dict]:
    from gameability_tui.benchmarks import LoadError, load_benchmark

    try:
        benchmark = load_benchmark("mbpp", data)
    except LoadError as error:
        sys.exit(f"scale.py: cannot read MBPP full ({error}). Pass --data PATH/TO/mbpp.jsonl.")
    return [problem.to_dict() for problem in benchmark.problems]


def _parents() -> dict[int, int]:
    """pid -> parent pid for every process visible now."""
    parents = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        parents[int(name)] = int(fields[1])
    return parents


def tree_rss(root: int) -> int:
    """Resident bytes of ``root`` and all its descendants, now."""
    children: dict[int, list[int]] = {}
    for pid, parent in _parents().items():
        children.setdefault(parent, []).append(pid)
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, ()))
        try:
            with open(f"/proc/{pid}/statm", "rb") as statm:
                total += int(statm.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            pass
    return total


def measure(command: list[str]) -> dict:
    """Run ``command`` to the end; its wall, tree CPU, sampled peak tree RSS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak, driver = [0], [0.0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(SAMPLE_SECONDS):
            peak[0] = max(peak[0], tree_rss(child.pid))
            driver[0] = own_cpu(child.pid) or driver[0]

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = child.communicate()
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode != 0:
        sys.exit(f"scale.py: {' '.join(command)} failed ({child.returncode}):\n{err[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "wall": wall,
        "cpu": cpu,
        "driver": driver[0],
        "peak_tree": peak[0],
        "largest": after.ru_maxrss * 1024,  # a running maximum over every child so far
        "out": out,
    }


def own_cpu(pid: int) -> float:
    """User + system seconds of ``pid`` alone (not its children), or 0 once it has gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,4000,16000,64000")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="MBPP full (mbpp.jsonl)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--no-jsonl", action="store_true", help="plain check, without --jsonl")
    parser.add_argument("--keep", type=Path, default=None, help="keep the benchmarks and reports here")
    parser.add_argument("--trivial", action="store_true", help="problems excluded at once: the driver alone")
    args = parser.parse_args()
    if not args.trivial and not args.data.is_file():
        sys.exit(
            f"scale.py: MBPP full is not at {args.data}. Pass --data PATH/TO/mbpp.jsonl "
            "(the original file of google-research/mbpp)."
        )
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = trivial_rows() if args.trivial else mbpp_rows(args.data)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="gameability-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    what = "one trivial problem" if args.trivial else f"MBPP full: {len(rows)} problems"
    print(f"{what}, replicated; files in {folder}", flush=True)
    header = (
        f"{'problems':>9} {'wall s':>8} {'CPU s':>8} {'peak tree MB':>13} {'largest MB':>11} "
        f"{'ms/problem wall':>16} {'ms/problem CPU':>15} {'ratio wall':>11} {'ratio CPU':>10} "
        f"{'driver ms/problem':>18}"
    )
    print(header, flush=True)
    first = None
    for size in sizes:
        benchmark = folder / f"mbpp-x{size}.jsonl"
        with benchmark.open("w", encoding="utf-8") as handle:
            for row in replicated(rows, size):
                handle.write(json.dumps(row) + "\n")
        command = [sys.executable, "-m", "gameability_tui", "check", str(benchmark)]
        if not args.no_jsonl:
            report = folder / f"results-x{size}.jsonl"
            report.unlink(missing_ok=True)
            command += ["--jsonl", str(report)]
        if args.workers:
            command += ["--workers", str(args.workers)]
        figures = measure(command)
        wall_each, cpu_each = figures["wall"] / size, figures["cpu"] / size
        first = first or (wall_each, cpu_each)
        print(
            f"{size:>9} {figures['wall']:>8.1f} {figures['cpu']:>8.1f} "
            f"{figures['peak_tree'] / 2**20:>13.0f} {figures['largest'] / 2**20:>11.0f} "
            f"{1000 * wall_each:>16.2f} {1000 * cpu_each:>15.2f} "
            f"{wall_each / first[0]:>11.2f} {cpu_each / first[1]:>10.2f} "
            f"{1000 * figures['driver'] / size:>18.2f}",
            flush=True,
        )
        prefix = "supplied" if args.trivial else "weak"  # the summary line that says what was judged
        summary = [line for line in figures["out"].splitlines() if line.strip().startswith(prefix)]
        print(f"          {summary[0].strip() if summary else '(no summary line)'}", flush=True)
        if not args.keep:
            benchmark.unlink()


if __name__ == "__main__":
    main()
