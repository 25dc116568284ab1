"""Side by side: gameability-tui against the published tool (gameability 0.3.1), same machine, same run.

    python bench/compare_peer.py humaneval --peer /path/to/venv/bin/gameability [--runs 3]
    python bench/compare_peer.py mbpp --data mbpp.jsonl --peer /path/to/venv/bin/gameability

Installs nothing: the published tool comes from a separate venv passed by path. Both tools audit
the same problems: our loader writes them as JSONL, the format both read, so the published tool
needs no hub access (HumanEval-style problems are written in each tool's own convention).
Each tool runs --runs times, alternating; the script prints, per tool, the
median wall time, CPU time of the whole process tree, peak memory of the whole process tree
(RSS summed over the tree, sampled every 50 ms), judged and weak, then the ratios, and finally
every problem whose verdict (judged / excluded / weak) differs between the tools, each with its
measured reason (peer_differences.py). Exits 1 if any difference is a regression.
--keep DIR saves both tools' last reports, so peer_differences.py can explain them again.
--before PYTHON adds a third row in the same run: this tool at another version, run by the Python
of a checkout (or venv) that has it installed, e.g. to show a change made nothing slower; given
again, a row for each (the same checkout under 3.11, 3.12 and 3.13, say; a PYTHON may be a script
that sets GAMEABILITY_TUI_STEPS=trace and execs one, to time the trace counter there).
Without --peer, only this tool's rows run (with --before): two versions side by side, taking
turns at going first, with nothing else between their runs.
--ours-args "..." passes settings to this tool (e.g. "--attack deep"); --also "..." adds a row of
this tool with other settings in the same run (e.g. --ours-args "--attack deep" --also "" times
the deep and the default attack beside the published tool).
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
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

from peer_differences import explain_all, print_differences

from gameability_tui.benchmarks import LoadError, load_benchmark
from gameability_tui.engine.model import Problem


@dataclass
class Measured:
    wall: float
    cpu: float
    peak_mb: float
    judged: int
    weak: int
    report: dict


def _tree_rss_kb(root: int) -> int:
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(name), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields[21]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return total


def measure(command: list[str]) -> tuple[float, float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # Not from this checkout's folder: `python -m gameability_tui` imports the package from the
    # current folder first, so every --before Python would run this checkout's code.
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir()
    )
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss_kb(process.pid))
        time.sleep(0.05)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed with exit code {process.returncode}")
    return wall, cpu, peak / 1024


def run_ours(
    jsonl: Path, report: Path, workers: int, python: str = sys.executable, settings: str = ""
) -> Measured:
    command = [python, "-m", "gameability_tui", "check", str(jsonl), "--json", str(report), *settings.split()]
    wall, cpu, peak = measure(command + ["--workers", str(workers)])
    data = json.loads(report.read_text())
    return Measured(wall, cpu, peak, data["summary"]["judged"], data["summary"]["weak"], data)


def run_peer(peer: str, jsonl: Path, report: Path, workers: int) -> Measured:
    wall, cpu, peak = measure([peer, "check", str(jsonl), "--json", str(report), "--workers", str(workers)])
    data = json.loads(report.read_text())
    summary = data["summary"]
    return Measured(wall, cpu, peak, summary["problems_counted"], summary["problems_with_a_survivor"], data)


def peer_row(problem: Problem) -> dict:
    """The problem in the published tool's JSONL format.

    Its HumanEval convention is one test: the whole test module followed by ``check(entry)``
    (it binds no alias); ours splits ``check`` into one test per statement with ``candidate``
    bound. Rebuilding the module keeps both tools on the same tests.
    """
    row = {k: v for k, v in problem.to_dict().items() if v not in (None, "", [])}
    if problem.call_alias:
        body = textwrap.indent("\n".join(problem.tests), "    ")
        module = f"{problem.setup}\n\ndef check({problem.call_alias}):\n{body}\n\ncheck({problem.entry})\n"
        row.update(tests=[module], harvest=list(problem.tests))
        row.pop("setup", None)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument(
        "--peer", help="path to the published tool's `gameability` executable (without it: --before alone)"
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2, help="ours (default: cores)")
    parser.add_argument("--peer-workers", type=int, default=8, help="the published tool's default is 8")
    parser.add_argument("--keep", type=Path, help="save both tools' last reports in this folder")
    parser.add_argument(
        "--before",
        action="append",
        default=[],
        help="the Python of a venv holding another version of this tool (repeatable: a row each)",
    )
    parser.add_argument("--ours-args", default="", help='this tool\'s settings, e.g. "--attack deep"')
    parser.add_argument("--also", help="a further row of this tool with these settings, in the same run")
    args = parser.parse_args()
    if args.peer is None and not args.before:
        parser.error("give --peer (the published tool), --before (another version of this tool), or both")
    try:
        benchmark = load_benchmark(args.benchmark, args.data)
    except LoadError as error:  # e.g. mbpp without --data and no hub: what to do, in one line
        parser.error(str(error))
    with tempfile.TemporaryDirectory() as folder:
        jsonl = Path(folder) / f"{benchmark.name}.jsonl"
        jsonl.write_text("".join(json.dumps(p.to_dict()) + "\n" for p in benchmark.problems))
        peer_jsonl = Path(folder) / "peer" / f"{benchmark.name}.jsonl"
        peer_jsonl.parent.mkdir()
        peer_jsonl.write_text("".join(json.dumps(peer_row(p)) + "\n" for p in benchmark.problems))
        ours, peer, also = [], [], []
        before: dict[str, list[Measured]] = {python: [] for python in args.before}
        for run in range(args.runs):
            if args.peer:
                peer.append(run_peer(args.peer, peer_jsonl, Path(folder) / "peer.json", args.peer_workers))
            # The run right after the published tool's was measured slower (0.6 s of 7 s, the same
            # engine twice): this tool's rows take turns at going first.
            rows = [(ours, "ours", sys.executable, args.ours_args)]
            for number, python in enumerate(args.before):
                rows.append((before[python], f"before{number}", python, ""))
            if args.also is not None:
                rows.append((also, "also", sys.executable, args.also))
            for measured, name, python, settings in rows[run % len(rows) :] + rows[: run % len(rows)]:
                report = Path(folder) / f"{name}.json"
                measured.append(run_ours(jsonl, report, args.workers, python, settings))
            extra = f", also {also[-1].wall:.1f} s" if also else ""
            extra += "".join(f", {python} {runs[-1].wall:.1f} s" for python, runs in before.items())
            published = f"peer {peer[-1].wall:.1f} s, " if peer else ""
            print(f"run {run + 1}: {published}ours {ours[-1].wall:.1f} s{extra}", flush=True)
    print(f"\n{benchmark.name}: {len(benchmark.problems)} problems, medians of {args.runs} runs, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}")  # fmt: skip
    print(f"{'tool':<40}{'wall s':>9}{'CPU s':>9}{'peak MB':>10}{'judged':>8}{'weak':>6}")
    rows = [
        (f"gameability 0.3.1 (w={args.peer_workers})", peer),
        (f"gameability-tui {args.ours_args} (w={args.workers})".replace("  ", " "), ours),
    ]
    if also:
        rows.append((f"  {args.also or 'default'} (w={args.workers})", also))
    rows += [(f"  {python} (w={args.workers})", runs) for python, runs in before.items()]
    for name, runs in (row for row in rows if row[1]):
        wall, cpu = statistics.median(r.wall for r in runs), statistics.median(r.cpu for r in runs)
        peak = statistics.median(r.peak_mb for r in runs)
        print(f"{name:<40}{wall:>9.1f}{cpu:>9.1f}{peak:>10.0f}{runs[-1].judged:>8}{runs[-1].weak:>6}")
    for label, field in (("wall", "wall"), ("CPU", "cpu"), ("peak memory", "peak_mb")) if peer else ():
        ratio = statistics.median(getattr(r, field) for r in peer) / statistics.median(
            getattr(r, field) for r in ours
        )
        print(f"ratio published / ours, {label}: {ratio:.2f}x")
    for python, runs in before.items():
        ratio = statistics.median(r.wall for r in ours) / statistics.median(r.wall for r in runs)
        cpu_ratio = statistics.median(r.cpu for r in ours) / statistics.median(r.cpu for r in runs)
        print(f"ratio ours / {python}: wall {ratio:.2f}x, CPU {cpu_ratio:.2f}x")
    if also:
        ratio = statistics.median(r.wall for r in also) / statistics.median(r.wall for r in ours)
        print(f"ratio also / ours, wall: {ratio:.2f}x")
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        for name, runs in (("ours", ours), ("peer", peer), ("also", also)):
            if not runs:
                continue
            (args.keep / f"{benchmark.name}.{name}.json").write_text(json.dumps(runs[-1].report))
    if not peer:
        return 0
    differences = explain_all(list(benchmark.problems), ours[-1].report, peer[-1].report)
    print_differences(differences)
    return 1 if any(d.category == "regression" for d in differences) else 0


if __name__ == "__main__":
    sys.exit(main())
