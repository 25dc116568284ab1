"""The real app on a large synthetic benchmark: first row, all rows, keys while rows stream, reopen.

    nice -n 10 python bench/app_scale.py --problems 16000 [--cap 300] [--before OTHER/.venv/bin/python]

The benchmark is a source benchmark (MBPP full from ../shared/data/mbpp.jsonl when present, else
examples/toy.jsonl; or --source FILE) replicated with distinct ids to --problems problems and
written as JSONL. Each version of the app (this checkout's, and with --before the one installed
for another interpreter, e.g. main's venv) runs in its own child process, one after the other:
the real app under ``App.run_test`` with the real engine, a fresh decisions file and the real
result cache in a temporary folder.

Measured, per version:

- first row: from constructing the app to the first row in the problem table;
- all rows: to the end of the audit (or, with --cap SECONDS, rows per second until the cap, after
  which the app is closed and the audit cancelled);
- keys while rows stream: --presses presses (down, sort ``o``, filter ``f``), one per --gap
  seconds, each timed from its arrival at the app until its effect is seen (the next problem
  open, the order or filter changed; see ``timed_press``); median and max per key;
- CPU of the app's process per row shown (the screen and the audit-feeding thread; the engine's
  worker processes are not counted);
- reopen: the same benchmark again on the full cache, as the `app` command opens it: the
  benchmark's fingerprint (with every problem's cache key) and the cache read, then until every
  row is shown, with no audit; then keys on the full table (each order, each filter, ``down``),
  each from its arrival until the screen is next drawn after it. When the audit was capped, the
  cache is filled first: the source benchmark is audited once by the real engine and its results
  are put under each replica's key (the replica's result is its source problem's with the id
  changed), through the version's own ``ResultCache``.

Timings on a shared machine are noisy; compare versions within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MBPP = ROOT.parent / "shared" / "data" / "mbpp.jsonl"
TOY = ROOT / "examples" / "toy.jsonl"
KEYS = ("down", "down", "o", "down", "f", "down", "o", "down", "f", "down")
SIZE = (160, 48)


# ---------------------------------------------------------------------------- the parent


def source_problems(source: Path | None) -> list:
    from gameability_tui.benchmarks import load_benchmark

    if source is not None:
        return load_benchmark(str(source)).problems
    if MBPP.is_file():
        return load_benchmark("mbpp", MBPP).problems
    return load_benchmark(str(TOY)).problems


def write_replicas(problems: list, count: int, path: Path) -> dict[str, str]:
    """``count`` problems, the source's over and over with ids ``ID~r<n>``; returns replica -> source id."""
    origin = {}
    with path.open("w", encoding="utf-8") as handle:
        for index in range(count):
            problem = problems[index % len(problems)]
            replica = f"{problem.id}~r{index // len(problems)}"
            origin[replica] = problem.id
            handle.write(json.dumps(problem.to_dict() | {"id": replica}) + "\n")
    return origin


def audit_sources(problems: list, path: Path) -> None:
    """The source benchmark audited once by the real engine, for filling a cache by replication."""
    from gameability_tui.engine.executors.local import Census
    from gameability_tui.engine.model import AuditParams

    results = {result.id: result.to_dict() for result in Census(problems, AuditParams())}
    path.write_text(json.dumps(results))


def run_child(python: str, job: dict) -> dict:
    command = [python, str(Path(__file__).resolve()), "--child", json.dumps(job)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=job["folder"])
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{python}: the measuring child failed:\n{done.stderr[-3000:]}")
    return json.loads(lines[-1])


def show(label: str, figures: dict) -> None:
    print(f"\n== {label} ({figures['python']})")
    print(f"  benchmark loaded: {figures['load']:.1f} s")
    if figures.get("first_row") is not None:
        print(f"  first row: {figures['first_row']:.2f} s")
    rows, total, elapsed = figures["rows"], figures["problems"], figures["elapsed"]
    if rows == total and figures["finished"]:
        print(f"  all {total} rows: {elapsed:.1f} s ({rows / elapsed:.0f} rows/s)")
    else:
        print(f"  capped at {elapsed:.0f} s: {rows} of {total} rows ({rows / max(elapsed, 1e-9):.0f} rows/s)")
    if rows:
        print(f"  app process CPU per row shown: {1000 * figures['cpu'] / rows:.2f} ms")
    for key, times in figures["keys"].items():
        if times:
            print(
                f"  key {key!r} while streaming: median {statistics.median(times):.3f} s, "
                f"max {max(times):.3f} s over {len(times)} presses"
            )
    every = [t for times in figures["keys"].values() for t in times]
    if every:
        print(f"  every key: median {statistics.median(every):.3f} s, max {max(every):.3f} s")
    if figures.get("reopen") is not None:
        print(
            f"  reopen from the cache ({figures['reopen_source']}): fingerprint, keys and cache read in "
            f"{figures['cache_open']:.2f} s, all {total} rows shown in {figures['reopen']:.1f} s"
        )
    if figures.get("full_keys"):
        shown = ", ".join(f"{key} {seconds:.2f}" for key, seconds in figures["full_keys"])
        print(f"  keys on the full table, from arrival to the screen drawn (s): {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=4000)
    parser.add_argument(
        "--source", type=Path, help="a JSONL benchmark to replicate (default: MBPP full, else toy)"
    )
    parser.add_argument("--cap", type=float, help="stop streaming after this many seconds")
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--gap", type=float, default=1.0, help="seconds between two key presses")
    parser.add_argument("--workers", type=int)
    parser.add_argument(
        "--before", help="another interpreter whose installed app to measure too (main's venv)"
    )
    parser.add_argument("--no-reopen", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(child(json.loads(args.child)))))
        return
    problems = source_problems(args.source)
    with tempfile.TemporaryDirectory(prefix="app-scale-") as name:
        folder = Path(name)
        benchmark = folder / f"replicated-{args.problems}.jsonl"
        write_replicas(problems, args.problems, benchmark)
        print(f"{args.problems} problems: {len(problems)} source problems replicated, in {benchmark.name}")
        sources = None
        if args.cap is not None and not args.no_reopen:
            sources = folder / "source-results.json"
            started = time.perf_counter()
            audit_sources(problems, sources)
            print(
                f"source benchmark audited once for the reopen cache: {time.perf_counter() - started:.0f} s"
            )
        versions = [("this checkout", sys.executable)] + ([("before", args.before)] if args.before else [])
        for label, python in versions:
            run = folder / label.replace(" ", "-")
            run.mkdir()
            job = {
                "folder": str(run),
                "benchmark": str(benchmark),
                "cap": args.cap,
                "presses": args.presses,
                "gap": args.gap,
                "workers": args.workers,
                "reopen": not args.no_reopen,
                "sources": str(sources) if sources else None,
            }
            show(label, run_child(python, job))


# ---------------------------------------------------------------------------- the child


def effect(app, key: str):
    """What the press of ``key`` changes, read before it: a test that it has been answered."""
    screen = app.triage
    if key == "o":
        before = app.state.sort
        return lambda: app.state.sort != before
    if key == "f":
        before = app.state.filter
        return lambda: app.state.filter != before
    before = screen.current  # down: the next problem is open in the detail pane
    return lambda: screen.current != before or screen.table.cursor_row >= screen.table.row_count - 1


async def timed_press(app, key: str) -> float:
    """Seconds from the key's arrival (posted to the app, as the terminal driver does) until its
    effect is seen; the effect is set by the key's own handler, so the handler has finished.

    Not ``pilot.press``: it adds two waits for the process to go idle (up to 1 s each), which
    while rows stream is the wait itself, whatever the app does."""
    from textual import events

    happened = effect(app, key)
    started = time.perf_counter()
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    while not happened():
        if time.perf_counter() - started > 600:
            break
        await asyncio.sleep(0.002)
    return time.perf_counter() - started


def cache_name_and_keys(benchmark) -> tuple[str, dict | None]:
    """The benchmark's fingerprint, which the `app` command names the cache after, and the
    problems' keys it makes in the same pass; an older version makes no keys (None)."""
    from gameability_tui.engine.model import AuditParams

    try:
        from gameability_tui.commands.options import fingerprint_and_keys
    except ImportError:
        return benchmark.fingerprint(), None
    fingerprint, keys = fingerprint_and_keys(benchmark, AuditParams())
    return fingerprint, keys


def cache_file(database: Path, benchmark, fingerprint: str) -> Path:
    """The app's result cache for this benchmark, named as the version under test names it."""
    from gameability_tui.store import cache_path_for

    try:
        return cache_path_for(database, benchmark.name, fingerprint)
    except TypeError:  # a version that took the name and fingerprint joined
        return cache_path_for(database, f"{benchmark.name}-{fingerprint}")


def open_app(benchmark, folder: Path, workers: int | None):
    """The app as the `app` command builds it: the fingerprint (and keys), then the cache, with
    the cycle collector held off as the command holds it; and the seconds those two took."""
    from gameability_tui.engine.executors.base import Executor
    from gameability_tui.store import DecisionStore, ResultCache, collector_paused
    from gameability_tui.tui.app import GameabilityApp

    store = DecisionStore(folder / "decisions.json", benchmark.name)
    started = time.perf_counter()
    with collector_paused():
        fingerprint, keys = cache_name_and_keys(benchmark)
        cache = ResultCache(cache_file(folder / "decisions.json", benchmark, fingerprint))
    opened = time.perf_counter() - started
    extra = {} if keys is None else {"keys": keys}
    return GameabilityApp(benchmark, store, cache, executor=Executor(workers=workers), **extra), store, opened


async def stream(job: dict, benchmark, figures: dict) -> None:
    folder = Path(job["folder"])
    started = time.perf_counter()
    cpu = time.process_time()
    app, store, _ = open_app(benchmark, folder, job["workers"])
    presses: dict[str, list[float]] = {key: [] for key in dict.fromkeys(KEYS)}
    total = len(benchmark.problems)
    async with app.run_test(size=SIZE):
        while app.triage is None or app.triage.table.row_count == 0:
            await asyncio.sleep(0.005)
        figures["first_row"] = time.perf_counter() - started
        sent, next_press = 0, time.perf_counter()
        cap = job["cap"]
        while not app.triage.finished and not (cap and time.perf_counter() - started > cap):
            if sent < job["presses"] and time.perf_counter() >= next_press and len(app.state.results) < total:
                key = KEYS[sent % len(KEYS)]
                presses[key].append(await timed_press(app, key))
                sent += 1
                next_press = time.perf_counter() + job["gap"]
            await asyncio.sleep(0.02)
        figures["elapsed"] = time.perf_counter() - started
        figures["rows"] = len(app.state.results)
        figures["finished"] = app.triage.finished
        figures["cpu"] = time.process_time() - cpu
    store.close()
    figures["keys"] = presses


def fill_cache(job: dict, benchmark) -> None:
    """Each replica's result is its source problem's, with the id changed; put through the
    version's own cache, as the app would have."""
    from gameability_tui.engine.model import AuditParams, ProblemResult
    from gameability_tui.store import ResultCache

    results = json.loads(Path(job["sources"]).read_text())
    fingerprint, _ = cache_name_and_keys(benchmark)
    cache = ResultCache(cache_file(Path(job["folder"]) / "decisions.json", benchmark, fingerprint))
    for problem in benchmark.problems:
        source = problem.id.rsplit("~r", 1)[0]
        cache.put(problem, AuditParams(), ProblemResult.from_dict(results[source] | {"id": problem.id}))
    cache.flush()


async def reopen(job: dict, benchmark, figures: dict) -> None:
    started = time.perf_counter()
    app, store, figures["cache_open"] = open_app(benchmark, Path(job["folder"]), job["workers"])
    total = len(benchmark.problems)
    async with app.run_test(size=SIZE):
        while not (app.triage is not None and app.triage.finished and len(app.state.results) == total):
            await asyncio.sleep(0.01)
        figures["reopen"] = time.perf_counter() - started
        if app.triage.census is not None:
            raise SystemExit("the cache did not cover every problem: the reopen ran an audit")
        figures["full_keys"] = [(key, await drawn_press(app, key)) for key in FULL_TABLE_KEYS]
    store.close()


FULL_TABLE_KEYS = ("o", "o", "o", "f", "f", "f", "f", "down")  # every order, then every filter


async def drawn_press(app, key: str) -> float:
    """Seconds from the key's arrival until the screen is next drawn after its handler: on a
    full table an order or a filter moves every row, and the draw of the rows then in view is
    part of what the reviewer waits for."""
    from textual.screen import Screen

    draws = getattr(Screen, "_drawn_at", None)
    if draws is None:  # count the screen's updates (once per process)
        draws = Screen._drawn_at = []
        update = Screen._compositor_refresh

        def counted(screen) -> None:
            update(screen)
            draws.append(time.perf_counter())

        Screen._compositor_refresh = counted
    started = time.perf_counter()
    await timed_press(app, key)
    before = len(draws)
    while len(draws) == before and time.perf_counter() - started < 30:
        await asyncio.sleep(0.001)
    return (draws[-1] if len(draws) > before else time.perf_counter()) - started


async def child(job: dict) -> dict:
    from gameability_tui.benchmarks import load_benchmark
    from gameability_tui.store import collector_paused

    started = time.perf_counter()
    with collector_paused():  # as the `app` command reads it
        benchmark = load_benchmark(job["benchmark"])
    figures: dict = {"python": sys.executable, "load": time.perf_counter() - started}
    figures["problems"] = len(benchmark.problems)
    await stream(job, benchmark, figures)
    print("streamed:", json.dumps(figures), file=sys.stderr, flush=True)  # kept if the reopen is cut short
    if job["reopen"]:
        if not (figures["finished"] and figures["rows"] == figures["problems"]):
            if not job["sources"]:
                return figures
            for stale in Path(job["folder"]).glob("cache/*"):
                stale.unlink()
            fill_cache(job, benchmark)
            figures["reopen_source"] = "filled from the source benchmark's audit, replicated"
        else:
            figures["reopen_source"] = "written by the streamed audit"
        await reopen(job, benchmark, figures)
    return figures


if __name__ == "__main__":
    main()
